/**
 * The offline summary says what a reader looks for first (ADR 0027, round 4):
 * an agenda item opens with the item's own statement, without the clerk's
 * "Item 12." prefix, and ends with its outcome; a whole meeting names its
 * items in order, one sentence each, without the consent listing.
 * Short examples written for these tests (fictional places and items).
 */
import { describe, expect, it } from "vitest";
import { readTranscriptSentences, summarize } from "~/lib/ai/offline/analyzer.server";
import { announcementLine, motionAsk, trimToStatement } from "~/lib/ai/offline/summary-plan";
import { ensureSegments } from "~/lib/ai/segments";

const summaryOf = (text: string) => summarize(readTranscriptSentences(ensureSegments([], text)), { useRules: true });

const AGENDA_ITEM = [
  "Thank you, the motion carries five zero.",
  "Item 12. Report from Public Works. Recommendation to award a contract to Harbor Paving for the repair of Alder Street in an amount not to exceed $2.4 million.",
  "Staff found that the street has the worst pavement score in the district and that the repair will last twenty years.",
  "Residents along Alder Street asked that the work be done at night so that the shops can stay open during the day.",
  "The contractor agreed to work at night and to keep one lane open at all times.",
  "I want to thank everyone for coming out tonight.",
  "Is there a second? Seconded by Councilmember Ortiz.",
  "Please cast your votes.",
  "Motion carries seven to one.",
].join(" ");

describe("offline summary of an agenda item", () => {
  it("opens with the item's statement without its procedural prefix and ends with the outcome", () => {
    const summary = summaryOf(AGENDA_ITEM);
    expect(summary.startsWith("Recommendation to award a contract to Harbor Paving")).toBe(true);
    expect(summary).not.toMatch(/Item 12|Report from Public Works/);
    expect(summary).not.toMatch(/five zero|5-0/);
    // The vote was on the recommendation just read: never a bare "The motion carried".
    expect(summary.endsWith("The recommendation carried 7-1.")).toBe(true);
    expect(summary).not.toMatch(/thank everyone|second/i);
  });

  it("trims the clerk's prefix and joins a statement read over two sentences", () => {
    expect(trimToStatement("Agenda item number eight. Resolution 31672.")).toBe("Resolution 31672.");
    expect(trimToStatement("The report of the Parks Committee agenda item one, relating to the pool budget.")).toBe(
      "Relating to the pool budget.",
    );
    const summary = summaryOf(
      "The report of the Parks Committee. Agenda item number eight, resolution 31672. Affirming the city's commitment to keep every public pool open through September. The committee recommends the resolution be adopted.",
    );
    expect(summary.startsWith("Resolution 31672, affirming the city's commitment to keep every public pool open")).toBe(
      true,
    );
  });
});

const debate = (topic: string, n: number) =>
  Array.from(
    { length: n },
    (_, k) => `Member ${k + 1} spoke about the ${topic} and the cost of the ${topic} for the families of the ward.`,
  ).join(" ");

// Long enough (about 6,500 words) for a summary budget of one sentence per item.
const WHOLE_MEETING = [
  "Good afternoon and welcome to the Health Committee.",
  "Item one is approving a grant from the state for lead testing.",
  "Item two is a liquor license for Corner Tavern.",
  "Item three is the appointment of members to the food council.",
  "All those in favor of the consent agenda? The ayes have it.",
  debate("dental clinic", 30),
  "Our next item is a presentation on the school dental clinic.",
  debate("dental clinic", 110),
  "Our next item is a public hearing for the sale of the Birch Street lot to Lakeside Homes.",
  debate("Birch Street lot", 110),
  "I move to approve the sale of the Birch Street lot. The motion carries nine zero.",
  "Our next item is the annual report on heat emergencies.",
  debate("heat emergencies", 110),
].join(" ");

describe("offline summary of a whole meeting", () => {
  it("names its items in meeting order, one sentence each, without the rest of the consent listing", () => {
    const summary = summaryOf(WHOLE_MEETING);
    const clinic = summary.indexOf("Our next item is a presentation on the school dental clinic.");
    const hearing = summary.indexOf("Our next item is a public hearing for the sale of the Birch Street lot");
    const report = summary.indexOf("Our next item is the annual report on heat emergencies.");
    expect(clinic).toBeGreaterThan(-1);
    expect(hearing).toBeGreaterThan(clinic);
    expect(report).toBeGreaterThan(hearing);
    expect(summary).toContain("Lakeside Homes. The motion to approve the sale of the Birch Street lot carried 9-0.");
    expect(summary).not.toMatch(/Item two|Item three|Corner Tavern|food council/);
    expect(summary).not.toMatch(/Member \d+ spoke/);
  });
});

describe("an item's announcement as a summary line", () => {
  it("drops the chair's lead-in and keeps the item's number", () => {
    expect(
      announcementLine("Let's go to item 9, a $2.2 million affordable housing trust fund loan for Juniper Court."),
    ).toBe("Item 9: $2.2 million affordable housing trust fund loan for Juniper Court.");
    expect(announcementLine("Moving on to item 5, a public hearing on the five-year water and sewer rate plan.")).toBe(
      "Item 5: public hearing on the five-year water and sewer rate plan.",
    );
  });

  it("keeps an announcement without a number as said", () => {
    expect(announcementLine("Our next item is a public hearing for the boulevard ordinance.")).toBe(
      "Our next item is a public hearing for the boulevard ordinance.",
    );
  });
});

describe("offline summary outcomes", () => {
  it("say what the motion was", () => {
    expect(motionAsk("I move to deny the 4% raise for appointed staff.")).toBe("deny the 4% raise for appointed staff");
    expect(motionAsk("I'll move approval of this item.")).toBe("approve");
    expect(motionAsk("Move to award the contract to Harbor Paving in the amount of $2.4 million.")).toBe(
      "award the contract to Harbor Paving",
    );
    // "set" what? A verb that needs its object says nothing without it.
    expect(motionAsk("I move to set.")).toBeNull();
    expect(motionAsk("The motion carries.")).toBeNull();
  });

  it("never end on a bare outcome the summary cannot tie to a motion", () => {
    const summary = summaryOf(
      [
        "An ordinance amending the sidewalk cafe rules to allow heaters on public sidewalks in winter.",
        "Restaurant owners said the heaters keep patios open through the cold months.",
        "Fire staff reviewed the heater models and found them safe with a clearance of three feet.",
        "All those in favor? Motion carries seven to zero.",
      ].join(" "),
    );
    expect(summary).toMatch(/^An ordinance amending the sidewalk cafe rules/);
    expect(summary).not.toMatch(/The motion (?:carried|failed)/);
  });
});
