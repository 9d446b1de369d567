/**
 * The official record at ten years (issue 29, Benchmark):
 * `npm run bench -- --only record`.
 *
 * A fictional city (client `benchville`) with 2,000 events, 40,000 agenda
 * items, 400,000 votes and 5,000 matters over ten years, a dozen members
 * coming and going, is served by the fake Legistar server
 * (tests/support/fake-legistar-server.ts) in the API's real shapes (the
 * builders of tests/support/legistar-fixtures.ts), paged at 1,000 rows. The
 * items and votes are generated on request from their ids (deterministic),
 * so the fake does not hold 400,000 objects.
 *
 * The app's own sync (app/lib/legistar/sync.server.ts) reads it into a
 * throwaway PostgreSQL cluster (bench/corpus/database.ts's startCluster, in
 * a temporary directory removed at the end). Printed: the first run's time,
 * the statements it issued (counted at the `pg` driver) and the rows stored;
 * a second run's time and that it stored nothing twice; then each query of
 * the person page (people.server.ts's functions the route calls) for the
 * busiest member, p50/p95 over repeated runs. Goal: p95 < 50 ms each.
 * With `--record-reread`, last: a full re-read of the whole record (no
 * look-back window) and that it wrote nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createRng } from "#demo/prng";
import { startFakeLegistarServer, type FakeLegistarClient, type Row } from "../tests/support/fake-legistar-server";
import {
  body,
  event,
  eventItem,
  matter,
  matterHistory,
  officeRecord,
  person,
  sponsor,
  vote,
} from "../tests/support/legistar-fixtures";
import { startCluster } from "./corpus/database";
import { percentile } from "./stats";

const eventsOption = process.argv.indexOf("--record-events");
/** `--record-events N` scales the city down for a quick check; the benchmark is the default. */
const EVENTS = eventsOption >= 0 ? Number(process.argv[eventsOption + 1]) : 2_000;
const ITEMS_PER_EVENT = 20;
const VOTES_PER_ITEM = 10;
const MATTERS = Math.min(5_000, (EVENTS * 20) / 8);
const ROUNDS = 100;
const SHAPE_SECONDS = 20;
const GOAL_P95_MS = 50;
const FIRST_DAY = Date.UTC(2016, 10, 1);
const DAYS = 3_650;

const BODIES = [
  body(1, "City Council"),
  body(2, "Budget Committee", "Committee"),
  body(3, "Land Use Committee", "Committee"),
];
const NAMES: [string, string][] = [
  ["Avery", "Castellanos"],
  ["Bianca", "Oyelaran"],
  ["Caleb", "Marchetti"],
  ["Dana", "Whitfield"],
  ["Elliot", "Nakamura"],
  ["Farah", "Quintero"],
  ["Gideon", "Pellerin"],
  ["Hana", "Rostova"],
  ["Isaac", "Brennan"],
  ["Jolene", "Sato"],
  ["Kofi", "Lindgren"],
  ["Lucia", "Demir"],
];
const PERSONS = NAMES.map(([first, last], i) => person(101 + i, first, last));
/** Avery Castellanos votes on every item of the ten years. */
const BUSY = PERSONS[0]!;
const TYPES = ["Ordinance", "Resolution", "Resolution", "Appointment", "Contract", "Report", "Proclamation"];

const day = (offset: number) => new Date(FIRST_DAY + offset * 86_400_000).toISOString().slice(0, 10);
const eventDay = (eventId: number) => day(Math.floor(((eventId - 1) * DAYS) / EVENTS));
const eventBody = (eventId: number) => BODIES[eventId % 5 === 0 ? 1 : eventId % 5 === 1 ? 2 : 0]!;
const matterOf = (itemIndex: number) => (itemIndex % MATTERS) + 1;

function matterRow(id: number): Row {
  const rng = createRng(`matter-${id}`);
  const firstEvent = Math.floor((id - 1) / ITEMS_PER_EVENT) + 1;
  return matter(
    id,
    `${2016 + Math.floor(((firstEvent - 1) * 10) / EVENTS)}-${String(id).padStart(4, "0")}`,
    `Matter ${id}: ${rng.pick(["A zoning amendment", "A budget transfer", "A street vacation", "A board appointment", "A service contract"])}`,
    {
      type: rng.pick(TYPES),
      status: rng.chance(0.8) ? "Adopted" : "In Committee",
      body: eventBody(firstEvent),
      intro: `${eventDay(firstEvent)}T00:00:00`,
    },
  );
}

/** The votes on an item: the busy member and nine of the eleven others, mostly yes. */
function itemVotes(itemId: number): Row[] {
  const rng = createRng(`votes-${itemId}`);
  const others = rng.shuffle(PERSONS.slice(1)).slice(0, VOTES_PER_ITEM - 1);
  return [BUSY, ...others].map((who, k) => {
    const roll = rng.next();
    const value = roll < 0.8 ? "Aye" : roll < 0.93 ? "Nay" : roll < 0.97 ? "Absent" : "Abstain";
    return vote(itemId * 16 + k, itemId, who, value);
  });
}

function eventItems(eventId: number): Row[] {
  return Array.from({ length: ITEMS_PER_EVENT }, (_, s) => {
    const itemId = eventId * 100 + s + 1;
    const votes = itemVotes(itemId);
    const ayes = votes.filter((row) => row.VoteValueName === "Aye").length;
    const nays = votes.filter((row) => row.VoteValueName === "Nay").length;
    const m = matterRow(matterOf((eventId - 1) * ITEMS_PER_EVENT + s));
    const rng = createRng(`item-${itemId}`);
    return eventItem(itemId, eventId, s + 1, {
      number: `${s + 1}.`,
      title: String(m.MatterTitle),
      action: ayes > nays ? "adopted" : "failed",
      passed: ayes > nays ? "Pass" : "Fail",
      tally: `${ayes}:${nays}`,
      mover: rng.pick(PERSONS),
      seconder: rng.pick(PERSONS),
      matter: m,
    });
  });
}

/** The fictional city as the fake serves it; items and votes are made when asked for. */
export function benchville(): FakeLegistarClient {
  const lazy = (make: (id: number) => Row[]) =>
    new Proxy({} as Record<number, Row[]>, { get: (_target, key) => make(Number(String(key))) });
  const events = Array.from({ length: EVENTS }, (_, i) =>
    event(i + 1, eventBody(i + 1), eventDay(i + 1), { minutes: true }),
  );
  const matters = Array.from({ length: MATTERS }, (_, i) => matterRow(i + 1));
  const byId = new Map(events.map((row) => [row.EventId as number, row]));
  return {
    bodies: BODIES,
    persons: PERSONS,
    // A dozen members over the years: the busy one all along, the others in two terms each.
    officeRecords: PERSONS.flatMap((who, i) =>
      i === 0
        ? [officeRecord(1, who, BODIES[0]!, "Council Member", `${day(0)}T00:00:00`, null)]
        : [
            officeRecord(
              i * 10,
              who,
              BODIES[0]!,
              "Council Member",
              `${day((i - 1) * 200)}T00:00:00`,
              `${day((i - 1) * 200 + 1460)}T00:00:00`,
            ),
            officeRecord(
              i * 10 + 1,
              who,
              BODIES[i % 2 ? 1 : 2]!,
              i % 4 === 1 ? "Chair" : "Member",
              `${day((i - 1) * 200 + 1461)}T00:00:00`,
              null,
            ),
          ],
    ),
    events,
    eventItems: lazy((id) => (byId.has(id) ? eventItems(id) : [])),
    votes: lazy((id) => itemVotes(id)),
    matters,
    matterHistories: lazy((id) => {
      const first = byId.get(Math.floor((id - 1) / ITEMS_PER_EVENT) + 1)!;
      return [matterHistory(id, first, "adopted", { passed: "Pass", tally: "8:2", mover: BUSY })];
    }),
    matterSponsors: lazy((id) => [
      sponsor(id * 2, id, PERSONS[id % PERSONS.length]!, 0),
      sponsor(id * 2 + 1, id, BUSY, 1),
    ]),
    matterAttachments: lazy(() => []),
  };
}

/**
 * Statements the server ran, counted by PostgreSQL itself (pg_stat_database:
 * transactions committed or rolled back; each statement outside a
 * transaction block is one, a transaction of several counts once). Backends
 * report their counts when idle for a while, hence the wait.
 */
async function serverTransactions(): Promise<number> {
  const { getConnection } = await import("~/lib/db/client.server");
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const { rows } = (await getConnection().execute(
    "select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = current_database()",
  )) as { rows: { n: string }[] };
  return Number(rows[0]!.n);
}

async function time<T>(run: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { seconds: (performance.now() - started) / 1000, result };
}

export async function runRecordBench(): Promise<void> {
  console.log(
    `\nOfficial record: ${EVENTS} events, ${EVENTS * ITEMS_PER_EVENT} items, ${EVENTS * ITEMS_PER_EVENT * VOTES_PER_ITEM} votes, ${MATTERS} matters from the fake Legistar on PostgreSQL (see bench/record.ts)`,
  );
  console.log(
    `  load average at start: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")} on ${os.cpus().length} cores`,
  );
  const { closeDatabase } = await import("~/lib/db/client.server");
  await closeDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-bench-record-"));
  const cluster = await startCluster(dir);
  const fake = await startFakeLegistarServer({ benchville: benchville() });
  const previous = { url: process.env.DATABASE_URL, legistar: process.env.LEGISTAR_BASE_URL };
  process.env.DATABASE_URL = cluster.url;
  process.env.LEGISTAR_BASE_URL = fake.baseUrl;
  try {
    const { getConnection, getDb, migrateDatabase } = await import("~/lib/db/client.server");
    const { cities } = await import("~/lib/db/schema");
    const { saveLegislativeSource } = await import("~/lib/legistar/store.server");
    const { syncLegislativeRecord } = await import("~/lib/legistar/sync.server");
    await migrateDatabase();
    const [city] = await getDb()
      .insert(cities)
      .values({ name: "Benchville", state: "OR", locationKey: "benchville", status: "Live" })
      .returning({ id: cities.id });
    const cityId = city!.id;
    await saveLegislativeSource(cityId, { clientId: "benchville", timeZone: "America/Los_Angeles" });

    const startCount = await serverTransactions();
    const requestsBefore = fake.requests.length;
    const first = await time(() => syncLegislativeRecord(cityId));
    if (first.result.error) throw new Error(`the sync failed: ${first.result.error}`);
    const firstStatements = (await serverTransactions()) - startCount - 1;
    const { rows } = (await getConnection().execute(`
      select 'events' as name, count(*)::int as rows from legistar_events
      union all select 'items', count(*)::int from legistar_event_items
      union all select 'votes', count(*)::int from legistar_votes
      union all select 'matters', count(*)::int from legistar_matters
      union all select 'persons', count(*)::int from legistar_persons`)) as { rows: { name: string; rows: number }[] };
    console.log(
      `  first sync: ${first.seconds.toFixed(0)} s, ${firstStatements} statements (server transactions), ${fake.requests.length - requestsBefore} requests to the fake`,
    );
    console.log(`  rows stored: ${rows.map((row) => `${row.rows} ${row.name}`).join(", ")}`);
    const written = Object.entries(first.result.written).filter(([, count]) => count > 0);
    console.log(`  written by the first run: ${written.map(([name, count]) => `${count} ${name}`).join(", ")}`);

    const beforeSecond = await serverTransactions();
    const second = await time(() => syncLegislativeRecord(cityId));
    const secondStatements = (await serverTransactions()) - beforeSecond - 1;
    const again = Object.values(second.result.written).reduce((sum, count) => sum + count, 0);
    console.log(
      `  second sync: ${second.seconds.toFixed(1)} s, ${secondStatements} statements, rows written ${again} (${again === 0 ? "nothing stored twice" : "WROTE AGAIN"})${second.result.error ? `, error: ${second.result.error}` : ""}`,
    );
    await getConnection().execute("vacuum analyze");

    const people = await import("~/lib/legistar/people.server");
    const busy = BUSY.PersonId as number;
    const personRef = { id: busy, name: BUSY.PersonFullName as string };
    const none = { type: null, result: null, page: 1 };
    const matters = await import("~/lib/legistar/matters.server");
    const agenda = await import("~/lib/legistar/agenda.server");
    const noFilter = { type: null, result: null };
    // Cursors halfway down the busiest member's votes and the city's events, reached a page at a time.
    const total = (await people.personVotes(cityId, busy, none)).total;
    let halfway: Awaited<ReturnType<typeof people.personVotesAfter>>["next"] = null;
    for (let read = 0; read < total / 2; read += 100)
      halfway = (await people.personVotesAfter(cityId, busy, noFilter, halfway, 100)).next;
    const allEvents = { from: null, to: null, order: "newest" as const, limit: 100 };
    let eventsHalfway: Awaited<ReturnType<typeof agenda.listEvents>>["next"] = null;
    for (let read = 0; read < EVENTS / 2; read += 100)
      eventsHalfway = (await agenda.listEvents(cityId, { ...allEvents, after: eventsHalfway })).next;
    const shapes: [string, () => Promise<unknown>][] = [
      ["getPerson", () => people.getPerson(cityId, busy)],
      ["personVotes, page 1", () => people.personVotes(cityId, busy, none)],
      ["personVotes, page 800", () => people.personVotes(cityId, busy, { ...none, page: 800 })],
      ["personVotes, type Proclamation", () => people.personVotes(cityId, busy, { ...none, type: "Proclamation" })],
      ["personVotes, failed", () => people.personVotes(cityId, busy, { ...none, result: "failed" })],
      [
        "personVotes, Ordinance and passed, page 3",
        () => people.personVotes(cityId, busy, { type: "Ordinance", result: "passed", page: 3 }),
      ],
      ["agreementWithColleagues", () => people.agreementWithColleagues(cityId, busy)],
      // The open API's pages (ADR 0079): 100 votes by cursor, first and halfway down; matters and events.
      ["API votes, first 100", () => people.personVotesAfter(cityId, busy, noFilter, null, 100)],
      ["API votes, 100 from halfway", () => people.personVotesAfter(cityId, busy, noFilter, halfway, 100)],
      [
        "API votes, failed, first 100",
        () => people.personVotesAfter(cityId, busy, { type: null, result: "failed" }, null, 100),
      ],
      ["API matters, first 100", () => matters.listMatters(cityId, { status: null, type: null }, null, 100)],
      ["API events, newest 100", () => agenda.listEvents(cityId, { ...allEvents, after: null })],
      ["API events, 100 from halfway", () => agenda.listEvents(cityId, { ...allEvents, after: eventsHalfway })],
      ["personMotions", () => people.personMotions(cityId, personRef)],
      ["personSponsorships", () => people.personSponsorships(cityId, busy)],
    ];
    console.log(`  person page queries (${personRef.name})      runs   p50 ms   p95 ms   goal p95 < ${GOAL_P95_MS} ms`);
    for (const [label, run] of shapes) {
      for (let i = 0; i < 5; i++) await run();
      const times: number[] = [];
      // At most ROUNDS runs or SHAPE_SECONDS of them (at least 10): a query of seconds still gets a p95.
      const until = performance.now() + SHAPE_SECONDS * 1000;
      for (let i = 0; i < ROUNDS && (i < 10 || performance.now() < until); i++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      const p95 = percentile(times, 95);
      console.log(
        `  ${label.padEnd(44)} ${String(times.length).padStart(6)} ${percentile(times, 50).toFixed(1).padStart(7)}  ${p95.toFixed(1).padStart(7)}   ${p95 < GOAL_P95_MS ? "met" : "MISSED"}`,
      );
    }
    if (process.argv.includes("--record-reread")) {
      // The full re-read (no look-back window): every record served again, none written.
      await getConnection().execute(`update legislative_sources set last_synced_at = null`);
      const full = await time(() => syncLegislativeRecord(cityId));
      const fullAgain = Object.values(full.result.written).reduce((sum, count) => sum + count, 0);
      console.log(
        `  full re-read: ${full.seconds.toFixed(0)} s, rows written ${fullAgain} (${fullAgain === 0 ? "nothing stored twice" : "WROTE AGAIN"})`,
      );
    }
    console.log(
      `  load average at end: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(", ")}`,
    );
  } finally {
    await closeDatabase();
    await fake.close();
    if (previous.url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous.url;
    if (previous.legistar === undefined) delete process.env.LEGISTAR_BASE_URL;
    else process.env.LEGISTAR_BASE_URL = previous.legistar;
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
