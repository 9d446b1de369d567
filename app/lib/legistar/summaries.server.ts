/**
 * What the sync derives from a city's record for the person page
 * (docs/decisions/0072-person-page-at-scale.md), so the page reads indexes
 * instead of joining and aggregating 400,000 votes per view:
 *
 * - each vote carries copies of its item's event, date, agenda order and
 *   passed flag and its matter's type (the page's filters and order);
 * - legistar_agreements holds, per pair of people, over the items both
 *   voted yes or no on, how many and how many alike.
 *
 * The copies are brought up to date as each event and matter is stored, the
 * agreements at the end of a run that changed votes (finished or not), from
 * what is stored: nothing here is taken from Legistar directly.
 */
import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { queryRows } from "~/lib/db/rows.server";

/**
 * Rewrites the copies that differ from their item, event and matter on the
 * votes of one event's items, or of one matter's items: called by the sync
 * after it stored that event's items or that matter (a moved meeting, a
 * result corrected, a matter's new type). Answers how many it rewrote.
 */
export async function refreshVoteCopies(cityId: string, of: { event: number } | { matter: number }): Promise<number> {
  const scope = "event" in of ? sql`i.event_legistar_id = ${of.event}` : sql`i.matter_legistar_id = ${of.matter}`;
  const rows = await queryRows<{ one: number }>(sql`
    update legistar_votes v
    set event_legistar_id = i.event_legistar_id, event_date = e.date, agenda_sequence = i.agenda_sequence,
      passed_flag_name = i.passed_flag_name, matter_type = m.type_name
    from legistar_event_items i
    join legistar_events e on e.city_id = i.city_id and e.legistar_id = i.event_legistar_id
    left join legistar_matters m on m.city_id = i.city_id and m.legistar_id = i.matter_legistar_id
    where i.city_id = ${cityId} and ${scope}
      and v.city_id = i.city_id and v.event_item_legistar_id = i.legistar_id
      and (v.event_legistar_id, v.event_date, v.agenda_sequence, v.passed_flag_name, v.matter_type)
        is distinct from (i.event_legistar_id, e.date, i.agenda_sequence, i.passed_flag_name, m.type_name)
    returning 1 as one`);
  return rows.length;
}

/**
 * Recomputes the city's agreements, person by person (one short statement
 * each, well within the statement timeout at 400,000 votes): everyone with
 * a vote, and everyone with agreements still stored (whose votes are gone).
 */
export async function refreshAgreements(cityId: string): Promise<void> {
  const people = await queryRows<{ id: number }>(sql`
    select distinct person_legistar_id as id from legistar_votes where city_id = ${cityId} and kind = 'vote'
    union select person_legistar_id from legistar_agreements where city_id = ${cityId}`);
  for (const { id } of people) {
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`delete from legistar_agreements where city_id = ${cityId} and person_legistar_id = ${id}`);
      await tx.execute(sql`
        insert into legistar_agreements (city_id, person_legistar_id, colleague_legistar_id, colleague_name, together, same)
        select mine.city_id, mine.person_legistar_id, o.person_legistar_id, max(o.person_name),
          count(*)::int, (count(*) filter (where o.value = mine.value))::int
        from legistar_votes mine
        join legistar_votes o on o.city_id = mine.city_id and o.event_item_legistar_id = mine.event_item_legistar_id
          and o.kind = 'vote' and o.person_legistar_id <> mine.person_legistar_id and o.value in ('yes', 'no')
        where mine.city_id = ${cityId} and mine.person_legistar_id = ${id} and mine.kind = 'vote'
          and mine.value in ('yes', 'no')
        group by mine.city_id, mine.person_legistar_id, o.person_legistar_id`);
    });
  }
}
