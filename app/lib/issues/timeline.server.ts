/**
 * An issue's timeline: every meeting of the issue's cities that the site's
 * own search (app/lib/search) finds for its query, in its bodies, newest
 * first; each with its matching passages (the transcript segments that
 * match, as search snippets), the key quotes of its analysis that match,
 * and an importance level from how much of the meeting they took.
 */
import { decisionLine } from "~/lib/meetings/decisions";
import { listDecisions } from "~/lib/meetings/decisions.server";
import { sql } from "drizzle-orm";
import { isPlainText, parseStoredAnalysis } from "~/lib/ai/stored";
import { BODIES, type Body } from "~/lib/constants";
import { highlightMoment } from "~/lib/meetings/view";
import { citySearch } from "~/lib/search/search.server";
import { segmentHeadline } from "~/lib/search/headline.server";
import { headlineToHtml } from "~/lib/search/snippet";
import { importanceLevel, type ImportanceLevel } from "./importance";
import { bodiesOf, issueCities, uuidArray, type TrackedIssue } from "./issues.server";
import { CHANNEL_UPLOADS } from "~/lib/youtube/source-url";
import { queryRows } from "~/lib/db/rows.server";

/** At most this many meetings per city on a timeline. */
export const TIMELINE_MEETINGS_PER_CITY = 200;
/** Matching passages shown per meeting. */
export const PASSAGES_PER_MEETING = 3;
/** Key quotes shown per meeting. */
export const QUOTES_PER_MEETING = 3;

export type TimelinePassage = {
  startSeconds: number | null;
  speaker: string | null;
  snippet: string;
  /** The whole segment's text, for the summary writers. */
  text: string;
};
export type TimelineQuote = { text: string; speaker: string; timestamp: string | null; seconds: number | null };

export type TimelineItem = {
  id: string;
  title: string;
  publishedAt: string | null;
  city: { name: string; state: string; locationKey: string };
  /** The body of the source that describes the meeting best (a playlist before a channel's uploads). */
  body: Body | null;
  /** The bodies of every source that lists the meeting (the chips filter by all of them). */
  bodies: Body[];
  sourceTitle: string | null;
  /** Where the search landed in the meeting (its best passage). */
  startSeconds: number | null;
  passages: TimelinePassage[];
  quotes: TimelineQuote[];
  matchingSegments: number;
  importance: ImportanceLevel;
  /** From the stored analysis, for the summary writers. */
  analysisSummary: string | null;
  matchingPoints: string[];
  actionItems: string[];
  /** What the meeting decided, one line each, from its meeting_decisions rows. */
  decisions: string[];
};

export type Timeline = { items: TimelineItem[]; counts: Record<Body, number> };

type MeetingRow = {
  id: string;
  title: string | null;
  published_at: string | null;
  analysis_results: unknown;
  /** Every listing source's body, the best-describing source first. */
  bodies: string[] | string | null;
  source_title: string | null;
  timed: boolean | string;
};

type PassageRow = {
  city_video_id: string;
  start_seconds: number | string | null;
  speaker: string | null;
  text: string;
  headline: string | null;
  matching: number | string;
  matching_seconds: number | string | null;
};

type TotalRow = { city_video_id: string; total: number | string; total_seconds: number | string | null };

const num = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/** For each meeting: its best matching passages, how many segments match and for how long, and its length. */
async function coverageOf(query: string, ids: string[]) {
  const tsquery = sql`websearch_to_tsquery('english', ${query})`;
  const idList = uuidArray(ids);
  const [passages, totals] = await Promise.all([
    queryRows<PassageRow>(sql`
      with m as (
        select s.city_video_id, s.position, s.start_seconds, s.end_seconds, s.speaker, s.text,
          row_number() over (partition by s.city_video_id
            order by ts_rank_cd(s.search_vector, ${tsquery}, 32) desc, s.position) as rank,
          count(*) over (partition by s.city_video_id) as matching,
          sum(greatest(coalesce(s.end_seconds - s.start_seconds, 0), 0)) over (partition by s.city_video_id) as matching_seconds
        from transcript_segments s
        where s.city_video_id = any(${idList}) and s.search_vector @@ ${tsquery}
      )
      select m.city_video_id, m.start_seconds, m.speaker, m.text, m.matching, m.matching_seconds,
        ${segmentHeadline(sql`m.speaker`, sql`m.text`, tsquery)} as headline
      from m where m.rank <= ${PASSAGES_PER_MEETING}
      order by m.city_video_id, m.start_seconds nulls last, m.position`),
    queryRows<TotalRow>(sql`
      select s.city_video_id, count(*) as total, max(s.end_seconds) - min(s.start_seconds) as total_seconds
      from transcript_segments s where s.city_video_id = any(${idList}) group by s.city_video_id`),
  ]);
  return { passages, totals: new Map(totals.map((row) => [row.city_video_id, row])) };
}

/** Which of `texts` match the query, as full-text search decides. */
async function matchingTexts(query: string, texts: string[]): Promise<Set<number>> {
  if (texts.length === 0) return new Set();
  const found = await queryRows<{ i: number | string }>(sql`
    select x.i from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as x(t, i)
    where to_tsvector('english', x.t) @@ websearch_to_tsquery('english', ${query})`);
  return new Set(found.map((row) => Number(row.i) - 1));
}

export async function buildTimeline(issue: Pick<TrackedIssue, "query" | "cityIds" | "bodies">): Promise<Timeline> {
  const counts: Record<Body, number> = { city: 0, school: 0, county: 0 };
  const cityList = await issueCities(issue);
  const searches = await Promise.all(
    cityList.map(async (city) => ({
      city,
      results: (await citySearch(city.id, issue.query, TIMELINE_MEETINGS_PER_CITY)).results,
    })),
  );
  const hits = searches.flatMap(({ city, results }) => results.map((result) => ({ city, result })));
  if (hits.length === 0) return { items: [], counts };
  const ids = hits.map((hit) => hit.result.id);
  const meetingRows = await queryRows<MeetingRow>(sql`
    select v.id, v.title, to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as published_at,
      v.analysis_results,
      array(select u.body from city_video_sources s join city_urls u on u.id = s.city_url_id
            where s.city_video_id = v.id and u.body is not null
            order by (u.url ~ ${CHANNEL_UPLOADS}), s.created_at, u.id) as bodies,
      (select u.title from city_video_sources s join city_urls u on u.id = s.city_url_id
       where s.city_video_id = v.id order by (u.url ~ ${CHANNEL_UPLOADS}), s.created_at, u.id limit 1) as source_title,
      (exists (select 1 from transcript_segments ts where ts.city_video_id = v.id and ts.start_seconds is not null)
        or not exists (select 1 from transcript_segments ts where ts.city_video_id = v.id)) as timed
    from city_videos v
    where v.id = any(${uuidArray(ids)})`);
  const byId = new Map(meetingRows.map((row) => [row.id, row]));
  const bodiesById = new Map(meetingRows.map((row) => [row.id, bodiesOfRow(row.bodies)]));
  const wanted = bodiesOf(issue.bodies);
  const kept = hits.filter(({ result }) => {
    const bodies = bodiesById.get(result.id) ?? [];
    return wanted.length === 0 || bodies.some((body) => wanted.includes(body));
  });
  if (kept.length === 0) return { items: [], counts };
  const { passages, totals } = await coverageOf(
    issue.query,
    kept.map(({ result }) => result.id),
  );

  // The analyses' highlights: which quotes (with their moment's point) match the issue.
  type Candidate = { meetingId: string; quote: TimelineQuote; text: string };
  const quoteCandidates: Candidate[] = [];
  const analyses = new Map<string, { summary: string | null; points: string[]; actions: string[] }>();
  const pointCandidates: { meetingId: string; text: string }[] = [];
  for (const { result } of kept) {
    const row = byId.get(result.id);
    const analysis = parseStoredAnalysis(row?.analysis_results);
    if (!analysis) continue;
    if (isPlainText(analysis)) {
      analyses.set(result.id, { summary: analysis.plainText.slice(0, 2000), points: [], actions: [] });
      continue;
    }
    analyses.set(result.id, {
      summary: analysis.summary.trim() || null,
      points: [],
      actions: analysis.action_items.map((item) => item.description),
    });
    const timed = row ? row.timed === true || String(row.timed) === "true" : true;
    for (const highlight of analysis.highlights) {
      pointCandidates.push({ meetingId: result.id, text: highlight.point_of_interest });
      for (const quote of highlight.quotes) {
        if (!quote.text.trim()) continue;
        quoteCandidates.push({
          meetingId: result.id,
          quote: { text: quote.text, speaker: quote.speaker, ...highlightMoment(highlight.timestamp, timed) },
          text: `${highlight.point_of_interest} ${quote.text}`,
        });
      }
    }
  }
  const [quoteMatches, pointMatches] = await Promise.all([
    matchingTexts(
      issue.query,
      quoteCandidates.map((candidate) => candidate.text),
    ),
    matchingTexts(
      issue.query,
      pointCandidates.map((candidate) => candidate.text),
    ),
  ]);
  pointCandidates.forEach((candidate, index) => {
    if (pointMatches.has(index)) analyses.get(candidate.meetingId)?.points.push(candidate.text);
  });

  const decisions = await listDecisions(kept.map(({ result }) => result.id));
  const items: TimelineItem[] = kept.map(({ city, result }) => {
    const row = byId.get(result.id);
    const own = passages.filter((passage) => passage.city_video_id === result.id);
    const total = totals.get(result.id);
    const matchingSegments = num(own[0]?.matching) ?? 0;
    const bodies = bodiesById.get(result.id) ?? [];
    const analysis = analyses.get(result.id);
    return {
      id: result.id,
      title: result.title,
      publishedAt: row?.published_at ?? result.published_at,
      city: { name: city.name, state: city.state, locationKey: city.locationKey },
      body: bodies[0] ?? null,
      bodies: BODIES.filter((body) => bodies.includes(body)),
      sourceTitle: row?.source_title ?? null,
      startSeconds: result.start_seconds,
      passages: own.map((passage) => ({
        startSeconds: num(passage.start_seconds),
        speaker: passage.speaker,
        snippet: headlineToHtml(passage.headline ?? ""),
        text: passage.text,
      })),
      quotes: quoteCandidates
        .filter((candidate, index) => candidate.meetingId === result.id && quoteMatches.has(index))
        .slice(0, QUOTES_PER_MEETING)
        .map((candidate) => candidate.quote),
      matchingSegments,
      importance: importanceLevel({
        matchingSegments,
        totalSegments: num(total?.total) ?? 0,
        matchingSeconds: num(own[0]?.matching_seconds),
        totalSeconds: num(total?.total_seconds),
      }),
      analysisSummary: analysis?.summary ?? null,
      matchingPoints: analysis?.points ?? [],
      actionItems: analysis?.actions ?? [],
      decisions: (decisions.get(result.id) ?? []).map(decisionLine),
    };
  });
  items.sort((a, b) => (b.publishedAt ?? "").localeCompare(a.publishedAt ?? "") || a.id.localeCompare(b.id));
  for (const item of items) for (const body of item.bodies) counts[body]++;
  return { items, counts };
}

/** A row's array of bodies (PGlite and node-postgres may hand it as text), the known ones, each once, in order. */
function bodiesOfRow(value: string[] | string | null): Body[] {
  const list =
    typeof value === "string"
      ? value
          .replace(/^\{|\}$/g, "")
          .split(",")
          .filter(Boolean)
      : (value ?? []);
  const known = list.filter((body): body is Body => (BODIES as readonly string[]).includes(body));
  return [...new Set(known)];
}

/**
 * The items shown with some bodies hidden: a meeting stays while one of
 * its bodies is shown (one of unknown body is always shown).
 */
export function visibleItems(items: readonly TimelineItem[], hidden: readonly Body[]): TimelineItem[] {
  return items.filter((item) => item.bodies.length === 0 || item.bodies.some((body) => !hidden.includes(body)));
}

/** `?hide=school,county` → the bodies to hide (unknown words ignored). */
export function parseHidden(value: string | null): Body[] {
  const words = (value ?? "").split(/[\s,]+/);
  return BODIES.filter((body) => words.includes(body));
}

/** The query string that toggles one body. */
export function toggleHidden(hidden: readonly Body[], body: Body): string {
  const next = hidden.includes(body) ? hidden.filter((b) => b !== body) : [...hidden, body];
  const ordered = BODIES.filter((b) => next.includes(b));
  return ordered.length ? `?hide=${ordered.join(",")}` : "";
}
