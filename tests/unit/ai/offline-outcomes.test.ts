/**
 * The offline analyzer on meetings as real captions give them once true-cased:
 * votes and their outcomes, procedure that is not a direction, the body that
 * met, the next meeting, whole numbers, and an editor's context kept private.
 * Short examples written for these tests (fictional people and items).
 */
import { describe, expect, it } from "vitest";
import {
  announcedItem,
  extractActionItems,
  findVoteOutcome,
  isDirection,
  isProcedureItem,
} from "~/lib/ai/offline/actions";
import { analyzeOffline } from "~/lib/ai/offline/analyzer.server";
import { meetingBody } from "~/lib/ai/offline/meeting-body";
import { findNextMeetingDate, writeOfflineStory } from "~/lib/ai/offline/story-writer";
import type { Analysis, Decision } from "~/lib/ai/schemas";

const sentencesOf = (text: string) =>
  text.split(/(?<=[.?!])\s+/).map((sentence) => ({ text: sentence, speaker: null, entities: [] }));
const actionsOf = (text: string) => extractActionItems(sentencesOf(text)).map((item) => item.description);
const segmentsOf = (text: string) => [{ position: 0, startSeconds: 0, endSeconds: null, speaker: null, text }];

const COMMITTEE_MEETING = [
  "Welcome to the regular meeting of the Business, Housing and Zoning Committee.",
  "Cashman, present. Osman, present. Let the record reflect we have a quorum.",
  "Our next item is a public hearing for the 2025 license fee schedule.",
  "The fee schedule raises the liquor license fee by $9.3 million over five years, mostly for inspections.",
  "We can't direct the police to enforce the schedule, and staff did not say otherwise.",
  "Would staff be able to report back on the inspections?",
  "I move approval of this item. All those in favor say aye. Those opposed say nay.",
  "The ayes have it and the motion carries.",
  "Our next item is an appeal of the denial of a conditional use permit for a food truck court on Lake Street.",
  "Council Member Osman said the neighbors asked for more time.",
  "I move to postpone this item to the next cycle.",
  "Motion carry seven zero.",
  "Staff is directed to report back on parking by June 1.",
  "Our next meeting is October 8.",
].join(" ");

/** A decision as the verification pass keeps it: the stored analysis holds only verified ones (0060). */
function verified(item: string, motion: Decision["motion"], result: Decision["result"] = "carried"): Decision {
  const span = { text: "The motion carries.", timestamp: "00:00:00" };
  return {
    item,
    motion,
    result,
    ayes: null,
    nays: null,
    abstain: null,
    absent: null,
    how: null,
    consent_items: [],
    motion_evidence: span,
    result_evidence: span,
  };
}

function storyOf(
  text: string,
  title: string | null,
  additionalContext: string | null = null,
  decisions: Decision[] = [],
) {
  const analysis = { ...analyzeOffline({ transcript: text, segments: [] }), decisions };
  return { analysis, story: writeOfflineStory({ analysis, segments: segmentsOf(text), title, additionalContext }) };
}

describe("vote outcomes", () => {
  it("reads carried and failed votes and their tallies in sentence-case captions", () => {
    expect(findVoteOutcome("Motion carry seven zero.")).toMatchObject({ result: "carried", tally: "7-0" });
    expect(findVoteOutcome("The docket is passed.")).toMatchObject({ result: "carried", tally: null });
    expect(findVoteOutcome("With that, the item is approved.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("The ayes have it.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("The motion fails.")).toMatchObject({ result: "failed" });
    expect(findVoteOutcome("There are seven ayes, zero nays.")).toMatchObject({ result: "carried", tally: "7-0" });
    expect(findVoteOutcome("The ordinance passes 9-2.")).toMatchObject({ result: "carried", tally: "9-2" });
    expect(findVoteOutcome("There are six ayes and six nays, and the motion carries.")).toMatchObject({
      result: "failed",
      tally: "6-6",
    });
    expect(findVoteOutcome("If it is approved, the permit expires in January.")).toBeNull();
    expect(findVoteOutcome("Five policies have been adopted by the city council so far.")).toBeNull();
  });

  it("a result told as history is no result: a pronoun in the past tense, or 'passed unanimously' in a story", () => {
    expect(findVoteOutcome("We rely on the parking rule that was adopted by this board in 2019.")).toBeNull();
    expect(findVoteOutcome("Remember the levy? It was passed over.")).toBeNull();
    expect(findVoteOutcome("The grant contracts that have been approved cover two years.")).toBeNull();
    expect(findVoteOutcome("The board was split at first, but in the end it passed unanimously.")).toBeNull();
    // The chair's result, said now.
    expect(findVoteOutcome("That is approved.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("The resolution passed unanimously.")).toMatchObject({ result: "carried" });
    expect(findVoteOutcome("Item 6 was approved 5-0.")).toMatchObject({ result: "carried", tally: "5-0" });
  });

  it("gives each decided item one action item naming the item and its outcome", () => {
    const actions = actionsOf(COMMITTEE_MEETING);
    expect(actions).toContain(
      "Motion on public hearing for the 2025 license fee schedule: Approval of this item. Result: carried.",
    );
    expect(actions.filter((a) => /food truck court/.test(a))).toEqual([
      expect.stringMatching(/^Motion on appeal of the denial .* Result: carried \(7-0\)\.$/),
    ]);
    expect(actionsOf("Item 12 is the bus contract renewal. The docket is passed.")).toEqual([
      "Item: bus contract renewal. Result: carried.",
    ]);
  });

  it("reads an item announced in any of the chair's forms", () => {
    expect(announcedItem("Moving on to item 5, a public hearing on the sewer rate plan.")).toBe(
      "public hearing on the sewer rate plan",
    );
    expect(announcedItem("Let's go to item 7, restoring Sunday hours at the Elm Street Library.")).toBe(
      "restoring Sunday hours at the Elm Street Library",
    );
    expect(announcedItem("Next is item 6, the dog park design. I'll turn it over to staff.")).toBe("dog park design");
    expect(announcedItem("That brings us to item 9, design review for the grocery store.")).toBe(
      "design review for the grocery store",
    );
    expect(announcedItem("Item 3 is the consent calendar: 3A, approval of the minutes; 3B, a grant.")).toBe(
      "the consent calendar",
    );
    expect(announcedItem("We will take up item 25, and I see Council Member Osman.")).toBeNull();
  });

  it("ties each vote to the item announced before it, never to public comment", () => {
    const actions = actionsOf(
      [
        "Item 4 is public comment on items not on the agenda. Each speaker has three minutes.",
        "The library should stay open later.",
        "Moving on to item 5, the sidewalk repair contract.",
        "Move to award the sidewalk repair contract to Granite Works. Second.",
        "The motion carries, 4-1.",
        "Let's go to item 6, the dog park design.",
        "Move to approve the design and the fund transfer for the dog park. Second.",
        "Any opposed? Hearing none, the motion carries 5-0.",
      ].join(" "),
    );
    expect(actions).toEqual([
      "Motion on sidewalk repair contract: Award the sidewalk repair contract to Granite Works. Result: carried (4-1).",
      "Motion on dog park design: Approve the design and the fund transfer for the dog park. Result: carried (5-0).",
    ]);
    expect(isProcedureItem("public comment on items not on the agenda")).toBe(true);
    expect(isProcedureItem("councilmembers' reports")).toBe(true);
    expect(isProcedureItem("public hearing on the sewer rate plan")).toBe(false);
  });
});

describe("directions to staff", () => {
  it("are affirmative and directed, never roll calls, quorum calls, negations or questions", () => {
    expect(isDirection("Staff is directed to report back on parking by June 1.")).toBe(true);
    expect(isDirection("I move to direct the city manager to draft an ordinance.")).toBe(true);
    expect(isDirection("Cashman, present.")).toBe(false);
    expect(isDirection("Let the record reflect we have a quorum.")).toBe(false);
    expect(isDirection("We can't direct the police to enforce the schedule.")).toBe(false);
    expect(isDirection("Would staff be able to report back on the inspections?")).toBe(false);
    expect(isDirection("I will ask the clerk to call the roll.")).toBe(false);
    const directions = extractActionItems(sentencesOf(COMMITTEE_MEETING)).filter(
      (item) => item.responsible_party !== "City Council",
    );
    expect(directions.map((d) => [d.description, d.due_date])).toEqual([
      ["Staff is directed to report back on parking by June 1.", "June 1"],
    ]);
  });
});

describe("headlines", () => {
  it("name the body that met, what it decided and the item, from verified decisions only", () => {
    const title = "Regular Meeting of the Business, Housing and Zoning Committee";
    const decisions = [
      verified("public hearing for the 2025 license fee schedule", "approve"),
      verified("appeal of the denial of a conditional use permit for a food truck court", "postpone"),
    ];
    const { story } = storyOf(COMMITTEE_MEETING, title, null, decisions);
    expect(story.article.headline).toBe("Business, Housing and Zoning Committee approves 2025 license fee schedule");
    expect(story.article.headline).not.toMatch(/Lake Street|Council votes/);
    // The analyzer's own vote lines are no verified decision: without one no verb says what was decided.
    const unverified = storyOf(COMMITTEE_MEETING, title).story.article.headline;
    expect(unverified).toBe("Business, Housing and Zoning Committee discusses 2025 license fee schedule");
  });

  it("say when a vote was put off, and call a school board a school board", () => {
    const meeting =
      "Item 4 is the renewal of the school bus contract with Northline Transit. " +
      "Parents asked for more routes before the renewal. I move to postpone this item to the next meeting. " +
      "The motion carries.";
    const decisions = [verified("renewal of the school bus contract with Northline Transit", "postpone")];
    expect(storyOf(meeting, "Board of Education regular meeting", null, decisions).story.article.headline).toBe(
      "Board of Education delays renewal of the school bus contract with Northline Transit",
    );
    const fromSource = writeOfflineStory({
      ...storyOf(meeting, null, null, decisions),
      segments: segmentsOf(meeting),
      title: "March 3 meeting",
      additionalContext: null,
      source: { sourceType: "school_district", sourceTitle: null },
    });
    expect(fromSource.article.headline).toMatch(/^School board delays renewal of the school bus contract/);
  });

  it("never open on an article or a generic noun, nor on a stray place name", () => {
    const meeting =
      "Our next item is a presentation on crossing guards near Main Street schools. " +
      "The program hires twelve guards this fall and adds two food trucks to the summer market.";
    const { story } = storyOf(meeting, "Planning Commission");
    expect(story.article.headline).toBe(
      "Planning Commission hears presentation on crossing guards near Main Street schools",
    );
  });

  it("know the body from the title, the source title or the source type", () => {
    expect(meetingBody("Regular Meeting of the Business, Housing and Zoning Committee")).toBe(
      "Business, Housing and Zoning Committee",
    );
    expect(meetingBody("Budget Committee Regular Meeting")).toBe("Budget Committee");
    expect(meetingBody("Planning Commission")).toBe("Planning Commission");
    expect(meetingBody("School Board")).toBe("School Board");
    expect(meetingBody("October 3", { sourceType: "county", sourceTitle: null })).toBe("County board");
    expect(meetingBody("October 3", { sourceType: "website", sourceTitle: "Riverton City Council" })).toBe(
      "Riverton City Council",
    );
    expect(meetingBody(null)).toBe("City officials");
  });
});

describe("the story's facts", () => {
  it("gives the next meeting's date as said", () => {
    expect(findNextMeetingDate(segmentsOf("Thank you all. Our next meeting is October 8."))).toBe("October 8");
    expect(findNextMeetingDate(segmentsOf("We'll reconvene on the 15th."))).toBe("15th");
    expect(findNextMeetingDate(segmentsOf("We'll reconvene at 2:00 p.m. when we have quorum."))).toBeNull();
    expect(storyOf(COMMITTEE_MEETING, null).story.metadata.next_meeting_date).toBe("October 8");
  });

  it("keeps sums whole", () => {
    const { analysis, story } = storyOf(COMMITTEE_MEETING, null);
    expect(analysis.entities.filter((e) => e.type === "money").map((e) => e.name)).toEqual(["$9.3 million"]);
    expect(story.sidebar_elements.quick_facts.join(" ")).not.toMatch(/(?<![$.\d])3 million/);
  });

  it("names people once, and takes no fragment or shouted phrase for a name", () => {
    const meeting =
      "I am Jamal Osman, the chair of this committee. Council Member Osman moved the item. " +
      "Osman thanked staff. Item 9 is a contract amendment with CivicPlus LLC for the permit portal. " +
      "The ADMINISTRATION AND ENTERPRISE OVERSIGHT COMMITTEE will see it next.";
    const { analysis } = storyOf(meeting, null);
    const names = analysis.entities.filter((e) => e.type !== "money" && e.type !== "date").map((e) => e.name);
    expect(names.filter((name) => /Osman/.test(name))).toEqual(["Jamal Osman"]);
    expect(names.some((name) => /^Amendment|^Contract|[A-Z]{5,}/.test(name))).toBe(false);
  });
});

describe("the editor's context", () => {
  const twoDecisions: Analysis = {
    summary: "The committee decided two items.",
    highlights: [],
    action_items: [
      {
        description: "Item: sidewalk snow removal contract. Result: carried.",
        responsible_party: "City Council",
        due_date: null,
      },
      {
        description: "Item: library branch hours extension. Result: carried.",
        responsible_party: "City Council",
        due_date: null,
      },
    ],
    entities: [],
    decisions: [
      verified("sidewalk snow removal contract", "approve"),
      verified("library branch hours extension", "approve"),
    ],
  };

  it("steers which decision leads, and is never printed", () => {
    const context = "Readers care most about the library hours; do not mention the mayor's race.";
    const story = writeOfflineStory({
      analysis: twoDecisions,
      segments: [],
      title: "Budget Committee",
      additionalContext: context,
    });
    expect(story.article.headline).toBe("Budget Committee approves library branch hours extension");
    const printed = JSON.stringify(story);
    expect(printed).not.toContain("mayor's race");
    expect(printed).not.toMatch(/Editor's|Readers care/);
    expect(story.metadata.sources_used).toEqual(["Meeting transcript", "Meeting analysis"]);
  });
});
