/**
 * The offline analyzer's decisions (issue 27, docs/decisions/0060 and 0061): item, motion, result,
 * tally and both evidence spans, from captions and plain transcripts. Every snippet is written for
 * these tests (fictional people and items); none is copied from a real meeting.
 */
import { describe, expect, it } from "vitest";
import { findTally, findVoteOutcome } from "~/lib/ai/offline/actions";
import { analyzeOffline, analyzeSegments } from "~/lib/ai/offline/analyzer.server";
import { countRollCall, isMotion, motionKind } from "~/lib/ai/offline/decisions";
import type { Decision } from "~/lib/ai/schemas";
import { verifyAnalysis } from "~/lib/ai/verify";
import type { TranscriptSegment } from "~/lib/transcripts/parse";

/** Timed segments, one per [seconds, text] line, as the caption fetcher stores them once true-cased. */
const timed = (lines: Array<[number, string]>): TranscriptSegment[] =>
  lines.map(([start, text], position) => ({ position, startSeconds: start, endSeconds: null, speaker: null, text }));

const decisionsOf = (lines: Array<[number, string]>) => analyzeSegments(timed(lines)).decisions;

const brief = (d: Decision) => ({ item: d.item, motion: d.motion, result: d.result, ayes: d.ayes, nays: d.nays });

/** Each evidence span is copied from one segment and timed at its start. */
function expectVerbatim(decisions: Decision[], segments: TranscriptSegment[]): void {
  const at = (seconds: number | null) => {
    const s = seconds ?? 0;
    return `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
  };
  for (const decision of decisions)
    for (const span of [decision.motion_evidence, decision.result_evidence]) {
      const holder = segments.find(
        (segment) => segment.text.includes(span.text) && at(segment.startSeconds) === span.timestamp,
      );
      expect(holder, span.text).toBeDefined();
    }
}

describe("vote phrases shared with the verification pass", () => {
  it("reads Seattle's and Boston's results, a sustained veto, and 'eyes' misheard for ayes", () => {
    expect(findVoteOutcome("The bill passed.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("The bill passed last year with support from the mayor.")).toBeNull();
    expect(findVoteOutcome("The docket is passed.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("That motion fails and the mayor's veto is sustained.")).toMatchObject({ result: "failed" });
    expect(findVoteOutcome("The mayor's veto is sustained.")).toMatchObject({ result: "failed" });
    expect(findVoteOutcome("The veto is overridden.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("That carries.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("Eleven eyes, zero nays.")).toMatchObject({ result: "carried", tally: "11-0" });
  });

  it("never reads a clock time as a tally", () => {
    expect(findTally("The hearing runs 5:30 to 7 tonight.")).toBeNull();
    expect(findTally("Doors open from 6 to 8:30 p.m.")).toBeNull();
    expect(findTally("We reconvene at 6:05 p.m.")).toBeNull();
    expect(findTally("It passed 9-4.")).toBe("9-4");
  });
});

describe("decisions from captions", () => {
  it("ties a voice vote to the announced item: motion, 'the ayes have it', the motion's and the result's moments", () => {
    const segments = timed([
      [10, "Our next item is a public hearing for the sale of the Elm Street lot to Birch Housing."],
      [40, "Seeing no one else, I will move approval of this item. All those in favor say aye."],
      [52, "Those opposed say nay. The ayes have it and the motion carries."],
    ]);
    const [decision, ...rest] = analyzeSegments(segments).decisions;
    expect(rest).toEqual([]);
    expect(decision).toMatchObject({
      item: "Public hearing for the sale of the Elm Street lot to Birch Housing",
      motion: "approve",
      result: "carried",
      how: "voice",
      motion_evidence: { text: "Seeing no one else, I will move approval of this item.", timestamp: "00:00:40" },
      result_evidence: { text: "The ayes have it and the motion carries.", timestamp: "00:00:52" },
    });
    expectVerbatim([decision!], segments);
  });

  it("counts a clerk's roll call name by name, and takes a said count first", () => {
    expect(
      countRollCall(["Council Member Ortiz.", "Aye.", "Lind, aye.", "Chair Moreau.", "Nay.", "Quist, abstain."]),
    ).toEqual({ ayes: 2, nays: 1, abstain: 1, absent: null });
    const counted = decisionsOf([
      [5, "Our next item is the contract with Harbor Paving for the Pine Street repairs."],
      [30, "I move approval of the contract. I will ask the clerk to call the roll."],
      [35, "Council Member Ortiz."],
      [36, "Aye."],
      [37, "Lind, aye. Chair Moreau."],
      [39, "Nay."],
      [41, "That motion carries."],
    ]);
    expect(counted.map(brief)).toEqual([
      {
        item: "Contract with Harbor Paving for the Pine Street repairs",
        motion: "approve",
        result: "carried",
        ayes: 2,
        nays: 1,
      },
    ]);
    expect(counted[0]!.how).toBe("roll-call");
  });

  it("reads 'X ayes, Y nays' and a misheard 'eleven eyes, zero nays'", () => {
    const [decision] = decisionsOf([
      [5, "Our next item is the ordinance on leaf blower noise."],
      [20, "I move to adopt the ordinance on leaf blower noise."],
      [60, "There are eleven eyes, zero nays, and the ordinance is adopted."],
    ]);
    expect(brief(decision!)).toMatchObject({ motion: "adopt", result: "carried", ayes: 11, nays: 0 });
  });

  it("reports a failed veto override as override-veto that failed, never as carried", () => {
    const [decision] = decisionsOf([
      [5, "Our next item is the mayor's veto of the 2026 budget amendment on library hours."],
      [20, "I move to override the mayor's veto."],
      [50, "Six ayes, six nays. That motion fails and the mayor's veto is sustained."],
    ]);
    expect(brief(decision!)).toEqual({
      item: "Mayor's veto of the 2026 budget amendment on library hours",
      motion: "override-veto",
      result: "failed",
      ayes: 6,
      nays: 6,
    });
  });

  it("reports a motion to deny that carries as a denial, never an approval", () => {
    const [decision] = decisionsOf([
      [5, "Item two is a 4% raise for appointed staff."],
      [20, "I move to deny the raise for appointed staff."],
      [40, "The motion carries 8-4."],
    ]);
    expect(brief(decision!)).toMatchObject({ motion: "deny", result: "carried", ayes: 8, nays: 4 });
  });

  it("keeps each tally on its own item: a vote is never filed under the next item", () => {
    const decisions = decisionsOf([
      [5, "Our next item is the letter of agreement with the police federation."],
      [20, "I move approval of the letter of agreement."],
      [30, "The motion carries 13-0."],
      [40, "Our next item is the mayor's veto of the budget."],
      [50, "I move to override the mayor's veto."],
      [70, "The motion carries 9-4 and the veto is overridden."],
    ]);
    expect(decisions.map(brief)).toEqual([
      {
        item: "Letter of agreement with the police federation",
        motion: "approve",
        result: "carried",
        ayes: 13,
        nays: 0,
      },
      { item: "Mayor's veto of the budget", motion: "override-veto", result: "carried", ayes: 9, nays: 4 },
    ]);
  });

  it("lists a consent agenda's items", () => {
    const [decision] = decisionsOf([
      [5, "Are there any questions on the consent agenda?"],
      [20, "I'll move approval of the consent agenda, items 1 through 6. All those in favor say aye."],
      [30, "The ayes have it. Those items are approved."],
    ]);
    expect(decision).toMatchObject({ item: "the consent agenda", motion: "approve", result: "carried", how: "voice" });
    expect(decision!.consent_items).toEqual(["items 1 through 6"]);
  });

  it("records an amendment and then the main motion on the same item", () => {
    const decisions = decisionsOf([
      [5, "Our next item is the tree canopy ordinance."],
      [20, "I move to amend the ordinance to exempt community gardens."],
      [40, "The amendment carries."],
      [60, "I'd like to make a substitute motion to adopt the ordinance as amended with a sunset date."],
      [75, "The substitute fails 3-4."],
      [90, "On the main motion as amended, all those in favor say aye."],
      [95, "The ayes have it."],
    ]);
    expect(decisions.map((d) => [d.motion, d.result, d.item])).toEqual([
      ["amend", "carried", "Tree canopy ordinance"],
      ["substitute", "failed", "Tree canopy ordinance"],
      ["approve", "carried", "Tree canopy ordinance"],
    ]);
  });

  it("reads receive-and-file, placed on file, setting a public hearing, postponement and adjournment", () => {
    const decisions = decisionsOf([
      [5, "Our next item is a presentation on the snow removal plan."],
      [300, "Seeing no further questions, I'll direct the clerk to receive and file that report."],
      [310, "Our next item is the annual report of the parks board."],
      [320, "I move to place the report on file."],
      [330, "The motion carries."],
      [340, "Our next item is the zoning change for the Maple Avenue corridor."],
      [350, "I move setting a public hearing on the zoning change for December 3."],
      [360, "The ayes have it."],
      [370, "Our next item is the food truck permit appeal."],
      [380, "I'm going to make a motion to postpone this item to the next cycle."],
      [390, "The motion carries."],
      [400, "Seeing no further business, without objection, we stand adjourned."],
    ]);
    expect(decisions.map((d) => [d.motion, d.result, d.item])).toEqual([
      ["receive-and-file", "carried", "Presentation on the snow removal plan"],
      ["place-on-file", "carried", "Annual report of the parks board"],
      ["set-public-hearing", "carried", "Zoning change for the Maple Avenue corridor"],
      ["postpone", "carried", "Food truck permit appeal"],
      ["adjourn", "carried", "Adjournment"],
    ]);
    expect(decisions.at(-1)!.how).toBe("unanimous-consent");
  });

  it("reads 'without objection' as unanimous consent", () => {
    const [decision] = decisionsOf([
      [5, "Our next item is the appointment of Dana Ruiz to the library board."],
      [20, "I move the appointment of Dana Ruiz to the library board."],
      [30, "Without objection, the appointment is approved."],
    ]);
    expect(decision).toMatchObject({ motion: "approve", result: "carried", how: "unanimous-consent" });
  });

  it("prefers no decision: a result with no motion or no item, a hypothetical, a motion to move on", () => {
    expect(decisionsOf([[5, "The ayes have it and the motion carries."]])).toEqual([]);
    expect(
      decisionsOf([
        [5, "Our next item is the sidewalk plan."],
        [10, "I will move approval of this item."],
        [15, "The ayes have it."],
        [20, "And now I will move approval of this item."],
        [25, "The motion carries."],
      ]).map((d) => d.item),
    ).toEqual(["Sidewalk plan"]);
    expect(
      decisionsOf([
        [5, "Our next item is the harbor jobs letter."],
        [10, "I think the motion to pass a strongly worded resolution on harbor jobs is premature."],
        [20, "The motion fails."],
      ]),
    ).toEqual([]);
    expect(
      decisionsOf([
        [5, "Our next item is the sidewalk plan."],
        [10, "We will move on to the next topic when staff is ready."],
        [20, "If the plan is approved, work starts in May."],
      ]),
    ).toEqual([]);
  });
});

describe("item boundaries and stale motions", () => {
  it("names an item announced without a name from the sentence after it", () => {
    const [decision] = decisionsOf([
      [5, "Next, the public hearing on our agenda."],
      [10, "This item is passage of a resolution amending the Riverside parking district."],
      [60, "I'll move approval of this item. All those in favor say aye."],
      [65, "The motion carries."],
    ]);
    expect(decision).toMatchObject({ motion: "approve", result: "carried" });
    expect(decision!.item).toMatch(/^Passage of a resolution amending the Riverside parking district$/i);
  });

  it("does not tie a result said in passing to a motion made long before without a vote called", () => {
    const debate = Array.from({ length: 20 }, (_, i): [number, string] => [
      30 + i,
      `Member ${i + 1} spoke about the bus shelter design and the cost of maintenance.`,
    ]);
    const decisions = decisionsOf([
      [5, "Our next item is the bus shelter design contract."],
      [20, "I move approval of the bus shelter design contract."],
      ...debate,
      [80, "The old design was approved unanimously years ago."],
    ]);
    expect(decisions).toEqual([]);
  });
});

describe("roll calls the chair does not announce, and reports named by their presentation", () => {
  it("counts names called one by one and reads 'four as and one nay' as four ayes and one nay", () => {
    const [decision] = decisionsOf([
      [5, "Our next item is the settlement with the Oak Street contractor."],
      [10, "And now I will move approval of the settlement with the Oak Street contractor."],
      [12, "Council Member Ortiz."],
      [13, "Aye."],
      [14, "Lind."],
      [15, "Aye."],
      [16, "Quist."],
      [17, "Aye."],
      [18, "Chair Moreau."],
      [19, "Aye."],
      [20, "Vice Chair Dahl."],
      [21, "Nay."],
      [22, "Four as and one nay."],
      [24, "Those items carry."],
    ]);
    expect(decision).toMatchObject({ result: "carried", ayes: 4, nays: 1, how: "roll-call" });
  });

  it("names a report received and filed after an unnamed announcement by the presentation it was", () => {
    const [decision] = decisionsOf([
      [5, "Our next item is a discussion."],
      [10, "I'll ask staff to give us the presentation on the winter shelter pilot."],
      [300, "Seeing no further questions, I'll direct the clerk to receive and file that report."],
    ]);
    expect(decision).toMatchObject({ motion: "receive-and-file", item: "Presentation on the winter shelter pilot" });
  });
});

describe("second round: patterns of the tuned caption half", () => {
  it("reads a motion whose first letter a caption break swallowed, and 'upheld the veto' as failed", () => {
    expect(findVoteOutcome("Theotion carries.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("And that otion carries.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("The council upheld the mayor's veto.")).toMatchObject({ result: "failed" });
    expect(findVoteOutcome("The emotion carries through the whole report.")).toBeNull();
  });

  it("takes the item the chair takes up ('Next we'll take up the public hearing item …')", () => {
    const [decision] = decisionsOf([
      [5, "Those items are approved."],
      [8, "Next we'll take up the public hearing item passage of an ordinance extending the Lakeview water franchise."],
      [60, "I'll close the public hearing."],
      [62, "And I will move approval of this item."],
      [70, "All those in favor say aye."],
      [72, "Those opposed say nay."],
      [74, "The motion carries."],
    ]);
    expect(decision).toMatchObject({ motion: "approve", result: "carried" });
    expect(decision!.item).toMatch(/^Passage of an ordinance extending the Lakeview water franchise/);
  });

  it("keeps an item open after a failed motion: the next motion on it is decided under its name", () => {
    const decisions = decisionsOf([
      [5, "Next item is a discussion."],
      [8, "This item is a resolution moving funds to the youth outreach program."],
      [20, "I move approval of this item."],
      [22, "Clerk, please call the roll."],
      [24, "There are five ayes and five nays."],
      [26, "That motion fails."],
      [40, "I'd like to make a motion to move it without recommendation."],
      [44, "Clerk, please call the roll."],
      [50, "There are six ayes and four nays."],
      [52, "That motion carries."],
    ]);
    expect(decisions.map(brief)).toEqual([
      {
        item: "Resolution moving funds to the youth outreach program",
        motion: "approve",
        result: "failed",
        ayes: 5,
        nays: 5,
      },
      {
        item: "Resolution moving funds to the youth outreach program",
        motion: "other",
        result: "carried",
        ayes: 6,
        nays: 4,
      },
    ]);
  });

  it("does not file a vote long after a failed motion under the failed item", () => {
    const filler = Array.from({ length: 40 }, (_, k): [number, string] => [30 + k, `Speaker ${k + 1} shares a view.`]);
    const decisions = decisionsOf([
      [5, "Our next item is the sale of the Pine Street lot."],
      [10, "I move approval of this item."],
      [12, "All those in favor say aye."],
      [14, "The nays have it."],
      ...filler,
      [300, "I move approval."],
      [302, "All those in favor say aye."],
      [304, "The ayes have it."],
    ]);
    expect(decisions.map((d) => [d.item, d.result])).toEqual([["Sale of the Pine Street lot", "failed"]]);
  });

  it("still reports nothing for a motion with no item after a carried decision", () => {
    const decisions = decisionsOf([
      [5, "Our next item is the sale of the Pine Street lot."],
      [10, "I move approval of this item."],
      [12, "All those in favor say aye."],
      [14, "The ayes have it."],
      [300, "I'd like to make a motion to move it without recommendation."],
      [302, "All those in favor say aye."],
      [304, "The motion carries."],
    ]);
    expect(decisions.map((d) => d.item)).toEqual(["Sale of the Pine Street lot"]);
  });

  it("names a report received and filed after a decided item by the presentation given since the decision", () => {
    const decisions = decisionsOf([
      [5, "Our next item is the sale of the Pine Street lot."],
      [10, "I move approval of this item."],
      [12, "All those in favor say aye."],
      [14, "The ayes have it."],
      [20, "All right, members, today we have a presentation on the library branch hours study."],
      [900, "Seeing no further questions, I'll direct the clerk to receive and file that report."],
    ]);
    expect(decisions.map((d) => [d.motion, d.item])).toEqual([
      ["approve", "Sale of the Pine Street lot"],
      ["receive-and-file", "Presentation on the library branch hours study"],
    ]);
  });

  it("files nothing when no presentation was named since the last decision", () => {
    const decisions = decisionsOf([
      [2, "Later today we have a presentation on the library branch hours study."],
      [5, "Our next item is the sale of the Pine Street lot."],
      [10, "I move approval of this item."],
      [12, "All those in favor say aye."],
      [14, "The ayes have it."],
      [20, "Thank you for that presentation on."],
      [900, "Seeing no further questions, I'll direct the clerk to receive and file that report."],
    ]);
    expect(decisions.map((d) => d.motion)).toEqual(["approve"]);
  });

  it("reads the chair's 'there's the motion and a second' and its misheard 'a motion in a second' as a motion", () => {
    for (const said of [
      "There's the motion and a second.",
      "There's a motion in a second.",
      "I have a motion and a second to approve staff recommendation.",
    ]) {
      const text = `Agenda item number 12, report from Public Works, recommendation to award a contract for the Ocean Boulevard repaving. ${said} Members, please cast your vote. Motion carries.`;
      const [decision] = analyzeSegments([
        { position: 0, startSeconds: null, endSeconds: null, speaker: null, text },
      ]).decisions;
      expect(decision, said).toMatchObject({ motion: "approve", result: "carried" });
    }
    const remark = "Would you like to address the motion? Members, please cast your vote. Motion carries.";
    expect(
      analyzeSegments([{ position: 0, startSeconds: null, endSeconds: null, speaker: null, text: remark }]).decisions,
    ).toEqual([]);
  });

  it("reads a motion to add an item to the consent agenda as amending the agenda", () => {
    const [decision] = decisionsOf([
      [5, "We have one walk-on item today."],
      [10, "Seeing none, I'll move to add this item to the consent agenda."],
      [12, "All those in favor say aye."],
      [14, "Those opposed say nay."],
      [16, "That motion carries."],
    ]);
    expect(decision).toMatchObject({ item: "amending the agenda", motion: "other", result: "carried" });
  });
});

describe("third round: how chairs announce items and file reports", () => {
  it("takes 'The first is for …' after 'Next we have our public hearings' as the item", () => {
    const [decision] = decisionsOf([
      [5, "The motion carries."],
      [8, "Next we have our public hearings."],
      [9, "The first is for the 2027 sidewalk repair assessment."],
      [10, "I'll ask Dana Pike from public works to give us that presentation."],
      [200, "Seeing no one else, I'll move approval of this item."],
      [205, "All those in favor say aye. Those opposed say nay."],
      [207, "The ayes have it."],
    ]);
    expect(decision).toMatchObject({ motion: "approve", result: "carried" });
    expect(decision!.item).toMatch(/^The 2027 sidewalk repair assessment$/i);
  });

  it("does not take 'the next presentation will …' for an announcement that ends the current item", () => {
    const [decision] = decisionsOf([
      [5, "Our next item is a presentation on the harbor dredging plan."],
      [100, "I know the next presentation will probably touch on this too, but thank you."],
      [200, "Seeing no further questions, I'll direct the clerk to receive and file that report."],
    ]);
    expect(decision).toMatchObject({ motion: "receive-and-file", result: "carried" });
    expect(decision!.item).toMatch(/harbor dredging plan/i);
  });

  it("files a report on the chair's polite 'I would direct the clerk to file that report'", () => {
    const [decision] = decisionsOf([
      [5, "Our next item is receiving the quarterly permit backlog report."],
      [200, "Seeing no further discussion, I would direct the clerk to file that report."],
    ]);
    expect(decision).toMatchObject({ motion: "receive-and-file", result: "carried" });
    expect(decision!.item).toMatch(/quarterly permit backlog report/i);
    // A condition is still no result.
    expect(
      decisionsOf([
        [5, "Our next item is receiving the quarterly permit backlog report."],
        [200, "If there are no questions, we would direct the clerk to file that report."],
      ]),
    ).toEqual([]);
  });
});

describe("third round: patterns of other councils (Denver, Long Beach)", () => {
  it("ties a roll call to its motion however long the debate, and names the bill without 'be adopted'", () => {
    const debate = Array.from({ length: 80 }, (_, i): [number, string] => [
      30 + i,
      `Speaker ${i + 1} talked about the new bike lanes near the river trail and the parking they take.`,
    ]);
    const decisions = decisionsOf([
      [5, "Twelve eyes. Council Bill 301 has passed."],
      [10, "I move that Council Bill 302 on the river trail bike lanes be adopted."],
      ...debate,
      [200, "Madam Secretary, roll call on Council Bill 302."],
      [201, "Ortiz."],
      [202, "Aye."],
      [203, "Lind."],
      [204, "Aye."],
      [205, "Quist."],
      [206, "Nay."],
      [210, "Two ayes, one nay. Council Bill 302 has passed."],
    ]);
    expect(decisions.map(brief)).toEqual([
      { item: "Council Bill 302 on the river trail bike lanes", motion: "adopt", result: "carried", ayes: 2, nays: 1 },
    ]);
  });

  it("still ties no result to a motion long before when no vote was called", () => {
    const debate = Array.from({ length: 80 }, (_, i): [number, string] => [
      30 + i,
      `Speaker ${i + 1} talked about the new bike lanes near the river trail and the parking they take.`,
    ]);
    expect(
      decisionsOf([
        [10, "I move that Council Bill 302 on the river trail bike lanes be adopted."],
        ...debate,
        [200, "The motion carries."],
      ]),
    ).toEqual([]);
  });

  it("keeps the announced item through 'That is the item that is before you' and a presenter's 'The first we have …'", () => {
    const [decision] = decisionsOf([
      [5, "Next item is hearing 12, the zoning code cleanup ordinance."],
      [30, "That is the item that is before you."],
      [40, "The first we have a zone that has been eliminated, but there are still references to it in the code."],
      [60, "I have a motion by Councilwoman Reyes."],
      [62, "Members, please cast your votes."],
      [64, "Motion carries."],
    ]);
    expect(decision).toMatchObject({ motion: "approve", result: "carried" });
    expect(decision!.item).toMatch(/zoning code cleanup ordinance/i);
  });

  it("names an amended bill without 'be amended in the following particulars'", () => {
    const [decision] = decisionsOf([
      [5, "Madam President, I move that council bill 57 be amended in the following particulars."],
      [20, "Madam Secretary, roll call on the amendment."],
      [30, "We have eleven ayes, council bill 57 has been amended."],
    ]);
    expect(decision).toMatchObject({ motion: "amend", result: "carried", ayes: 11 });
    expect(decision!.item).toMatch(/^(?:Council )?bill 57$/i);
  });

  it("reads a motion a caption break cut before its verb ('Seeing none, I will' | 'approve the consent agenda')", () => {
    const [decision] = decisionsOf([
      [5, "Are there any questions on the consent agenda?"],
      [20, "Seeing none, I will"],
      [24, "approve on the consent agenda, and receive and file the report."],
      [26, "All those in favor say aye."],
      [28, "The ayes have it."],
    ]);
    expect(decision).toMatchObject({ item: "the consent agenda", motion: "approve", result: "carried" });
    expect(decision!.motion_evidence.text).toBe("approve on the consent agenda, and receive and file the report.");
  });

  it("reads 'approval of items 2 through 9, including postponing item 9' as the listing approved", () => {
    const [decision] = decisionsOf([
      [5, "Item nine is the ordinance on boulevard gardens."],
      [20, "I'll move approval of items 2 through 9, including postponing item 9 to March 3rd."],
      [26, "All those in favor say aye."],
      [28, "The ayes have it. Those items are approved."],
    ]);
    expect(decision).toMatchObject({ item: "items 2 through 9", motion: "approve", result: "carried" });
  });

  it("publishes 'nine in favor, nine opposed. The motion carries' only when the names answered agree, and then without a tally", () => {
    const roll: Array<[number, string]> = [
      [20, "Will the clerk please call the roll on the amendment."],
      [21, "Ortiz."],
      [22, "Yes."],
      [23, "Lind."],
      [24, "Yes."],
      [25, "Quist."],
      [26, "Yes."],
    ];
    const lines = (said: string): Array<[number, string]> => [
      [5, "Our next item is the ordinance on sidewalk cafe permits."],
      [10, "I move to amend the ordinance on sidewalk cafe permits as shown in amendment one."],
      ...roll,
      [30, said],
      [32, "The motion carries."],
    ];
    expect(decisionsOf(lines("Nine in favor, nine opposed.")).map(brief)).toEqual([
      { item: "Ordinance on sidewalk cafe permits", motion: "amend", result: "carried", ayes: null, nays: null },
    ]);
    // Without names answered one by one, words and count still disagree: nothing is published.
    expect(
      decisionsOf([
        [5, "Our next item is the ordinance on sidewalk cafe permits."],
        [10, "I move to amend the ordinance on sidewalk cafe permits as shown in amendment one."],
        [20, "Will the clerk please call the roll on the amendment."],
        [30, "Nine in favor, nine opposed."],
        [32, "The motion carries."],
      ]),
    ).toEqual([]);
  });

  it("takes a staff report's recommendation as the item ('Item 14 is a report from Fire, recommendation to …')", () => {
    const [decision] = decisionsOf([
      [
        5,
        "Item 14 is a report from Fire recommendation to enter into an agreement with the Bayside school district for junior lifeguards.",
      ],
      [60, "There's a motion and a second."],
      [62, "Members, please cast your votes."],
      [64, "Motion carries."],
    ]);
    expect(decision).toMatchObject({ motion: "approve", result: "carried" });
    expect(decision!.item).toMatch(/^Enter into an agreement with the Bayside school district/);
  });

  it("reads a vote called 'on the substitute motion' as the substitute, and 'Next up is Councilman Ortiz' as no item", () => {
    const decisions = decisionsOf([
      [5, "Our next item is the business retention strategy for the harbor district."],
      [20, "I'd like to make a substitute motion to send a letter of support to the harbor businesses."],
      [40, "Next up is Councilman Ortiz."],
      [400, "So please cast your vote on the substitute motion first."],
      [402, "Motion fails."],
    ]);
    expect(decisions.map(brief)).toEqual([
      {
        item: "Business retention strategy for the harbor district",
        motion: "substitute",
        result: "failed",
        ayes: null,
        nays: null,
      },
    ]);
  });
});

describe("decisions from plain transcripts", () => {
  it("reads Seattle's 'the bill passed' in an untimed transcript, with no invented time", () => {
    const analysis = analyzeOffline({
      transcript:
        "The report of the transportation committee, agenda item three, council bill 120 relating to bus lanes on Pike Street. The committee recommends the bill pass. I move to pass the bill. Please call the roll on the passage of the bill. Gonzalez. Yes. Herbold. Yes. Juarez. No. Lewis. Yes. Six in favor, one opposed. The bill passed and the chair will sign it.",
      segments: [],
    });
    expect(analysis.decisions.map(brief)).toEqual([
      expect.objectContaining({ motion: "approve", result: "carried", ayes: 6, nays: 1 }),
    ]);
    expect(analysis.decisions[0]!.result_evidence.timestamp).toBe("00:00:00");
    expect(analysis.decisions[0]!.item).not.toMatch(/^approval$/i);
  });

  it("reads Boston's 'the docket is passed'", () => {
    const analysis = analyzeOffline({
      transcript:
        "Docket number 0412, the order for a hearing on heat relief in city parks. Councilor Vance moves for suspension and passage of the docket. All those in favor say aye. The ayes have it. The docket is passed.",
      segments: [],
    });
    expect(analysis.decisions).toHaveLength(1);
    expect(analysis.decisions[0]).toMatchObject({ result: "carried" });
  });
});

describe("fourth round: Robert's Rules as any council says them", () => {
  it("an amendment, then the main motion 'as amended': two decisions on the item, the second an approval", () => {
    const decisions = decisionsOf([
      [10, "Our next item is the sidewalk repair program for the Eastgate district."],
      [40, "I move to amend the program to add the school crossings."],
      [50, "All those in favor say aye. The ayes have it. The amendment is adopted."],
      [70, "I move to approve the program as amended."],
      [80, "All those in favor say aye. Opposed? The motion carries."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion, d.result])).toEqual([
      ["Sidewalk repair program for the Eastgate district", "amend", "carried"],
      ["Sidewalk repair program for the Eastgate district", "approve", "carried"],
    ]);
  });

  it("one vote on a listing with a rider: the approval extracted; a rider claimed on the same words published", () => {
    const segments = timed([
      [10, "Next is the consent agenda, items 2 through 9."],
      [20, "I move approval of items 2 through 9, including postponing item 9 to the March 4 meeting."],
      [30, "All those in favor say aye. Opposed? The ayes have it."],
      [40, "Our next item is the consent calendar."],
      [50, "I move to approve the consent calendar with item 12 referred to the budget committee."],
      [60, "All those in favor? The motion carries."],
    ]);
    const analysis = analyzeSegments(segments);
    // Precision first: the offline analyzer reports the approvals only.
    expect(analysis.decisions.map((d) => [d.item, d.motion, d.result])).toEqual([
      ["items 2 through 9", "approve", "carried"],
      ["the consent agenda", "approve", "carried"],
    ]);
    expectVerbatim(analysis.decisions, segments);
    // A model's claim of the rider, on the same words, is published beside the approval.
    const [approval] = analysis.decisions;
    const postponed = { ...approval!, item: "item 9", motion: "postpone" as const };
    const verified = verifyAnalysis({ ...analysis, decisions: [approval!, postponed] }, segments);
    expect(verified.analysis.decisions).toHaveLength(2);
    // The same words carry no other kind, and one postponement only.
    const lies = verifyAnalysis(
      { ...analysis, decisions: [postponed, { ...postponed, motion: "deny" }, postponed] },
      segments,
    );
    expect(lies.report.decisions!.map((check) => check.failure)).toEqual([null, "motion-kind", "duplicate"]);
  });

  it("a motion that only postpones or only approves has no rider", () => {
    const decisions = decisionsOf([
      [10, "Our next item is the library roof contract with Dunmore Roofing."],
      [20, "I move to postpone item 5 to the next meeting."],
      [30, "All those in favor? The motion carries."],
    ]);
    expect(decisions.map((d) => d.motion)).toEqual(["postpone"]);
  });

  it("an approval of several items stays an approval whatever rides along", () => {
    expect(motionKind("I'm going to move approval of the five items, and with that motion postpone item 6.")).toBe(
      "approve",
    );
    expect(motionKind("The motion on the table is approving 1 through 5 and postponing items 6 and 7.")).toBe(
      "approve",
    );
    expect(motionKind("I move to postpone item 6.")).toBe("postpone");
  });

  it("'Next we do have a presentation …': a boundary, named by the sentence after it", () => {
    const decisions = decisionsOf([
      [1, "Our next item is the library roof contract with Dunmore Roofing."],
      [2, "I move approval of the contract."],
      [5, "All those in favor? The motion carries."],
      [10, "Next we do have a presentation from our parks staff."],
      [12, "Presentation related to the playground equipment contracts for three neighborhood parks."],
      ...Array.from({ length: 30 }, (_, i): [number, string] => [20 + i, `Question ${i + 1} was about the swings.`]),
      [60, "With that, I will move this item for approval."],
      [62, "Clerk, please call the roll."],
      [63, "Ortiz."],
      [64, "Aye."],
      [65, "Lind."],
      [66, "Aye."],
      [70, "Two ayes. And that motion carries."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion, d.ayes])).toEqual([
      ["Library roof contract with Dunmore Roofing", "approve", null],
      ["Related to the playground equipment contracts for three neighborhood parks", "approve", 2],
    ]);
  });

  it("a report received and filed is named by 'an update of …' said when it was taken up", () => {
    const decisions = decisionsOf([
      [10, "We will start with our continued item, which is an update of the downtown snow removal pilot."],
      [20, "Staff walked through the plowing routes and the costs."],
      [30, "Seeing no further discussion, I'll direct the clerk to receive and file that report."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion])).toEqual([
      ["Update of the downtown snow removal pilot", "receive-and-file"],
    ]);
  });

  it("'So I would move.' said again after a motion is the same motion, not a new approval", () => {
    const decisions = decisionsOf([
      [10, "Our next item is the harbor parking fee ordinance."],
      [20, "I move amendment number three, which would cap the evening fee at two dollars."],
      [25, "So I would move."],
      [40, "All those in favor of the amendment say aye. Opposed? So the amendment fails."],
    ]);
    expect(decisions.map((d) => [d.motion, d.result])).toEqual([["amend", "failed"]]);
  });

  it("the bill adopted after its amendments is named by the bill, not by the amendment announced first", () => {
    const decisions = decisionsOf([
      [10, "The first item we'll take up is amendment number one to Council Bill 4410."],
      [20, "I move amendment number one."],
      [30, "All in favor of amendment number one vote aye. Amendment number one is approved."],
      [40, "I now move adoption of Council Bill 4410 as amended."],
      [50, "Please call the roll on the passage of the amended bill. Six in favor, none opposed."],
      [55, "The bill passes and the chair will sign it."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion, d.result])).toEqual([
      ["Amendment number one to Council Bill 4410", "amend", "carried"],
      ["Council Bill 4410", "adopt", "carried"],
    ]);
  });

  it("adding an item to an agenda misheard ('the csent agenda') still amends the agenda", () => {
    const decisions = decisionsOf([
      [10, "Seeing none, I'll move to add this item to the csent agenda."],
      [12, "All those in favor say aye. Those opposed say nay. That motion carries."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion])).toEqual([["amending the agenda", "other"]]);
  });

  it("a bare 'I'll make that motion.' long after another motion is a new motion", () => {
    const talk = Array.from({ length: 8 }, (_, i): [number, string] => [
      21 + i,
      `Member ${i + 1} asked about the meters.`,
    ]);
    const decisions = decisionsOf([
      [10, "Our next item is the harbor parking fee ordinance."],
      [20, "I move to amend the ordinance to cap the evening fee."],
      ...talk,
      [40, "I'll make that motion."],
      [50, "All those in favor say aye. The motion carries."],
    ]);
    expect(decisions.map((d) => d.motion_evidence.text)).toEqual(["I'll make that motion."]);
  });
});

describe("a vote that names its own matter", () => {
  it("'in favor of approving the minutes' decides the minutes, not the item open", () => {
    const decisions = decisionsOf([
      [10, "Our next item is the library roof contract with Dunmore Roofing."],
      [20, "Staff walked through the bids and the schedule for the work."],
      [30, "Before we vote on that, all those in favor of approving the minutes of the March 3 meeting say aye."],
      [40, "Opposed? The ayes have it."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion, d.result])).toEqual([["the minutes", "approve", "carried"]]);
  });
});

describe("fifth round: a pause is not a decision", () => {
  it("a motion to recess or take a break is no decision, and the item stays open for its own vote", () => {
    const decisions = decisionsOf([
      [10, "Our next item is the lease of the Elm Street depot to the Harbor Rowing Club."],
      [20, "I move that we recess for ten minutes."],
      [30, "All in favor say aye. The motion carries."],
      [40, "I move to take a five minute break."],
      [50, "Without objection, so ordered."],
      [900, "I move approval of the lease."],
      [910, "All in favor say aye. The motion carries."],
    ]);
    expect(decisions.map((d) => [d.motion_evidence.text, d.result_evidence.timestamp])).toEqual([
      ["I move approval of the lease.", "00:15:10"],
    ]);
  });
});

describe("sixth round: what chairs and clerks commonly say", () => {
  it("reads results in their common forms, said as the result and not as history or a hope", () => {
    expect(findVoteOutcome("The motion prevails.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("The motion is carried.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("And the motion has passed.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("That's approved.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("Okay, those are adopted.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("It passes.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("The appointments are confirmed.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("The ayes have it. Docket 0412 has passed.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("The motion is lost.")).toMatchObject({ result: "failed" });
    expect(findVoteOutcome("One aye, two nays. The motion doesn't pass.")).toMatchObject({
      result: "failed",
      tally: "1-2",
    });
    expect(findVoteOutcome("I like the language that's adopted and the breadth of it.")).toBeNull();
    expect(findVoteOutcome("I appreciate the second and I hope it passes.")).toBeNull();
    expect(findVoteOutcome("The motion is carried over from the last meeting's agenda.")).toBeNull();
  });

  it("reads the chair's restated motion: 'moved and seconded', 'moved by', 'moves the report', 'seeks passage'", () => {
    for (const motion of [
      "It's been moved and seconded.",
      "Moved by Council Member Ortiz, seconded by Council Member Lind.",
      "Council Member Ortiz moves the report.",
      "Councilor Ortiz seeks suspension and passage.",
    ]) {
      const decisions = decisionsOf([
        [10, "Item 5 is the contract with Harbor Paving for the Elm Street resurfacing."],
        [20, motion],
        [30, "All those in favor say aye. Opposed? The ayes have it."],
      ]);
      expect(
        decisions.map((d) => [d.item, d.motion, d.result]),
        motion,
      ).toEqual([["Contract with Harbor Paving for the Elm Street resurfacing", "approve", "carried"]]);
    }
  });

  it("'It has been moved and seconded' after a motion is that motion, not a new one without its matter", () => {
    const decisions = decisionsOf([
      [10, "I move that Council Bill 1234 be placed upon final consideration and do pass."],
      [20, "It has been moved and seconded. Comments by members of council?"],
      [30, "Madam Secretary, roll call. Ortiz. Aye. Lind. Aye. Moreau. Aye."],
      [40, "Three ayes, Council Bill 1234 has passed."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion_evidence.timestamp, d.ayes])).toEqual([
      ["Council Bill 1234", "00:00:10", 3],
    ]);
  });

  it("reads the announcements chairs commonly make, and never names an item after its mover", () => {
    const forms = [
      "Next on our agenda is the contract with Harbor Paving for Elm Street.",
      "Up next, we have the contract with Harbor Paving for Elm Street.",
      "Our next agenda item is the contract with Harbor Paving for Elm Street.",
      "Next item on the agenda is the contract with Harbor Paving for Elm Street.",
      "The next item before us is the contract with Harbor Paving for Elm Street.",
      "Our final item for today is the contract with Harbor Paving for Elm Street.",
      "That brings us to our next item, the contract with Harbor Paving for Elm Street.",
      "Next we have item 7, the contract with Harbor Paving for Elm Street.",
      "We're now on item 7, the contract with Harbor Paving for Elm Street.",
      "Item 7 on our agenda is the contract with Harbor Paving for Elm Street.",
      "Item 7, the contract with Harbor Paving for Elm Street.",
    ];
    for (const form of forms) {
      const decisions = decisionsOf([
        [10, form],
        [20, "Council Member Ortiz moves approval. All those in favor say aye."],
        [30, "Opposed? The ayes have it."],
      ]);
      expect(
        decisions.map((d) => d.item.replace(/^the /i, "").toLowerCase()),
        form,
      ).toEqual(["contract with harbor paving for elm street"]);
    }
    // No announcement read: the mover is never the item.
    const unannounced = decisionsOf([
      [10, "We will now take up the contract with Harbor Paving for Elm Street."],
      [20, "Council Member Ortiz moves approval. All those in favor say aye."],
      [30, "Opposed? The ayes have it."],
    ]);
    expect(unannounced.map((d) => d.item)).not.toContain("Council Member Ortiz moves approval");
  });

  it("the decision check takes Seattle's 'the committee recommends the bill pass' as a motion", () => {
    const segments = timed([
      [10, "Agenda item three, Council Bill 120345 relating to bus lanes on Elm Street."],
      [20, "The committee recommends the bill pass."],
      [30, "Will the clerk please call the roll on the passage of the bill? Ortiz. Aye. Lind. Aye. Moreau. Aye."],
      [40, "Three in favor, none opposed. The bill passes and the chair will sign it."],
    ]);
    const analysis = analyzeSegments(segments);
    const verified = verifyAnalysis(analysis, segments);
    expect(verified.analysis.decisions.map(brief)).toEqual([
      expect.objectContaining({ motion: "approve", result: "carried", ayes: 3, nays: 0 }),
    ]);
  });
});

describe("sixth round: motions asked for, what a vote did to the item, committee reports, reports filed", () => {
  it("reads 'I move to receive and file' as a filing, and 'the item is postponed' as the result", () => {
    expect(motionKind("Seeing none, I move to receive and file.")).toBe("receive-and-file");
    expect(findVoteOutcome("The item is postponed to March 4.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("That is forwarded to the full council without recommendation.")).toMatchObject({
      result: "carried",
    });
    expect(findVoteOutcome("That item was postponed last month.")).toBeNull();
    expect(findVoteOutcome("The item is referred to in the staff memo.")).toBeNull();
    expect(findVoteOutcome("This report is sent to the state each year.")).toBeNull();
    expect(findVoteOutcome("The item is forwarded to the full council.")).toMatchObject({ result: "carried" });
    // A filing that rides on a consent motion leaves it an approval.
    expect(motionKind("I'll move the consent agenda and receive and file item 12.")).toBe("approve");
    const decisions = decisionsOf([
      [10, "Item 5 is the contract with Harbor Paving for the Elm Street resurfacing."],
      [20, "Staff asked for more time, so I'll move to postpone item 5 to March 4."],
      [30, "All those in favor say aye. Opposed? The item is postponed."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion, d.result])).toEqual([
      ["Contract with Harbor Paving for the Elm Street resurfacing", "postpone", "carried"],
    ]);
  });

  it("a bare 'So moved.' makes the motion the chair just asked for", () => {
    const segments = timed([
      [10, "Can I get a motion to approve items 1 through 5?"],
      [20, "So moved."],
      [30, "Second. All those in favor? Aye. Opposed? That passes."],
    ]);
    const analysis = analyzeSegments(segments);
    expect(analysis.decisions.map((d) => [d.item, d.motion, d.motion_evidence.text])).toEqual([
      ["items 1 through 5", "approve", "Can I get a motion to approve items 1 through 5?"],
    ]);
    expect(verifyAnalysis(analysis, segments).analysis.decisions).toHaveLength(1);
    // Without the question, "So moved." names nothing: no decision.
    expect(
      decisionsOf([
        [20, "So moved."],
        [30, "Second. All those in favor? Aye. Opposed? That passes."],
      ]),
    ).toEqual([]);
  });

  it("a full council votes a committee's report: the report is the item", () => {
    const decisions = decisionsOf([
      [10, "We'll now take up the report of the Parks and Waterways Committee."],
      [20, "Council Member Ortiz moves the recommendations of the committee. Clerk, please call the roll."],
      [30, "Ortiz. Aye. Lind. Aye. Moreau. Aye."],
      [40, "Three ayes. The report is adopted."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion, d.ayes])).toEqual([
      ["The report of the Parks and Waterways Committee", "approve", 3],
    ]);
  });

  it("names a report filed by 'an overview of …' or 'a presentation today about …'", () => {
    for (const [intro, name] of [
      [
        "I'm going to give an overview of the neighborhood lighting pilot.",
        "Overview of the neighborhood lighting pilot",
      ],
      ["We have one presentation today about the harbor dredging plan.", "Presentation about the harbor dredging plan"],
    ]) {
      const decisions = decisionsOf([
        [10, intro!],
        [20, "The pilot started in two wards last spring and has grown since."],
        [30, "Seeing no questions, I'll ask the clerk to receive and file that presentation."],
      ]);
      expect(
        decisions.map((d) => [d.item, d.motion]),
        intro,
      ).toEqual([[name, "receive-and-file"]]);
    }
  });
});

describe("sixth round: speakers, moving on, and captions' lost letters", () => {
  it("a speaker called up is no item, and 'I move directly to …' is no motion: the pending motion keeps its item", () => {
    const decisions = decisionsOf([
      [10, "Our next item is the rezoning of the Birch Street lots to mixed use."],
      [20, "I move approval of the rezoning."],
      [30, "Next up, we have Caroline White."],
      [40, "So I move directly to the map, which shows the lots in blue."],
      [50, "The next up is Governor Ortiz."],
      [60, "All those in favor say aye. Opposed? The ayes have it."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion_evidence.text])).toEqual([
      ["Rezoning of the Birch Street lots to mixed use", "I move approval of the rezoning."],
    ]);
  });

  it("reads 'The first is lated to …' ('related' cut by a caption break), 'the I's has it' and 'I emotion carries'", () => {
    const decisions = decisionsOf([
      [10, "The first is lated to approval of a lease extension for the Harbor Street garage."],
      [20, "I will make the motion to approve. Clerk, please call the roll."],
      [30, "Ortiz. Aye. Lind. Aye. Moreau. Aye."],
      [40, "Three ayes. The I's has it."],
    ]);
    expect(decisions.map((d) => [d.item, d.ayes])).toEqual([
      ["Approval of a lease extension for the Harbor Street garage", 3],
    ]);
    expect(findVoteOutcome("I emotion carries.")).toMatchObject({ result: "carried" });
  });
});

describe("sixth round: votes called in other words", () => {
  it("'We will now take up …' announces; 'consent items' are the consent agenda; 'take the roll' calls a roll", () => {
    const decisions = decisionsOf([
      [10, "We will now take up the contract with Harbor Paving for Elm Street."],
      [20, "I move approval."],
      [30, "Clerks, please take the roll. Ortiz. Aye. Lind. No. Moreau. Aye."],
      [40, "The motion carries."],
      [50, "I move approval of consent items 1 through 5. All in favor? Aye. Opposed? The ayes have it."],
    ]);
    expect(decisions.map((d) => [d.item, d.ayes, d.nays, d.how])).toEqual([
      ["The contract with Harbor Paving for Elm Street", 2, 1, "roll-call"],
      ["the consent agenda", null, null, "voice"],
    ]);
  });

  it("a voice vote called decides its motion however long the debate", () => {
    const debate = Array.from({ length: 20 }, (_, k): [number, string] => [
      30 + k,
      `Speaker ${k + 1} spoke about the lots.`,
    ]);
    const decisions = decisionsOf([
      [10, "Our next item is the sale of the Birch Street lots to the land trust."],
      [20, "I move approval of the sale."],
      ...debate,
      [60, "We'll take a voice vote."],
      [70, "The ayes have it."],
    ]);
    expect(decisions.map((d) => [d.item, d.how])).toEqual([
      ["Sale of the Birch Street lots to the land trust", "voice"],
    ]);
  });
});

describe("seventh round: general forms", () => {
  it("reads 'there's been a motion and a second' and its misheard 'a motion on a second' as a motion", () => {
    for (const said of ["There's been a motion and a second.", "There is a motion on a second."]) {
      const text = `Item number 31, report from Parks, recommendation to award a contract for the Maple Park playground. ${said} Members, please cast your votes. Motion carries seven zero.`;
      const [decision] = analyzeSegments([
        { position: 0, startSeconds: null, endSeconds: null, speaker: null, text },
      ]).decisions;
      expect(decision, said).toMatchObject({ motion: "approve", result: "carried", ayes: 7, nays: 0 });
    }
  });

  it("'we move on to our next item, I want to address the …' announces and names the item; 'to our next meeting' does not", () => {
    const decisions = decisionsOf([
      [10, "Before we move on to our next discussion item, I want to quickly address the annual fleet report."],
      [20, "Staff asked us to postpone this item to our March 3rd meeting."],
      [30, "So on the motion to postpone this item to March 3rd, all those in favor say aye."],
      [40, "Any opposed? That motion carries."],
      [50, "The ordinance is postponed to our next meeting. I'll move to postpone it to the next meeting."],
      [60, "All in favor? The ayes have it."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion])).toEqual([["The annual fleet report", "postpone"]]);
  });

  it("while a motion is pending, 'Next we have the …' is a speaker's slide, not the next item", () => {
    const decisions = decisionsOf([
      [10, "I move that Council Bill 412 be placed upon final consideration and do pass."],
      [20, "It's been moved and seconded. The public hearing is open."],
      [30, "Next we have the corridor map from the 2019 plan."],
      [40, "Madam Secretary, roll call. Ortiz. Aye. Lind. Aye. Moreau. Aye."],
      [50, "Three ayes. Council Bill 412 has passed."],
      [60, "Next we have the contract for the Elm Street bridge."],
      [70, "I move approval of the contract. All in favor? The ayes have it."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion_evidence.timestamp])).toEqual([
      ["Council Bill 412", "00:00:10"],
      ["The contract for the Elm Street bridge", "00:01:10"],
    ]);
  });

  it("reads 'I have a motion by Councilwoman …' as a motion; 'the final item to clarify is that …' announces nothing", () => {
    const text =
      "Next item is the rezoning of the Birch Street lots to mixed use. Staff will present. The final item to clarify is that the plan districts keep their own rules. I have a motion by Councilwoman Ortiz. Can I get a second? Let me go ahead and do a roll call vote. District one. Aye. District two. Aye. District three. Aye. Motion carries.";
    const decisions = analyzeSegments([
      { position: 0, startSeconds: null, endSeconds: null, speaker: null, text },
    ]).decisions;
    expect(decisions.map((d) => [d.item, d.motion, d.result, d.ayes])).toEqual([
      ["Rezoning of the Birch Street lots to mixed use", "approve", "carried", 3],
    ]);
  });

  it("a one-item transcript's opening never takes a measure it refers to ('approved by Ordinance 4512') for its item", () => {
    const text =
      "Agenda item three, an amendment of the development agreement approved by ordinance 4512 for the Elm Street property. I move to pass the bill. Those in favor vote aye. Seven in favor. The bill passes and the chair will sign it.";
    const decisions = analyzeSegments([
      { position: 0, startSeconds: null, endSeconds: null, speaker: null, text },
    ]).decisions;
    expect(decisions.map((d) => d.item)).not.toContainEqual(expect.stringMatching(/^Ordinance 4512/i));
  });

  it("reads results in the forms Robert's Rules and chairs use: 'the ayes appear to have it', 'the motion to … carries', 'the vote is 5 to 4'", () => {
    for (const [said, result, tally] of [
      ["The ayes appear to have it. The ayes have it.", "carried", null],
      ["The nays appear to have it.", "failed", null],
      ["The motion to postpone carries.", "carried", null],
      ["The motion to approve the contract fails.", "failed", null],
      ["Motion approved.", "carried", null],
      ["The vote is 5 to 4.", "carried", "5-4"],
      ["The vote is 3 to 6.", "failed", "3-6"],
      ["That's unanimous.", "carried", null],
      ["That one passes.", "carried", null],
      ["That's carried.", "carried", null],
      ["If there's no objection, the motion carries.", "carried", null],
    ] as const)
      expect(findVoteOutcome(said), said).toMatchObject({ result, tally });
    for (const said of [
      "If the motion carries, we will send it to the council.",
      "I hope the motion passes.",
      "The motion to postpone, if it carries, moves this to March.",
      "The committee's vote last year was unanimous.",
    ])
      expect(findVoteOutcome(said), said).toBeNull();
  });

  it("reads 'has moved the item', 'I'll go ahead and move …' and 'motion from Council Member …' as motions, a restatement keeping its kind", () => {
    const decisions = decisionsOf([
      [10, "Our next item is the lease of the Harbor Street garage."],
      [20, "I move to postpone this item to March 3rd."],
      [30, "Council Member Ortiz has moved the item. Is there a second?"],
      [40, "All in favor? The ayes appear to have it."],
      [50, "Our next item is the sale of the Birch Street lots to the land trust."],
      [60, "I'll go ahead and move this item."],
      [70, "All in favor? Opposed? The motion to approve carries."],
    ]);
    expect(decisions.map((d) => [d.item, d.motion, d.result])).toEqual([
      ["Lease of the Harbor Street garage", "postpone", "carried"],
      ["Sale of the Birch Street lots to the land trust", "approve", "carried"],
    ]);
    expect(isMotion("Motion from Council Member Lind.")).toBe(true);
  });
});
