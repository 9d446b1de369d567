import type { MadeOptions } from "./factories";

/**
 * An analysis and a story as the verification pass leaves them, with their
 * reports: a verified quote at a known time in each, a marked quote and a
 * marked figure in the analysis, and an editor's context that must never
 * reach a public page. Shared by the integration test and the e2e spec of
 * what readers see.
 */

export const CONTEXT_MARKER = "ZQX-EDITOR-CONTEXT-7731";

export const ANALYSIS_QUOTE = "We have waited long enough for this bridge.";
export const ANALYSIS_QUOTE_TIME = { timestamp: "00:06:41", seconds: 401 };
export const INVENTED_QUOTE = "We will never raise taxes again";
export const STORY_QUOTE = "Every year we wait, that pipe gets older";
export const STORY_QUOTE_TIME = { timestamp: "00:12:34", seconds: 754 };

const analysis = {
  summary: `The council approved the bridge repair for $2 million. The mayor said "${INVENTED_QUOTE}" [quote not found in the transcript] and cited $47.3 million [number not found in the transcript] in savings.`,
  highlights: [
    {
      timestamp: ANALYSIS_QUOTE_TIME.timestamp,
      point_of_interest: "A resident asked for the bridge repair.",
      quotes: [{ text: ANALYSIS_QUOTE, speaker: "RESIDENT LEE" }],
    },
  ],
  action_items: [{ description: "Repair the bridge", responsible_party: "Public Works", due_date: null }],
  entities: [{ name: "Public Works", type: "organization", context: "Will repair the bridge" }],
};

const story = {
  article: {
    headline: "Council approves bridge repair",
    body: `The council approved the bridge repair on Tuesday.\n\n"${STORY_QUOTE}," said Councilmember Tom Whitaker.`,
    word_count: 20,
    primary_focus: "Bridge repair",
  },
  sidebar_elements: {
    quote_block: { quote: STORY_QUOTE, attribution: "Councilmember Tom Whitaker", context: "During the vote" },
    quick_facts: ["The repair costs $2 million"],
    background: "The bridge closed in March.",
  },
  metadata: { follow_up_needed: false, next_meeting_date: null, sources_used: ["Video"], uncertainty_notes: [] },
  notes: "",
};

function quoteCheck(location: string, text: string, time: { timestamp: string } | null) {
  return {
    location,
    text,
    claimedSpeaker: null,
    verified: time !== null,
    segment: time ? { position: 3, timestamp: time.timestamp, speaker: null } : null,
    speakerMatches: null,
  };
}

export const CHECKED_CONTENT: MadeOptions = {
  provider: "offline",
  createdAt: "2026-11-23T10:00:00.000Z",
  analysis,
  story,
  additionalContext: `Mention ${CONTEXT_MARKER} in the lead.`,
  analysisVerification: {
    kind: "analysis",
    checkedAt: "2026-11-23T10:00:00.000Z",
    quotes: [
      quoteCheck("highlights[0].quotes[0]", ANALYSIS_QUOTE, ANALYSIS_QUOTE_TIME),
      quoteCheck("summary", INVENTED_QUOTE, null),
    ],
    verifiedQuotes: 1,
    unverifiedQuotes: 1,
    unsupportedNumbers: [{ value: "$47.3 million", location: "summary", context: "cited $47.3 million in savings" }],
    passed: false,
  },
  storyVerification: {
    kind: "story",
    checkedAt: "2026-11-23T10:00:00.000Z",
    quotes: [quoteCheck("article.body", STORY_QUOTE, STORY_QUOTE_TIME)],
    verifiedQuotes: 1,
    unverifiedQuotes: 0,
    unsupportedNumbers: [],
    passed: true,
  },
};
