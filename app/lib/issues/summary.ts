/**
 * The AI summary of a tracked issue's state (docs/product.md, "AI summary"): current status, key developments with date and
 * body, next steps, confidence and sources. Every claim cites a meeting of
 * the issue's timeline; a claim that cites anything else is dropped, as the
 * analyses' verification pass drops quotes it cannot find
 * (docs/decisions/0041-issue-timelines.md). The date and body of a
 * development, and the sources, come from the cited meetings, never from
 * the model.
 */
import { z } from "zod";
import { BODY_LABELS, type Body } from "~/lib/constants";

/** What the model (or the offline writer) returns; meetings are cited by their reference ("M1", "M2", …). */
export const issueSummaryModelSchema = z.object({
  title: z.string().describe("A short title for the state of the issue"),
  current_status: z.object({
    text: z.string().describe("Two or three sentences on where the issue stands now"),
    meetings: z.array(z.string()).describe('References of the meetings this is based on, e.g. ["M1"]'),
  }),
  key_developments: z
    .array(
      z.object({
        meeting: z.string().describe('The reference of the one meeting where this happened, e.g. "M2"'),
        summary: z.string().describe("One sentence on what happened there"),
      }),
    )
    .describe("Newest first"),
  next_steps: z.array(
    z.object({
      meeting: z.string().describe("The reference of the meeting where this next step was set"),
      text: z.string(),
    }),
  ),
  confidence_score: z.number().describe("0 to 1: how well the meetings support this summary"),
});
export type IssueSummaryDraft = z.infer<typeof issueSummaryModelSchema>;

/** A meeting of the timeline as the summary writers see it. */
export type SummaryMeeting = {
  /** "M1" (newest) … */
  ref: string;
  id: string;
  title: string;
  /** YYYY-MM-DD, or null when unknown. */
  date: string | null;
  body: Body | null;
  /** The source's title (the body that met), e.g. "Alder Creek City Council Meetings". */
  sourceTitle: string | null;
  cityName: string;
  /** The stored analysis's summary, null when the meeting has none. */
  analysisSummary: string | null;
  /** Highlight points and action items of the analysis that match the issue. */
  matchingPoints: string[];
  actionItems: string[];
  /** The matching transcript passages, as plain text. */
  passages: string[];
};

export type StoredIssueSummary = {
  title: string;
  current_status: { text: string; meeting_ids: string[] } | null;
  key_developments: { date: string | null; entity: string; body: Body | null; summary: string; meeting_id: string }[];
  next_steps: { text: string; meeting_id: string }[];
  confidence_score: number;
  sources: { entity: string; date: string | null; title: string; meeting_id: string }[];
  /** Claims left out because they cited a meeting outside the timeline. */
  dropped_claims: number;
};

export const storedIssueSummarySchema: z.ZodType<StoredIssueSummary> = z.object({
  title: z.string(),
  current_status: z.object({ text: z.string(), meeting_ids: z.array(z.string()) }).nullable(),
  key_developments: z.array(
    z.object({
      date: z.string().nullable(),
      entity: z.string(),
      body: z.enum(["city", "school", "county"]).nullable(),
      summary: z.string(),
      meeting_id: z.string(),
    }),
  ),
  next_steps: z.array(z.object({ text: z.string(), meeting_id: z.string() })),
  confidence_score: z.number(),
  sources: z.array(
    z.object({ entity: z.string(), date: z.string().nullable(), title: z.string(), meeting_id: z.string() }),
  ),
  dropped_claims: z.number(),
});

/** A stored summary, or null when none or unreadable. */
export function parseStoredIssueSummary(value: unknown): StoredIssueSummary | null {
  const parsed = storedIssueSummarySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The name of the body that met: its source's title, else the body's label and the city. */
export function entityOf(meeting: Pick<SummaryMeeting, "body" | "sourceTitle" | "cityName">): string {
  if (meeting.sourceTitle?.trim()) return meeting.sourceTitle.trim();
  return meeting.body ? `${meeting.cityName} ${BODY_LABELS[meeting.body]}` : meeting.cityName;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/**
 * Ties every claim of a draft to the timeline: claims citing a reference
 * that is not one of `meetings` are dropped (and counted); the developments'
 * dates and bodies and the sources come from the cited meetings.
 */
export function citeTimelineOnly(draft: IssueSummaryDraft, meetings: readonly SummaryMeeting[]): StoredIssueSummary {
  const byRef = new Map(meetings.map((meeting) => [meeting.ref.trim().toUpperCase(), meeting]));
  const find = (ref: string) => byRef.get(ref.trim().toUpperCase()) ?? null;
  let dropped = 0;
  const cited = new Set<string>();

  const statusMeetings = draft.current_status.meetings.map(find);
  let currentStatus: StoredIssueSummary["current_status"] = null;
  if (draft.current_status.text.trim()) {
    if (statusMeetings.length > 0 && statusMeetings.every((meeting) => meeting !== null)) {
      const ids = [...new Set(statusMeetings.map((meeting) => meeting!.id))];
      ids.forEach((id) => cited.add(id));
      currentStatus = { text: draft.current_status.text.trim(), meeting_ids: ids };
    } else dropped++;
  }

  const developments: StoredIssueSummary["key_developments"] = [];
  for (const development of draft.key_developments) {
    const meeting = find(development.meeting);
    if (!meeting || !development.summary.trim()) {
      dropped++;
      continue;
    }
    cited.add(meeting.id);
    developments.push({
      date: meeting.date,
      entity: entityOf(meeting),
      body: meeting.body,
      summary: development.summary.trim(),
      meeting_id: meeting.id,
    });
  }
  developments.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));

  const nextSteps: StoredIssueSummary["next_steps"] = [];
  for (const step of draft.next_steps) {
    const meeting = find(step.meeting);
    if (!meeting || !step.text.trim()) {
      dropped++;
      continue;
    }
    cited.add(meeting.id);
    nextSteps.push({ text: step.text.trim(), meeting_id: meeting.id });
  }

  const sources = meetings
    .filter((meeting) => cited.has(meeting.id))
    .map((meeting) => ({
      entity: entityOf(meeting),
      date: meeting.date,
      title: meeting.title,
      meeting_id: meeting.id,
    }));
  return {
    title: draft.title.trim() || "State of the issue",
    current_status: currentStatus,
    key_developments: developments,
    next_steps: nextSteps,
    confidence_score: clamp01(draft.confidence_score),
    sources,
    dropped_claims: dropped,
  };
}

// ---------------------------------------------------------------- the offline writer

/** Sentences: a stop followed by a space and a capital or a quote ("$3.4 million" is not cut). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z"“‘(])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** The longest claim the offline writer copies. */
export const MAX_CLAIM = 300;

export function firstSentence(text: string): string {
  const sentence = sentencesOf(text)[0] ?? "";
  return sentence.length > MAX_CLAIM ? `${sentence.slice(0, MAX_CLAIM - 3).trimEnd()}…` : sentence;
}

/** "September 22, 2026" from "2026-09-22". */
export function longDate(date: string): string {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/** A transcript passage without its speaker label ("MAYOR OKAFOR: …"). */
function withoutSpeaker(passage: string): string {
  return passage.replace(/^[A-Z][A-Z .'-]{1,60}:\s+/, "");
}

/** Words of a query, lowercased, without operators and short words: a rough match for picking sentences. */
export function queryStems(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .replace(/(^|\s)-\S+/g, " ")
        .split(/[^a-z0-9]+/)
        .filter((word) => word.length > 2 && word !== "and" && word !== "the")
        .map((word) => word.slice(0, 5)),
    ),
  ];
}

export function mentions(text: string, stems: readonly string[]): number {
  const words = text.toLowerCase().split(/[^a-z0-9]+/);
  return stems.filter((stem) => words.some((word) => word.startsWith(stem))).length;
}

/**
 * The offline provider's summary: extractive, from the matched meetings'
 * analyses (newest first) and, for a meeting without one, its passages.
 */
export function writeOfflineIssueSummary(input: {
  title: string;
  query: string;
  meetings: readonly SummaryMeeting[];
}): IssueSummaryDraft {
  const stems = queryStems(input.query);
  // Two of the query's words (or its only one): "Alder Creek" alone says nothing about a creek-side development.
  const all = Math.max(1, Math.min(2, stems.length));
  /**
   * The sentence (or two neighboring sentences, at a small cost) of `texts`
   * that names most of the query's words, at least `least` of them; the
   * earliest of equals. Sentences longer than MAX_CLAIM are passed over.
   */
  const best = (texts: readonly string[], least = all): string | null => {
    let found: { text: string; score: number } | null = null;
    for (const sentences of texts.map(sentencesOf)) {
      sentences.forEach((sentence, index) => {
        const next = sentences[index + 1];
        const windows = [
          { text: sentence, score: mentions(sentence, stems) },
          ...(next ? [{ text: `${sentence} ${next}`, score: mentions(`${sentence} ${next}`, stems) - 0.5 }] : []),
        ];
        for (const window of windows) {
          if (window.text.length > MAX_CLAIM || window.score < least - 0.5) continue;
          if (!found || window.score > found.score) found = window;
        }
      });
    }
    return found ? (found as { text: string }).text : null;
  };
  const developments = input.meetings.flatMap((meeting) => {
    const sentence =
      best(meeting.matchingPoints) ??
      best(meeting.analysisSummary ? [meeting.analysisSummary] : []) ??
      best(meeting.passages.map(withoutSpeaker), 1);
    return sentence ? [{ meeting: meeting.ref, summary: sentence }] : [];
  });
  const newest = input.meetings[0];
  const status = newest
    ? {
        text: `Most recently, at ${entityOf(newest)}${newest.date ? ` on ${longDate(newest.date)}` : ""}: ${
          developments.find((development) => development.meeting === newest.ref)?.summary ?? newest.title
        }`,
        meetings: [newest.ref],
      }
    : { text: "", meetings: [] };
  const nextSteps = input.meetings
    .flatMap((meeting) =>
      meeting.actionItems
        .filter((item) => mentions(item, stems) > 0)
        .map((item) => ({ meeting: meeting.ref, text: firstSentence(item) })),
    )
    .slice(0, 4);
  const analyzed = input.meetings.filter((meeting) => meeting.analysisSummary !== null).length;
  const share = input.meetings.length ? analyzed / input.meetings.length : 0;
  return {
    title: input.title,
    current_status: status,
    key_developments: developments.slice(0, 8),
    next_steps: nextSteps,
    // Extractive: as sure as the analyses it copies; less when meetings have none.
    confidence_score: input.meetings.length ? Math.round((0.4 + 0.4 * share) * 100) / 100 : 0,
  };
}
