import { describe, expect, it } from "vitest";
import { voteValue } from "~/lib/legistar/vote-values";

/** Vote values are mapped by their names, with a city's own names first (issue 29, deliverable 2). */
describe("voteValue", () => {
  it("maps the usual names, whatever their case and punctuation", () => {
    expect(["Aye", "Yea", "yes", "In Favor", "in-favor"].map((name) => voteValue(name))).toEqual([
      "yes",
      "yes",
      "yes",
      "yes",
      "yes",
    ]);
    expect(["Nay", "No"].map((name) => voteValue(name))).toEqual(["no", "no"]);
    expect(["Abstain", "Absent", "Excused", "Recused"].map((name) => voteValue(name))).toEqual([
      "abstain",
      "absent",
      "absent",
      "recused",
    ]);
  });

  it("leaves a name it does not know unmapped", () => {
    expect(voteValue("Opposed")).toBeNull();
    expect(voteValue("")).toBeNull();
    expect(voteValue(null)).toBeNull();
  });

  it("reads a city's own names first, even over a default", () => {
    expect(voteValue("Opposed", { no: ["Opposed"] })).toBe("no");
    expect(voteValue("Excused", { abstain: ["Excused"] })).toBe("abstain");
    expect(voteValue("Aye", { no: ["Opposed"] })).toBe("yes");
  });
});
