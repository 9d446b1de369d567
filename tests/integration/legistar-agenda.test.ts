import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cities } from "~/lib/db/schema";
import { cityEvent, meetingAgenda, upcomingMeetings } from "~/lib/legistar/agenda.server";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { loader as eventLoader } from "~/routes/city/event";
import { loader as cityLoader } from "~/routes/city/index";
import { callLoader, dbTag, getTestDb } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { createLegislativeRecord } from "../support/legistar-factories";

/**
 * The official agenda beside the transcript (issue 29, deliverable 3): the
 * items of the event matched to a meeting with the moment each is taken up
 * (Legistar's video index, else found in the transcript, else none), and
 * the upcoming meetings of a city with their own page until a video comes.
 */

fakeLegistarPerTest();

const NOW = new Date("2026-11-18T12:00:00Z");

/**
 * Maple Falls' council meeting of Nov 17: item 7.1 has a video index (1912 s)
 * in the record, 7.2 has none and is announced by its number, 5.1 is never
 * announced. The paving contract is mentioned in public comment (10:00)
 * before 7.1 is taken up: that is not its announcement.
 */
const COUNCIL_TRANSCRIPT = [
  "[00:00:05] MAYOR OKAFOR: Good evening, I call this meeting to order.",
  "[00:10:00] SPEAKER 1: I want to talk about the Elm Street paving contract, which is next on your agenda.",
  "[00:20:00] MAYOR OKAFOR: Thank you. Let's move on.",
  "[00:33:00] MAYOR OKAFOR: The library hours ordinance passes.",
  "[00:41:30] MAYOR OKAFOR: Next we have item seven point two, a resolution on the paving of Elm Street.",
  "[00:42:10] COUNCILMEMBER HUANG: I move approval.",
].join("\n");

async function mapleFalls() {
  const city = await createCity({ name: "Maple Falls" });
  await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
  return city.id;
}

async function councilMeeting(cityId: string, transcript: string | null = COUNCIL_TRANSCRIPT) {
  return createMeeting({
    cityId,
    title: "City Council Regular Meeting - November 17, 2026",
    transcript,
    publishedAt: new Date("2026-11-18T03:00:00Z"),
  });
}

describe(`the official agenda of a meeting (${dbTag})`, () => {
  it("lists the matched event's items with the record's moment, one found in the transcript, and none", async () => {
    const cityId = await mapleFalls();
    const meeting = await councilMeeting(cityId);
    await syncLegislativeRecord(cityId, { now: NOW });

    const agenda = await meetingAgenda(meeting.id);
    expect(agenda?.event).toMatchObject({
      id: 902,
      bodyName: "City Council",
      when: "Tuesday, Nov 17, 2026, 6:30 PM CST",
      agendaUrl: "https://maplefalls.legistar1.example/meetings/2026-11-17/902_A_Agenda.pdf",
      minutesUrl: null,
    });
    expect(
      agenda?.items.map(({ number, title, matterFile, action, passed, tally, moment }) => ({
        number,
        title,
        matterFile,
        action,
        passed,
        tally,
        moment,
      })),
    ).toEqual([
      {
        number: null,
        title: "Call to Order and Roll Call",
        matterFile: null,
        action: null,
        passed: null,
        tally: null,
        moment: null,
      },
      {
        number: "5.1",
        title: "Approval of the minutes of November 3",
        matterFile: null,
        action: "approved on the Consent Calendar",
        passed: "Pass",
        tally: null,
        moment: null,
      },
      {
        number: "7.1",
        title: "An ordinance extending the hours of the Maple Falls Public Library",
        matterFile: "ORD 2026-14",
        action: "adopted",
        passed: "Pass",
        tally: "3:1",
        moment: { seconds: 1912, label: "00:31:52", source: "record" },
      },
      {
        number: "7.2",
        title: "A resolution awarding the Elm Street paving contract",
        matterFile: "RES 2026-88",
        action: "failed",
        passed: "Fail",
        tally: "1:2",
        moment: { seconds: 2490, label: "00:41:30", source: "transcript" },
      },
    ]);
  });

  it("finds an item by the distinctive words of its title in an announcement", async () => {
    const cityId = await mapleFalls();
    const meeting = await councilMeeting(
      cityId,
      [
        "[00:01:00] MAYOR OKAFOR: Welcome.",
        "[00:35:00] MAYOR OKAFOR: The next item is awarding the paving contract for Elm Street.",
      ].join("\n"),
    );
    await syncLegislativeRecord(cityId, { now: NOW });
    const item = (await meetingAgenda(meeting.id))?.items.find((candidate) => candidate.number === "7.2");
    expect(item?.moment).toEqual({ seconds: 2100, label: "00:35:00", source: "transcript" });
  });

  it("links no moment without a video index or an announcement, nor for a video no event is matched to", async () => {
    const cityId = await mapleFalls();
    const meeting = await councilMeeting(cityId, null);
    const other = await createMeeting({ cityId, title: "Town hall", publishedAt: new Date("2026-11-01T20:00:00Z") });
    await syncLegislativeRecord(cityId, { now: NOW });
    const moments = (await meetingAgenda(meeting.id))?.items.map((item) => item.moment?.source ?? null);
    expect(moments).toEqual([null, null, "record", null]);
    expect(await meetingAgenda(other.id)).toBeNull();
  });
});

describe(`upcoming meetings (${dbTag})`, () => {
  it("lists the events from the city's today on without a video, not the past ones", async () => {
    const cityId = await mapleFalls();
    await syncLegislativeRecord(cityId, { now: NOW });
    const upcoming = await upcomingMeetings(cityId, NOW);
    expect(upcoming.map((event) => [event.id, event.bodyName, event.when])).toEqual([
      [903, "City Council", "Tuesday, Dec 8, 2026, 6:30 PM CST"],
    ]);
    // The day of the meeting itself (local), it is still upcoming; the day after, it is not.
    expect((await upcomingMeetings(cityId, new Date("2026-12-09T05:00:00Z"))).map((event) => event.id)).toEqual([903]);
    expect(await upcomingMeetings(cityId, new Date("2026-12-09T07:00:00Z"))).toEqual([]);
    expect(await upcomingMeetings((await createCity()).id, NOW)).toEqual([]);
  });

  it("gives an upcoming event its agenda until its video is matched, then its meeting", async () => {
    const cityId = await mapleFalls();
    await syncLegislativeRecord(cityId, { now: NOW });
    const before = await cityEvent(cityId, 903);
    expect(before?.meetingId).toBeNull();
    expect(before?.agenda.items.map((item) => [item.number, item.matterFile, item.moment])).toEqual([
      ["4.1", "RES 2026-88", null],
    ]);
    expect(await cityEvent(cityId, 999_999)).toBeNull();
    expect(await cityEvent(cityId, -1)).toBeNull();
    // Another city's event is not this city's.
    expect(await cityEvent((await createCity()).id, 903)).toBeNull();

    const video = await createMeeting({
      cityId,
      title: "City Council - December 8, 2026",
      publishedAt: new Date("2026-12-09T15:00:00Z"),
    });
    await syncLegislativeRecord(cityId, { now: new Date("2026-12-10T12:00:00Z") });
    expect((await cityEvent(cityId, 903))?.meetingId).toBe(video.id);
    expect(await upcomingMeetings(cityId, NOW)).toEqual([]);
  });
});

describe(`the upcoming meeting's page and the city page's list (${dbTag})`, () => {
  it("shows the agenda, 404s an unknown or malformed id, and redirects to the meeting once matched", async () => {
    const cityId = await mapleFalls();
    const city = await createCity({ name: "Elsewhere" });
    const { locationKey } = (await getTestDb().select().from(cities).where(eq(cities.id, cityId)))[0]!;
    await syncLegislativeRecord(cityId, { now: NOW });
    const open = (key: string, eventId: string) =>
      callLoader(eventLoader, `/city/${key}/events/${eventId}`, { params: { locationKey: key, eventId } });

    const page = await open(locationKey, "903");
    expect(page.status).toBe(200);
    expect((page.data as { agenda: { event: { bodyName: string } } }).agenda.event.bodyName).toBe("City Council");
    for (const [key, id] of [
      [locationKey, "904"],
      [locationKey, "9x"],
      [locationKey, "99999999999"],
      [city.locationKey, "903"],
    ] as const)
      expect((await open(key, id)).status, `${key}/${id}`).toBe(404);

    const video = await createMeeting({ cityId, title: "City Council", publishedAt: new Date("2026-12-09T02:00:00Z") });
    await syncLegislativeRecord(cityId, { now: new Date("2026-12-09T12:00:00Z") });
    const moved = await open(locationKey, "903");
    expect(moved.status).toBe(302);
    expect(moved.response?.headers.get("Location")).toBe(`/city/${locationKey}/meeting/${video.id}`);
  });

  it("the city page lists the meetings from today on (as the server's clock has it), soonest first, not yesterday's", async () => {
    const city = await createCity({ name: "Maple Falls" });
    const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await createLegislativeRecord(city.id, {
      timeZone: "UTC",
      events: [
        { id: 501, body: "City Council", date: dayFromToday(-1) },
        { id: 502, body: "Finance Committee", date: dayFromToday(7), time: "1:30 PM" },
        { id: 504, body: "Planning Commission", date: dayFromToday(7), time: "9:00 AM" },
        { id: 503, body: "City Council", date: dayFromToday(14) },
      ],
    });
    const result = await callLoader(cityLoader, `/city/${city.locationKey}`, {
      params: { locationKey: city.locationKey },
    });
    const upcoming = (result.data as { upcoming: { id: number; bodyName: string }[] }).upcoming;
    // Soonest first: a day's meetings by their time, though Legistar gives it as text.
    expect(upcoming.map((event) => [event.id, event.bodyName])).toEqual([
      [504, "Planning Commission"],
      [502, "Finance Committee"],
      [503, "City Council"],
    ]);
  });
});
