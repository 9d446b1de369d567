import { describe, expect, it } from "vitest";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { VOTES_PER_PAGE } from "~/lib/legistar/people.server";
import { getCityOverview } from "~/lib/meetings/meetings.server";
import { loader as peopleLoader } from "~/routes/city/people";
import { loader as personLoader } from "~/routes/city/person";
import { callLoader, dbTag, execSql } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import type { FakeLegistarClient, Row } from "../support/fake-legistar-server";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { body, event, eventItem, officeRecord, person, vote } from "../support/legistar-fixtures";

/**
 * The people of a city's official record (issue 29, deliverable 5;
 * docs/decisions/0070-people-pages.md), read from what the fake Legistar
 * served to a real sync: the people list, a person's votes (equal to the
 * votes served), filters and pages, agreement with each colleague computed
 * by hand, motions and sponsored matters, verified quotes tied to the
 * person only where the transcript's label names them, and the 404s.
 */

const legistar = fakeLegistarPerTest();

const SYNCED_AT = new Date("2026-11-18T06:00:00Z");

const RENEE = 240; // Renee Baptiste
const DANIEL = 244; // Daniel Huang
const GRACE = 231; // Grace Okafor
const TOMAS = 236; // Tomas Lindqvist

/** A city with Maple Falls' record synced from the fake (changed first by `change`). */
async function cityWithRecord(change?: (client: FakeLegistarClient) => void) {
  if (change) change(legistar.clients.maplefalls!);
  const city = await createCity({ name: "Maple Falls" });
  await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
  // The sync records a failure instead of throwing: one that stopped early
  // would show here as a missing person (a 404) rather than as its reason.
  expect((await syncLegislativeRecord(city.id, { now: SYNCED_AT })).error).toBeNull();
  return city;
}

type PeopleData = {
  people: {
    current: { id: number; name: string; seats: { bodyName: string; title: string | null; role: string | null }[] }[];
    former: { id: number; name: string; seats: { bodyName: string; until: string | null; current: boolean }[] }[];
  };
};

type PersonData = {
  person: {
    id: number;
    name: string;
    seats: { bodyName: string; title: string; since: string; until: string; current: boolean }[];
  };
  filters: { type: string | null; result: string | null; page: number };
  votes: {
    total: number;
    page: number;
    pageCount: number;
    types: string[];
    votes: {
      itemId: number;
      itemTitle: string;
      matterFile: string | null;
      matterType: string | null;
      date: string;
      vote: string;
      voteName: string;
      result: string | null;
      tally: string | null;
    }[];
  };
  agreement: { personId: number; name: string; together: number; same: number; percent: number }[];
  motions: { total: number; items: { itemId: number; moved: boolean; seconded: boolean }[] };
  sponsorships: { total: number; matters: { file: string; primary: boolean }[] };
  quotes: { meetingId: string; text: string; speaker: string; seconds: number | null; confidence: string }[];
};

const peoplePage = (locationKey: string) =>
  callLoader(peopleLoader, `/city/${locationKey}/people`, { params: { locationKey } });

const personPage = (locationKey: string, personId: number | string, query = "") =>
  callLoader(personLoader, `/city/${locationKey}/people/${personId}${query}`, {
    params: { locationKey, personId: String(personId) },
  });

async function personData(locationKey: string, personId: number, query = ""): Promise<PersonData> {
  const result = await personPage(locationKey, personId, query);
  expect(result.status).toBe(200);
  return result.data as PersonData;
}

/** Every vote of a person the fake serves, as item id → vote name. */
function servedVotes(client: FakeLegistarClient, personId: number): Record<number, string> {
  const served: Record<number, string> = {};
  for (const [itemId, votes] of Object.entries(client.votes ?? {})) {
    for (const row of votes) if (row.VotePersonId === personId) served[Number(itemId)] = row.VoteValueName as string;
  }
  return served;
}

describe(`the people of a city's official record ${dbTag}`, () => {
  it("lists the current members with their bodies and roles, and former members apart", async () => {
    const city = await cityWithRecord((client) => {
      const moreau = person(250, "Ada", "Moreau");
      client.persons!.push(moreau);
      client.officeRecords!.push(
        officeRecord(5010, moreau, client.bodies![0]!, "Councilmember", "2019-01-07T00:00:00", "2024-12-31T00:00:00"),
      );
    });
    const result = await peoplePage(city.locationKey);
    expect(result.status).toBe(200);
    const { people } = result.data as PeopleData;
    expect(people.current.map((p) => p.name)).toEqual([
      "Daniel Huang",
      "Grace Okafor",
      "Renee Baptiste",
      "Tomas Lindqvist",
    ]);
    const renee = people.current.find((p) => p.id === RENEE)!;
    expect(renee.seats.map((s) => [s.bodyName, s.title, s.role])).toEqual([
      ["City Council", "Councilmember", "Member"],
      ["Finance Committee", "Chair", "Chair"],
    ]);
    // Daniel Huang left the Finance Committee in June: only his council seat is current.
    expect(people.current.find((p) => p.id === DANIEL)!.seats.map((s) => s.bodyName)).toEqual(["City Council"]);
    expect(people.former).toEqual([
      expect.objectContaining({
        id: 250,
        name: "Ada Moreau",
        seats: [expect.objectContaining({ bodyName: "City Council", until: "2024-12-31", current: false })],
      }),
    ]);

    const overview = await getCityOverview(city.id, new Date("2026-01-01T00:00:00Z"));
    expect(overview.hasPeople).toBe(true);
  });

  it("answers 404 for a city without a legislative source, and the city page does not link its people", async () => {
    const city = await createCity({ name: "No Record" });
    const list = await peoplePage(city.locationKey);
    expect([list.status, list.thrown]).toEqual([404, true]);
    expect(list.data).toEqual(expect.objectContaining({ title: "No official record" }));
    const one = await personPage(city.locationKey, RENEE);
    expect([one.status, one.thrown]).toEqual([404, true]);
    expect((await getCityOverview(city.id, new Date("2026-01-01T00:00:00Z"))).hasPeople).toBe(false);
  });

  it("shows a person's seats with their dates, and every vote the record served for them", async () => {
    const city = await cityWithRecord();
    const served = legistar.clients.maplefalls!;
    const renee = await personData(city.locationKey, RENEE);
    expect(renee.person.name).toBe("Renee Baptiste");
    expect(renee.person.seats).toEqual([
      expect.objectContaining({ bodyName: "City Council", title: "Councilmember", since: "2023-01-09", current: true }),
      expect.objectContaining({ bodyName: "Finance Committee", title: "Chair", since: "2025-01-06", current: true }),
    ]);
    const daniel = await personData(city.locationKey, DANIEL);
    expect(daniel.person.seats.find((s) => s.bodyName === "Finance Committee")).toEqual(
      expect.objectContaining({ until: "2026-06-30", current: false }),
    );

    for (const id of [RENEE, DANIEL, GRACE, TOMAS]) {
      const { votes } = await personData(city.locationKey, id);
      const shown = Object.fromEntries(votes.votes.map((v) => [v.itemId, v.voteName]));
      expect(shown, `votes of ${id}`).toEqual(servedVotes(served, id));
      expect(votes.total).toBe(Object.keys(servedVotes(served, id)).length);
    }

    // Newest meeting first, in agenda order, with the item's matter and outcome.
    expect(renee.votes.votes).toEqual([
      expect.objectContaining({
        itemId: 14342,
        matterFile: "ORD 2026-14",
        matterType: "Ordinance",
        date: "2026-11-17",
        vote: "yes",
        voteName: "Aye",
        result: "Pass",
        tally: "3:1",
      }),
      expect.objectContaining({ itemId: 14343, matterFile: "RES 2026-88", vote: "no", result: "Fail", tally: "1:2" }),
      expect.objectContaining({ itemId: 14331, date: "2026-11-03", vote: "yes", result: "Pass", tally: "2:0" }),
    ]);
    expect(renee.votes.types).toEqual(["Ordinance", "Resolution"]);
  });

  it("counts how often they voted with each colleague over the items both voted yes or no on", async () => {
    const city = await cityWithRecord();
    // By hand, from the fixture: Renee voted Aye on 14331, Aye on 14342, Nay on 14343.
    //   Daniel: Aye 14331 (same), Nay 14342 (not), Aye 14343 (not): 1 of 3.
    //   Grace: Aye 14342 (same), Nay 14343 (same): 2 of 2.
    //   Tomas: Aye 14342 (same), abstained on 14343 (left out): 1 of 1.
    const { agreement } = await personData(city.locationKey, RENEE);
    expect(agreement).toEqual([
      { personId: DANIEL, name: "Daniel Huang", together: 3, same: 1, percent: 33 },
      { personId: GRACE, name: "Grace Okafor", together: 2, same: 2, percent: 100 },
      { personId: TOMAS, name: "Tomas Lindqvist", together: 1, same: 1, percent: 100 },
    ]);
    // Tomas abstained on 14343: only 14342 counts, with each of the three.
    const tomas = await personData(city.locationKey, TOMAS);
    expect(tomas.agreement.map((row) => [row.personId, row.together, row.same])).toEqual([
      [DANIEL, 1, 0],
      [GRACE, 1, 1],
      [RENEE, 1, 1],
    ]);
  });

  it("filters the votes by matter type and by result; an unreadable filter is no filter", async () => {
    const city = await cityWithRecord();
    const ids = async (query: string) =>
      (await personData(city.locationKey, RENEE, query)).votes.votes.map((v) => v.itemId);
    expect(await ids("?type=Resolution")).toEqual([14343]);
    expect(await ids("?type=Ordinance")).toEqual([14342, 14331]);
    expect(await ids("?result=passed")).toEqual([14342, 14331]);
    expect(await ids("?result=failed")).toEqual([14343]);
    expect(await ids("?type=Ordinance&result=failed")).toEqual([]);
    const filtered = await personData(city.locationKey, RENEE, "?type=Resolution&result=failed");
    expect([filtered.votes.total, filtered.filters]).toEqual([1, { type: "Resolution", result: "failed", page: 1 }]);
    const unreadable = await personData(city.locationKey, RENEE, "?result=maybe&page=zero");
    expect(unreadable.filters).toEqual({ type: null, result: null, page: 1 });
    expect(unreadable.votes.total).toBe(3);
  });

  it("pages the votes: every vote once, newest first, and a page past the last shows none", async () => {
    const extra = VOTES_PER_PAGE + 5;
    const city = await cityWithRecord((client) => {
      const council = client.bodies![0]!;
      const renee = client.persons!.find((p) => p.PersonId === RENEE)!;
      const october = event(899, council, "2026-10-06", { minutes: true });
      client.events!.push(october);
      const items: Row[] = [];
      for (let n = 0; n < extra; n++) {
        items.push(eventItem(15000 + n, 899, n + 1, { number: `9.${n + 1}`, title: `Item ${n + 1}`, passed: "Pass" }));
        client.votes![15000 + n] = [vote(71000 + n, 15000 + n, renee, n % 2 === 0 ? "Aye" : "Nay")];
      }
      client.eventItems![899] = items;
    });
    const first = await personData(city.locationKey, RENEE);
    const total = 3 + extra;
    expect([first.votes.total, first.votes.pageCount, first.votes.votes.length]).toEqual([total, 2, VOTES_PER_PAGE]);
    const second = await personData(city.locationKey, RENEE, "?page=2");
    expect(second.votes.votes.length).toBe(total - VOTES_PER_PAGE);
    const all = [...first.votes.votes, ...second.votes.votes];
    expect(new Set(all.map((v) => v.itemId)).size).toBe(total);
    expect(all.map((v) => v.date)).toEqual([...all.map((v) => v.date)].sort().reverse());
    // Within the October meeting, agenda order.
    const october = all.filter((v) => v.date === "2026-10-06").map((v) => v.itemId);
    expect(october).toEqual(Array.from({ length: extra }, (_, n) => 15000 + n));
    const past = await personData(city.locationKey, RENEE, "?page=3");
    expect([past.votes.votes.length, past.votes.total]).toEqual([0, total]);
    const passedOnly = await personData(city.locationKey, RENEE, "?result=passed&page=2");
    expect(passedOnly.votes.votes.length).toBe(2 + extra - VOTES_PER_PAGE);
  });

  it("lists the items they moved or seconded and the matters they sponsor", async () => {
    const city = await cityWithRecord();
    const renee = await personData(city.locationKey, RENEE);
    expect(renee.motions.total).toBe(2);
    expect(renee.motions.items).toEqual([
      expect.objectContaining({ itemId: 14342, moved: false, seconded: true }),
      expect.objectContaining({ itemId: 14331, moved: true, seconded: false }),
    ]);
    expect(renee.sponsorships).toEqual({
      total: 1,
      matters: [expect.objectContaining({ file: "ORD 2026-14", primary: true })],
    });
    const tomas = await personData(city.locationKey, TOMAS);
    expect(tomas.motions.items.map((item) => [item.itemId, item.moved])).toEqual([[14342, true]]);
    expect(tomas.sponsorships.matters).toEqual([expect.objectContaining({ file: "ORD 2026-14", primary: false })]);
    const grace = await personData(city.locationKey, GRACE);
    expect([grace.motions.items.map((item) => item.itemId), grace.sponsorships.total]).toEqual([[14343], 0]);
  });

  it("shows a quote only where the transcript's label names the person, with the confidence and its second", async () => {
    const city = await cityWithRecord();
    const quote = (speaker: string, text: string) => ({ text, speaker });
    const meeting = await createMeeting({
      cityId: city.id,
      analysis: true,
      title: "City Council, November 17",
      made: {
        provider: "seed",
        analysis: {
          summary: "The council adopted the library ordinance.",
          highlights: [
            {
              timestamp: "00:31:52",
              point_of_interest: "The library ordinance",
              quotes: [
                quote("Renee Baptiste", "Longer hours serve the families who work late."),
                quote("Speaker 2", "I support this ordinance."),
              ],
            },
            {
              timestamp: "00:40:05",
              point_of_interest: "The paving contract",
              quotes: [
                quote("COUNCIL MEMBER BAPTISTE", "The bid was too high."),
                quote("Baptiste", "A surname alone names no one."),
                quote("Ms. Baptiste", "A courtesy title is not a seat."),
                quote("Council Member Huang", "The street cannot wait."),
              ],
            },
          ],
          action_items: [],
          entities: [],
        },
      },
    });
    const renee = await personData(city.locationKey, RENEE);
    expect(renee.quotes).toEqual([
      {
        meetingId: meeting.id,
        meetingTitle: "City Council, November 17",
        publishedAt: expect.anything(),
        text: "Longer hours serve the families who work late.",
        speaker: "Renee Baptiste",
        seconds: 31 * 60 + 52,
        confidence: "said-by-themselves",
      },
      expect.objectContaining({
        text: "The bid was too high.",
        speaker: "COUNCIL MEMBER BAPTISTE",
        seconds: 40 * 60 + 5,
        confidence: "named-by-the-chair",
      }),
    ]);
    const daniel = await personData(city.locationKey, DANIEL);
    expect(daniel.quotes.map((q) => [q.text, q.confidence])).toEqual([
      ["The street cannot wait.", "named-by-the-chair"],
    ]);
    const grace = await personData(city.locationKey, GRACE);
    expect(grace.quotes).toEqual([]);
  });

  it("a sync that changes the record bumps the city's content version (its cached pages go); one that writes nothing does not", async () => {
    const version = async (cityId: string) =>
      Number(
        (
          await execSql<{ version: string }>("select version from content_versions where scope = $1", [
            `city:${cityId}`,
          ])
        )[0]?.version ?? 0,
      );
    const city = await cityWithRecord();
    const afterFirst = await version(city.id);
    expect((await syncLegislativeRecord(city.id, { now: SYNCED_AT })).error).toBeNull();
    expect(await version(city.id)).toBe(afterFirst);
    const served = legistar.clients.maplefalls!;
    served.votes![14343]![2] = vote(
      70022,
      14343,
      served.persons!.find((p) => p.PersonId === RENEE)!,
      "Aye",
      16,
    );
    served.votes![14343]![2]!.VoteLastModifiedUtc = "2026-11-18T09:00:00";
    expect((await syncLegislativeRecord(city.id, { now: new Date("2026-11-18T12:00:00Z") })).error).toBeNull();
    expect(await version(city.id)).toBeGreaterThan(afterFirst);
    const renee = await personData(city.locationKey, RENEE, "?type=Resolution");
    expect(renee.votes.votes.map((v) => v.voteName)).toEqual(["Aye"]);
  });

  it("never reaches a person of another city; an unknown or malformed id is 404", async () => {
    const maple = await cityWithRecord();
    const otherClient: FakeLegistarClient = {
      bodies: [body(7, "Town Board")],
      persons: [person(777, "Olive", "Stone")],
      officeRecords: [],
      events: [],
      matters: [],
    };
    otherClient.officeRecords = [
      officeRecord(7001, otherClient.persons![0]!, otherClient.bodies![0]!, "Member", "2025-01-06T00:00:00"),
    ];
    legistar.clients.otherfalls = otherClient;
    const other = await createCity({ name: "Other Falls" });
    await saveLegislativeSource(other.id, { clientId: "otherfalls", timeZone: "America/New_York" });
    expect((await syncLegislativeRecord(other.id, { now: SYNCED_AT })).error).toBeNull();

    expect((await personPage(other.locationKey, 777)).status).toBe(200);
    for (const [key, id] of [
      [maple.locationKey, 777],
      [other.locationKey, RENEE],
      [maple.locationKey, 999999],
      [maple.locationKey, "renee-baptiste"],
      [maple.locationKey, "240.0"],
    ] as const) {
      const result = await personPage(key, id);
      expect([key, id, result.status, result.thrown]).toEqual([key, id, 404, true]);
      expect(result.data).toEqual(expect.objectContaining({ title: "Person not found" }));
    }
    const { people } = (await peoplePage(other.locationKey)).data as PeopleData;
    expect(people.current.map((p) => p.id)).toEqual([777]);
  });
});
