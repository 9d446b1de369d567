import { describe, expect, it } from "vitest";
import { VERIFICATION_MARKS } from "~/lib/ai/marks";
import type { Decision } from "~/lib/ai/schemas";
import { verifyAnalysis } from "~/lib/ai/verify";
import { withBackedHeadline } from "~/lib/ai/backed-headline";
import { analyzeSegments } from "~/lib/ai/offline/analyzer.server";
import { writeOfflineStory } from "~/lib/ai/offline/story-writer";
import {
  countRollCall,
  saidTally,
  statedResult,
  unbackedHeadlineClaim,
  withoutClockTimes,
} from "~/lib/ai/verify-decisions";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { DECISIONS_MEETING, GENUINE_DECISIONS as G, decisionClaim } from "../../support/decisions-meeting";
import { modelAnalysis, modelStory } from "./fixtures";

const segments = parseTimestampedTranscript(DECISIONS_MEETING);
// The same meeting as ASR text: no times, no speakers.
const UNTIMED = DECISIONS_MEETING.split("\n")
  .map((line) => line.replace(/^\[[\d:]+\]\s+[A-Z ]+:\s+/, ""))
  .join(" ");

function verify(decisions: Decision[], transcript: "timed" | "untimed" = "timed") {
  const analysis = modelAnalysis({
    summary: "The council voted.",
    highlights: [],
    action_items: [],
    entities: [],
    decisions,
  });
  return transcript === "timed" ? verifyAnalysis(analysis, segments) : verifyAnalysis(analysis, [], UNTIMED);
}

function checkOf(decisions: Decision[], transcript: "timed" | "untimed" = "timed") {
  const { report, analysis } = verify(decisions, transcript);
  return { check: report.decisions![0]!, published: analysis.decisions, report };
}

describe("decisions a transcript supports", () => {
  it("publishes each genuine decision, with its tally and the transcript's times", () => {
    const genuine = Object.values(G);
    const { analysis, report } = verify(genuine);
    expect(analysis.decisions).toHaveLength(5);
    expect(report.decisions!.every((check) => check.published && check.failure === null)).toBe(true);
    expect(report.withheldDecisions).toBe(0);
    expect(report.passed).toBe(true);
    expect(analysis.decisions.map((d) => [d.motion, d.result, d.ayes, d.nays])).toEqual([
      ["approve", "carried", 12, 0],
      ["override-veto", "failed", 6, 6],
      ["deny", "carried", 8, 4],
      ["approve", "carried", null, null],
      ["amend", "carried", 11, 0],
    ]);
  });

  it("counts a failed veto override's tally from the clerk's roll call", () => {
    const { check } = checkOf([G.veto]);
    expect(check).toMatchObject({
      published: true,
      statedResult: "motion fails",
      tally: { claimed: "6-6", stated: "6-6", outcome: "confirmed" },
      resultSegment: { timestamp: "00:04:40", speaker: "MAYOR LOPEZ" },
    });
  });

  it('reads "eleven eyes, zero nays" said just before the result as 11-0', () => {
    const { check, published } = checkOf([G.parking]);
    expect(check.tally).toEqual({ claimed: "11-0", stated: "11-0", outcome: "confirmed" });
    expect(published[0]).toMatchObject({ ayes: 11, nays: 0 });
  });

  it("takes the spans' times from the transcript, not the provider", () => {
    const claim = {
      ...G.raise,
      motion_evidence: { ...G.raise.motion_evidence, timestamp: "01:30:00" },
      result_evidence: { ...G.raise.result_evidence, timestamp: "7:00" },
    };
    const { published } = checkOf([claim]);
    expect(published[0]!.motion_evidence.timestamp).toBe("00:06:00");
    expect(published[0]!.result_evidence.timestamp).toBe("00:06:40");
  });

  it("places a result said several times at the occurrence nearest the claimed time", () => {
    // "The motion carries" is said at 00:02:10 and 00:06:40; only the second follows this motion closest.
    const raise = { ...G.raise, result_evidence: { text: "The motion carries", timestamp: "00:06:41" } };
    expect(checkOf([raise]).published[0]!.result_evidence.timestamp).toBe("00:06:40");
    const federation = { ...G.federation, result_evidence: { text: "The motion carries", timestamp: "00:02:00" } };
    expect(checkOf([federation]).published[0]!.result_evidence.timestamp).toBe("00:02:10");
  });

  it("keeps an untimed transcript's decisions at 00:00:00", () => {
    const { analysis } = verify([G.federation, G.raise], "untimed");
    expect(analysis.decisions).toHaveLength(2);
    for (const decision of analysis.decisions) {
      expect(decision.motion_evidence.timestamp).toBe("00:00:00");
      expect(decision.result_evidence.timestamp).toBe("00:00:00");
    }
  });

  it("checks the item's quotes and numbers like other free text", () => {
    const claim = {
      ...G.raise,
      item: "The 4% raise for appointed staff, called 'a giveaway', costing $900,000",
    };
    const { published, report } = checkOf([claim]);
    expect(published[0]!.item).toBe(
      `The 4% raise for appointed staff, called 'a giveaway' ${VERIFICATION_MARKS.quote.text}, costing $900,000 ${VERIFICATION_MARKS.number.text}`,
    );
    expect(report.quotes.map((q) => q.location)).toEqual(["decisions[0].item"]);
  });
});

describe("a count the clerk says in the roll call", () => {
  it("confirms 'nine in favor, none opposed' said two sentences before the result, over a partly heard roll call", () => {
    const lines: Array<[number, string]> = [
      [5, "Our next item is the ordinance on sidewalk cafe permits."],
      [10, "I move to pass the ordinance on sidewalk cafe permits."],
      [20, "Will the clerk please call the roll on the passage of the ordinance."],
      [21, "Ortiz."],
      [22, "Yes."],
      [23, "Lind."],
      [24, "Yes."],
      [25, "Quist."],
      [26, "Yes."],
      [27, "Moreau."],
      [28, "Yeah."],
      [30, "Nine in favor, none opposed."],
      [31, "Thank you."],
      [33, "The motion carries and the ordinance is adopted."],
    ];
    const timed = lines.map(([start, text], position) => ({
      position,
      startSeconds: start,
      endSeconds: null,
      speaker: null,
      text,
    }));
    const analysis = analyzeSegments(timed);
    expect(analysis.decisions.map((d) => [d.motion, d.result, d.ayes, d.nays])).toEqual([["approve", "carried", 9, 0]]);
    const { analysis: verified, report } = verifyAnalysis(analysis, timed);
    expect(report.decisions![0]).toMatchObject({ published: true, failure: null });
    expect(verified.decisions.map((d) => [d.ayes, d.nays])).toEqual([[9, 0]]);
  });
});

describe("decisions the transcript does not support are withheld, with the reason", () => {
  it("an invented decision: its motion is not in the transcript", () => {
    const invented = decisionClaim({
      item: "The police budget increase",
      motion: "approve",
      result: "carried",
      motion_evidence: { text: "I move to approve the police budget increase.", timestamp: "00:05:00" },
      result_evidence: { text: "The motion carries 8-4.", timestamp: "00:06:40" },
    });
    const { check, published, report } = checkOf([invented]);
    expect(published).toEqual([]);
    expect(check).toMatchObject({ published: false, failure: "motion-not-found" });
    expect(report.withheldDecisions).toBe(1);
    expect(report.passed).toBe(false);
  });

  it("a motion span that is a remark, not a motion", () => {
    const claim = { ...G.raise, motion_evidence: { text: "Item three is the 4% raise", timestamp: "00:05:30" } };
    expect(checkOf([claim]).check.failure).toBe("no-motion-stated");
  });

  it("a result the transcript never states", () => {
    const claim = {
      ...G.raise,
      result_evidence: { text: "The raise is approved unanimously.", timestamp: "00:06:40" },
    };
    expect(checkOf([claim]).check.failure).toBe("result-not-found");
  });

  it("a result said before its motion", () => {
    const claim = { ...G.raise, result_evidence: { text: "The motion carries 12-0.", timestamp: "00:02:10" } };
    expect(checkOf([claim]).check.failure).toBe("out-of-order");
  });

  it("another result stated between the motion and the claimed result", () => {
    // The first item's motion with the third item's result: item two's vote lies between.
    const claim = { ...G.federation, result_evidence: G.raise.result_evidence, ayes: 8, nays: 4 };
    const { check } = checkOf([claim]);
    expect(check).toMatchObject({ published: false, failure: "result-between" });
    expect(check.reason).toContain('"motion carries" (carried)');
  });

  it("a failed veto override reported as carried (a sustained veto is a failed override)", () => {
    const { check } = checkOf([{ ...G.veto, result: "carried", ayes: 12, nays: 0 }]);
    expect(check).toMatchObject({ published: false, failure: "direction", statedResult: "motion fails" });
  });

  it("a veto said to be sustained is a failed override", () => {
    const claim = {
      ...G.veto,
      ayes: null,
      nays: null,
      result_evidence: { text: "the mayor's veto is sustained", timestamp: "00:04:40" },
    };
    expect(checkOf([claim]).published).toHaveLength(1);
    expect(checkOf([{ ...claim, result: "carried" }]).check.failure).toBe("direction");
  });

  it("a carried motion to deny is carried, not failed", () => {
    expect(checkOf([{ ...G.raise, result: "failed" }]).check.failure).toBe("direction");
  });

  it("a motion to deny reported as an approval: the motion's words say what kind it is", () => {
    const { check } = checkOf([{ ...G.raise, motion: "approve" }]);
    expect(check).toMatchObject({ published: false, failure: "motion-kind" });
    expect(check.reason).toBe("The motion's words make a motion to deny; the claim says approve.");
    expect(checkOf([{ ...G.federation, motion: "deny" }]).check.failure).toBe("motion-kind");
  });

  it("an item nobody names where the motion and its result are", () => {
    const { check } = checkOf([{ ...G.raise, item: "Downtown stadium financing package" }]);
    expect(check).toMatchObject({ published: false, failure: "item-not-said" });
  });

  it("an item filed under the next item's vote: its words were said only before the previous result", () => {
    // The federation's words are said at 00:01:00, before the veto's result; the raise's vote comes after it.
    const swapped = [
      { ...G.raise, item: G.federation.item },
      { ...G.federation, item: G.raise.item },
    ];
    const { report, analysis } = verify(swapped);
    expect(analysis.decisions).toHaveLength(0);
    expect(report.decisions!.map((check) => check.failure)).toEqual(["item-not-said", "item-not-said"]);
    expect(verify([G.federation, G.raise]).analysis.decisions).toHaveLength(2);
  });

  it("an item's own vote after an amendment to it and a failed motion: both leave the item open", () => {
    const transcript = [
      "[00:01:00] CHAIR: Item seven is the sidewalk repair program for the Eastgate district.",
      "[00:01:30] MEMBER: I move to amend the program to add the school crossings.",
      "[00:01:50] CHAIR: All in favor? The amendment is adopted.",
      "[00:02:00] MEMBER: I move to refer the program back to committee.",
      "[00:02:05] CHAIR: All in favor? Opposed? That motion fails.",
      "[00:02:10] MEMBER: I move to approve the program as amended.",
      "[00:02:30] CHAIR: All in favor? The motion carries.",
    ].join("\n");
    const claim = decisionClaim({
      item: "Sidewalk repair program for the Eastgate district",
      motion: "approve",
      result: "carried",
      motion_evidence: { text: "I move to approve the program as amended.", timestamp: "00:02:10" },
      result_evidence: { text: "The motion carries.", timestamp: "00:02:30" },
    });
    const analysis = modelAnalysis({ summary: "", highlights: [], action_items: [], entities: [], decisions: [claim] });
    expect(verifyAnalysis(analysis, parseTimestampedTranscript(transcript)).analysis.decisions).toHaveLength(1);
  });

  it("a result span that states no result", () => {
    const claim = { ...G.raise, result_evidence: { text: "All those in favor? Opposed?", timestamp: "00:06:40" } };
    expect(checkOf([claim]).check.failure).toBe("no-result-stated");
  });

  it("a tally moved from another item", () => {
    const { check } = checkOf([{ ...G.federation, ayes: 8, nays: 4 }]);
    expect(check).toMatchObject({
      published: false,
      failure: "tally-contradicted",
      tally: { claimed: "8-4", stated: "12-0", outcome: "contradicted" },
    });
  });

  it("a tally the roll call does not count", () => {
    expect(checkOf([{ ...G.veto, ayes: 9, nays: 4 }]).check.failure).toBe("tally-contradicted");
  });

  it("two claims on the same result words: the second is a duplicate", () => {
    const { report, analysis } = verify([G.raise, { ...G.raise, item: "Appointed staff pay" }]);
    expect(analysis.decisions).toHaveLength(1);
    expect(report.decisions![1]).toMatchObject({ published: false, failure: "duplicate" });
  });

  it("a second claim of another kind on the same vote is a duplicate unless the motion's words name it as a rider", () => {
    const { report, analysis } = verify([G.raise, { ...G.raise, motion: "other" }]);
    expect(analysis.decisions).toHaveLength(1);
    expect(report.decisions![1]).toMatchObject({ published: false, failure: "duplicate" });
  });

  it("a repeated claim is not moved to a later vote said in the same words", () => {
    // "The motion carries" is said again at 00:06:40, after which no other motion of the first item is made.
    const short = { ...G.federation, result_evidence: { text: "The motion carries", timestamp: "00:02:10" } };
    const { analysis, report } = verify([short, { ...short, item: "Police federation contract" }]);
    expect(analysis.decisions.map((d) => d.result_evidence.timestamp)).toEqual(["00:02:10"]);
    expect(report.decisions![1]!.failure).toBe("duplicate");
  });
});

describe("tallies nothing confirms", () => {
  it("are left out, and the decision is published without one", () => {
    const { check, published, report } = checkOf([{ ...G.crosswalk, ayes: 9, nays: 5 }]);
    // "Motion carried 9 05 p.m.": a clock time, never a 9-5 vote.
    expect(check).toMatchObject({ published: true, tally: { claimed: "9-5", stated: null, outcome: "dropped" } });
    expect(published[0]).toMatchObject({ ayes: null, nays: null, result: "carried" });
    expect(report.passed).toBe(false);
  });

  it("absences and unconfirmed abstentions are not published", () => {
    const { published } = checkOf([{ ...G.raise, abstain: 1, absent: 2 }]);
    expect(published[0]).toMatchObject({ ayes: 8, nays: 4, abstain: null, absent: null });
  });

  it("a claimed way of voting the transcript does not show is left out", () => {
    const { check, published } = checkOf([{ ...G.raise, how: "unanimous-consent" }]);
    expect(published[0]!.how).toBeNull();
    expect(check.droppedHow).toBe("unanimous-consent");
  });
});

describe("the words of a result", () => {
  it("never reads a clock time as a tally", () => {
    expect(saidTally("Motion carried 9 05 p.m.")).toBeNull();
    expect(saidTally("We reconvene at 6:05 p.m., motion carried 6-5")).toEqual({ ayes: 6, nays: 5, abstain: null });
    expect(withoutClockTimes("recess until 7:30 and back at 6 to 7 pm")).not.toMatch(/\d/);
  });

  it("states direction: failed motions, sustained vetoes, overridden vetoes, withdrawals", () => {
    expect(statedResult("That motion fails and the mayor's veto is sustained.")?.result).toBe("failed");
    expect(statedResult("The council upheld the mayor's veto.")?.result).toBe("failed");
    expect(statedResult("The veto is overridden.")?.result).toBe("carried");
    expect(statedResult("I withdraw my motion.")?.result).toBe("withdrawn");
    expect(statedResult("We will discuss it next week.")).toBeNull();
  });

  it("counts a roll call name by name", () => {
    expect(countRollCall("Reyes? Aye. Park? No. Chen, abstain. Diaz: yes.")).toEqual({ ayes: 2, nays: 1, abstain: 1 });
    // "Second? Yes." and two answers are no roll call.
    expect(countRollCall("Second? Yes. Reyes? Aye.")).toBeNull();
  });
});

describe("a story headline's vote", () => {
  const published = verify(Object.values(G)).analysis.decisions;

  it("is backed by a verified decision of the same direction and tally", () => {
    expect(unbackedHeadlineClaim("Council denies 4% raise for appointed staff, 8-4", published)).toBeNull();
    expect(unbackedHeadlineClaim("Mayor's budget veto sustained on a 6-6 vote", published)).toBeNull();
    expect(unbackedHeadlineClaim("Council approves Elm Avenue crosswalk", published)).toBeNull();
    expect(unbackedHeadlineClaim("Council hears the 2025 budget and the Elm Avenue plan", [])).toBeNull();
  });

  it("is not backed by a decision that went the other way, or by another item's tally", () => {
    expect(unbackedHeadlineClaim("Council overrides mayor's budget veto", published)).toContain('"overrides"');
    expect(unbackedHeadlineClaim("Council approves police federation agreement, 8-4", published)).toContain(
      "the tally 8-4",
    );
    expect(unbackedHeadlineClaim("Council approves raise for appointed staff, 9-5", published)).not.toBeNull();
    expect(unbackedHeadlineClaim("Council unanimously rejects crosswalk", published)).not.toBeNull();
    // A withheld decision backs nothing.
    expect(unbackedHeadlineClaim("Council approves Elm Avenue crosswalk", [])).not.toBeNull();
  });

  it("never takes a clock time for a tally", () => {
    expect(unbackedHeadlineClaim("Council meeting runs to 9:05 p.m.", [])).toBeNull();
  });

  it("unbacked, is replaced by the offline writer's headline for the same analysis", () => {
    const analysis = modelAnalysis({ decisions: published });
    const story = modelStory({ headline: "Council overrides the mayor's veto, 12-0" });
    const input = { analysis, segments, title: "Riverton City Council", additionalContext: null };
    const { story: backed, replaced } = withBackedHeadline(story, input);
    const offline = writeOfflineStory(input).article.headline;
    expect(backed.article.headline).toBe(offline);
    expect(replaced).toMatchObject({ original: "Council overrides the mayor's veto, 12-0", replacement: offline });
    expect(replaced!.reason).toContain('"overrides" and the tally 12-0');
    // A backed headline stays.
    const denial = modelStory({ headline: "Council denies the 4% raise for appointed staff, 8-4" });
    expect(withBackedHeadline(denial, input)).toEqual({ story: denial, replaced: null });
  });
});
