/**
 * The demo meeting that decided things (issue 27, docs/decisions/0060):
 * Alder Creek's special meeting where a veto override fails on a roll call
 * (the mayor's veto is sustained) and a motion to deny an appeal carries.
 * Its analysis quotes every decision's evidence from the transcript, at the
 * time of the line that says it, so a fresh start shows the Decisions section.
 */
import type { SeedVideo } from "./meetings";
import type { SeedAnalysis, SeedStory } from "./analyses";
import { formatClock } from "./transcripts/compose";

export const DECISIONS_MEETING_KEY = "ac-cc-2026-08-18";

type Line = { timestamp: string; speaker: string; text: string };

function lineSaying(transcript: string, words: string): Line {
  for (const raw of transcript.split("\n")) {
    const match = /^\[(\d\d):(\d\d):(\d\d)\] ([^:]+): (.*)$/.exec(raw);
    if (match && match[5]!.includes(words)) {
      const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
      return { timestamp: formatClock(seconds), speaker: match[4]!, text: match[5]! };
    }
  }
  throw new Error(`${DECISIONS_MEETING_KEY}: no line says "${words}"`);
}

function span(transcript: string, words: string) {
  return { text: words, timestamp: lineSaying(transcript, words).timestamp };
}

const OVERRIDE_MOTION = "I move that the council override the mayor's veto of the short-term rental ordinance.";
const OVERRIDE_RESULT = "With two ayes and two nays, that motion fails and the mayor's veto is sustained.";
const DENY_MOTION = "I move that we deny the appeal and uphold the permit as issued.";
const DENY_RESULT = "The motion to deny the appeal carries, four to one.";

export function buildDecisionsAnalysis(video: SeedVideo): SeedAnalysis {
  const transcript = video.transcript;
  if (!transcript) throw new Error(`${video.key}: the decisions meeting needs a transcript`);
  const sustained = lineSaying(transcript, OVERRIDE_RESULT);
  const denied = lineSaying(transcript, DENY_RESULT);
  return {
    summary:
      "At a special meeting, the Alder Creek City Council voted on overriding the mayor's veto of the short-term rental ordinance. The override needed four votes and got two, with two against, so the veto is sustained and the ordinance does not take effect. The council then voted four to one to deny the appeal of the sign permit for the car wash on the frontage road, upholding the permit as issued.",
    highlights: [
      {
        timestamp: sustained.timestamp,
        point_of_interest: "The veto override fails and the mayor's veto is sustained.",
        quotes: [{ text: OVERRIDE_RESULT, speaker: sustained.speaker }],
      },
      {
        timestamp: denied.timestamp,
        point_of_interest: "The council denies the appeal of the car wash sign permit.",
        quotes: [{ text: DENY_RESULT, speaker: denied.speaker }],
      },
    ],
    action_items: [
      {
        description: "Send the appellant written notice of the decision",
        responsible_party: "City staff",
        due_date: null,
      },
    ],
    entities: [{ name: "Alder Creek City Council", type: "organization", context: "Voted on the veto and the appeal" }],
    decisions: [
      {
        item: "The mayor's veto of the short-term rental ordinance",
        motion: "override-veto",
        result: "failed",
        ayes: 2,
        nays: 2,
        abstain: null,
        absent: null,
        how: "roll-call",
        consent_items: [],
        motion_evidence: span(transcript, OVERRIDE_MOTION),
        result_evidence: span(transcript, OVERRIDE_RESULT),
      },
      {
        item: "Appeal of the sign permit for the car wash on the frontage road",
        motion: "deny",
        result: "carried",
        ayes: 4,
        nays: 1,
        abstain: null,
        absent: null,
        how: "voice",
        consent_items: [],
        motion_evidence: span(transcript, DENY_MOTION),
        result_evidence: span(transcript, DENY_RESULT),
      },
    ],
  };
}

/** The story of the meeting: it leads with the sustained veto; its quick facts come from the decisions. */
export function buildDecisionsStory(): SeedStory {
  const body = [
    "The Alder Creek City Council failed to override the mayor's veto of the short-term rental ordinance at a special meeting, so the ordinance does not take effect. Overriding a veto takes four votes of the council; the motion got two.",
    `"${OVERRIDE_RESULT.slice(0, -1)}," said Vice Mayor Daniel Chen, who presided over the item because the veto was the mayor's.`,
    "The council then voted four to one to deny the appeal of the sign permit for the car wash on the frontage road, upholding the permit as issued. Staff will send the appellant written notice of the decision.",
  ].join("\n\n");
  return {
    article: {
      headline: "Alder Creek council sustains the mayor's veto of the short-term rental ordinance",
      body,
      word_count: body.split(/\s+/).filter(Boolean).length,
      primary_focus: "The veto of the short-term rental ordinance",
    },
    sidebar_elements: {
      quote_block: {
        quote: OVERRIDE_RESULT,
        attribution: "Daniel Chen, Vice Mayor",
        context: "Announcing the result of the roll call",
      },
      quick_facts: [
        "Overriding a veto takes four votes of the council",
        "Staff will send the appellant written notice of the decision",
      ],
      background: "The council adopted the short-term rental ordinance last month; the mayor vetoed it.",
    },
    metadata: {
      follow_up_needed: false,
      // The council's next regular meeting in the demo (demo/meetings.ts).
      next_meeting_date: "2026-09-01",
      sources_used: ["Meeting video and transcript"],
      uncertainty_notes: [],
    },
    notes: "Demo story written from the seeded transcript. Quotes are verbatim.",
  };
}
