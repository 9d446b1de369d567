/**
 * Saved searches matched against a city's upcoming agendas
 * (docs/decisions/0080-agenda-alerts-and-admin-links.md), in one statement
 * run after every sync of the city's official record:
 *
 *   await matchCityAgendas(cityId); // 2: two new alerts, their immediate mails queued
 *
 * - An upcoming event is one from the city's local today on with no video
 *   linked yet (the city page's upcoming meetings, ADR 0069).
 * - Each item's words are its title, its matter's title and its file
 *   number; a search matches an item as it matches a transcript segment
 *   (its query parsed as the search pages parse it, negated words
 *   included), and the first matching item in agenda order is the passage.
 * - A search with a kind of body matches when the city's sources are of
 *   that kind (all of them; a city with none or several counts as "city").
 * - Rows go into alert_matches by event ON CONFLICT DO NOTHING: a changed
 *   agenda or a re-run never alerts the same search twice for one event;
 *   the meeting's transcript, once analyzed, is an alert of its own.
 * Only Live cities match, and never a demo record (demo-record.ts).
 */
import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { queryRows } from "~/lib/db/rows.server";
import { getBoss, transactionExecutor } from "~/lib/jobs/boss.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { DEMO_CLIENT_PREFIX } from "~/lib/legistar/demo-record";
import { type NewMatch, SAVED_SEARCH_QUERY } from "./matching.server";

/** The statement, also run by the tests. */
export function agendaMatchStatement(cityId: string, now: Date) {
  return sql`
    with source as (
      select s.city_id, s.time_zone,
        coalesce((select min(u.body) from cities_urls cu join city_urls u on u.id = cu.url_id where cu.city_id = s.city_id
                  having count(distinct u.body) = 1 and count(*) = count(u.body)), 'city') as body
      from legislative_sources s
      join cities c on c.id = s.city_id and c.status = 'Live'
      where s.city_id = ${cityId}::uuid and s.client_id not like ${`${DEMO_CLIENT_PREFIX}%`}
    ),
    items as materialized (
      select i.city_id, i.event_legistar_id, i.agenda_sequence, i.legistar_id,
        concat_ws(': ', 'Item ' || nullif(btrim(i.agenda_number), ''),
          coalesce(nullif(btrim(i.title), ''), m.title, 'Agenda item')
            || coalesce(' (' || nullif(btrim(i.matter_file), '') || ')', '')) as passage,
        concat_ws(' ', i.title, m.title, i.matter_file) as words,
        to_tsvector('english', concat_ws(' ', i.title, m.title, i.matter_file)) as vector,
        so.body
      from source so
      join legistar_events e on e.city_id = so.city_id
        and e.date >= (${now.toISOString()}::timestamptz at time zone so.time_zone)::date
      join legistar_event_items i on i.city_id = e.city_id and i.event_legistar_id = e.legistar_id
      left join legistar_matters m on m.city_id = i.city_id and m.legistar_id = i.matter_legistar_id
      where not exists (select 1 from legistar_event_videos ev
        where ev.city_id = e.city_id and ev.event_legistar_id = e.legistar_id and ev.city_video_id is not null)
    ),
    agendas as materialized (
      select city_id, event_legistar_id, body, to_tsvector('english', string_agg(words, ' ')) as vector
      from items group by city_id, event_legistar_id, body
    ),
    searches as materialized (
      select ss.id, ss.user_id, ss.frequency, ss.city_ids, ss.body, q.query, querytree(q.query) as tree
      from saved_searches ss
      cross join lateral (select ${SAVED_SEARCH_QUERY} as query) q
      where ss.active
    ),
    -- The agenda as a whole holds the search's words (negated ones aside), as a meeting's word vector
    -- does for a transcript, and the search was not told of this event yet.
    candidates as (
      select s.id, s.user_id, s.frequency, s.query, a.city_id, a.event_legistar_id
      from agendas a
      join searches s on s.tree <> ''
        and (cardinality(s.city_ids) = 0 or a.city_id = any(s.city_ids))
        and (s.body is null or s.body = a.body)
        and (s.tree = 'T' or a.vector @@ s.tree::tsquery)
      where not exists (select 1 from alert_matches am where am.saved_search_id = s.id
        and am.city_id = a.city_id and am.event_legistar_id = a.event_legistar_id)
    ),
    found as (
      select distinct on (c.id, c.event_legistar_id) c.id, c.user_id, c.frequency, c.city_id, c.event_legistar_id,
        i.passage
      from candidates c
      join items i on i.city_id = c.city_id and i.event_legistar_id = c.event_legistar_id
      where ts_match_vq(i.vector, c.query)
      order by c.id, c.event_legistar_id, i.agenda_sequence nulls last, i.legistar_id
    ),
    inserted as (
      insert into alert_matches (saved_search_id, city_id, event_legistar_id, passage)
      select f.id, f.city_id, f.event_legistar_id, f.passage from found f
      on conflict (saved_search_id, city_id, event_legistar_id) do nothing
      returning id, saved_search_id
    )
    -- By the saved search's key: two CTE scans joined would be a nested loop over every new row.
    select i.id, ss.user_id as "userId", ss.frequency
    from inserted i join saved_searches ss on ss.id = i.saved_search_id`;
}

/**
 * Records the saved searches the city's upcoming agendas match (new ones
 * only) and queues one mail per member for those mailed at once, in one
 * transaction (as handleAlertMatchJob does); returns how many matched.
 */
export async function matchCityAgendas(cityId: string, now = new Date()): Promise<number> {
  // Most syncs find no saved search at all: then neither the statement nor the queue.
  const [any] = await queryRows<{ found: boolean }>(
    sql`select exists (select 1 from saved_searches where active) as found`,
  );
  if (!any?.found) return 0;
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    const matches = await queryRows<NewMatch>(agendaMatchStatement(cityId, now), tx);
    const byUser = new Map<string, string[]>();
    for (const match of matches) {
      if (match.frequency !== "immediate") continue;
      byUser.set(match.userId, [...(byUser.get(match.userId) ?? []), match.id]);
    }
    for (const [userId, matchIds] of byUser)
      await boss.send(QUEUES.alertMail, { userId, digest: "immediate", matchIds }, { db: transactionExecutor(tx) });
    return matches.length;
  });
}
