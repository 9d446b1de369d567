/**
 * The verified quotes of meetings, for the journalist's desk
 * (docs/decisions/0042-journalists-desk.md): a quote counts only when it is
 * in the current analysis's highlights (or the current story's sidebar) and
 * the current revision's verification report found it in the transcript.
 * Its time is where the transcript holds it.
 */
import { sql } from "drizzle-orm";
import { parseClockTime } from "~/lib/ai/timestamps";
import { isPlainText, parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import { getDb } from "~/lib/db/client.server";
import { getMeeting } from "~/lib/meetings/meetings.server";
import type { QuoteSource } from "./desk";
import { rowsOf } from "~/lib/db/rows.server";

/** One verified quote of a meeting, addressed by where it sits in the current content. */
export type MeetingQuote = {
  source: QuoteSource;
  highlight: number;
  quote: number;
  text: string;
  speaker: string;
  seconds: number | null;
  context: string;
};

type ReportQuote = { text: string; seconds: number | null };

/** The quotes a report found, by their trimmed text, with the time the transcript gives them. */
function verifiedInReport(report: unknown, timed: boolean): Map<string, ReportQuote> {
  const found = new Map<string, ReportQuote>();
  const quotes = (report as { quotes?: unknown } | null)?.quotes;
  if (!Array.isArray(quotes)) return found;
  for (const entry of quotes as unknown[]) {
    if (!entry || typeof entry !== "object") continue;
    const check = entry as { text?: unknown; verified?: unknown; segment?: { timestamp?: unknown } | null };
    if (check.verified !== true || typeof check.text !== "string" || !check.text.trim()) continue;
    const text = check.text.trim();
    if (found.has(text)) continue;
    const timestamp = typeof check.segment?.timestamp === "string" ? check.segment.timestamp : null;
    found.set(text, { text, seconds: timed && timestamp ? parseClockTime(timestamp) : null });
  }
  return found;
}

/** Every verified quote the meeting's current analysis and story hold, or null for an unknown meeting. */
export async function verifiedQuotesOfMeeting(meetingId: string): Promise<MeetingQuote[] | null> {
  const record = await getMeeting(meetingId);
  if (!record) return null;
  const quotes: MeetingQuote[] = [];
  const analysis = parseStoredAnalysis(record.analysisResults);
  if (analysis && !isPlainText(analysis)) {
    const found = verifiedInReport(record.analysisRevision?.verification, record.transcriptTimed);
    analysis.highlights.forEach((highlight, h) => {
      const highlightSeconds = record.transcriptTimed ? parseClockTime(highlight.timestamp) : null;
      highlight.quotes.forEach((quote, q) => {
        const check = found.get(quote.text.trim());
        if (!check) return;
        quotes.push({
          source: "analysis",
          highlight: h,
          quote: q,
          text: quote.text.trim(),
          speaker: quote.speaker,
          seconds: check.seconds ?? highlightSeconds,
          context: highlight.point_of_interest,
        });
      });
    });
  }
  const story = parseStoredStory(record.newsStory);
  if (story && !isPlainText(story)) {
    const block = story.sidebar_elements.quote_block;
    const check = verifiedInReport(record.storyRevision?.verification, record.transcriptTimed).get(block.quote.trim());
    if (block.quote.trim() && check)
      quotes.push({
        source: "story",
        highlight: 0,
        quote: 0,
        text: block.quote.trim(),
        speaker: block.attribution || "Unknown",
        seconds: check.seconds,
        context: block.context,
      });
  }
  return quotes;
}

export type QuoteSearch = { words: string; speaker: string; cityKey: string; page: number };

export type QuoteHit = {
  meetingId: string;
  title: string;
  publishedAt: string | null;
  city: { name: string; state: string; locationKey: string };
  highlight: number;
  quote: number;
  text: string;
  speaker: string;
  seconds: number | null;
  context: string;
};

export const QUOTES_PER_PAGE = 20;

type HitRow = {
  meeting_id: string;
  title: string | null;
  published_at: string | Date | null;
  city_name: string;
  city_state: string;
  location_key: string;
  hi: number | string;
  qi: number | string;
  text: string;
  speaker: string | null;
  context: string | null;
  segment_timestamp: string | null;
  highlight_timestamp: string | null;
};

const arrayOr = (value: ReturnType<typeof sql>) =>
  sql`case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end`;

/**
 * Verified highlight quotes across the meetings of Live cities, newest
 * meeting first: by words of the quote (full-text, English), a speaker's
 * name (any part) and a city. One statement; one extra row tells whether
 * another page follows.
 */
export async function searchVerifiedQuotes(search: QuoteSearch): Promise<{ hits: QuoteHit[]; hasMore: boolean }> {
  const words = search.words.trim();
  const speaker = search.speaker.trim();
  const cityKey = search.cityKey.trim();
  const offset = (Math.max(1, search.page) - 1) * QUOTES_PER_PAGE;
  const like = `%${speaker.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await getDb().execute(sql`
    with meetings as (
      select v.id, v.title, v.published_at, v.analysis_results as analysis,
        c.name as city_name, c.state as city_state, c.location_key,
        (select r.verification from analysis_revisions r where r.city_video_id = v.id
          order by r.created_at desc limit 1) as report
      from city_videos v join cities c on c.id = v.city_id
      where c.status = 'Live' and jsonb_typeof(v.analysis_results) = 'object'
        ${cityKey ? sql`and c.location_key = ${cityKey}` : sql``}
    )
    select m.id as meeting_id, m.title, m.published_at, m.city_name, m.city_state, m.location_key,
      h.ord - 1 as hi, q.ord - 1 as qi, btrim(q.value->>'text') as text, q.value->>'speaker' as speaker,
      h.value->>'point_of_interest' as context, h.value->>'timestamp' as highlight_timestamp,
      vq.segment_timestamp
    from meetings m
    cross join lateral jsonb_array_elements(${arrayOr(sql`m.analysis->'highlights'`)}) with ordinality h(value, ord)
    cross join lateral jsonb_array_elements(${arrayOr(sql`h.value->'quotes'`)}) with ordinality q(value, ord)
    cross join lateral (
      select x.value->'segment'->>'timestamp' as segment_timestamp
      from jsonb_array_elements(${arrayOr(sql`m.report->'quotes'`)}) x(value)
      where jsonb_typeof(x.value) = 'object' and x.value->>'verified' = 'true'
        and btrim(x.value->>'text') = btrim(q.value->>'text')
      limit 1
    ) vq
    where jsonb_typeof(q.value) = 'object' and coalesce(btrim(q.value->>'text'), '') <> ''
      ${words ? sql`and to_tsvector('english', q.value->>'text') @@ websearch_to_tsquery('english', ${words})` : sql``}
      ${speaker ? sql`and coalesce(q.value->>'speaker', '') ilike ${like}` : sql``}
    order by m.published_at desc nulls last, m.id, hi, qi
    limit ${QUOTES_PER_PAGE + 1} offset ${offset}
  `);
  const rows = rowsOf<HitRow>(result);
  return {
    hasMore: rows.length > QUOTES_PER_PAGE,
    hits: rows.slice(0, QUOTES_PER_PAGE).map((row) => {
      const timestamp = row.segment_timestamp ?? row.highlight_timestamp;
      const seconds = timestamp ? parseClockTime(timestamp) : null;
      return {
        meetingId: row.meeting_id,
        title: row.title?.trim() || "Untitled meeting",
        publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
        city: { name: row.city_name, state: row.city_state, locationKey: row.location_key },
        highlight: Number(row.hi),
        quote: Number(row.qi),
        text: row.text,
        speaker: row.speaker?.trim() || "Unknown",
        seconds: seconds === 0 && !row.segment_timestamp ? null : seconds,
        context: row.context ?? "",
      };
    }),
  };
}
