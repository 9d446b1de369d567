/**
 * Caption glitches (issue 27): a word neither English nor said as a name in the
 * transcript, the title or the city never reaches a headline, an item or an entity.
 * The glitches are the kinds real captions show (letters lost at a cue join, a word
 * run into a number); the sentences around them are written for these tests.
 */
import { describe, expect, it } from "vitest";
import { analyzeOffline } from "~/lib/ai/offline/analyzer.server";
import {
  captionGlitches,
  isGlitchWord,
  namesSaid,
  withoutGlitches,
  withoutShouting,
} from "~/lib/ai/offline/caption-glitches.server";

describe("caption glitches", () => {
  it("are words neither English nor said as a name", () => {
    expect(captionGlitches("approves traing reimbursement")).toEqual(["traing"]);
    expect(captionGlitches("the draf2025 legislative agenda")).toEqual(["draf2025"]);
    expect(captionGlitches("a civilian bureauhief position")).toEqual(["bureauhief"]);
    expect(captionGlitches("approves the 2025 budget, 8-4, on the 3rd of May")).toEqual([]);
    expect(captionGlitches("the councilmember's stormwater ordinances")).toEqual([]);
    expect(captionGlitches("ARPA funds for the MPD")).toEqual([]);
  });

  it("are lone letters the captions left of a word, but never a label or a hyphened letter", () => {
    expect(captionGlitches("a partnership agreement with t riverside greenway association")).toEqual(["t"]);
    expect(captionGlitches("an ordinance on the number of t tenants per unit")).toEqual(["t"]);
    expect(captionGlitches("item 4 b of the consent agenda, phase c of the trail, plan b")).toEqual([]);
    expect(captionGlitches("the e-scooter pilot and vitamin d; I move it; a motion")).toEqual([]);
    expect(withoutGlitches("don't cut the lease with t riverside rowing club", new Set())).toBe(
      "don't cut the lease with riverside rowing club",
    );
  });

  it("are never a name the transcript, the title or the city says", () => {
    const names = namesSaid(
      "Council Member Osman asked about it. The hiawatha site, the hiawatha elevator and hiawatha avenue.",
      "Regular Meeting of the Lakeview Zoning Committee",
      "Minneapolis",
    );
    // Written as a name mid-sentence, said three times, in the title, the city's name.
    for (const word of ["Osman", "hiawatha", "Lakeview", "Minneapolis"]) expect(isGlitchWord(word, names)).toBe(false);
    expect(isGlitchWord("traing", names)).toBe(true);
    // Said once in lower case at a cue join: a glitch, not a name.
    expect(isGlitchWord("houng", namesSaid("the business, houng and zoning committee"))).toBe(true);
  });

  it("are left out of a phrase, or the phrase is not used", () => {
    expect(withoutGlitches("firefighter traing reimbursement program", new Set())).toBe(
      "firefighter reimbursement program",
    );
    expect(withoutGlitches("traing reimbursement", new Set())).toBeNull();
    expect(withoutGlitches("draf2025 agenda", new Set())).toBeNull();
  });

  it("leave no run of capitals but acronyms", () => {
    expect(withoutShouting("CITY HALL ROOF REPAIR for the MPD")).toBe("city hall roof repair for the MPD");
    expect(withoutShouting("ARPA reappropriation")).toBe("ARPA reappropriation");
  });

  it("never name an entity", () => {
    const transcript =
      "Welcome everyone. Traing Department staff presented the plan. Council Member Osman thanked the Parks Department.";
    const names = analyzeOffline({ transcript, segments: [] }).entities.map((entity) => entity.name);
    expect(names).toContain("Parks Department");
    expect(names.join(" ")).not.toMatch(/Traing/);
  });
});
