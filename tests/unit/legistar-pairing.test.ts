import { describe, expect, it } from "vitest";
import {
  compareWithRecord,
  disagreementText,
  officialDecisionViews,
  pairDecisions,
  recordTally,
  type PairableDecision,
  type PairableItem,
} from "~/lib/legistar/pairing";

/** The pairing of docs/decisions/0075: each verified decision with the official agenda's item it is about, precision first. */

const decision = (over: Partial<PairableDecision> = {}): PairableDecision => ({
  item: "Something decided",
  result: "carried",
  ayes: null,
  nays: null,
  motionSecond: null,
  resultSecond: null,
  ...over,
});

const item = (over: Partial<PairableItem> = {}): PairableItem => ({
  number: null,
  title: "An item",
  matterFile: null,
  passed: null,
  tally: null,
  moment: null,
  ...over,
});

const at = (seconds: number) => ({ seconds, label: "", source: "transcript" as const });

const agenda: PairableItem[] = [
  item({ number: "1", title: "Roll call", moment: at(10) }),
  item({
    number: "5",
    title: "Ordinance amending the sidewalk vending rules downtown",
    matterFile: "ORD 2026-14",
    passed: "Pass",
    tally: "9-3",
    moment: at(600),
  }),
  item({
    number: "6",
    title: "Contract with Harbor Paving for the Elm Street resurfacing",
    matterFile: "RES 2026-88",
    passed: "Fail",
    tally: "5-7",
    moment: at(1800),
  }),
];

describe("pairing a decision with an item of the agenda", () => {
  it("pairs by the moment: the motion falls between the item's moment and the next item's", () => {
    const [pairing] = pairDecisions([decision({ motionSecond: 700, resultSecond: 760 })], agenda);
    expect(pairing).toMatchObject({ itemIndex: 1, rules: ["moment"] });
  });

  it.each([
    ["Item 6, the paving contract", 2, "number"],
    ["ORD 2026-14 as amended", 1, "matter"],
    ["The sidewalk vending rules downtown", 1, "title"],
  ])("pairs %s with item %i by one rule", (words, index, rule) => {
    expect(pairDecisions([decision({ item: words })], agenda)[0]).toMatchObject({ itemIndex: index, rules: [rule] });
  });

  it("pairs when several rules agree, and names them all", () => {
    const [pairing] = pairDecisions(
      [decision({ item: "Item 5: sidewalk vending rules downtown (ORD 2026-14)", motionSecond: 650 })],
      agenda,
    );
    expect(pairing).toMatchObject({ itemIndex: 1, rules: ["moment", "number", "matter", "title"] });
  });

  it("pairs nothing when the rules name different items", () => {
    const [pairing] = pairDecisions([decision({ item: "Item 6", motionSecond: 650 })], agenda);
    expect(pairing).toBeNull();
  });

  it("pairs nothing by moment when the next item has no moment (the decision may be about it)", () => {
    const items = [agenda[1]!, item({ number: "5.1", title: "A related matter" }), agenda[2]!];
    expect(pairDecisions([decision({ motionSecond: 900 })], items)).toEqual([null]);
  });

  it("pairs nothing by moment before the first moment, or without a time", () => {
    expect(pairDecisions([decision({ motionSecond: 5 }), decision()], agenda)).toEqual([null, null]);
  });

  it("pairs the last item by moment until the video ends", () => {
    expect(pairDecisions([decision({ resultSecond: 5000 })], agenda)[0]).toMatchObject({ itemIndex: 2 });
  });

  it("pairs nothing on a few shared words, or on a tie", () => {
    const tied = [
      item({ title: "Sidewalk vending rules downtown, first reading" }),
      item({ title: "Sidewalk vending rules downtown, second reading" }),
    ];
    expect(pairDecisions([decision({ item: "Sidewalk vending" })], agenda)).toEqual([null]);
    expect(pairDecisions([decision({ item: "The sidewalk vending rules downtown" })], tied)).toEqual([null]);
  });

  it("does not take 'item 5' for item 5.1 or 15", () => {
    const items = [item({ number: "5.1" }), item({ number: "15" })];
    expect(pairDecisions([decision({ item: "Item 5" })], items)).toEqual([null]);
  });

  it("leaves two decisions about one item unpaired (an amendment, then the vote as amended)", () => {
    const pairings = pairDecisions(
      [decision({ item: "Item 5, the amendment" }), decision({ item: "Item 5 as amended" })],
      agenda,
    );
    expect(pairings).toEqual([null, null]);
  });
});

describe("comparing with the record", () => {
  it("reads Legistar's tallies", () => {
    expect(recordTally("9-3")).toEqual({ ayes: 9, nays: 3 });
    expect(recordTally("9 - 3")).toEqual({ ayes: 9, nays: 3 });
    expect(recordTally("9:3")).toEqual({ ayes: 9, nays: 3 });
    expect(recordTally("Unanimous")).toBeNull();
    expect(recordTally(null)).toBeNull();
  });

  it("agrees when the result and the counts are the same", () => {
    expect(compareWithRecord(decision({ ayes: 9, nays: 3 }), agenda[1]!).differences).toEqual([]);
  });

  it("sees a different tally (the transcript says 8-4, the record 9-3) and says it", () => {
    const transcript = decision({ ayes: 8, nays: 4 });
    const comparison = compareWithRecord(transcript, agenda[1]!);
    expect(comparison.differences).toEqual(["tally"]);
    expect(disagreementText(transcript, comparison)).toBe(
      "The official record differs from the transcript on the tally: the record says 9-3, the transcript 8-4.",
    );
  });

  it("sees a different result and tally", () => {
    const transcript = decision({ result: "carried", ayes: 7, nays: 5 });
    const comparison = compareWithRecord(transcript, agenda[2]!);
    expect(disagreementText(transcript, comparison)).toBe(
      "The official record differs from the transcript on the result and the tally: the record says failed, 5-7, the transcript carried, 7-5.",
    );
  });

  it("compares nothing it cannot read: no tally said, an unknown passed flag", () => {
    const comparison = compareWithRecord(decision({ result: "failed" }), item({ passed: "Held", tally: "Voice" }));
    expect(comparison.differences).toEqual([]);
  });

  it("gives the record's item beside each paired decision", () => {
    const views = officialDecisionViews(
      [decision({ item: "Item 5", ayes: 8, nays: 4 }), decision({ item: "Something else" })],
      agenda.map((agendaItem, index) => ({
        ...agendaItem,
        id: index,
        action: "Adopted",
        consent: false,
        matterStored: false,
      })),
    );
    expect(views[0]).toMatchObject({ number: "5", action: "Adopted", passed: "Pass", tally: "9-3" });
    expect(views[0]!.disagreement).toContain("the record says 9-3, the transcript 8-4");
    expect(views[1]).toBeNull();
  });
});
