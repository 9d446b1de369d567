/**
 * Which Legistar event a meeting (video) is, as Content Management shows it,
 * and an admin's correction of it (docs/decisions/0080-agenda-alerts-and-admin-links.md):
 *
 *   await meetingEventLink(meetingId);        // { current: { id, label, method }, choices: [...] } or null
 *   await linkEventByAdmin(meetingId, 1234);  // "linked" | "unknown-event" | "not-found"
 *   await unlinkEventByAdmin(meetingId);      // "unlinked" | "not-linked" | "not-found"
 *
 * An admin's link is an "admin" row of legistar_event_videos; an unlink is
 * an "admin" row without a video, so the event stays without one. The
 * matcher (matching.server.ts) leaves both alone on every later sync.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cityVideos, legislativeSources, legistarEvents, legistarEventVideos } from "~/lib/db/schema";
import { formatLocalMeeting } from "~/lib/format/date";
import { isUuid } from "~/lib/uuid";
import { type EventChoice, LINK_METHOD_TEXT, type LinkMethod, type MeetingEventLink, NEARBY_DAYS } from "./event-link";
import { videoDay } from "./matching";

type EventRow = { legistarId: number; bodyName: string | null; date: string | null; time: string | null };

function choiceOf(event: EventRow, timeZone: string, linkedElsewhere: boolean): EventChoice {
  const when = event.date ? formatLocalMeeting(event.date, event.time, timeZone) : "Date to be announced";
  return { id: event.legistarId, label: `${event.bodyName ?? "Meeting"} — ${when}`, linkedElsewhere };
}

/** The video with its city's legislative source; null when either is missing. */
async function videoWithSource(meetingId: string) {
  if (!isUuid(meetingId)) return null;
  const [row] = await getDb()
    .select({
      id: cityVideos.id,
      cityId: cityVideos.cityId,
      title: cityVideos.title,
      publishedAt: cityVideos.publishedAt,
      timeZone: legislativeSources.timeZone,
    })
    .from(cityVideos)
    .innerJoin(legislativeSources, eq(legislativeSources.cityId, cityVideos.cityId))
    .where(eq(cityVideos.id, meetingId));
  return row ?? null;
}

/** The meeting's event and the events an admin may choose instead; null when its city has no legislative source. */
export async function meetingEventLink(meetingId: string): Promise<MeetingEventLink | null> {
  const video = await videoWithSource(meetingId);
  if (!video) return null;
  const db = getDb();
  const day = videoDay(
    { id: video.id, title: video.title, publishedAt: video.publishedAt, sourceTitles: [] },
    video.timeZone,
  );
  const event = {
    legistarId: legistarEvents.legistarId,
    bodyName: legistarEvents.bodyName,
    date: legistarEvents.date,
    time: legistarEvents.time,
  };
  const [current] = await db
    .select({ ...event, method: legistarEventVideos.method })
    .from(legistarEventVideos)
    .innerJoin(
      legistarEvents,
      and(
        eq(legistarEvents.cityId, legistarEventVideos.cityId),
        eq(legistarEvents.legistarId, legistarEventVideos.eventLegistarId),
      ),
    )
    .where(eq(legistarEventVideos.cityVideoId, video.id));
  // Nearest the video's day first; without a day, the newest.
  const nearby = day
    ? await db
        .select({ ...event, otherVideo: legistarEventVideos.cityVideoId })
        .from(legistarEvents)
        .leftJoin(
          legistarEventVideos,
          and(
            eq(legistarEventVideos.cityId, legistarEvents.cityId),
            eq(legistarEventVideos.eventLegistarId, legistarEvents.legistarId),
          ),
        )
        .where(
          and(
            eq(legistarEvents.cityId, video.cityId),
            sql`${legistarEvents.date} between ${day}::date - ${NEARBY_DAYS}::int and ${day}::date + ${NEARBY_DAYS}::int`,
          ),
        )
        .orderBy(
          sql`abs(${legistarEvents.date} - ${day}::date)`,
          asc(legistarEvents.date),
          asc(legistarEvents.legistarId),
        )
        .limit(50)
    : await db
        .select({ ...event, otherVideo: legistarEventVideos.cityVideoId })
        .from(legistarEvents)
        .leftJoin(
          legistarEventVideos,
          and(
            eq(legistarEventVideos.cityId, legistarEvents.cityId),
            eq(legistarEventVideos.eventLegistarId, legistarEvents.legistarId),
          ),
        )
        .where(eq(legistarEvents.cityId, video.cityId))
        .orderBy(sql`${legistarEvents.date} desc nulls last`, asc(legistarEvents.legistarId))
        .limit(50);
  return {
    current: current
      ? {
          ...choiceOf(current, video.timeZone, false),
          method: current.method as LinkMethod,
          how: LINK_METHOD_TEXT[current.method as LinkMethod],
        }
      : null,
    choices: nearby
      .filter((row) => row.legistarId !== current?.legistarId)
      .map((row) => choiceOf(row, video.timeZone, row.otherVideo !== null && row.otherVideo !== video.id)),
  };
}

/** A content change of the city: its pages read the link (content versions; the table's triggers bump them too). */
export type LinkOutcome = "linked" | "unknown-event" | "not-found";

/**
 * Links the meeting to one of its city's events, by an admin: the video's
 * link and the event's (to another video, or an unlink) are replaced.
 */
export async function linkEventByAdmin(meetingId: string, eventId: number): Promise<LinkOutcome> {
  const video = await videoWithSource(meetingId);
  if (!video) return "not-found";
  return getDb().transaction(async (tx) => {
    const [event] = await tx
      .select({ id: legistarEvents.legistarId })
      .from(legistarEvents)
      .where(and(eq(legistarEvents.cityId, video.cityId), eq(legistarEvents.legistarId, eventId)));
    if (!event) return "unknown-event";
    await tx.delete(legistarEventVideos).where(eq(legistarEventVideos.cityVideoId, video.id));
    await tx
      .insert(legistarEventVideos)
      .values({ cityId: video.cityId, eventLegistarId: eventId, cityVideoId: video.id, method: "admin" })
      .onConflictDoUpdate({
        target: [legistarEventVideos.cityId, legistarEventVideos.eventLegistarId],
        set: { cityVideoId: video.id, method: "admin", matchedAt: new Date() },
      });
    return "linked";
  });
}

export type UnlinkOutcome = "unlinked" | "not-linked" | "not-found";

/** Unlinks the meeting from its event, by an admin: the event stays without a video until an admin links one. */
export async function unlinkEventByAdmin(meetingId: string): Promise<UnlinkOutcome> {
  const video = await videoWithSource(meetingId);
  if (!video) return "not-found";
  const rows = await getDb()
    .update(legistarEventVideos)
    .set({ cityVideoId: null, method: "admin", matchedAt: new Date() })
    .where(eq(legistarEventVideos.cityVideoId, video.id))
    .returning({ eventId: legistarEventVideos.eventLegistarId });
  return rows.length > 0 ? "unlinked" : "not-linked";
}
