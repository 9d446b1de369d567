/**
 * A model that lies in every field of the analysis and the story (ADR 0024),
 * for the integration test (tests/integration/pipeline-lying-model.test.ts)
 * and the pages that show it (tests/e2e/lying-model.spec.ts): invented
 * quotes, wrong times and speakers, and invented numbers placed in the
 * analysis to be repeated by the story. Synthetic meeting, fictional people.
 */
import type { Analysis, NewsStory } from "~/lib/ai/schemas";
import type { FakeReply, RecordedRequest } from "./fake-openai-server";
import { LABELED_MEETING } from "../unit/ai/fixtures";

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
  decisions: [],
};

export const LYING_STORY: NewsStory = {
  article: {
    headline: "Council passes $47.3 million plan 9-2",
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
