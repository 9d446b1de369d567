/**
 * Matching a newly analyzed meeting against every saved search, in one
 * statement (docs/decisions/0040-alerts.md):
 * - each active search's query is parsed with websearch_to_tsquery, as the
 *   search pages parse it; its meeting-level form (querytree: negated words
 *   dropped) is checked against the meeting's word vector
 *   (city_videos.transcript_vector), a few microseconds per search;
 * - the searches whose cities and body fit (the body of any source that
 *   lists the meeting) and whose words are all there
 *   then look for their first matching transcript segment, which is the
 *   passage the mail quotes (its speaker and second); a match in the title
 *   or description alone quotes the title, with no second;
 * - rows go into alert_matches ON CONFLICT DO NOTHING: a meeting analyzed
 *   again never alerts the same search twice.
 * Only meetings of Live cities match.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "~/lib/db/rows.server";

export type NewMatch = { id: string; userId: string; frequency: string };

/** A saved search's query as the search pages parse it (`ss` is the saved_searches row); agenda matching uses it too. */
export const SAVED_SEARCH_QUERY = sql`websearch_to_tsquery('english', ss.query)`;

/** The statement, also run by the benchmark. */
export function matchStatement(cityVideoId: string) {
  return sql`
    with meeting as (
      select v.id, v.city_id, v.title, v.search_vector, v.transcript_vector,
        array(select distinct u.body from city_video_sources s join city_urls u on u.id = s.city_url_id
              where s.city_video_id = v.id and u.body is not null) as bodies
      from city_videos v
      join cities c on c.id = v.city_id and c.status = 'Live'
      where v.id = ${cityVideoId}::uuid
    ),
    candidates as (
      select ss.id, ss.user_id, ss.frequency, q.query, m.id as meeting_id, m.title,
        m.search_vector @@ q.query as in_title
      from meeting m
      join saved_searches ss on ss.active
        and (cardinality(ss.city_ids) = 0 or m.city_id = any(ss.city_ids))
        and (ss.body is null or ss.body = any(m.bodies))
      cross join lateral (select ${SAVED_SEARCH_QUERY} as query) q
      cross join lateral (select querytree(q.query) as tree) t
      where t.tree <> ''
        and (m.search_vector @@ q.query
          or t.tree = 'T'
          or m.transcript_vector @@ t.tree::tsquery)
    ),
    found as (
      select k.id, k.user_id, k.frequency, k.meeting_id, s.start_seconds, s.speaker,
        coalesce(s.text, k.title, 'Meeting') as passage
      from candidates k
      left join lateral (
        select s.start_seconds, s.speaker, s.text
        from transcript_segments s
        where s.city_video_id = k.meeting_id and ts_match_vq(s.search_vector, k.query)
        order by s.position
        limit 1
      ) s on true
      where s.text is not null or k.in_title
    ),
    inserted as (
      insert into alert_matches (saved_search_id, city_video_id, start_seconds, speaker, passage)
      select f.id, f.meeting_id, f.start_seconds, f.speaker, f.passage from found f
      on conflict (saved_search_id, city_video_id) do nothing
      returning id, saved_search_id
    )
    select i.id, f.user_id as "userId", f.frequency
    from inserted i join found f on f.id = i.saved_search_id`;
}

/** Records the saved searches the meeting matches (new ones only) and returns them. */
export async function matchMeeting(cityVideoId: string): Promise<NewMatch[]> {
  return queryRows<NewMatch>(matchStatement(cityVideoId));
}
