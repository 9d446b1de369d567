/**
 * Analyses and news stories for the demo meetings, written from the same
 * composed meetings as the transcripts, so that every quote is verbatim and
 * sits in the line at its highlight's timestamp, and every figure in a
 * story was said in the meeting.
 */
import { SEED_VIDEOS, type SeedVideo } from "./meetings";
import { formatClock, locateQuote, type ComposedItem, type ComposedMeeting } from "./transcripts/compose";
import { LEAD_STORY_ITEM_IDS } from "./transcripts/items";
import type { ActionItem, Entity, Person } from "./transcripts/types";
import type { Decision } from "~/lib/ai/schemas";
import { buildDecisionsAnalysis, buildDecisionsStory, DECISIONS_MEETING_KEY } from "./decisions";

export type SeedQuote = { text: string; speaker: string };
export type SeedHighlight = { timestamp: string; point_of_interest: string; quotes: SeedQuote[] };
export type SeedAnalysis = {
  summary: string;
  highlights: SeedHighlight[];
  action_items: ActionItem[];
  entities: Entity[];
  /** The decisions with their evidence (demo/decisions.ts); the other demo analyses hold none. */
  decisions?: Decision[];
};
export type SeedStory = {
  article: { headline: string; body: string; word_count: number; primary_focus: string };
  sidebar_elements: {
    quote_block: { quote: string; attribution: string; context: string };
    quick_facts: string[];
    background: string;
  };
  metadata: {
    follow_up_needed: boolean;
    next_meeting_date: string | null;
    sources_used: string[];
    uncertainty_notes: string[];
  };
  notes: string;
};

export type SeedAnalysisRecord = {
  videoKey: string;
  videoId: string;
  analysis: SeedAnalysis;
  analyzedAt: Date;
  /** A structured story, a legacy plain-text story, or none. */
  story: SeedStory | string | null;
  storyGeneratedAt: Date | null;
};

function joinClauses(clauses: readonly string[]): string {
  if (clauses.length <= 1) return clauses.join("");
  return `${clauses.slice(0, -1).join(", ")} and ${clauses.at(-1)}`;
}

function people(meeting: ComposedMeeting): Person[] {
  const { roster } = meeting;
  return [roster.chair, ...roster.members, roster.exec, roster.clerk, roster.counsel, ...Object.values(roster.staff)];
}

function personByLabel(meeting: ComposedMeeting, label: string): Person | null {
  return people(meeting).find((person) => person.label === label) ?? null;
}

function attribution(meeting: ComposedMeeting, label: string): string {
  const person = personByLabel(meeting, label);
  return person ? `${person.title} ${person.full}` : "a resident who spoke during public comment";
}

const MEETING_WORD = {
  council: "regular meeting",
  planning: "meeting",
  school: "regular meeting",
  county: "business session",
} as const;

export function buildAnalysis(meeting: ComposedMeeting): SeedAnalysis {
  const { items, date, nextMeeting, bodyName, roster, city } = meeting;
  const main = items.slice(0, 3).map((item) => item.built.summary);
  const others = items.slice(3).map((item) => item.built.brief);
  const summary = [
    `At its ${date.long} ${MEETING_WORD[roster.kind]}, the ${bodyName} took up ${items.length === 1 ? "one agenda item" : "these agenda items"}.`,
    ...main,
    others.length ? `The ${roster.noun} also ${joinClauses(others.slice(0, 6))}.` : "",
    `The next regular meeting is ${nextMeeting.weekday}, ${nextMeeting.long}.`,
  ]
    .filter(Boolean)
    .join(" ");

  const highlights: { seconds: number; highlight: SeedHighlight }[] = [];
  items.slice(0, 6).forEach((item, index) => {
    const picked = index < 2 ? item.built.highlights.slice(0, 2) : item.built.highlights.slice(0, 1);
    for (const { quote, point } of picked) {
      const line = locateQuote(meeting, item, quote);
      highlights.push({
        seconds: line.seconds,
        highlight: {
          timestamp: formatClock(line.seconds),
          point_of_interest: point,
          quotes: [{ text: quote, speaker: line.speaker }],
        },
      });
    }
  });
  highlights.sort((x, y) => x.seconds - y.seconds);

  const entities = new Map<string, Entity>();
  const add = (entity: Entity) => {
    if (!entities.has(entity.name)) entities.set(entity.name, entity);
  };
  add({ name: bodyName, type: "organization", context: "Governing body holding the meeting" });
  add({ name: `${city.name}, ${city.state}`, type: "place", context: "City where the meeting took place" });
  add({ name: roster.chair.full, type: "person", context: `${roster.chair.title}; presided` });
  add({ name: roster.exec.full, type: "person", context: roster.exec.title });
  for (const item of items) for (const entity of item.built.entities) add(entity);
  add({ name: nextMeeting.long, type: "date", context: "Next regular meeting" });

  return {
    summary,
    highlights: highlights.map(({ highlight }) => highlight),
    action_items: items.flatMap((item) => item.built.actions).slice(0, 10),
    entities: [...entities.values()].slice(0, 18),
  };
}

/** The quote as it sits inside a sentence: a final period becomes a comma. */
function quoteInSentence(quote: string): string {
  return quote.endsWith(".") ? `${quote.slice(0, -1)},` : quote;
}

function leadItem(meeting: ComposedMeeting, preferred: string | null): ComposedItem {
  const found =
    meeting.items.find((item) => item.itemId === preferred) ??
    meeting.items.find((item) => LEAD_STORY_ITEM_IDS.includes(item.itemId)) ??
    meeting.items[0];
  if (!found) throw new Error(`${meeting.plan.key}: no items to write a story about`);
  return found;
}

export function buildStory(meeting: ComposedMeeting, preferred: string | null): SeedStory {
  const lead = leadItem(meeting, preferred);
  const { story, highlights } = lead.built;
  const [first, second] = highlights;
  if (!first) throw new Error(`${lead.itemId} has no highlight`);
  const firstLine = locateQuote(meeting, lead, first.quote);
  const blockHighlight = second ?? first;
  const blockLine = locateQuote(meeting, lead, blockHighlight.quote);
  const others = meeting.items.filter((item) => item !== lead).slice(0, 4);
  const paragraphs = [
    story.lead,
    `"${quoteInSentence(first.quote)}" said ${attribution(meeting, firstLine.speaker)}.`,
    ...story.paragraphs,
    others.length
      ? `In other business, the ${meeting.roster.noun} ${joinClauses(others.map((item) => item.built.brief))}.`
      : "",
    `The ${meeting.roster.noun}'s next regular meeting is ${meeting.nextMeeting.weekday}, ${meeting.nextMeeting.long}.`,
  ].filter(Boolean);
  const body = paragraphs.join("\n\n");
  const person = personByLabel(meeting, blockLine.speaker);
  return {
    article: {
      headline: story.headline,
      body,
      word_count: body.split(/\s+/).filter(Boolean).length,
      primary_focus: story.primaryFocus,
    },
    sidebar_elements: {
      quote_block: {
        quote: blockHighlight.quote,
        attribution: person ? `${person.full}, ${person.title}` : "Resident, during public comment",
        context: blockHighlight.point,
      },
      quick_facts: [...story.quickFacts, `Next meeting: ${meeting.nextMeeting.long}`],
      background: story.background,
    },
    metadata: {
      follow_up_needed: story.followUpNeeded,
      next_meeting_date: meeting.nextMeeting.iso,
      sources_used: ["Meeting video and transcript", `${meeting.bodyName} agenda`],
      uncertainty_notes: [
        ...(story.uncertainty ?? []),
        "Names and titles come from the caption speaker labels and the agenda; spellings were not independently confirmed.",
      ],
    },
    notes: "Demo story written from the seeded transcript. Quotes are verbatim; figures are as stated in the meeting.",
  };
}

/** A story from before stories were structured: plain text, kept to exercise the fallback. */
export function buildLegacyStory(meeting: ComposedMeeting, preferred: string | null): string {
  const lead = leadItem(meeting, preferred);
  const { story } = lead.built;
  return [
    story.headline.toUpperCase(),
    "",
    story.lead,
    "",
    ...story.paragraphs.flatMap((p) => [p, ""]),
    "(Generated story, version 1.)",
  ].join("\n");
}

function daysAfter(date: Date, days: number, hourUtc: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days, hourUtc, 0, 0));
}

function recordFor(video: SeedVideo): SeedAnalysisRecord {
  if (video.key === DECISIONS_MEETING_KEY)
    return {
      videoKey: video.key,
      videoId: video.videoId,
      analysis: buildDecisionsAnalysis(video),
      analyzedAt: daysAfter(video.publishedAt, 1, 16),
      story: buildDecisionsStory(),
      storyGeneratedAt: daysAfter(video.publishedAt, 2, 15),
    };
  const meeting = video.meeting;
  if (!meeting) throw new Error(`${video.key}: analysis needs a composed meeting`);
  const analyzedAt = daysAfter(video.publishedAt, 1, 16);
  const storyGeneratedAt = video.story ? daysAfter(video.publishedAt, 2, 15) : null;
  const story =
    video.story === "structured"
      ? buildStory(meeting, video.storyItem)
      : video.story === "legacy"
        ? buildLegacyStory(meeting, video.storyItem)
        : null;
  return {
    videoKey: video.key,
    videoId: video.videoId,
    analysis: buildAnalysis(meeting),
    analyzedAt,
    story,
    storyGeneratedAt,
  };
}

export const SEED_ANALYSES: readonly SeedAnalysisRecord[] = SEED_VIDEOS.filter((video) => video.analysis).map(
  recordFor,
);
