import { describe, expect, it } from "vitest";
import { appUrl } from "~/lib/env/env.server";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { loader as bodyCalendarLoader } from "~/routes/city/body-calendar";
import { loader as calendarLoader } from "~/routes/city/calendar";
import { callLoader, dbTag } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { createLegislativeRecord } from "../support/legistar-factories";
import { parseIcal } from "../support/ical-parser";

/**
 * A city's calendar feeds (issue 29, deliverable 7;
 * docs/decisions/0076-bills-and-calendars.md), read back by a strict
 * iCalendar reader: the city's meetings from 90 days back on, soonest
 * first, each with a stable UID, its start in UTC from the city's zone,
 * the agenda link and the meeting page once the video exists; one body's
 * alone; 404 for an unknown body or a city without a record.
 */

const legistar = fakeLegistarPerTest();

async function calendarOf(locationKey: string, bodyFile?: string) {
  const result = bodyFile
    ? await callLoader(bodyCalendarLoader, `/city/${locationKey}/calendar/${bodyFile}`, {
        params: { locationKey, bodyFile },
      })
    : await callLoader(calendarLoader, `/city/${locationKey}/calendar.ics`, { params: { locationKey } });
  return { status: result.status, type: result.headers.get("Content-Type"), body: await result.response!.text() };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe(`a city's calendar feeds ${dbTag}`, () => {
  it("lists the meetings with their agenda, the video once it exists, and stable UIDs", async () => {
    expect(legistar.clients.maplefalls).toBeDefined();
    const city = await createCity({ name: "Maple Falls" });
    await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
    const council = await createMeeting({
      cityId: city.id,
      title: "City Council Regular Meeting",
      publishedAt: new Date(`${inDays(-7)}T23:00:00Z`),
    });
    await createLegislativeRecord(city.id, {
      events: [
        { id: 9001, body: "City Council", date: inDays(-7), time: "6:30 PM" },
        { id: 9002, body: "Budget; Finance, and Taxes Committee", date: inDays(3), time: "9:00 AM" },
        { id: 9003, body: "City Council", date: inDays(10), time: "6:30 PM" },
        { id: 9000, body: "City Council", date: inDays(-200), time: "6:30 PM" },
      ],
    });

    const first = await calendarOf(city.locationKey);
    expect(first.status).toBe(200);
    expect(first.type).toBe("text/calendar; charset=utf-8");
    const calendar = parseIcal(first.body);
    expect(calendar.properties["X-WR-CALNAME"]!.value).toBe("Maple Falls meetings | Gavel");
    // Soonest first; the meeting of 200 days ago is past the window.
    expect(calendar.events.map((e) => e.SUMMARY!.value)).toEqual([
      "City Council",
      "Budget; Finance, and Taxes Committee",
      "City Council",
    ]);
    const [past, committee] = calendar.events;
    expect(past!.URL!.value).toBe(`${appUrl()}/city/${city.locationKey}/meeting/${council.id}`);
    expect(past!.DESCRIPTION!.value).toContain(`Meeting video: ${appUrl()}/city/${city.locationKey}/meeting/`);
    expect(committee!.URL!.value).toBe(`${appUrl()}/city/${city.locationKey}/events/9002`);
    expect(committee!.DESCRIPTION!.value).toContain("Agenda: https://maplefalls.legistar1.example/meetings/");
    expect(committee!.LOCATION!.value).toBe("Council Chambers, 100 Main Street");
    // 9:00 AM in Chicago is 15:00 or 14:00 UTC, as the season has it.
    expect(committee!.DTSTART!.value).toMatch(new RegExp(`^${inDays(3).replace(/-/g, "")}T1[45]0000Z$`));
    // The same UIDs on the next fetch.
    const again = parseIcal((await calendarOf(city.locationKey)).body);
    expect(again.events.map((e) => e.UID!.value)).toEqual(calendar.events.map((e) => e.UID!.value));
    expect(new Set(calendar.events.map((e) => e.UID!.value)).size).toBe(3);

    // One body's calendar, for a body its events name though the record has not read the body itself.
    // createLegislativeRecord numbers the bodies from 100 in the order they first appear: the committee is 101.
    const alone = await calendarOf(city.locationKey, "101.ics");
    expect(alone.status).toBe(200);
    const bodyCalendar = parseIcal(alone.body);
    expect(bodyCalendar.properties["X-WR-CALNAME"]!.value).toBe(
      "Budget; Finance, and Taxes Committee, Maple Falls | Gavel",
    );
    expect(bodyCalendar.events.map((e) => e.UID!.value)).toEqual([committee!.UID!.value]);
  });

  it("gives one body's meetings alone, and 404s for an unknown body or a city without a record", async () => {
    const city = await createCity({ name: "Maple Falls" });
    await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
    await syncLegislativeRecord(city.id, { now: new Date() });
    // The fake's Finance Committee (body 141): its calendar exists whatever today is. Which
    // events it holds is the case above's (dates relative to today); the fake's meetings
    // have fixed dates that leave the 90-day window as time passes.
    const finance = await calendarOf(city.locationKey, "141.ics");
    expect(finance.status).toBe(200);
    const calendar = parseIcal(finance.body);
    expect(calendar.properties["X-WR-CALNAME"]!.value).toBe("Finance Committee, Maple Falls | Gavel");

    for (const file of ["999.ics", "141", "abc.ics", "141.ics.ics"])
      expect((await calendarOf(city.locationKey, file)).status, file).toBe(404);
    const bare = await createCity({ name: "No Record" });
    expect((await calendarOf(bare.locationKey)).status).toBe(404);
    expect((await calendarOf(bare.locationKey, "141.ics")).status).toBe(404);
  });
});
