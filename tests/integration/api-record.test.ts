import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { demoLegislativeRecords } from "#demo/legislative";
import { storeDemoLegislativeRecord } from "#demo/seed.server";
import { recordExampleIds } from "~/lib/api/data.server";
import { EXAMPLES, openApiDocument } from "~/lib/api/openapi";
import { legistarEvents } from "~/lib/db/schema";
import { appUrl } from "~/lib/env/env.server";
import { personVotes, VOTES_PER_PAGE } from "~/lib/legistar/people.server";
import { loader as apiDocsLoader } from "~/routes/api-docs";
import { callLoader, dbTag, getTestDb } from "../setup";
import { createCity, createCitySource, createMeeting } from "../support/factories";
import { createLegislativeRecord } from "../support/legistar-factories";
import { API_BASE, callApi, documentSchemas, type ApiResult } from "../support/open-api";

/**
 * The official record in the open API (issue 29, deliverable 8;
 * docs/decisions/0079-record-in-the-api.md): people, a person's votes,
 * matters and events of a Live city, read from Alder Creek's demo record
 * and from a record with a video matched to one of its events; paging by
 * cursor past a page in both orders, filters, the 400 and 404 problems, 304
 * to a caller that has the answer, and a Live city without a record (empty
 * lists, not errors).
 */

const ALDER = EXAMPLES.locationKey;
const ANA_REYES = EXAMPLES.personId;
let ipSequence = 0;

/** Each call from an address of its own: no test meets the rate limit. */
function api(path: string, headers: Record<string, string> = {}): Promise<ApiResult> {
  return callApi(path, `198.51.100.${(++ipSequence % 250) + 1}`, headers);
}

const { bodyProblems, documentedKeys } = documentSchemas(openApiDocument(appUrl()));
const ids = { alder: "", harborMeeting: "" };

beforeAll(async () => {
  const alder = await createCity({ name: "Alder Creek", locationKey: ALDER, status: "Live" });
  ids.alder = alder.id;
  const record = demoLegislativeRecords("2026-12-07").find((candidate) => candidate.cityKey === ALDER)!;
  await storeDemoLegislativeRecord(alder.id, record);
  // A city that is not Live, with an event of the example's id: never shown.
  const hidden = await createCity({ name: "Secretville", locationKey: "secretville", status: "Archive" });
  await createLegislativeRecord(hidden.id, {
    events: [{ id: EXAMPLES.eventId, body: "City Council", date: "2026-08-18" }],
  });
  // A Live city without a record.
  await createCity({ name: "Brookport", locationKey: "brookport", status: "Live" });

  // Harbor Point: one day with three meetings (their times out of text order), one of them matched to its video.
  const harbor = await createCity({ name: "Harbor Point", locationKey: "harbor-point", status: "Live" });
  const source = await createCitySource(harbor.id, { title: "Council meetings" });
  const meeting = await createMeeting({
    cityId: harbor.id,
    cityUrlsId: source.id,
    title: "City Council Regular Meeting - November 17, 2026",
    publishedAt: new Date("2026-11-18T03:00:00Z"),
  });
  ids.harborMeeting = meeting.id;
  const matched = await createLegislativeRecord(harbor.id, {
    events: [
      {
        id: 902,
        body: "City Council",
        date: "2026-11-17",
        items: [
          { id: 9101, number: "1", title: "Call to order", videoIndex: null },
          {
            id: 9102,
            number: "2",
            title: "Harbor dredging contract",
            action: "Approved",
            passed: "Pass",
            tally: "7-0",
            matterFile: "CON 2026-8",
            videoIndex: 754,
          },
        ],
      },
      { id: 903, body: "Budget Committee", date: "2026-11-17", time: "10:00 AM" },
      { id: 904, body: "Finance Committee", date: "2026-11-17", time: "9:00 AM" },
      {
        id: 905,
        body: "Budget Committee",
        date: "2026-12-01",
        items: [{ id: 9501, number: "1", title: "Harbor fees", action: "Failed", passed: "Fail", tally: "2-3" }],
      },
      { id: 906, body: "Budget Committee", date: "2026-12-15" },
      { id: 907, body: "Finance Committee", date: "2026-12-16" },
    ],
  });
  expect(matched.linked).toBe(1);
  // Two meetings the record has not dated yet.
  await getTestDb()
    .update(legistarEvents)
    .set({ date: null })
    .where(inArray(legistarEvents.legistarId, [906, 907]));
});

/** Follows `links.next` from `path` to the last page; the items of each page, in order. */
async function allPages<Item>(path: string, name: string): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const result = await api(next);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const page = result.body as Record<string, unknown> & { nextCursor: string | null; links: { next: string | null } };
    items.push(...(page[name] as Item[]));
    expect(page.links.next === null).toBe(page.nextCursor === null);
    next = page.links.next ? page.links.next.slice(`${appUrl()}${API_BASE}`.length) : null;
    expect(++pages).toBeLessThan(100);
  }
  return { items, pages };
}

describe(`people and their votes ${dbTag}`, () => {
  it("lists the people with their seats, and one person with their office records and agreement", async () => {
    const result = await api(`/cities/${ALDER}/people`);
    expect(bodyProblems("/cities/{locationKey}/people", "200", result.body)).toEqual([]);
    const { people } = result.body as {
      people: { id: number; name: string; current: boolean; seats: { body: { name: string }; current: boolean }[] }[];
    };
    const ana = people.find((person) => person.id === ANA_REYES)!;
    expect(ana).toMatchObject({ name: "Ana Reyes", current: true });
    expect(ana.seats.map((seat) => seat.body.name)).toContain("Alder Creek City Council");

    const one = await api(`/cities/${ALDER}/people/${ANA_REYES}`);
    expect(bodyProblems("/cities/{locationKey}/people/{personId}", "200", one.body)).toEqual([]);
    const { person } = one.body as {
      person: {
        seats: { title: string | null; since: string; until: string }[];
        agreement: { person: { id: number }; together: number; same: number }[];
        links: { page: string; votes: string };
      };
    };
    expect(person.seats[0]).toMatchObject({ since: "2025-01-01", until: "2028-12-31" });
    expect(person.agreement.length).toBeGreaterThan(0);
    expect(person.agreement.every((row) => row.same <= row.together)).toBe(true);
    expect(person.links.page).toBe(`${appUrl()}/city/${ALDER}/people/${ANA_REYES}`);
  });

  it("pages through a person's votes by cursor: the votes of their page, in its order, each once", async () => {
    const byPage: number[] = [];
    const first = await personVotes(ids.alder, ANA_REYES, { type: null, result: null, page: 1 });
    expect(first.total).toBeGreaterThan(5);
    for (let page = 1; page <= first.pageCount; page++) {
      const shown = await personVotes(ids.alder, ANA_REYES, { type: null, result: null, page });
      byPage.push(...shown.votes.map((vote) => vote.itemId));
    }
    const { items, pages } = await allPages<{ item: { id: number } }>(
      `/cities/${ALDER}/people/${ANA_REYES}/votes?limit=4`,
      "votes",
    );
    expect(pages).toBe(Math.ceil(first.total / 4));
    expect(items.map((vote) => vote.item.id)).toEqual(byPage);
    expect(byPage.length).toBe(first.total);
    expect(VOTES_PER_PAGE).toBeGreaterThan(4);
  });

  it("filters votes by result and matter type as the person page does, the filters kept in links.next", async () => {
    const failed = await personVotes(ids.alder, ANA_REYES, { type: null, result: "failed", page: 1 });
    expect(failed.total).toBeGreaterThan(0);
    const { items } = await allPages<{ result: string; passed: boolean; item: { id: number } }>(
      `/cities/${ALDER}/people/${ANA_REYES}/votes?result=failed&limit=1`,
      "votes",
    );
    expect(items.map((vote) => vote.item.id)).toEqual(failed.votes.map((vote) => vote.itemId));
    expect(items.every((vote) => vote.result === "Fail" && vote.passed === false)).toBe(true);

    const ordinances = await api(`/cities/${ALDER}/people/${ANA_REYES}/votes?type=Ordinance`);
    const votes = (ordinances.body as { votes: { vote: string; voteName: string; matter: { file: string } }[] }).votes;
    expect(votes).toEqual([
      expect.objectContaining({
        vote: "yes",
        voteName: "Aye",
        matter: expect.objectContaining({ file: "ORD 2026-31" }),
      }),
    ]);
    const page = (await api(`/cities/${ALDER}/people/${ANA_REYES}/votes?result=passed&limit=1`)).body as {
      links: { next: string };
    };
    const next = new URL(page.links.next);
    expect(Object.fromEntries(next.searchParams)).toMatchObject({ result: "passed", limit: "1" });
  });
});

describe(`matters ${dbTag}`, () => {
  it("pages through the matters newest first and filters them by status and type", async () => {
    const { items, pages } = await allPages<{ file: string }>(`/cities/${ALDER}/matters?limit=1`, "matters");
    expect(pages).toBe(2);
    expect(items.map((matter) => matter.file)).toEqual(["APL 2026-04", "ORD 2026-31"]);
    const vetoed = (await api(`/cities/${ALDER}/matters?status=Vetoed`)).body as { matters: { file: string }[] };
    expect(vetoed.matters.map((matter) => matter.file)).toEqual(["ORD 2026-31"]);
    const appeals = (await api(`/cities/${ALDER}/matters?type=Appeal&status=Denied`)).body as {
      matters: { file: string }[];
    };
    expect(appeals.matters.map((matter) => matter.file)).toEqual(["APL 2026-04"]);
  });

  it("follows one matter across bodies, with its sponsor and the votes on its item", async () => {
    const result = await api(`/cities/${ALDER}/matters/${encodeURIComponent("ORD 2026-31")}`);
    expect(result.status).toBe(200);
    expect(bodyProblems("/cities/{locationKey}/matters/{file}", "200", result.body)).toEqual([]);
    const { matter } = result.body as {
      matter: {
        status: string;
        links: { self: string };
        sponsors: { person: { id: number; links: { page: string } | null } | null }[];
        actions: {
          bodyName: string;
          action: string;
          passed: boolean | null;
          eventId: number | null;
          votes: { person: { name: string }; vote: string }[];
        }[];
      };
    };
    expect(matter.status).toBe("Vetoed");
    expect(matter.links.self).toBe(`${appUrl()}${API_BASE}/cities/${ALDER}/matters/ORD%202026-31`);
    expect(matter.sponsors[0]!.person).toMatchObject({ id: ANA_REYES, links: { page: expect.any(String) } });
    expect(matter.actions.map((action) => [action.bodyName, action.action, action.passed])).toEqual([
      ["Alder Creek Planning Commission", "Recommended for approval", true],
      ["Alder Creek City Council", "Adopted", true],
      ["Mayor", "Vetoed", null],
      ["Alder Creek City Council", "Veto sustained", false],
    ]);
    expect(matter.actions.at(-1)!.eventId).toBe(EXAMPLES.eventId);
    expect(
      matter.actions
        .at(-1)!
        .votes.map((vote) => vote.vote)
        .sort(),
    ).toEqual(["no", "no", "recused", "yes", "yes"]);
  });
});

describe(`events ${dbTag}`, () => {
  it("pages through the events by day and time, newest or oldest first, between two days", async () => {
    const oldest = await allPages<{ id: number; startsAt: string }>(
      "/cities/harbor-point/events?order=oldest&limit=1",
      "events",
    );
    expect(oldest.items.map((event) => event.id)).toEqual([904, 903, 902, 905, 906, 907]);
    expect(oldest.items.at(-1)).toMatchObject({ date: null, startsAt: null, when: "Date to be announced" });
    expect(oldest.items[0]!.startsAt).toBe("2026-11-17T15:00:00.000Z");
    const newest = await allPages<{ id: number }>("/cities/harbor-point/events?limit=2", "events");
    expect(newest.pages).toBe(3);
    expect(newest.items.map((event) => event.id)).toEqual([905, 902, 903, 904, 907, 906]);
    const november = (await api("/cities/harbor-point/events?from=2026-11-17&to=2026-11-30")).body as {
      events: { id: number }[];
    };
    expect(november.events.map((event) => event.id)).toEqual([902, 903, 904]);
    const august = (await api(`/cities/${ALDER}/events?from=2026-08-18&to=2026-08-18`)).body as {
      events: { id: number; body: { name: string } }[];
    };
    expect(august.events).toEqual([
      expect.objectContaining({
        id: EXAMPLES.eventId,
        body: expect.objectContaining({ name: "Alder Creek City Council" }),
      }),
    ]);
  });

  it("gives an event's agenda with the video's moment once matched, and none before", async () => {
    const matched = await api("/cities/harbor-point/events/902");
    expect(bodyProblems("/cities/{locationKey}/events/{eventId}", "200", matched.body)).toEqual([]);
    const { event } = matched.body as {
      event: {
        meetingId: string;
        links: { page: string; meeting: string };
        items: {
          number: string;
          action: string | null;
          tally: string | null;
          passed: boolean | null;
          matter: { file: string; links: null } | null;
          moment: { seconds: number; source: string; links: { moment: string } } | null;
        }[];
      };
    };
    expect(event.meetingId).toBe(ids.harborMeeting);
    expect(event.links.page).toBe(`${appUrl()}/city/harbor-point/meeting/${ids.harborMeeting}`);
    expect(event.items[1]).toMatchObject({
      number: "2",
      action: "Approved",
      tally: "7-0",
      passed: true,
      // The record names the matter but does not hold it: no links.
      matter: { file: "CON 2026-8", links: null },
      moment: {
        seconds: 754,
        source: "record",
        links: { moment: `${appUrl()}/city/harbor-point/meeting/${ids.harborMeeting}?t=754` },
      },
    });

    const upcoming = (await api("/cities/harbor-point/events/905")).body as {
      event: { meetingId: null; links: { page: string }; items: { passed: boolean; moment: null }[] };
    };
    expect(upcoming.event.meetingId).toBeNull();
    expect(upcoming.event.links.page).toBe(`${appUrl()}/city/harbor-point/events/905`);
    expect(upcoming.event.items).toEqual([expect.objectContaining({ passed: false, moment: null })]);
  });
});

describe(`cities without a record, and problems ${dbTag}`, () => {
  it("answers a Live city without a record with empty lists", async () => {
    expect((await api("/cities/brookport/people")).body).toMatchObject({ people: [] });
    for (const list of ["matters", "events"]) {
      const result = await api(`/cities/brookport/${list}`);
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ [list]: [], nextCursor: null, links: { next: null } });
    }
  });

  it.each([
    ["/cities/{locationKey}/people", "/cities/secretville/people", "404"],
    ["/cities/{locationKey}/people/{personId}", `/cities/secretville/people/${ANA_REYES}`, "404"],
    ["/cities/{locationKey}/people/{personId}", `/cities/${ALDER}/people/999999`, "404"],
    ["/cities/{locationKey}/people/{personId}", `/cities/${ALDER}/people/ana`, "404"],
    ["/cities/{locationKey}/people/{personId}", `/cities/brookport/people/${ANA_REYES}`, "404"],
    ["/cities/{locationKey}/people/{personId}/votes", `/cities/${ALDER}/people/999999/votes`, "404"],
    ["/cities/{locationKey}/people/{personId}/votes", `/cities/${ALDER}/people/${ANA_REYES}/votes?result=won`, "400"],
    ["/cities/{locationKey}/people/{personId}/votes", `/cities/${ALDER}/people/${ANA_REYES}/votes?limit=0`, "400"],
    ["/cities/{locationKey}/people/{personId}/votes", `/cities/${ALDER}/people/${ANA_REYES}/votes?cursor=e30`, "400"],
    ["/cities/{locationKey}/matters", "/cities/secretville/matters", "404"],
    ["/cities/{locationKey}/matters", `/cities/${ALDER}/matters?type=${"x".repeat(101)}`, "400"],
    ["/cities/{locationKey}/matters/{file}", `/cities/${ALDER}/matters/ORD%202099-1`, "404"],
    ["/cities/{locationKey}/matters/{file}", "/cities/secretville/matters/ORD%202026-31", "404"],
    ["/cities/{locationKey}/events", "/cities/secretville/events", "404"],
    ["/cities/{locationKey}/events/{eventId}", `/cities/secretville/events/${EXAMPLES.eventId}`, "404"],
    ["/cities/{locationKey}/events", `/cities/${ALDER}/events?from=2026-02-30`, "400"],
    ["/cities/{locationKey}/events", `/cities/${ALDER}/events?from=2026-09-01&to=2026-08-01`, "400"],
    ["/cities/{locationKey}/events", `/cities/${ALDER}/events?order=sideways`, "400"],
    ["/cities/{locationKey}/events/{eventId}", `/cities/${ALDER}/events/4`, "404"],
    ["/cities/{locationKey}/events/{eventId}", `/cities/${ALDER}/events/99999999999`, "404"],
  ])("%s: %s answers a documented %s problem", async (path, url, status) => {
    const result = await api(url);
    expect(result.status, JSON.stringify(result.body)).toBe(Number(status));
    const documented = documentedKeys(path, status);
    expect(result.headers.get("Content-Type")).toBe(`${documented.type}; charset=utf-8`);
    expect(bodyProblems(path, status, result.body)).toEqual([]);
    expect(result.body).toMatchObject({ status: Number(status), type: expect.stringContaining("/api#problem-") });
  });

  it("takes no cursor of another list: a matters cursor on the events, an oldest-first one on newest first", async () => {
    const matters = (await api(`/cities/${ALDER}/matters?limit=1`)).body as { nextCursor: string };
    expect((await api(`/cities/${ALDER}/events?cursor=${matters.nextCursor}`)).status).toBe(400);
    expect((await api(`/cities/${ALDER}/people/${ANA_REYES}/votes?cursor=${matters.nextCursor}`)).status).toBe(400);
    const oldest = (await api(`/cities/${ALDER}/events?order=oldest&limit=1`)).body as { nextCursor: string };
    expect((await api(`/cities/${ALDER}/events?cursor=${oldest.nextCursor}`)).status).toBe(400);
    expect((await api(`/cities/${ALDER}/events?order=oldest&cursor=${oldest.nextCursor}`)).status).toBe(200);
  });

  it("answers 304 to a caller that has the answer, and caches as the other endpoints do", async () => {
    for (const path of [
      `/cities/${ALDER}/people/${ANA_REYES}/votes?limit=2`,
      `/cities/${ALDER}/matters/ORD%202026-31`,
      "/cities/harbor-point/events/902",
    ]) {
      const first = await api(path);
      expect(first.headers.get("Cache-Control")).toMatch(/^public/);
      expect(first.headers.get("Access-Control-Allow-Origin")).toBe("*");
      const again = await api(path, { "If-None-Match": first.headers.get("ETag")! });
      expect(again.status, path).toBe(304);
    }
  });
});

describe(`the /api page's examples ${dbTag}`, () => {
  it("shows curl examples of the record that answer here, from the example city's record or another's", async () => {
    const page = await callLoader(apiDocsLoader, "/api");
    const { endpoints } = page.data as { endpoints: { path: string; curl: string }[] };
    const record = endpoints.filter((endpoint) => endpoint.path.startsWith("/cities/{locationKey}/"));
    expect(record).toHaveLength(7);
    for (const endpoint of record) {
      const url = /'([^']+)'/.exec(endpoint.curl)![1]!;
      const result = await api(url.slice(`${appUrl()}${API_BASE}`.length));
      expect(result.status, endpoint.curl).toBe(200);
    }
    // Without the example city's record: the first Live city with one; its ids, none it lacks.
    expect(await recordExampleIds("harbor-point")).toEqual({
      locationKey: "harbor-point",
      personId: null,
      matterFile: null,
      eventId: 905, // the newest dated event (906 has no day)
    });
    expect((await recordExampleIds("atlantis"))?.locationKey).toBe(ALDER);
  });
});
