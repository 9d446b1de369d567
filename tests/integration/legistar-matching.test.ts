import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contentVersions, legistarEventVideos } from "~/lib/db/schema";
import { matchCityEvents } from "~/lib/legistar/matching.server";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { updateVideoByAdmin } from "~/lib/sources/videos.server";
import { dbTag, execSql, getTestDb } from "../setup";
import { createCity, createCitySource, createMeeting } from "../support/factories";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { body, event } from "../support/legistar-fixtures";

/**
 * Events become meetings (issue 29, deliverable 3): after a sync each of
 * Maple Falls' events (901 Finance Committee on Nov 3, 902 City Council on
 * Nov 17, 903 City Council on Dec 8) is linked to the city's video of the
 * same body and local day, then by title; ambiguity leaves it unmatched; a
 * re-sync changes nothing; a video added or renamed later is matched.
 */

const legistar = fakeLegistarPerTest();

const NOW = new Date("2026-11-18T12:00:00Z");

async function mapleFalls() {
  const city = await createCity({ name: "Maple Falls" });
  await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
  return city.id;
}

/** A video published on the evening of a local day in Chicago (the next day in UTC). */
function eveningOf(day: string) {
  return new Date(`${day}T21:00:00-06:00`);
}

async function links(cityId: string) {
  return getTestDb()
    .select({
      event: legistarEventVideos.eventLegistarId,
      video: legistarEventVideos.cityVideoId,
      method: legistarEventVideos.method,
      matchedAt: legistarEventVideos.matchedAt,
    })
    .from(legistarEventVideos)
    .where(eq(legistarEventVideos.cityId, cityId))
    .orderBy(asc(legistarEventVideos.eventLegistarId));
}

const brief = (rows: Awaited<ReturnType<typeof links>>) =>
  rows.map(({ event, video, method }) => ({ event, video, method }));

describe(`matching Legistar events to videos (${dbTag})`, () => {
  it("links each event to the video of its body and local day, even one published after midnight UTC", async () => {
    const cityId = await mapleFalls();
    const council = await createMeeting({
      cityId,
      title: "Maple Falls City Council Regular Meeting",
      publishedAt: eveningOf("2026-11-17"),
    });
    // The same day, another body: not the council's.
    await createMeeting({ cityId, title: "Planning Commission", publishedAt: eveningOf("2026-11-17") });
    // Its playlist names the body; its title states the day.
    const playlist = await createCitySource(cityId, { title: "Finance Committee meetings" });
    const finance = await createMeeting({
      cityId,
      title: "Meeting of 11/03/2026",
      publishedAt: new Date("2026-11-06T15:00:00Z"),
      cityUrlsId: playlist.id,
    });
    // A day with no event.
    await createMeeting({ cityId, title: "City Council", publishedAt: eveningOf("2026-11-10") });

    const result = await syncLegislativeRecord(cityId, { now: NOW });
    expect(result.error).toBeNull();
    expect(brief(await links(cityId))).toEqual([
      { event: 901, video: finance.id, method: "body-date" },
      { event: 902, video: council.id, method: "body-date" },
    ]);
  });

  it("takes the city's only meeting of the day when no title names the body", async () => {
    const cityId = await mapleFalls();
    const only = await createMeeting({ cityId, title: "Regular Meeting", publishedAt: eveningOf("2026-11-03") });
    await syncLegislativeRecord(cityId, { now: NOW });
    expect(brief(await links(cityId))).toEqual([{ event: 901, video: only.id, method: "only-meeting" }]);
  });

  it("breaks a tie between two videos naming the body by the closer title", async () => {
    const cityId = await mapleFalls();
    const regular = await createMeeting({
      cityId,
      title: "Maple Falls City Council - November 17, 2026",
      publishedAt: eveningOf("2026-11-17"),
    });
    await createMeeting({
      cityId,
      title: "City Council Study Session - November 17, 2026",
      publishedAt: eveningOf("2026-11-17"),
    });
    await syncLegislativeRecord(cityId, { now: NOW });
    expect(brief(await links(cityId))).toEqual([{ event: 902, video: regular.id, method: "title" }]);
  });

  it("leaves an event unmatched rather than guessing between two equal candidates", async () => {
    const cityId = await mapleFalls();
    await createMeeting({ cityId, title: "City Council (Part 1)", publishedAt: eveningOf("2026-11-17") });
    await createMeeting({ cityId, title: "City Council (Part 2)", publishedAt: eveningOf("2026-11-17") });
    await syncLegislativeRecord(cityId, { now: NOW });
    expect(await links(cityId)).toEqual([]);
  });

  it("leaves two events of one day unmatched when neither is named and there is one video", async () => {
    const cityId = await mapleFalls();
    const client = legistar.clients.maplefalls!;
    client.events!.push(event(904, body(150, "Planning Commission", "Commission"), "2026-11-17"));
    await createMeeting({ cityId, title: "Joint meeting", publishedAt: eveningOf("2026-11-17") });
    await syncLegislativeRecord(cityId, { now: NOW });
    expect(await links(cityId)).toEqual([]);
  });

  it("writes nothing on a re-sync, and matches a video added or renamed afterwards", async () => {
    const cityId = await mapleFalls();
    const council = await createMeeting({ cityId, title: "City Council", publishedAt: eveningOf("2026-11-17") });
    await syncLegislativeRecord(cityId, { now: NOW });
    const first = await links(cityId);
    expect(brief(first)).toEqual([{ event: 902, video: council.id, method: "body-date" }]);

    await syncLegislativeRecord(cityId, { now: new Date("2026-11-19T12:00:00Z") });
    expect(await links(cityId)).toEqual(first);
    expect(await matchCityEvents(cityId)).toEqual({ linked: 1, changed: 0 });

    // A video arrives later: matched when its source is refreshed (the refresh calls this).
    const finance = await createMeeting({
      cityId,
      title: "Finance Committee",
      publishedAt: eveningOf("2026-11-03"),
    });
    expect(await matchCityEvents(cityId)).toEqual({ linked: 2, changed: 1 });
    // An admin renames the council's video to another body's: its link goes.
    await updateVideoByAdmin(council.id, { title: "Finance Committee" });
    expect(brief(await links(cityId))).toEqual([{ event: 901, video: finance.id, method: "body-date" }]);
  });

  it("keeps a link an admin set, and leaves its event and video out of the matching", async () => {
    const cityId = await mapleFalls();
    const council = await createMeeting({ cityId, title: "City Council", publishedAt: eveningOf("2026-11-17") });
    await syncLegislativeRecord(cityId, { now: NOW });
    await getTestDb()
      .update(legistarEventVideos)
      .set({ eventLegistarId: 901, method: "admin" })
      .where(and(eq(legistarEventVideos.cityId, cityId), eq(legistarEventVideos.eventLegistarId, 902)));
    await matchCityEvents(cityId);
    expect(brief(await links(cityId))).toEqual([{ event: 901, video: council.id, method: "admin" }]);
  });

  it("changes the city's content version when a link or the record changes, so cached pages show it", async () => {
    const cityId = await mapleFalls();
    const version = async () =>
      (
        await getTestDb()
          .select({ version: contentVersions.version })
          .from(contentVersions)
          .where(eq(contentVersions.scope, `city:${cityId}`))
      )[0]?.version;
    await syncLegislativeRecord(cityId, { now: NOW });
    await createMeeting({ cityId, title: "City Council", publishedAt: eveningOf("2026-11-17") });
    const beforeLink = await version();
    expect(await matchCityEvents(cityId)).toEqual({ linked: 1, changed: 1 });
    const afterLink = await version();
    expect(afterLink).not.toBe(beforeLink);

    // The upcoming meeting moves to 7 PM: only legistar_events changes.
    legistar.clients.maplefalls!.events!.find((row) => row.EventId === 903)!.EventTime = "7:00 PM";
    await syncLegislativeRecord(cityId, { now: new Date("2026-11-19T12:00:00Z") });
    expect(await version()).not.toBe(afterLink);

    // People and bill pages read the rest of the record: a change to any of its tables alone is a change too.
    for (const table of [
      "legistar_bodies",
      "legistar_persons",
      "legistar_office_records",
      "legistar_votes",
      "legistar_matters",
      "legistar_matter_histories",
      "legistar_matter_sponsors",
      "legistar_matter_attachments",
    ]) {
      const before = await version();
      const deleted = await execSql(`delete from ${table} where city_id = $1 returning 1`, [cityId]);
      if (deleted.length === 0 && !["legistar_votes", "legistar_matters", "legistar_persons"].includes(table)) continue;
      expect(deleted.length, table).toBeGreaterThan(0);
      expect(await version(), table).not.toBe(before);
    }
  });
});
