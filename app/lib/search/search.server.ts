/**
 * Full-text search over meeting videos (docs/decisions/0008-search.md).
 *
 * A video matches when its title or description (city_videos.search_vector,
 * title weighted A, description B) or one of its transcript segments
 * (transcript_segments.search_vector) matches `websearch_to_tsquery`, so
 * `"a phrase"`, `or` and `-word` work as people expect. Each result carries
 * the best-matching segment (one per video, via DISTINCT ON) so that links
 * land on the moment the words were said.
 */
import { type SQL, sql } from "drizzle-orm";
import { CITY_SEARCH_LIMIT, MEETING_SEARCH_LIMIT } from "~/lib/constants";
import { getDb } from "~/lib/db/client.server";
import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE_FROM, HEADLINE_TRANSLATE_TO, headlineToHtml } from "./snippet";
import { normalizeQuery } from "./query";

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

/** The search statement itself; exported so that EXPLAIN checks can run it. */
export function searchStatement(query: string, scope: Scope, limit: number): SQL {
  const inScope = scopeFilter(scope);
  // The tsquery is written out where it is used (not joined from a CTE), so
  // that the planner folds it to a constant and estimates from the GIN
  // index statistics. Normalization 32 maps a rank to rank / (rank + 1):
  // scores in [0, 1). ts_headline is the costly part: it runs on the final rows only.
  const tsquery = sql`websearch_to_tsquery('english', ${query})`;
  return sql`
    with video_hits as (
      select v.id, ts_rank_cd(v.search_vector, ${tsquery}, 32) as rank
      from city_videos v, cities c
      where v.search_vector @@ ${tsquery} and ${inScope}
    ),
    segment_hits as (
      select distinct on (s.city_video_id)
        s.city_video_id as id, s.id as segment_id, s.start_seconds, s.speaker,
        ts_rank_cd(s.search_vector, ${tsquery}, 32) as rank
      from transcript_segments s, city_videos v, cities c
      where s.search_vector @@ ${tsquery} and v.id = s.city_video_id and ${inScope}
      order by s.city_video_id, rank desc, s.position
    ),
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
    select t.id, v.title, v.description, t.score, t.start_seconds, t.speaker, v.video_url,
      to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as published_at,
      ts_headline('english',
        translate(
          case when s.id is not null then concat_ws(': ', s.speaker, s.text)
               else concat_ws(' — ', v.title, v.description) end,
          ${HEADLINE_TRANSLATE_FROM}, ${HEADLINE_TRANSLATE_TO}),
        ${tsquery}, ${HEADLINE_OPTIONS}) as headline,
      c.id as city_id, c.name as city_name, c.state as city_state, c.domain as city_domain,
      c.location_key as city_location_key
    from top t
    join city_videos v on v.id = t.id
    join cities c on c.id = v.city_id
    left join transcript_segments s on s.id = t.segment_id
    order by t.score desc, t.published_at desc nulls last, t.id
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

async function runSearch(query: string, scope: Scope, limit: number): Promise<VideoSearchResult[]> {
  const text = normalizeQuery(query);
  if (!text) return [];
  const result = await getDb().execute(searchStatement(text, scope, Math.max(1, Math.floor(limit))));
  return (result as unknown as { rows: Row[] }).rows.map(toResult);
}

/** searchCityVideos: one city's videos, best first, at most `limit`. */
export function searchCityVideos(cityId: string, query: string, limit = CITY_SEARCH_LIMIT) {
  return runSearch(query, { cityId, liveOnly: false }, limit);
}

/**
 * The /search page: every Live city, or the one with `cityKey` whatever its
 * status (a non-Live city's own header searches its own meetings, as its
 * page shows them).
 */
export function searchLiveCityVideos(query: string, options: { cityKey?: string | null; limit?: number } = {}) {
  const cityKey = options.cityKey ?? undefined;
  return runSearch(query, { cityKey, liveOnly: !cityKey }, options.limit ?? MEETING_SEARCH_LIMIT);
}
