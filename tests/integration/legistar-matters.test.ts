import { describe, expect, it } from "vitest";
import { cityEvent } from "~/lib/legistar/agenda.server";
import { personVotes } from "~/lib/legistar/people.server";
import { removeRecord, saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { loader as matterLoader } from "~/routes/city/matter";
import { loader as feedLoader } from "~/routes/city/matter-feed";
import { callLoader, dbTag } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import type { FakeLegistarClient } from "../support/fake-legistar-server";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { attachment, body, event, eventItem, matterHistory } from "../support/legistar-fixtures";

/**
 * A matter's page and feed (issue 29, deliverable 6;
 * docs/decisions/0076-bills-and-calendars.md), from what the fake Legistar
 * served to a real sync: the library ordinance followed across three
 * bodies (Planning Commission, Finance Committee, City Council) in date
 * order, its sponsors linked where the record has them, only web
 * addresses among its attachments, the council's votes person by person,
 * the council meeting's video at the item's moment and the committee's
 * event page; and the 404s of a malformed, unknown or other city's file.
 */

const legistar = fakeLegistarPerTest();

const NOW = new Date("2026-11-18T12:00:00Z");
const LIBRARY = "ORD 2026-14";

/** The library ordinance goes first to a third body, the Planning Commission, on Oct 27. */
function throughThreeBodies(client: FakeLegistarClient) {
  const planning = body(145, "Planning Commission", "Commission");
  const hearing = event(900, planning, "2026-10-27", { minutes: true });
  const library = client.matters!.find((m) => m.MatterFile === LIBRARY)!;
  client.bodies!.push(planning);
  client.events!.unshift(hearing);
  client.eventItems![900] = [
    eventItem(14320, 900, 1, {
      number: "2",
      title: library.MatterTitle as string,
      action: "referred",
      matter: library,
    }),
  ];
  client.matterHistories![1364]!.unshift(matterHistory(79990, hearing, "referred"));
  client.matterAttachments![1364]!.push({
    ...attachment(95003, "A script"),
    MatterAttachmentHyperlink: "javascript:alert(1)",
  });
}

async function cityWithRecord(name = "Maple Falls") {
  throughThreeBodies(legistar.clients.maplefalls!);
  const city = await createCity({ name });
  await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
  return city;
}

const matterPage = (locationKey: string, file: string) =>
  callLoader(matterLoader, `/city/${locationKey}/matters/${encodeURIComponent(file)}`, {
    params: { locationKey, file },
  });

type MatterData = {
  path: string;
  feedPath: string;
  matter: {
    file: string;
    title: string;
    type: string;
    status: string;
    introduced: string;
    passed: string;
    sponsors: { personId: number; name: string; known: boolean; primary: boolean }[];
    attachments: { name: string; url: string }[];
    actions: {
      date: string;
      bodyName: string;
      action: string;
      passed: string | null;
      tally: string | null;
      eventId: number | null;
      meetingId: string | null;
      seconds: number | null;
      votes: { personId: number; name: string; value: string; valueName: string; known: boolean }[];
    }[];
  };
};

describe(`a matter's page and feed ${dbTag}`, () => {
  it("follows a matter across three bodies in date order, with sponsors, attachments and votes", async () => {
    const city = await cityWithRecord();
    // The council meeting's video: the item's record moment (1912 s) is where its action links.
    const council = await createMeeting({
      cityId: city.id,
      title: "City Council Regular Meeting - November 17, 2026",
      transcript: "[00:00:05] MAYOR OKAFOR: Good evening.",
      publishedAt: new Date("2026-11-18T03:00:00Z"),
    });
    await syncLegislativeRecord(city.id, { now: NOW });

    const result = await matterPage(city.locationKey, LIBRARY);
    expect(result.status).toBe(200);
    const { matter, path, feedPath } = result.data as MatterData;
    expect(path).toBe(`/city/${city.locationKey}/matters/ORD%202026-14`);
    expect(feedPath).toBe(`/city/${city.locationKey}/matters/ORD%202026-14/feed.atom`);
    expect(matter).toMatchObject({
      file: LIBRARY,
      title: "An ordinance extending the hours of the Maple Falls Public Library",
      type: "Ordinance",
      status: "Passed",
      introduced: "2026-10-20",
      passed: "2026-11-17",
    });
    expect(matter.sponsors).toEqual([
      { personId: 240, name: "Renee Baptiste", known: true, primary: true },
      { personId: 236, name: "Tomas Lindqvist", known: true, primary: false },
    ]);
    // Only web addresses: the javascript: one is left out.
    expect(matter.attachments.map((a) => a.name)).toEqual(["Staff Report", "Ordinance text"]);
    expect(matter.attachments.every((a) => a.url.startsWith("https://"))).toBe(true);

    expect(matter.actions.map((a) => [a.date, a.bodyName, a.action, a.passed, a.tally])).toEqual([
      ["2026-10-27", "Planning Commission", "referred", null, null],
      ["2026-11-03", "Finance Committee", "recommended for approval", "Pass", "2:0"],
      ["2026-11-17", "City Council", "adopted", "Pass", "3:1"],
    ]);
    const [planning, finance, adopted] = matter.actions;
    // No video for the commission or the committee: their event pages.
    expect([planning!.eventId, planning!.meetingId, finance!.eventId, finance!.meetingId]).toEqual([
      900,
      null,
      901,
      null,
    ]);
    expect([adopted!.meetingId, adopted!.seconds]).toEqual([council.id, 1912]);
    expect(adopted!.votes.map((v) => [v.name, v.value, v.valueName, v.known])).toEqual([
      ["Daniel Huang", "no", "Nay", true],
      ["Grace Okafor", "yes", "Aye", true],
      ["Renee Baptiste", "yes", "Aye", true],
      ["Tomas Lindqvist", "yes", "Aye", true],
    ]);
    expect(finance!.votes.map((v) => [v.personId, v.value])).toEqual([
      [244, "yes"],
      [240, "yes"],
    ]);
    expect(planning!.votes).toEqual([]);
  });

  it("links a file on an agenda or a person's votes to the bill's page only when the record holds the matter", async () => {
    const city = await cityWithRecord();
    await syncLegislativeRecord(city.id, { now: NOW });
    const libraryVotes = async () =>
      (await personVotes(city.id, 240, { type: null, result: null, page: 1 })).votes
        .filter((vote) => vote.matterFile === LIBRARY)
        .map((vote) => vote.matterStored);
    const before = await cityEvent(city.id, 900);
    expect(before!.agenda.items.map((item) => [item.matterFile, item.matterStored])).toEqual([[LIBRARY, true]]);
    expect(await libraryVotes()).toEqual([true, true]); // in the Finance Committee and the Council
    await removeRecord(city.id, "matter", 1364); // the library ordinance, as a 410 from Legistar removes it
    const after = await cityEvent(city.id, 900);
    expect(after!.agenda.items.map((item) => [item.matterFile, item.matterStored])).toEqual([[LIBRARY, false]]);
    expect(await libraryVotes()).toEqual([false, false]);
  });

  it("writes the matter's actions as an Atom feed, newest first", async () => {
    const city = await cityWithRecord();
    await syncLegislativeRecord(city.id, { now: NOW });
    const result = await callLoader(feedLoader, `/city/${city.locationKey}/matters/ORD%202026-14/feed.atom`, {
      params: { locationKey: city.locationKey, file: LIBRARY },
    });
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await result.response!.text();
    const titles = [...xml.matchAll(/<entry><id>[^<]*<\/id><title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      "Nov 17, 2026 · City Council: adopted (Passed 3:1)",
      "Nov 3, 2026 · Finance Committee: recommended for approval (Passed 2:0)",
      "Oct 27, 2026 · Planning Commission: referred",
    ]);
    expect(xml).toContain("Daniel Huang: No");
    expect(xml).toContain('rel="self" type="application/atom+xml" href="http://localhost');
  });

  it("answers 404 for a malformed, unknown or other city's file number, page and feed alike", async () => {
    const city = await cityWithRecord();
    await syncLegislativeRecord(city.id, { now: NOW });
    const other = await createCity({ name: "Cedar Bend" });
    for (const [key, file] of [
      [city.locationKey, "ORD 2026-99"],
      [city.locationKey, "ord 2026-14 \u0000"],
      [city.locationKey, "x".repeat(65)],
      [city.locationKey, "   "],
      [other.locationKey, LIBRARY],
    ] as const) {
      const page = await matterPage(key, file);
      expect([page.status, page.thrown], `${key} ${file}`).toEqual([404, true]);
      expect(page.data).toEqual(expect.objectContaining({ title: "Matter not found" }));
      const feed = await callLoader(feedLoader, `/city/${key}/matters/x/feed.atom`, {
        params: { locationKey: key, file },
      });
      expect(feed.status, `feed ${key} ${file}`).toBe(404);
    }
  });
});
