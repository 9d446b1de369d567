/**
 * A city's meetings as calendar feeds (issue 29, deliverable 7;
 * docs/decisions/0076-bills-and-calendars.md):
 *
 *   await calendarEvents(cityId, { bodyId: 141, now });  // the body's meetings, 90 days back and on
 *
 * Each event of the record from CALENDAR_DAYS_BACK days before the city's
 * local today on (at most CALENDAR_LIMIT, soonest first), with its agenda
 * link, and the meeting page once a video is matched to it; else the
 * event's own page.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "~/lib/db/rows.server";
import type { IcalEvent } from "~/lib/feeds/ical";
import { zonedTimeToUtc } from "~/lib/feeds/ical";
import { meetingHref } from "~/lib/meetings/links";
import { href } from "react-router";
import { minutesOf, webAddress } from "./agenda.server";

export const CALENDAR_DAYS_BACK = 90;
export const CALENDAR_LIMIT = 500;

/**
 * A body of the city's record by its Legistar id, or null: a body the
 * record has, or one its events name (an event may name a body not read
 * yet), with the name of its newest event.
 */
export async function findBody(cityId: string, bodyId: number): Promise<{ id: number; name: string } | null> {
  if (!Number.isSafeInteger(bodyId) || bodyId <= 0 || bodyId > 2_147_483_647) return null;
  const [row] = await queryRows<{ name: string | null }>(sql`
    select coalesce(
      (select b.name from legistar_bodies b where b.city_id = ${cityId} and b.legistar_id = ${bodyId}),
      (select coalesce(e.body_name, 'Meeting') from legistar_events e
        where e.city_id = ${cityId} and e.body_legistar_id = ${bodyId}
        order by e.date desc nulls last limit 1)) as name`);
  return row?.name ? { id: bodyId, name: row.name } : null;
}

type EventRow = {
  id: number;
  body_name: string | null;
  date: string;
  time: string | null;
  location: string | null;
  agenda_url: string | null;
  synced_at: Date | string;
  meeting_id: string | null;
  time_zone: string;
};

/** The calendar's events of the city (or of one body); none without a legislative source. */
export async function calendarEvents(
  city: { id: string; locationKey: string },
  { bodyId = null, now, origin }: { bodyId?: number | null; now: Date; origin: string },
): Promise<IcalEvent[]> {
  const rows = await queryRows<EventRow>(sql`
    select e.legistar_id as id, e.body_name, e.date::text as date, e.time, e.location, e.agenda_url, e.synced_at,
      ev.city_video_id as meeting_id, s.time_zone
    from legistar_events e
    join legislative_sources s on s.city_id = e.city_id
    left join legistar_event_videos ev on ev.city_id = e.city_id and ev.event_legistar_id = e.legistar_id
    where e.city_id = ${city.id} and e.date is not null
      ${bodyId === null ? sql`` : sql`and e.body_legistar_id = ${bodyId}`}
      and e.date >= (${now.toISOString()}::timestamptz at time zone s.time_zone)::date - ${CALENDAR_DAYS_BACK}::int
    order by e.date, e.legistar_id
    limit ${CALENDAR_LIMIT}`);
  const host = new URL(origin).host;
  return rows
    .sort((a, b) => a.date.localeCompare(b.date) || minutesOf(a.time) - minutesOf(b.time) || a.id - b.id)
    .map((row) => {
      const minutes = minutesOf(row.time);
      const eventPage = href("/city/:locationKey/events/:eventId", {
        locationKey: encodeURIComponent(city.locationKey),
        eventId: String(row.id),
      });
      const meetingUrl = row.meeting_id
        ? `${origin}${meetingHref(row.meeting_id, { cityKey: city.locationKey })}`
        : null;
      const agendaUrl = webAddress(row.agenda_url);
      const description = [
        agendaUrl ? `Agenda: ${agendaUrl}` : null,
        meetingUrl ? `Meeting video: ${meetingUrl}` : `Meeting page: ${origin}${eventPage}`,
      ]
        .filter(Boolean)
        .join("\n");
      return {
        uid: `legistar-event-${row.id}-${city.id}@${host}`,
        stamp: new Date(row.synced_at),
        start: minutes < 24 * 60 ? zonedTimeToUtc(row.date, minutes, row.time_zone) : row.date,
        summary: row.body_name ?? "Meeting",
        location: row.location,
        description,
        url: meetingUrl ?? `${origin}${eventPage}`,
      };
    });
}
