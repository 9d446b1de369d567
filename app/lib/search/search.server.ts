/**
 * Full-text search over meeting videos (docs/decisions/0008-search.md).
 *
 * A video matches when its fields (city_videos.fields_vector: title A,
 * decisions and agenda items B, entities and description C;
 * docs/decisions/0081-search-relevance.md) or one of its transcript segments
 * (transcript_segments.search_vector) match the query, made by
 * `websearch_to_tsquery` (so `"a phrase"`, `or` and `-word` work as people
 * expect) and made forgiving of accents and misspellings by
 * ./words.server.ts. Each result carries the best-matching segment (or,
 * newest first, the first) so that links land on the moment the words were
 * said. At scale a per-meeting word vector (city_videos.transcript_vector)
 * first tells which meetings can match (docs/decisions/0031-search-at-scale.md).
 */
import { type SQL, sql } from "drizzle-orm";
import { CITY_SEARCH_LIMIT, MEETING_SEARCH_LIMIT } from "~/lib/constants";
import { getDb } from "~/lib/db/client.server";
import { segmentHeadline, textHeadline } from "./headline.server";
import { headlineToHtml } from "./snippet";
import { hasNegation, meetingQuery, normalizeQuery } from "./query";
import { queryRows } from "~/lib/db/rows.server";
import { forgivingQuery } from "./words.server";

export type VideoSearchResult = {
  id: string;
  title: string;
  description: string | null;
  /** HTML whose only markup is <mark>; see ./snippet.ts. */
  snippet: string;
  /** 0 ≤ score < 1: ts_rank_cd normalized by rank / (rank + 1). */
  score: number;
  published_at: string | null;
  video_url: string | null;
  /** Where the best-matching transcript segment starts; null for a title or description match. */
  start_seconds: number | null;
  speaker: string | null;
  city: { id: string; name: string; state: string; domain: string | null; location_key: string };
};

type Row = {
  id: string;
  title: string | null;
  description: string | null;
  headline: string | null;
  score: number | string;
  published_at: string | null;
  video_url: string | null;
  start_seconds: number | string | null;
  speaker: string | null;
  city_id: string;
  city_name: string;
  city_state: string;
  city_domain: string | null;
  city_location_key: string;
};

export type Scope = { cityId?: string; cityKey?: string; liveOnly: boolean };

/** The cities whose videos may match: joined as `c` next to videos `v`. */
function scopeFilter(scope: Scope): SQL {
  const conditions: SQL[] = [sql`c.id = v.city_id`];
  if (scope.cityId) conditions.push(sql`v.city_id = ${scope.cityId}::uuid`);
  if (scope.cityKey) conditions.push(sql`c.location_key = ${scope.cityKey}`);
  if (scope.liveOnly) conditions.push(sql`c.status = 'Live'`);
  return sql.join(conditions, sql` and `);
}

/**
 * Up to this many meetings that can match (the candidate filter below), a
 * query is ranked by relevance over those meetings' segments alone.
 */
export const FEW_MEETINGS = 100;

/**
 * Past FEW_MEETINGS candidates, the newest this many candidate meetings are
 * read for matches: when they hold a page of results the query is common
 * and lists the newest matching meetings, and the page says so; otherwise
 * its matches are sparse and the segments' own index finds them all to rank
 * (docs/decisions/0031-search-at-scale.md).
 */
export const EXAMINED_MEETINGS = 200;

/** How results are ordered: by relevance, or newest first for a common query. */
export type SearchOrder = "relevance" | "newest";
export type VideoSearch = {
  order: SearchOrder;
  results: VideoSearchResult[];
  /**
   * The query with its misspelled words corrected: `applied` when the
   * results are the corrected query's (the query typed found nothing), else
   * offered ("Did you mean …?") because it finds clearly more.
   */
  correction?: { query: string; applied: boolean };
};

/** Videos `v` that can match: in their title and description, or by their transcript's words. */
function candidateFilter(tsquery: SQL, meeting: string | null): SQL {
  const transcript = meeting === null ? sql`true` : sql`v.transcript_vector @@ ${meeting}::tsquery`;
  return sql`(v.fields_vector @@ ${tsquery} or ${transcript})`;
}

/** The final rows of both orders: title, date, city and the snippet, on at most `limit` rows. */
function finalRows(tsquery: SQL): SQL {
  // ts_headline is the costly part: it runs on the final rows only.
  return sql`
    select t.id, v.title, v.description, t.score, t.start_seconds, t.speaker, v.video_url,
      to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as published_at,
      case when s.id is not null then ${segmentHeadline(sql`s.speaker`, sql`s.text`, tsquery)}
           else ${textHeadline(sql`concat_ws(' — ', v.title, v.description)`, tsquery)} end as headline,
      c.id as city_id, c.name as city_name, c.state as city_state, c.domain as city_domain,
      c.location_key as city_location_key
    from top t
    join city_videos v on v.id = t.id
    join cities c on c.id = v.city_id
    left join transcript_segments s on s.id = t.segment_id`;
}

/**
 * Whether segment `s` matches, written so that the planner cannot use the
 * segments' full-text index: within one meeting, reading its segments
 * through the (video, position) index is cheap, while the full-text index
 * would read every match in every meeting.
 */
function segmentMatches(tsquery: SQL): SQL {
  return sql`ts_match_vq(s.search_vector, ${tsquery})`;
}

/**
 * With `-word`, past this many matching segments (in all cities) a query
 * counts as common; up to it, its matches are sparse.
 */
export const SPARSE_SEGMENTS = 3_000;

/**
 * How many meetings in scope can match, counted up to FEW_MEETINGS + 1 from
 * the meeting vectors' index. For a query with `-word`, also how many
 * segments match, up to SPARSE_SEGMENTS + 1: the meeting vectors cannot see
 * that the word is excluded (every "stormwater" meeting may also say
 * "fee"), while the segments' index answers `a & !b` exactly, without
 * reading a row.
 */
export function probeStatement(query: TsqueryText, scope: Scope, meeting: string | null, negated = false): SQL {
  const tsquery = sql`${query}::tsquery`;
  const segments = negated
    ? sql`(select count(*)::int from (
        select 1 from transcript_segments s where s.search_vector @@ ${tsquery} limit ${SPARSE_SEGMENTS + 1}) h)`
    : sql`null::int`;
  return sql`
    select count(*)::int as meetings, ${segments} as segments from (
      select 1 from city_videos v, cities c
      where ${scopeFilter(scope)} and ${candidateFilter(tsquery, meeting)}
      limit ${FEW_MEETINGS + 1}) m`;
}

/**
 * The relevance statement: every match ranked, the best segment of each
 * video. With `meeting` (the meeting-level query) it reads only the
 * segments of the candidate meetings, one meeting at a time; without, the
 * matching segments through their own index. Exported for EXPLAIN checks.
 */
export function searchStatement(query: TsqueryText, scope: Scope, limit: number, meeting?: string | null): SQL {
  const inScope = scopeFilter(scope);
  // The tsquery is written out where it is used (not joined from a CTE), so
  // that the planner folds it to a constant and estimates from the GIN
  // index statistics. Normalization 32 maps a rank to rank / (rank + 1):
  // scores in [0, 1).
  const tsquery = sql`${query}::tsquery`;
  const hits =
    meeting === undefined
      ? sql`
    video_hits as (
      select v.id, ts_rank_cd(v.fields_vector, ${tsquery}, 32) as rank
      from city_videos v, cities c
      where v.fields_vector @@ ${tsquery} and ${inScope}
    ),
    segment_hits as (
      select distinct on (s.city_video_id)
        s.city_video_id as id, s.id as segment_id, s.start_seconds, s.speaker,
        ts_rank_cd(s.search_vector, ${tsquery}, 32) as rank
      from transcript_segments s, city_videos v, cities c
      where s.search_vector @@ ${tsquery} and v.id = s.city_video_id and ${inScope}
      order by s.city_video_id, rank desc, s.position
    ),`
      : sql`
    candidates as materialized (
      select v.id, v.fields_vector from city_videos v, cities c
      where ${inScope} and ${candidateFilter(tsquery, meeting)}
    ),
    video_hits as (
      select k.id, ts_rank_cd(k.fields_vector, ${tsquery}, 32) as rank
      from candidates k where k.fields_vector @@ ${tsquery}
    ),
    segment_hits as (
      select k.id, best.segment_id, best.start_seconds, best.speaker, best.rank
      from candidates k cross join lateral (
        select s.id as segment_id, s.start_seconds, s.speaker, ts_rank_cd(s.search_vector, ${tsquery}, 32) as rank
        from transcript_segments s
        where s.city_video_id = k.id and ${segmentMatches(tsquery)}
        order by rank desc, s.position
        limit 1
      ) best
    ),`;
  return sql`
    with ${hits}
    ranked as (
      select coalesce(vh.id, sh.id) as id,
        1 - (1 - coalesce(vh.rank, 0)) * (1 - coalesce(sh.rank, 0)) as score,
        sh.segment_id, sh.start_seconds, sh.speaker
      from video_hits vh full join segment_hits sh on sh.id = vh.id
    ),
    top as (
      select r.*, v.published_at from ranked r join city_videos v on v.id = r.id
      order by r.score desc, v.published_at desc nulls last, r.id
      limit ${limit}
    )
    ${finalRows(tsquery)}
    order by t.score desc, t.published_at desc nulls last, t.id
  `;
}

/**
 * The newest-first statement for a common query: the newest `examined`
 * candidate videos in scope (the published-at index, or the meeting
 * vectors' index and a sort), read in that order until `limit` of them
 * match in their title, description or a segment. Each lands on its first
 * matching segment (the moment the words first came up, through the
 * segment's (video, position) index) and keeps the same score as by
 * relevance. Matches scoring under `minScore` are passed over in the
 * statement, so that they do not take a place on the page (filtered after
 * it, a few weak ones made a common query look sparse: ADR 0081). Fewer than
 * `limit` rows mean the matches are sparse.
 */
export function newestStatement(
  query: TsqueryText,
  scope: Scope,
  limit: number,
  meeting: string | null,
  minScore = 0,
  examined = EXAMINED_MEETINGS,
): SQL {
  const inScope = scopeFilter(scope);
  const tsquery = sql`${query}::tsquery`;
  return sql`
    with examined as (
      select v.id, v.published_at, v.fields_vector from city_videos v, cities c
      where ${inScope} and ${candidateFilter(tsquery, meeting)}
      order by v.published_at desc nulls last, v.id
      limit ${examined}
    ),
    matches as (
      select e.id, e.published_at, first.segment_id, first.start_seconds, first.speaker,
        1 - (1 - case when e.fields_vector @@ ${tsquery} then ts_rank_cd(e.fields_vector, ${tsquery}, 32) else 0 end)
          * (1 - coalesce(first.rank, 0)) as score
      from examined e
      left join lateral (
        select s.id as segment_id, s.start_seconds, s.speaker, ts_rank_cd(s.search_vector, ${tsquery}, 32) as rank
        from transcript_segments s
        where s.city_video_id = e.id and ${segmentMatches(tsquery)}
        order by s.position
        limit 1
      ) first on true
      where e.fields_vector @@ ${tsquery} or first.segment_id is not null
    ),
    top as (
      select m.* from matches m
      where m.score >= ${minScore}
      order by m.published_at desc nulls last, m.id
      limit ${limit}
    )
    ${finalRows(tsquery)}
    order by t.published_at desc nulls last, t.id
  `;
}

function toNumber(value: number | string | null): number | null {
  if (value === null) return null;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

function toResult(row: Row): VideoSearchResult {
  return {
    id: row.id,
    title: row.title?.trim() || "Untitled meeting",
    description: row.description,
    snippet: headlineToHtml(row.headline ?? ""),
    score: toNumber(row.score) ?? 0,
    published_at: row.published_at,
    video_url: row.video_url,
    start_seconds: toNumber(row.start_seconds),
    speaker: row.speaker,
    city: {
      id: row.city_id,
      name: row.city_name,
      state: row.city_state,
      domain: row.city_domain,
      location_key: row.city_location_key,
    },
  };
}

/** A tsquery as text (what forgivingQuery makes of the words typed), cast where it is used. */
export type TsqueryText = string;

export type QueryForms = {
  /** The meeting-level form (see meetingQuery); "" when the query has no words to search for. */
  meeting: string | null;
  /** Whether it excludes words (`-word`). */
  negated: boolean;
};

function formsOfTree(tree: string, full: string): QueryForms {
  return { meeting: meetingQuery(tree), negated: hasNegation(full) };
}

/** The forms of a query as typed (websearch syntax). */
export async function queryFormsOf(query: string): Promise<QueryForms> {
  const rows = await queryRows<{ tree: string; full: string }>(
    sql`select querytree(q) as tree, q::text as full from websearch_to_tsquery('english', ${query}) q`,
  );
  return formsOfTree(rows[0]?.tree ?? "", rows[0]?.full ?? "");
}

async function tsqueryForms(tsquery: TsqueryText): Promise<QueryForms> {
  const rows = await queryRows<{ tree: string; full: string }>(
    sql`select querytree(q) as tree, q::text as full from (select ${tsquery}::tsquery as q) t`,
  );
  return formsOfTree(rows[0]?.tree ?? "", rows[0]?.full ?? "");
}

/**
 * Below this score (0 ≤ score < 1, see VideoSearchResult) a meeting is not
 * shown: weak matches (a word said once, far from the others, in a long
 * segment) are left out. Set on the tuned half of the relevance bench
 * (docs/decisions/0081-search-relevance.md).
 */
export const MIN_SCORE = 0.002;

/**
 * A corrected query is a guess: its results are shown (or offered) only at
 * this score and above, so that an unrelated word "corrected" into a common
 * one still says "No meetings found".
 */
export const MIN_CORRECTED_SCORE = 0.05;

/**
 * Few candidate meetings: relevance over their segments. Many: the newest
 * ones that match, when they fill the page; otherwise (sparse matches, or
 * few segments left by `-word`) relevance through the segments' index.
 */
async function searchTsquery(
  tsquery: TsqueryText,
  scope: Scope,
  limit: number,
  minScore = MIN_SCORE,
): Promise<VideoSearch & { candidates: number }> {
  const { meeting, negated } = await tsqueryForms(tsquery);
  if (meeting === "") return { order: "relevance", results: [], candidates: 0 };
  const bound = Math.max(1, Math.floor(limit));
  const db = getDb();
  // Only negated words ("-word") rank nothing: every meeting without them scores 0, and is shown.
  const floor = meeting === null ? 0 : minScore;
  const run = async (statement: SQL) =>
    (await queryRows<Row>(statement, db)).map(toResult).filter((result) => result.score >= floor);
  const [probe] = await queryRows<{ meetings: number; segments: number | null }>(
    probeStatement(tsquery, scope, meeting, negated),
    db,
  );
  const meetings = Number(probe?.meetings ?? 0);
  const candidates = meetings;
  if (meetings === 0) return { order: "relevance", results: [], candidates };
  if (meetings <= FEW_MEETINGS)
    return { order: "relevance", results: await run(searchStatement(tsquery, scope, bound, meeting)), candidates };
  const sparse = probe?.segments != null && probe.segments <= SPARSE_SEGMENTS;
  if (!sparse) {
    const newest = await run(newestStatement(tsquery, scope, bound, meeting, floor));
    if (newest.length >= bound) return { order: "newest", results: newest, candidates };
  }
  return { order: "relevance", results: await run(searchStatement(tsquery, scope, bound)), candidates };
}

/**
 * "Clearly more": the corrected query is offered when it finds at least
 * this many times as many meetings as the query typed, and two more.
 */
export const CLEARLY_MORE = 2;

/**
 * The search, forgiving (./words.server.ts): accents never matter; a query
 * with unknown words that finds nothing shows its correction's results
 * (`correction.applied`), and one that finds some is offered its
 * correction when that finds clearly more.
 */
async function runSearch(query: string, scope: Scope, limit: number): Promise<VideoSearch> {
  const text = normalizeQuery(query);
  if (!text) return { order: "relevance", results: [] };
  const { tsquery, corrected } = await forgivingQuery(text);
  if (!tsquery) return { order: "relevance", results: [] };
  const { candidates: typed, ...found } = await searchTsquery(tsquery, scope, limit);
  if (!corrected) return found;
  if (found.results.length === 0) {
    const better = await searchTsquery(corrected.tsquery, scope, limit, MIN_CORRECTED_SCORE);
    if (better.results.length === 0) return found;
    return { order: better.order, results: better.results, correction: { query: corrected.text, applied: true } };
  }
  // The probe counts to FEW_MEETINGS + 1: past half of that the correction cannot find clearly more.
  if (CLEARLY_MORE * typed + 2 > FEW_MEETINGS + 1) return found;
  const better = await candidateMeetings(corrected.tsquery, scope);
  if (better >= CLEARLY_MORE * typed + 2) return { ...found, correction: { query: corrected.text, applied: false } };
  return found;
}

/** How many meetings in scope can match (the probe's count, up to FEW_MEETINGS + 1). */
async function candidateMeetings(tsquery: TsqueryText, scope: Scope): Promise<number> {
  const { meeting, negated } = await tsqueryForms(tsquery);
  if (meeting === "") return 0;
  const [probe] = await queryRows<{ meetings: number }>(probeStatement(tsquery, scope, meeting, negated));
  return Number(probe?.meetings ?? 0);
}

/** A city's videos, best first (newest first for a common query), at most `limit`. */
export function citySearch(cityId: string, query: string, limit = CITY_SEARCH_LIMIT): Promise<VideoSearch> {
  return runSearch(query, { cityId, liveOnly: false }, limit);
}

/** searchCityVideos: citySearch's results alone. */
export async function searchCityVideos(cityId: string, query: string, limit = CITY_SEARCH_LIMIT) {
  return (await citySearch(cityId, query, limit)).results;
}

/**
 * The /search page: every Live city, or the one with `cityKey` whatever its
 * status (a non-Live city's own header searches its own meetings, as its
 * page shows them).
 */
export function liveCitySearch(
  query: string,
  options: { cityKey?: string | null; limit?: number } = {},
): Promise<VideoSearch> {
  const cityKey = options.cityKey ?? undefined;
  return runSearch(query, { cityKey, liveOnly: !cityKey }, options.limit ?? MEETING_SEARCH_LIMIT);
}

/** searchLiveCityVideos: liveCitySearch's results alone. */
export async function searchLiveCityVideos(query: string, options: { cityKey?: string | null; limit?: number } = {}) {
  return (await liveCitySearch(query, options)).results;
}
