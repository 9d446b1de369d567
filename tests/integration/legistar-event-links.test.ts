import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { legistarEventVideos } from "~/lib/db/schema";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { action, loader } from "~/routes/admin/content-management";
import { callAction, callLoader, dbTag, getTestDb, TEST_ORIGIN } from "../setup";
import { createCity, createCitySource, createMeeting, createSignedInUser } from "../support/factories";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { createLegislativeRecord } from "../support/legistar-factories";

/**
 * An admin corrects a meeting's link to its Legistar event on Content
 * Management (issue 29; docs/decisions/0080): the link and how it was made
 * are shown with the city's events near the video's day; Unlink and Link
 * are kept by every later sync. Maple Falls serves 901 (Finance Committee,
 * Nov 3), 902 (City Council, Nov 17) and 903 (City Council, Dec 8).
 */

const legistar = fakeLegistarPerTest();
const NOW = new Date("2026-11-18T12:00:00Z");
const LATER = new Date("2026-11-19T12:00:00Z");

let admin: { cookie: string };

beforeEach(async () => {
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
});

async function councilMeeting() {
  const city = await createCity({ name: "Maple Falls" });
  await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
  const source = await createCitySource(city.id, { title: "Council videos" });
  const video = await createMeeting({
    cityId: city.id,
    cityUrlsId: source.id,
    title: "City Council",
    publishedAt: new Date("2026-11-17T21:00:00-06:00"),
  });
  expect((await syncLegislativeRecord(city.id, { now: NOW })).error).toBeNull();
  const path = `/admin/content-management?${new URLSearchParams({ cityId: city.id, sourceUrlId: source.id, meetingId: video.id })}`;
  return { cityId: city.id, videoId: video.id, path };
}

async function links(cityId: string) {
  return getTestDb()
    .select({
      event: legistarEventVideos.eventLegistarId,
      video: legistarEventVideos.cityVideoId,
      method: legistarEventVideos.method,
    })
    .from(legistarEventVideos)
    .where(eq(legistarEventVideos.cityId, cityId))
    .orderBy(asc(legistarEventVideos.eventLegistarId));
}

const post = (path: string, fields: Record<string, string>, cookie = admin.cookie) =>
  callAction(action, path, fields, { headers: { Cookie: cookie } });

describe(`an admin's link between a meeting and its Legistar event (${dbTag})`, () => {
  it("shows the matched event, how it was matched, and the city's events near the video's day", async () => {
    const { path } = await councilMeeting();
    const result = await callLoader(loader, path, { headers: { Cookie: admin.cookie } });
    expect(result.status).toBe(200);
    const { eventLink } = result.data as { eventLink: unknown };
    expect(eventLink).toEqual({
      current: {
        id: 902,
        label: expect.stringMatching(/^City Council — Tuesday, Nov 17, 2026/),
        linkedElsewhere: false,
        method: "body-date",
        how: "matched by body and date",
      },
      // Nov 3 is 14 days before; Dec 8 is too far to offer.
      choices: [
        { id: 901, label: expect.stringMatching(/^Finance Committee — Tuesday, Nov 3, 2026/), linkedElsewhere: false },
      ],
    });
  });

  it("unlinks, links another event, and no later sync undoes either", async () => {
    const { cityId, videoId, path } = await councilMeeting();
    expect(await links(cityId)).toEqual([{ event: 902, video: videoId, method: "body-date" }]);

    const unlinked = await post(path, { intent: "unlink-event" });
    expect(unlinked.status).toBe(302);
    expect(unlinked.response?.headers.get("Location")).toBe(`${path}#details`);
    expect(await links(cityId)).toEqual([{ event: 902, video: null, method: "admin" }]);
    // The matcher would take the council's video again: the admin's unlink stands.
    await syncLegislativeRecord(cityId, { now: LATER });
    expect(await links(cityId)).toEqual([{ event: 902, video: null, method: "admin" }]);
    const shown = await callLoader(loader, path, { headers: { Cookie: admin.cookie } });
    expect((shown.data as { eventLink: { current: unknown } }).eventLink.current).toBeNull();

    expect((await post(path, { intent: "link-event", eventId: "901" })).status).toBe(302);
    const expected = [
      { event: 901, video: videoId, method: "admin" },
      { event: 902, video: null, method: "admin" },
    ];
    expect(await links(cityId)).toEqual(expected);
    // The upcoming council meeting moves: the sync stores it and matches again, and keeps both.
    legistar.clients.maplefalls!.events!.find((row) => row.EventId === 903)!.EventTime = "7:00 PM";
    const resync = await syncLegislativeRecord(cityId, { now: LATER });
    expect(resync.written.events).toBeGreaterThan(0);
    expect(await links(cityId)).toEqual(expected);

    // Linking the council's event back moves the video's link and replaces the unlink.
    expect((await post(path, { intent: "link-event", eventId: "902" })).status).toBe(302);
    expect(await links(cityId)).toEqual([{ event: 902, video: videoId, method: "admin" }]);
  });

  it("refuses another city's event, a malformed one, an unlink of nothing, and a member", async () => {
    const { cityId, path } = await councilMeeting();
    const other = await createCity({ name: "Birchfield" });
    await createLegislativeRecord(other.id, { events: [{ id: 950, body: "City Council", date: "2026-11-17" }] });
    const before = await links(cityId);

    expect((await post(path, { intent: "link-event", eventId: "950" })).status).toBe(422);
    expect((await post(path, { intent: "link-event", eventId: "99999" })).status).toBe(422);
    expect((await post(path, { intent: "link-event", eventId: "nine" })).status).toBe(400);
    expect((await post(path, { intent: "rename" })).status).toBe(400);
    expect(await links(cityId)).toEqual(before);

    await post(path, { intent: "unlink-event" });
    expect((await post(path, { intent: "unlink-event" })).status).toBe(422);

    const member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
    const refused = await post(path, { intent: "link-event", eventId: "901" }, member.cookie);
    expect(refused.status).toBe(403);
    expect((await links(cityId)).map((row) => row.event)).toEqual([902]);
  });
});
