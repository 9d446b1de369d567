import { describe, expect, it } from "vitest";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { loader as personLoader } from "~/routes/city/person";
import { callLoader, dbTag, execSql } from "../setup";
import { createCity } from "../support/factories";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";

/**
 * What the sync keeps for the person page at scale
 * (docs/decisions/0072-person-page-at-scale.md): the agreement between two
 * people and the copies on each vote of its event's date and its matter's
 * type follow a re-sync that changes the record: a vote changed, a vote no
 * longer listed, an event Legistar answers 410 Gone for, a matter's type, an
 * event's date. Read through the person page's loader, as a visitor would.
 */

const legistar = fakeLegistarPerTest();

const FIRST_SYNC = new Date("2026-11-18T06:00:00Z");
/** A day later: the look-back re-reads the council meeting of 2026-11-17 (event 902). */
const SECOND_SYNC = new Date("2026-11-19T06:00:00Z");
const CHANGED = "2026-11-18T20:00:00";

const RENEE = 240;
const DANIEL = 244;
const GRACE = 231;
const TOMAS = 236;

type Agreement = { personId: number; together: number; same: number; percent: number };
type PersonData = {
  agreement: Agreement[];
  votes: { total: number; types: string[]; votes: { itemId: number; date: string; matterType: string | null }[] };
};

async function syncedCity() {
  const city = await createCity({ name: "Maple Falls" });
  await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
  expect((await syncLegislativeRecord(city.id, { now: FIRST_SYNC })).error).toBeNull();
  return city;
}

async function resync(cityId: string) {
  const result = await syncLegislativeRecord(cityId, { now: SECOND_SYNC });
  expect(result.error).toBeNull();
  return result;
}

async function personData(locationKey: string, personId: number, query = ""): Promise<PersonData> {
  const result = await callLoader(personLoader, `/city/${locationKey}/people/${personId}${query}`, {
    params: { locationKey, personId: String(personId) },
  });
  expect(result.status).toBe(200);
  return result.data as PersonData;
}

const agreementOf = async (locationKey: string, personId: number) =>
  (await personData(locationKey, personId)).agreement.map(({ personId, together, same, percent }) => ({
    personId,
    together,
    same,
    percent,
  }));

describe(`what the sync keeps for the person page ${dbTag}`, () => {
  it("a re-sync that changes one vote updates the agreement of both people, and only theirs", async () => {
    const city = await syncedCity();
    expect(await agreementOf(city.locationKey, RENEE)).toEqual([
      { personId: DANIEL, together: 3, same: 1, percent: 33 },
      { personId: GRACE, together: 2, same: 2, percent: 100 },
      { personId: TOMAS, together: 1, same: 1, percent: 100 },
    ]);
    // Daniel's Nay on 14342 is corrected to Aye: now as Renee, Grace and Tomas voted.
    const vote = legistar.clients.maplefalls!.votes![14342]!.find((row) => row.VoteId === 70013)!;
    Object.assign(vote, { VoteValueName: "Aye", VoteValueId: 16, VoteLastModifiedUtc: CHANGED });
    const result = await resync(city.id);
    expect(result.written.votes).toBe(1);

    expect(await agreementOf(city.locationKey, RENEE)).toEqual([
      { personId: DANIEL, together: 3, same: 2, percent: 67 },
      { personId: GRACE, together: 2, same: 2, percent: 100 },
      { personId: TOMAS, together: 1, same: 1, percent: 100 },
    ]);
    expect(await agreementOf(city.locationKey, DANIEL)).toEqual([
      { personId: RENEE, together: 3, same: 2, percent: 67 },
      { personId: GRACE, together: 2, same: 1, percent: 50 },
      { personId: TOMAS, together: 1, same: 1, percent: 100 },
    ]);
    // Another city's record is not touched by this one's sync.
    const rows = await execSql<{ n: number }>(
      `select count(*)::int as n from legistar_agreements where city_id <> '${city.id}'`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it("a vote no longer listed and an event answering 410 Gone leave the agreement", async () => {
    const city = await syncedCity();
    // Daniel's Aye on 14343 is no longer listed: 14331 (same) and 14342 (not) remain.
    const votes = legistar.clients.maplefalls!.votes!;
    votes[14343] = votes[14343]!.filter((row) => row.VoteId !== 70023);
    const first = await resync(city.id);
    expect(first.written.removed).toBe(1);
    expect((await agreementOf(city.locationKey, RENEE))[0]).toEqual({
      personId: DANIEL,
      together: 2,
      same: 1,
      percent: 50,
    });

    // The council meeting of 2026-11-17 is deleted in Legistar (410): its items and votes go, and
    // with them every item Renee shared with Grace and Tomas; with Daniel only 14331 remains.
    legistar.clients.maplefalls!.gone = ["events/902/eventitems"];
    const second = await resync(city.id);
    expect(second.written.removed).toBeGreaterThan(0);
    expect(await agreementOf(city.locationKey, RENEE)).toEqual([
      { personId: DANIEL, together: 1, same: 1, percent: 100 },
    ]);
    expect(await agreementOf(city.locationKey, GRACE)).toEqual([]);
  });

  it("a vote's copies follow its matter's type and its event's date", async () => {
    const city = await syncedCity();
    const before = await personData(city.locationKey, RENEE, "?type=Resolution");
    expect(before.votes.votes.map((v) => v.itemId)).toEqual([14343]);
    expect(before.votes.types).toEqual(["Ordinance", "Resolution"]);

    const client = legistar.clients.maplefalls!;
    // The paving resolution becomes an ordinance; the finance committee's meeting moves to 2026-11-20.
    Object.assign(
      client.matters!.find((row) => row.MatterId === 1371)!,
      {
        MatterTypeName: "Ordinance",
        MatterLastModifiedUtc: CHANGED,
      },
    );
    Object.assign(
      client.events!.find((row) => row.EventId === 901)!,
      {
        EventDate: "2026-11-20T00:00:00",
        EventLastModifiedUtc: CHANGED,
      },
    );
    await resync(city.id);

    const after = await personData(city.locationKey, RENEE);
    expect(after.votes.types).toEqual(["Ordinance"]);
    expect(after.votes.votes.map((v) => [v.itemId, v.date, v.matterType])).toEqual([
      [14331, "2026-11-20", "Ordinance"],
      [14342, "2026-11-17", "Ordinance"],
      [14343, "2026-11-17", "Ordinance"],
    ]);
    expect((await personData(city.locationKey, RENEE, "?type=Resolution")).votes.total).toBe(0);
    expect((await personData(city.locationKey, RENEE, "?type=Ordinance")).votes.total).toBe(3);
  });

  it("a matter Legistar answers 410 Gone for leaves its items' votes without a type", async () => {
    const city = await syncedCity();
    legistar.clients.maplefalls!.gone = ["matters/1371"];
    await resync(city.id);
    const after = await personData(city.locationKey, RENEE);
    expect(after.votes.types).toEqual(["Ordinance"]);
    expect(after.votes.votes.find((v) => v.itemId === 14343)!.matterType).toBeNull();
    expect((await personData(city.locationKey, RENEE, "?type=Resolution")).votes.total).toBe(0);
  });
});
