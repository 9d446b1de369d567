/**
 * Stores which video is which Legistar event of a city
 * (docs/decisions/0069-events-become-meetings.md; the rule is matching.ts):
 *
 *   await matchCityEvents(cityId); // { linked: 2, changed: 0 }
 *
 * Run after every sync and after a refresh of the city's videos. A link an
 * admin set ("admin") is kept, and its event and video are left out of the
 * matching; every other link is made what the rule says now, so a re-run
 * writes nothing and a link whose reason went (a renamed video) goes.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import {
  cities,
  cityUrls,
  cityVideoSources,
  cityVideos,
  legislativeSources,
  legistarBodies,
  legistarEvents,
  legistarEventVideos,
} from "~/lib/db/schema";
import { matchEvents, type EventLink } from "./matching";

export type MatchOutcome = { linked: number; changed: number };

/** Matches the city's events to its videos; nothing when the city has no legislative source. */
export async function matchCityEvents(cityId: string): Promise<MatchOutcome> {
  const db = getDb();
  const [city] = await db
    .select({ name: cities.name, timeZone: legislativeSources.timeZone })
    .from(cities)
    .innerJoin(legislativeSources, eq(legislativeSources.cityId, cities.id))
    .where(eq(cities.id, cityId));
  if (!city) return { linked: 0, changed: 0 };

  const [bodies, events, videos, links] = await Promise.all([
    db.select({ name: legistarBodies.name }).from(legistarBodies).where(eq(legistarBodies.cityId, cityId)),
    db
      .select({
        legistarId: legistarEvents.legistarId,
        bodyName: legistarEvents.bodyName,
        date: legistarEvents.date,
        comment: sql<string | null>`${legistarEvents.raw} ->> 'EventComment'`,
      })
      .from(legistarEvents)
      .where(eq(legistarEvents.cityId, cityId))
      .orderBy(legistarEvents.legistarId),
    db
      .select({
        id: cityVideos.id,
        title: cityVideos.title,
        publishedAt: cityVideos.publishedAt,
        sourceTitles: sql<string[]>`coalesce(array(
          select u.title from ${cityVideoSources} s join ${cityUrls} u on u.id = s.city_url_id
          where s.city_video_id = city_videos.id and u.title is not null order by u.title), '{}')`,
      })
      .from(cityVideos)
      .where(eq(cityVideos.cityId, cityId))
      .orderBy(cityVideos.id),
    db
      .select({
        eventLegistarId: legistarEventVideos.eventLegistarId,
        cityVideoId: legistarEventVideos.cityVideoId,
        method: legistarEventVideos.method,
      })
      .from(legistarEventVideos)
      .where(eq(legistarEventVideos.cityId, cityId)),
  ]);

  const byAdmin = links.filter((link) => link.method === "admin");
  const adminEvents = new Set(byAdmin.map((link) => link.eventLegistarId));
  const adminVideos = new Set(byAdmin.map((link) => link.cityVideoId));
  const wanted = matchEvents({
    events: events.filter((event) => !adminEvents.has(event.legistarId)),
    videos: videos.filter((video) => !adminVideos.has(video.id)),
    cityName: city.name,
    timeZone: city.timeZone,
    bodyNames: bodies.map((row) => row.name),
  });

  const current = new Map(
    links.filter((link) => link.method !== "admin").map((link) => [link.eventLegistarId, link] as const),
  );
  const same = (link: EventLink | undefined, eventId: number) => {
    const now = current.get(eventId);
    return Boolean(link && now && now.cityVideoId === link.cityVideoId && now.method === link.method);
  };
  const stale = [...current.keys()].filter((eventId) => !same(wanted.get(eventId), eventId));
  const fresh = [...wanted].filter(([eventId, link]) => !same(link, eventId));
  if (stale.length > 0 || fresh.length > 0) {
    await db.transaction(async (tx) => {
      if (stale.length > 0)
        await tx
          .delete(legistarEventVideos)
          .where(
            and(
              eq(legistarEventVideos.cityId, cityId),
              inArray(legistarEventVideos.eventLegistarId, stale),
              ne(legistarEventVideos.method, "admin"),
            ),
          );
      if (fresh.length > 0)
        await tx
          .insert(legistarEventVideos)
          .values(fresh.map(([eventLegistarId, link]) => ({ cityId, eventLegistarId, ...link })));
    });
  }
  return { linked: wanted.size + byAdmin.length, changed: new Set([...stale, ...fresh.map(([id]) => id)]).size };
}
