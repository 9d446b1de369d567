import { count, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  cities,
  legislativeSources,
  legistarEventItems,
  legistarEvents,
  legistarMatters,
  legistarVotes,
} from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { runNextJob } from "~/lib/jobs/worker.server";
import { syncCityRecord } from "~/lib/legistar/command.server";
import { queueDueLegistarSyncs, requestLegistarSync } from "~/lib/legistar/requests.server";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { UnknownCityError } from "~/lib/pipeline/backfill.server";
import { dbTag, getTestDb } from "../setup";
import { createCity } from "../support/factories";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";

/**
 * The official record's sync as a pg-boss job (`legistar-sync`: Sync now,
 * the source-refresh schedule) and as `npm run ingest -- --city KEY
 * --record` (issue 29, deliverable 2), against the fake Legistar API: a run
 * stores the city's record, a second run stores nothing twice, a failure is
 * said and kept on the source.
 */

const legistar = fakeLegistarPerTest();

afterAll(async () => {
  await stopBoss();
});
beforeEach(async () => {
  // Syncs queued by the tests above would run first.
  await (await getBoss()).clearStorage();
});

async function mapleFallsCity(clientId = "maplefalls") {
  const city = await createCity({ name: "Maple Falls" });
  await saveLegislativeSource(city.id, { clientId, timeZone: "America/Chicago" });
  return city;
}

async function stored(cityId: string) {
  const rows = async (
    table: typeof legistarEvents | typeof legistarEventItems | typeof legistarVotes | typeof legistarMatters,
  ) => (await getTestDb().select({ n: count() }).from(table).where(eq(table.cityId, cityId)))[0]!.n;
  return {
    events: await rows(legistarEvents),
    eventItems: await rows(legistarEventItems),
    votes: await rows(legistarVotes),
    matters: await rows(legistarMatters),
  };
}

const RECORD = { events: 3, eventItems: 7, votes: 14, matters: 2 };

describe(`the legistar-sync job ${dbTag}`, () => {
  it("stores the city's record; a second run stores nothing twice", async () => {
    const city = await mapleFallsCity();
    expect(await requestLegistarSync(city.id, null)).toMatchObject({ status: "queued" });
    const first = await runNextJob(QUEUES.legistarSync);
    expect(first?.output).toEqual({ outcome: "recorded", ...RECORD });
    expect(await stored(city.id)).toEqual(RECORD);

    expect(await requestLegistarSync(city.id, null)).toMatchObject({ status: "queued" });
    const second = await runNextJob(QUEUES.legistarSync);
    expect(second?.output).toEqual({ outcome: "recorded", events: 0, eventItems: 0, votes: 0, matters: 0 });
    expect(await stored(city.id)).toEqual(RECORD);
    expect(await runNextJob(QUEUES.legistarSync)).toBeNull();
  });

  it("completes with Legistar's failure, which the source keeps for the card", async () => {
    const city = await mapleFallsCity("nosuchcity");
    await requestLegistarSync(city.id, null);
    const run = await runNextJob(QUEUES.legistarSync);
    const message = 'Legistar has no client "nosuchcity": check the subdomain of nosuchcity.legistar.com.';
    expect(run?.output).toEqual({ outcome: "failed", error: message });
    const [source] = await getTestDb().select().from(legislativeSources).where(eq(legislativeSources.cityId, city.id));
    expect(source).toMatchObject({ lastError: message, lastSyncedAt: null });
  });

  it("the source-refresh schedule queues every city with a legislative system not tried within the interval, but Archived ones", async () => {
    const due = await mapleFallsCity();
    const archived = await mapleFallsCity();
    await getTestDb().update(cities).set({ status: "Archive" }).where(eq(cities.id, archived.id));
    const recent = await mapleFallsCity();
    const now = new Date("2026-11-28T12:00:00Z");
    await getTestDb()
      .update(legislativeSources)
      .set({ lastAttemptAt: new Date("2026-11-28T06:00:00Z") })
      .where(eq(legislativeSources.cityId, recent.id));
    await createCity({ name: "No record" });

    expect(await queueDueLegistarSyncs(24, now)).toBe(1);
    // Still waiting: not queued twice.
    expect(await queueDueLegistarSyncs(24, now)).toBe(0);
    const jobs = await (await getBoss()).fetch(QUEUES.legistarSync, { batchSize: 10 });
    expect(jobs.map((job) => job.data)).toEqual([{ cityId: due.id, requestedBy: null }]);
  });
});

describe(`the demo's records ${dbTag}`, () => {
  it("are never scheduled, queued, synced or asked of Legistar", async () => {
    const demo = await mapleFallsCity("demo-maple-falls");
    await queueDueLegistarSyncs(24, new Date("2026-11-28T12:00:00Z")); // the earlier cases' cities may be due
    const queued = await (await getBoss()).fetch(QUEUES.legistarSync, { batchSize: 100 });
    expect(queued.map((job) => (job.data as { cityId: string }).cityId)).not.toContain(demo.id);
    expect(await requestLegistarSync(demo.id, null)).toEqual({ status: "demo", jobId: null });
    expect(await syncCityRecord(demo.locationKey)).toEqual({
      ok: false,
      message: `The official record of ${demo.name} is the demo's own, made up to match its demo meetings: it is never synced from Legistar.`,
    });
    expect(legistar.requests).toEqual([]);
  });
});

describe(`npm run ingest -- --city KEY --record ${dbTag}`, () => {
  it("says what it stored; a second run stores nothing twice", async () => {
    const city = await mapleFallsCity();
    expect(await syncCityRecord(city.locationKey)).toEqual({
      ok: true,
      message:
        "Maple Falls (maplefalls.legistar.com): stored 3 events, 7 items, 14 votes, 2 matters, 4 people, 2 bodies.",
    });
    expect(await syncCityRecord(city.locationKey)).toEqual({
      ok: true,
      message: "Maple Falls (maplefalls.legistar.com): stored 0 events, 0 items, 0 votes, 0 matters.",
    });
    expect(await stored(city.id)).toEqual(RECORD);
  });

  it("says the error, an unknown city, or a city without a legislative system", async () => {
    const city = await mapleFallsCity();
    legistar.clients.maplefalls!.token = "clerk-token";
    expect(await syncCityRecord(city.locationKey)).toEqual({
      ok: false,
      message:
        'Maple Falls (maplefalls.legistar.com): the sync failed: Legistar client "maplefalls" needs a token: ask the city clerk\'s office for one and enter it. Stored before it stopped: 0 events, 0 items, 0 votes, 0 matters.',
    });
    await expect(syncCityRecord("no-such-city")).rejects.toThrow(UnknownCityError);
    const bare = await createCity({ name: "Bare Town" });
    expect(await syncCityRecord(bare.locationKey)).toEqual({
      ok: false,
      message:
        "Bare Town has no legislative system: save its Legistar client id in City Management (Legislative system) first.",
    });
  });
});
