import { describe, expect, it } from "vitest";
import { speakerConfidence, type RecordPerson } from "~/lib/legistar/speakers";

/**
 * A transcript's speaker label is tied to a person of the official record
 * only where it names them (docs/decisions/0070-people-pages.md): never a guess.
 */

const renee: RecordPerson = { id: 240, fullName: "Renee Baptiste", lastName: "Baptiste" };
const daniel: RecordPerson = { id: 244, fullName: "Daniel Huang", lastName: "Huang" };
const louis: RecordPerson = { id: 250, fullName: "Louis Baptiste", lastName: "Baptiste" };

describe("speakerConfidence", () => {
  it("takes the full name as said by themselves, and a council title with the surname as named by the chair", () => {
    const everyone = [renee, daniel];
    expect(speakerConfidence("Renee Baptiste", renee, everyone)).toBe("said-by-themselves");
    expect(speakerConfidence("RENEE BAPTISTE", renee, everyone)).toBe("said-by-themselves");
    for (const label of ["Council Member Baptiste", "COUNCILMEMBER BAPTISTE", "Chair Baptiste", "Vice Mayor Baptiste"])
      expect(speakerConfidence(label, renee, everyone), label).toBe("named-by-the-chair");
  });

  it("ties nothing else: no label, another person, a surname alone, a courtesy title, a speaker number", () => {
    const everyone = [renee, daniel];
    for (const label of [null, "", "Speaker 2", "Baptiste", "Ms. Baptiste", "Renee", "Council Member Huang", "Mayor"])
      expect(speakerConfidence(label, renee, everyone), String(label)).toBeNull();
  });

  it("ties no title and surname that two people of the record share", () => {
    const everyone = [renee, daniel, louis];
    expect(speakerConfidence("Council Member Baptiste", renee, everyone)).toBeNull();
    expect(speakerConfidence("Council Member Baptiste", louis, everyone)).toBeNull();
    expect(speakerConfidence("Renee Baptiste", renee, everyone)).toBe("said-by-themselves");
  });
});
