/**
 * A model that lies in every field of the analysis and the story (ADR 0024),
 * for the integration test (tests/integration/pipeline-lying-model.test.ts)
 * and the pages that show it (tests/e2e/lying-model.spec.ts): invented
 * quotes, wrong times and speakers, and invented numbers placed in the
 * analysis to be repeated by the story. Synthetic meeting, fictional people.
 *
 * Its decisions lie too (ADR 0060), here and on a meeting with five votes
 * (LYING_DECISIONS_*): invented decisions, flipped results, tallies moved
 * between items, a motion the transcript does not hold, another vote between
 * motion and result, and a headline claiming an override that failed.
 */
import type { Analysis, Decision, NewsStory } from "~/lib/ai/schemas";
import type { FakeReply, RecordedRequest } from "./fake-openai-server";
import { LABELED_MEETING } from "../unit/ai/fixtures";
import { DECISIONS_MEETING, GENUINE_DECISIONS, decisionClaim } from "./decisions-meeting";

// A 9 and a 2 said apart, never as a 9-2 vote.
export const LYING_TRANSCRIPT = `${LABELED_MEETING}\n[00:12:00] CLERK: Item 9 on the consent calendar has 2 attachments.`;

export const INVENTED_QUOTES = [
  "we will finish by 2031",
  "total gridlock",
  "We will cut the parks budget.",
  "Absolutely not",
  "a full audit",
  "the cheapest bidder",
  "we will finish early",
  "This is the best contract in the history of Riverton.",
  "a triumph",
  "no delays",
  "safer streets",
];
export const INVENTED_NUMBERS = ["$47.3 million", "9-2", "2031", "March 4", "2019", "Two hundred"];

/** Invented highlight quotes: removed, never shown. */
export const REMOVED_HIGHLIGHT_QUOTES = ["We will cut the parks budget.", "Absolutely not"];

/** A genuine quote the model gives to the wrong speaker at the wrong time; the transcript's are these. */
export const GENUINE_QUOTE = {
  text: "I share that concern.",
  claimedSpeaker: "COUNCILMEMBER REYES",
  claimedTimestamp: "00:01:30",
  speaker: "COUNCILMEMBER PARK",
  timestamp: "00:06:20",
  seconds: 6 * 60 + 20,
};

export const LYING_ANALYSIS: Analysis = {
  summary: `The council approved a $47.3 million budget 9-2, and Reyes said "we will finish by 2031".`,
  highlights: [
    {
      timestamp: GENUINE_QUOTE.claimedTimestamp,
      point_of_interest: "Park warned of 'total gridlock' downtown.",
      quotes: [
        { text: GENUINE_QUOTE.text, speaker: GENUINE_QUOTE.claimedSpeaker },
        { text: "We will cut the parks budget.", speaker: "MAYOR LOPEZ" },
        { text: "Absolutely not", speaker: "COUNCILMEMBER PARK" },
      ],
    },
    {
      timestamp: "00:00:05",
      point_of_interest: "The playground money.",
      quotes: [{ text: "The renovation budget is $850,000 from the state grant.", speaker: "MAYOR LOPEZ" }],
    },
  ],
  action_items: [
    {
      description: `Deliver "a full audit" by 2031`,
      responsible_party: "Public Works Department",
      due_date: "March 4",
    },
  ],
  entities: [
    { name: "Harbor Paving Company", type: "organization", context: "Described as 'the cheapest bidder'" },
    { name: "$47.3 million", type: "money", context: "The budget" },
  ],
  // The meeting's one vote carried 5-0: reported failed, and a 9-2 vote the meeting never took.
  decisions: [
    {
      item: "The Oak Street resurfacing contract with Harbor Paving Company",
      motion: "approve",
      result: "failed",
      ayes: 5,
      nays: 0,
      abstain: null,
      absent: null,
      how: "voice",
      consent_items: [],
      motion_evidence: { text: "I move that we approve the contract", timestamp: "00:07:02" },
      result_evidence: { text: "The motion carries 5-0.", timestamp: "00:07:15" },
    },
    {
      item: "The $47.3 million budget",
      motion: "adopt",
      result: "carried",
      ayes: 9,
      nays: 2,
      abstain: null,
      absent: null,
      how: "roll-call",
      consent_items: [],
      motion_evidence: { text: "I move that we adopt the budget.", timestamp: "00:11:00" },
      result_evidence: { text: "The motion carries 9-2.", timestamp: "00:11:10" },
    },
  ],
};

export const LYING_STORY: NewsStory = {
  article: {
    // No vote claimed (a vote no verified decision backs is replaced: LYING_DECISIONS_STORY); its figures are invented.
    headline: "Council weighs $47.3 million plan for 2031",
    body: `The council voted 9-2 on a $47.3 million plan to finish by 2031.\n\nReyes said "we will finish early". Park said "I share that concern."`,
    word_count: 30,
    primary_focus: "The $47.3 million plan",
  },
  sidebar_elements: {
    quote_block: {
      quote: "This is the best contract in the history of Riverton.",
      attribution: "Mayor Lopez",
      context: "Lopez called it 'a triumph'",
    },
    quick_facts: ["Budget: $47.3 million", "Vote: 9-2", `Reyes: "no delays"`, "Contract: $2.4 million"],
    background: `The project began in 2019 when residents asked for "safer streets".`,
  },
  metadata: {
    follow_up_needed: false,
    next_meeting_date: "March 4",
    sources_used: ["Meeting transcript"],
    uncertainty_notes: [],
  },
  notes: "Two hundred residents attended.",
};

/** The fake server's answer: the story to the request for a news story (its JSON schema's name), else the analysis. */
export function lyingReply(request: RecordedRequest): FakeReply {
  return request.body.response_format?.json_schema?.name === "news_story"
    ? { kind: "json", body: LYING_STORY }
    : { kind: "json", body: LYING_ANALYSIS };
}

// ---------------------------------------------------------------------------
// Decisions (ADR 0060)

export const LYING_DECISIONS_TRANSCRIPT = DECISIONS_MEETING;

/** Each lie and why the verification pass withholds it. */
export const DECISION_LIES = {
  // The override failed 6-6 ("the mayor's veto is sustained"): reported carried.
  flipped: {
    ...GENUINE_DECISIONS.veto,
    item: "Override of the mayor's budget veto",
    result: "carried",
    ayes: 12,
    nays: 0,
  },
  // The federation agreement passed 12-0; 8-4 was the vote on the raise.
  movedTally: { ...GENUINE_DECISIONS.federation, item: "Police federation agreement", ayes: 8, nays: 4 },
  // Nobody moved to raise police pay.
  inventedMotion: decisionClaim({
    item: "A raise for police officers",
    motion: "approve",
    result: "carried",
    motion_evidence: { text: "I move to approve the police pay raise.", timestamp: "00:05:40" },
    result_evidence: { text: "The motion carries 8-4.", timestamp: "00:06:40" },
  }),
  // The federation motion with the raise's result: the override's vote lies between them.
  resultBetween: {
    ...GENUINE_DECISIONS.federation,
    item: "Letter of agreement with the police federation",
    ayes: null,
    nays: null,
    result_evidence: { text: "The motion carries 8-4.", timestamp: "00:06:40" },
  },
  // A decision made up whole.
  invented: decisionClaim({
    item: "Closing the Riverside branch library",
    motion: "approve",
    result: "carried",
    ayes: 7,
    nays: 5,
    how: "roll-call",
    motion_evidence: { text: "I move to close the Riverside branch library.", timestamp: "00:11:00" },
    result_evidence: { text: "The library closure passes 7-5.", timestamp: "00:11:30" },
  }),
} satisfies Record<string, Decision>;

export const WITHHELD_BECAUSE = {
  flipped: "direction",
  movedTally: "tally-contradicted",
  inventedMotion: "motion-not-found",
  resultBetween: "result-between",
  invented: "motion-not-found",
} as const satisfies Record<keyof typeof DECISION_LIES, string>;

/** The lies first, then the genuine decisions given to the wrong times (the transcript's times are stored). */
export const LYING_DECISIONS_ANALYSIS: Analysis = {
  summary: "The council overrode the mayor's veto and approved a raise for police officers.",
  highlights: [],
  action_items: [],
  entities: [],
  decisions: [
    ...Object.values(DECISION_LIES),
    ...[GENUINE_DECISIONS.federation, GENUINE_DECISIONS.veto, GENUINE_DECISIONS.raise].map((d) => ({
      ...d,
      motion_evidence: { ...d.motion_evidence, timestamp: "00:00:30" },
    })),
  ],
};

export const LYING_DECISIONS_HEADLINE = "Council overrides the mayor's veto, 12-0";

export const LYING_DECISIONS_STORY: NewsStory = {
  article: {
    headline: LYING_DECISIONS_HEADLINE,
    body: "The council voted to override the mayor's budget veto.",
    word_count: 9,
    primary_focus: "The mayor's budget veto",
  },
  sidebar_elements: { quote_block: { quote: "", attribution: "", context: "" }, quick_facts: [], background: "" },
  metadata: { follow_up_needed: false, next_meeting_date: null, sources_used: [], uncertainty_notes: [] },
  notes: "",
};

export function lyingDecisionsReply(request: RecordedRequest): FakeReply {
  return request.body.response_format?.json_schema?.name === "news_story"
    ? { kind: "json", body: LYING_DECISIONS_STORY }
    : { kind: "json", body: LYING_DECISIONS_ANALYSIS };
}
