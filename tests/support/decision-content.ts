import type { MadeOptions } from "./factories";

/**
 * A meeting that decided things (issue 27): a veto override that failed 6-6
 * (the veto is sustained), a motion to deny that carried 8-4, and a consent
 * agenda adopted without objection, with an analysis whose decisions quote
 * their evidence from this transcript. Shared by the integration tests and
 * the e2e spec of the Decisions section.
 */

export const DECISIONS_TRANSCRIPT = [
  "[00:00:30] PRESIDENT MORALES: Good evening. The November 17 meeting of the Harbor Point City Council will come to order.",
  "[00:01:00] PRESIDENT MORALES: Item one is the mayor's veto of the library branch budget amendment.",
  "[00:01:20] COUNCILMEMBER DIAZ: I move that the council override the mayor's veto.",
  "[00:01:25] COUNCILMEMBER KIM: Second.",
  "[00:02:10] CITY CLERK ABBOTT: Six ayes, six nays.",
  "[00:02:15] PRESIDENT MORALES: With six ayes and six nays, that motion fails and the mayor's veto is sustained.",
  "[00:03:00] PRESIDENT MORALES: Item two is the four percent raise for appointed staff.",
  "[00:03:20] COUNCILMEMBER PRICE: I move to deny the four percent raise for appointed staff.",
  "[00:03:24] COUNCILMEMBER DIAZ: Second.",
  "[00:04:05] PRESIDENT MORALES: Eight ayes, four nays. The motion to deny carries.",
  "[00:05:00] PRESIDENT MORALES: Item three is the consent agenda: the minutes of November 3 and the sidewalk repair contract.",
  "[00:05:10] COUNCILMEMBER KIM: Move approval of the consent agenda.",
  "[00:05:20] PRESIDENT MORALES: Without objection, the consent agenda is adopted.",
].join("\n");

export const VETO_ITEM = "Mayor's veto of the library branch budget amendment";
export const DENY_ITEM = "Four percent raise for appointed staff";
export const CONSENT_ITEM = "Consent agenda";
export const CONSENT_ITEMS = ["Minutes of November 3", "Sidewalk repair contract"];

export const DECISIONS = [
  {
    item: VETO_ITEM,
    motion: "override-veto",
    result: "failed",
    ayes: 6,
    nays: 6,
    abstain: null,
    absent: null,
    how: "roll-call",
    consent_items: [],
    motion_evidence: { text: "I move that the council override the mayor's veto.", timestamp: "00:01:20" },
    result_evidence: { text: "that motion fails and the mayor's veto is sustained", timestamp: "00:02:15" },
  },
  {
    item: DENY_ITEM,
    motion: "deny",
    result: "carried",
    ayes: 8,
    nays: 4,
    abstain: null,
    absent: null,
    how: null,
    consent_items: [],
    motion_evidence: { text: "I move to deny the four percent raise for appointed staff.", timestamp: "00:03:20" },
    result_evidence: { text: "Eight ayes, four nays. The motion to deny carries.", timestamp: "00:04:05" },
  },
  {
    item: CONSENT_ITEM,
    motion: "approve",
    result: "carried",
    ayes: null,
    nays: null,
    abstain: null,
    absent: null,
    how: "unanimous-consent",
    consent_items: CONSENT_ITEMS,
    motion_evidence: { text: "Move approval of the consent agenda.", timestamp: "00:05:10" },
    result_evidence: { text: "Without objection, the consent agenda is adopted.", timestamp: "00:05:20" },
  },
];

const analysis = {
  summary:
    "The council voted 6-6 on overriding the mayor's veto of the library branch budget amendment, so the veto stands, and voted 8-4 to deny the four percent raise for appointed staff.",
  highlights: [
    {
      timestamp: "00:02:15",
      point_of_interest: "The veto override failed.",
      quotes: [{ text: "that motion fails and the mayor's veto is sustained", speaker: "PRESIDENT MORALES" }],
    },
  ],
  action_items: [],
  entities: [{ name: "Harbor Point City Council", type: "organization", context: "Voted on the veto" }],
  decisions: DECISIONS,
};

const story = {
  article: {
    headline: "Council sustains the mayor's library veto, 6-6",
    body: "The council failed to override the mayor's veto.",
    word_count: 8,
    primary_focus: "Library veto",
  },
  sidebar_elements: {
    quote_block: { quote: "", attribution: "", context: "" },
    quick_facts: ["The council meets again in December"],
    background: "",
  },
  metadata: { follow_up_needed: false, next_meeting_date: null, sources_used: ["Video"], uncertainty_notes: [] },
  notes: "",
};

export const DECISIONS_MADE: MadeOptions = { provider: "offline", analysis, story };

/** The same, with the verification report that found the highlight's quote at 00:02:15: a member can add it to a draft. */
export const DECISIONS_MADE_QUOTE_VERIFIED: MadeOptions = {
  ...DECISIONS_MADE,
  analysisVerification: {
    kind: "analysis",
    checkedAt: "2026-11-28T10:00:00.000Z",
    quotes: [
      {
        location: "highlights[0].quotes[0]",
        text: "that motion fails and the mayor's veto is sustained",
        claimedSpeaker: "PRESIDENT MORALES",
        verified: true,
        segment: { position: 5, timestamp: "00:02:15", speaker: "PRESIDENT MORALES" },
        speakerMatches: true,
      },
    ],
    verifiedQuotes: 1,
    unverifiedQuotes: 0,
    unsupportedNumbers: [],
    passed: true,
  },
};
