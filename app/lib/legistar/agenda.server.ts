/**
 * The official agenda as pages read it (docs/decisions/0069-events-become-meetings.md):
 *
 *   await meetingAgenda(meetingId);        // the agenda of the event matched to this video, or null
 *   await upcomingMeetings(cityId, now);   // the city's events from today on without a video yet
 *   await cityEvent(cityId, eventId);      // one event with its agenda, and its video once matched
 *
 * Everything from Legistar stays text; its links are kept only when they
 * are web addresses.
 */
import { and, asc, eq, getTableColumns, gte, isNull, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import {
  legislativeSources,
  legistarEventItems,
  legistarMatters,
  legistarEvents,
  legistarEventVideos,
  transcriptSegments,
} from "~/lib/db/schema";
import { keysetAfter, keysetOrder, type KeyColumn } from "~/lib/db/keyset.server";
import { zonedTimeToUtc } from "~/lib/feeds/ical";
import { formatLocalMeeting } from "~/lib/format/date";
import { momentLabel } from "~/lib/meetings/decisions";
import { isUuid } from "~/lib/uuid";
import { itemMoments, type AgendaItemView, type AgendaView, type EventView, type ItemMoment } from "./agenda";

/** Minutes after midnight of a Legistar time ("1:30 PM" → 810); an unreadable one comes last. */
export function minutesOf(time: string | null): number {
  const match = /^\s*(\d{1,2}):(\d{2})\s*([AP])\.?M/i.exec(time ?? "");
  if (!match) return 24 * 60;
  const hours = (Number(match[1]) % 12) + (match[3]!.toUpperCase() === "P" ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/** Only a web address becomes a link. */
export function webAddress(value: string | null): string | null {
  const url = value?.trim();
  return url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
}

type EventRow = typeof legistarEvents.$inferSelect;

function eventView(event: EventRow, timeZone: string): EventView {
  const minutes = minutesOf(event.time);
  return {
    id: event.legistarId,
    bodyId: event.bodyLegistarId,
    bodyName: event.bodyName ?? "Meeting",
    when: event.date ? formatLocalMeeting(event.date, event.time, timeZone) : "Date to be announced",
    date: event.date,
    time: event.time?.trim() || null,
    startsAt: event.date && minutes < 24 * 60 ? zonedTimeToUtc(event.date, minutes, timeZone).toISOString() : null,
    location: event.location,
    agendaUrl: webAddress(event.agendaUrl),
    minutesUrl: webAddress(event.minutesUrl),
    pageUrl: webAddress(event.pageUrl),
  };
}

/** An event's items, each with whether its matter is in the record (so that its file links to a page that exists). */
async function itemsOf(cityId: string, eventId: number) {
  return getDb()
    .select({
      ...getTableColumns(legistarEventItems),
      // Written out in full: inside a subquery Drizzle would name the outer
      // columns without their table, and they would resolve to the matter's own.
      matterStored: sql<boolean>`exists (select 1 from ${legistarMatters} m
        where m.city_id = legistar_event_items.city_id and m.file = legistar_event_items.matter_file)`,
    })
    .from(legistarEventItems)
    .where(and(eq(legistarEventItems.cityId, cityId), eq(legistarEventItems.eventLegistarId, eventId)))
    .orderBy(asc(legistarEventItems.agendaSequence), asc(legistarEventItems.legistarId));
}

async function segmentsOf(meetingId: string) {
  return getDb()
    .select({ startSeconds: transcriptSegments.startSeconds, text: transcriptSegments.text })
    .from(transcriptSegments)
    .where(eq(transcriptSegments.cityVideoId, meetingId))
    .orderBy(asc(transcriptSegments.position));
}

function itemViews(
  items: (typeof legistarEventItems.$inferSelect & { matterStored: boolean })[],
  moments: ItemMoment[],
): AgendaItemView[] {
  return items.map((item, index) => {
    const moment = moments[index] ?? null;
    return {
      id: item.legistarId,
      number: item.agendaNumber?.trim() || null,
      title: item.title?.trim() || "(untitled item)",
      matterFile: item.matterFile?.trim() || null,
      matterStored: item.matterStored,
      action: item.actionName?.trim() || null,
      passed: item.passedFlagName?.trim() || null,
      tally: item.tally?.trim() || null,
      consent: item.consent,
      moment: moment ? { ...moment, label: momentLabel(moment.seconds)! } : null,
    };
  });
}

/** An event and the link to its video (legistar_event_videos). */
const EVENT_HAS_VIDEO = and(
  eq(legistarEventVideos.cityId, legistarEvents.cityId),
  eq(legistarEventVideos.eventLegistarId, legistarEvents.legistarId),
);

/** The official agenda of the event matched to this video, with each item's moment; null when none is. */
export async function meetingAgenda(meetingId: string): Promise<AgendaView | null> {
  if (!isUuid(meetingId)) return null;
  const [row] = await getDb()
    .select({ event: legistarEvents, timeZone: legislativeSources.timeZone })
    .from(legistarEventVideos)
    .innerJoin(legistarEvents, EVENT_HAS_VIDEO)
    .innerJoin(legislativeSources, eq(legislativeSources.cityId, legistarEvents.cityId))
    .where(eq(legistarEventVideos.cityVideoId, meetingId))
    .limit(1);
  if (!row) return null;
  const [items, segments] = await Promise.all([itemsOf(row.event.cityId, row.event.legistarId), segmentsOf(meetingId)]);
  const moments = itemMoments(
    items.map((item) => ({ number: item.agendaNumber, title: item.title, videoIndex: item.videoIndex })),
    segments,
  );
  return { event: eventView(row.event, row.timeZone), items: itemViews(items, moments) };
}

/**
 * The city's events from its local today on that have no video yet, soonest
 * first; one statement (the city page counts them), none without a source.
 */
export async function upcomingMeetings(cityId: string, now: Date, limit = 5): Promise<EventView[]> {
  const rows = await getDb()
    .select({ event: legistarEvents, timeZone: legislativeSources.timeZone })
    .from(legistarEvents)
    .innerJoin(legislativeSources, eq(legislativeSources.cityId, legistarEvents.cityId))
    .leftJoin(legistarEventVideos, EVENT_HAS_VIDEO)
    .where(
      and(
        eq(legistarEvents.cityId, cityId),
        gte(
          legistarEvents.date,
          sql`(${now.toISOString()}::timestamptz at time zone ${legislativeSources.timeZone})::date`,
        ),
        isNull(legistarEventVideos.cityVideoId),
      ),
    )
    .orderBy(asc(legistarEvents.date), asc(legistarEvents.legistarId))
    .limit(limit);
  // Legistar's times are text ("9:00 AM", "1:30 PM"): a day's meetings are put in order here.
  return rows
    .sort(
      (a, b) =>
        (a.event.date ?? "").localeCompare(b.event.date ?? "") ||
        minutesOf(a.event.time) - minutesOf(b.event.time) ||
        a.event.legistarId - b.event.legistarId,
    )
    .map((row) => eventView(row.event, row.timeZone));
}

/** One event of the city with its agenda, and the id of its video once one is matched; null when unknown. */
export async function cityEvent(
  cityId: string,
  eventId: number,
): Promise<{ agenda: AgendaView; meetingId: string | null } | null> {
  if (!Number.isSafeInteger(eventId) || eventId <= 0 || eventId > 2_147_483_647) return null;
  const [row] = await getDb()
    .select({
      event: legistarEvents,
      timeZone: legislativeSources.timeZone,
      meetingId: legistarEventVideos.cityVideoId,
    })
    .from(legistarEvents)
    .innerJoin(legislativeSources, eq(legislativeSources.cityId, legistarEvents.cityId))
    .leftJoin(legistarEventVideos, EVENT_HAS_VIDEO)
    .where(and(eq(legistarEvents.cityId, cityId), eq(legistarEvents.legistarId, eventId)));
  if (!row) return null;
  if (row.meetingId)
    return { agenda: { event: eventView(row.event, row.timeZone), items: [] }, meetingId: row.meetingId };
  const items = await itemsOf(cityId, eventId);
  return {
    agenda: {
      event: eventView(row.event, row.timeZone),
      items: itemViews(
        items,
        items.map(() => null),
      ),
    },
    meetingId: null,
  };
}

/** Where an event stands in a list: its day, its time in minutes after midnight (minutesOf) and its Legistar id. */
export type EventKey = [string | null, number, number];

/**
 * minutesOf in SQL, so that a day's events are paged in the order of their
 * times (an unreadable time last): "1:30 PM" → 810.
 */
const EVENT_MINUTES = sql`(case when ${legistarEvents.time} ~* '^[[:space:]]*[0-9]{1,2}:[0-9]{2}[[:space:]]*[ap][.]?m'
  then (substring(${legistarEvents.time} from '^[[:space:]]*([0-9]{1,2}):')::int % 12) * 60
    + substring(${legistarEvents.time} from '^[[:space:]]*[0-9]{1,2}:([0-9]{2})')::int
    + (case when ${legistarEvents.time} ~* '^[[:space:]]*[0-9]{1,2}:[0-9]{2}[[:space:]]*p' then 720 else 0 end)
  else ${24 * 60} end)`;

const eventKey = (desc: boolean): KeyColumn[] => [
  { expr: sql`${legistarEvents.date}`, desc, type: "date" },
  { expr: EVENT_MINUTES, desc, type: "int" },
  { expr: sql`${legistarEvents.legistarId}`, desc, type: "int" },
];

/**
 * The city's events, past and upcoming, each with the id of its video once
 * one is matched: newest first or, `oldest` first, in the order of their days
 * and times (events without a day last), `limit` after an event's key, from
 * and to local days (inclusive); with the key of the next page's start (null
 * on the last). None without a legislative source.
 */
export async function listEvents(
  cityId: string,
  options: {
    from: string | null;
    to: string | null;
    order: "newest" | "oldest";
    after: EventKey | null;
    limit: number;
  },
): Promise<{ events: { event: EventView; meetingId: string | null }[]; next: EventKey | null }> {
  const key = eventKey(options.order === "newest");
  const conditions: (SQL | undefined)[] = [
    eq(legistarEvents.cityId, cityId),
    options.from === null ? undefined : gte(legistarEvents.date, options.from),
    options.to === null ? undefined : lte(legistarEvents.date, options.to),
    options.after === null ? undefined : keysetAfter(key, options.after),
  ];
  const rows = await getDb()
    .select({
      event: legistarEvents,
      timeZone: legislativeSources.timeZone,
      meetingId: legistarEventVideos.cityVideoId,
      minutes: sql<number>`${EVENT_MINUTES}`,
    })
    .from(legistarEvents)
    .innerJoin(legislativeSources, eq(legislativeSources.cityId, legistarEvents.cityId))
    .leftJoin(legistarEventVideos, EVENT_HAS_VIDEO)
    .where(and(...conditions))
    .orderBy(keysetOrder(key))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    events: page.map((row) => ({ event: eventView(row.event, row.timeZone), meetingId: row.meetingId })),
    next: rows.length > options.limit && last ? [last.event.date, Number(last.minutes), last.event.legistarId] : null,
  };
}
