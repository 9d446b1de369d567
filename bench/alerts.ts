/**
 * Alerts at scale (issue 15): `npm run bench -- --only alerts`.
 *
 * A throwaway PostgreSQL cluster (bench/corpus/database.ts's startCluster,
 * in a temporary directory removed at the end) gets 20 Live cities, 2,000
 * members and 10,000 saved searches of every shape the search box takes
 * (words, "phrases", `or`, `-word`; one, several or all cities; a body or
 * none), and a newly analyzed meeting with a 60 KB timed transcript stored
 * through the app's own storeTranscript. The matching statement the
 * "alert-match" job runs (app/lib/alerts/matching.server.ts) is timed over
 * ROUNDS runs, its matches deleted between runs (untimed) so every run
 * inserts them anew. Goal: under 1 s (docs/decisions/0040-alerts.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createRng } from "#demo/prng";
import { startCluster } from "./corpus/database";
import { syntheticTranscript } from "./synthetic";
import { percentile } from "./stats";

const CITIES = 20;
const MEMBERS = 2_000;
const SEARCHES = 10_000;
const ROUNDS = 20;
const GOAL_MS = 1_000;

/** Words the meeting says (bench/synthetic.ts) and words it never says. */
const SAID = [
  "repaving",
  "parking",
  "playground",
  "library",
  "budget",
  "bridge",
  "water",
  "residents",
  "motion",
  "staff",
];
const PHRASES = ['"library budget"', '"water rate study"', '"Mill Creek"', '"downtown parking plan"', '"east side"'];
const UNSAID = [
  "stormwater",
  "zoning",
  "cannabis",
  "homeless",
  "wildfire",
  "broadband",
  "annexation",
  "pension",
  "curfew",
  "skatepark",
  "dispensary",
  "reservoir",
  "hydrant",
  "orchard",
  "ballot",
];

async function load() {
  const { getConnection, getDb, migrateDatabase } = await import("~/lib/db/client.server");
  const { cities, cityUrls, cityVideoSources, cityVideos, savedSearches, users } = await import("~/lib/db/schema");
  const { storeTranscript } = await import("~/lib/transcripts/store.server");
  await migrateDatabase();
  const rng = createRng("bench-alerts");
  const cityRows = await getDb()
    .insert(cities)
    .values(
      Array.from({ length: CITIES }, (_, i) => ({
        name: `Bench City ${i + 1}`,
        locationKey: `bench-city-${i + 1}`,
        state: "OR",
        status: "Live",
      })),
    )
    .returning({ id: cities.id });
  const [source] = await getDb()
    .insert(cityUrls)
    .values({ url: "https://www.youtube.com/playlist?list=bench", body: "city" })
    .returning({ id: cityUrls.id });
  const memberRows = await getDb()
    .insert(users)
    .values(Array.from({ length: MEMBERS }, (_, i) => ({ email: `member-${i}@bench.example` })))
    .returning({ id: users.id });
  const query = (): string => {
    const roll = rng.next();
    if (roll < 0.35) return rng.pick(UNSAID);
    if (roll < 0.5) return rng.pick(SAID);
    if (roll < 0.6) return rng.pick(PHRASES);
    if (roll < 0.7) return `${rng.pick(SAID)} ${rng.pick(UNSAID)}`;
    if (roll < 0.8) return `${rng.pick(UNSAID)} or ${rng.pick(SAID)}`;
    if (roll < 0.9) return `${rng.pick(SAID)} -${rng.pick([...SAID, ...UNSAID])}`;
    return `${rng.pick(UNSAID)} ${rng.pick(UNSAID)}`;
  };
  for (let start = 0; start < SEARCHES; start += 1000) {
    await getDb()
      .insert(savedSearches)
      .values(
        Array.from({ length: 1000 }, (_, offset) => {
          const i = start + offset;
          const scope = rng.next();
          return {
            userId: memberRows[i % MEMBERS]!.id,
            query: query(),
            cityIds:
              scope < 0.4 ? [] : scope < 0.8 ? [rng.pick(cityRows).id] : [rng.pick(cityRows).id, rng.pick(cityRows).id],
            body: rng.next() < 0.2 ? rng.pick(["city", "school", "county"]) : null,
            frequency: rng.pick(["immediate", "daily", "weekly"]),
            active: rng.next() > 0.05,
            unsubscribeToken: `bench-unsubscribe-${i}-xxxxxxxx`,
            feedToken: `bench-feed-${i}-xxxxxxxxxxxxxxxx`,
          };
        }),
      );
  }
  const [meeting] = await getDb()
    .insert(cityVideos)
    .values({ cityId: cityRows[0]!.id, videoId: "benchalerts", title: "Regular meeting" })
    .returning({ id: cityVideos.id });
  await getDb().insert(cityVideoSources).values({ cityVideoId: meeting!.id, cityUrlId: source!.id });
  const stored = await storeTranscript(meeting!.id, syntheticTranscript(60_000));
  await getConnection().execute("vacuum analyze");
  return { meetingId: meeting!.id, segments: stored.segmentCount };
}

export async function runAlertsBench(): Promise<void> {
  console.log(`\nAlerts: matching one newly analyzed meeting against ${SEARCHES} saved searches on PostgreSQL`);
  const { closeDatabase } = await import("~/lib/db/client.server");
  await closeDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-bench-alerts-"));
  const cluster = await startCluster(dir);
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = cluster.url;
  try {
    const started = performance.now();
    const { meetingId, segments } = await load();
    console.log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s (meeting: ${segments} segments)`);
    const { getDb } = await import("~/lib/db/client.server");
    const { matchMeeting } = await import("~/lib/alerts/matching.server");
    const { alertMatches } = await import("~/lib/db/schema");
    const { eq } = await import("drizzle-orm");
    const times: number[] = [];
    let matches = 0;
    for (let i = 0; i < ROUNDS + 2; i++) {
      await getDb().delete(alertMatches).where(eq(alertMatches.cityVideoId, meetingId));
      const t0 = performance.now();
      matches = (await matchMeeting(meetingId)).length;
      if (i >= 2) times.push(performance.now() - t0); // two warm-up runs
    }
    const t0 = performance.now();
    const again = (await matchMeeting(meetingId)).length;
    const rerun = performance.now() - t0;
    const p95 = percentile(times, 95);
    console.log(`  matching statement, ${ROUNDS} runs      matches   p50 ms   p95 ms   max ms   goal < ${GOAL_MS} ms`);
    console.log(
      `  new meeting (matches inserted)       ${String(matches).padStart(7)}  ${percentile(times, 50).toFixed(1).padStart(7)}  ${p95.toFixed(1).padStart(7)}  ${Math.max(
        ...times,
      )
        .toFixed(1)
        .padStart(7)}   ${Math.max(...times) < GOAL_MS ? "met" : "MISSED"}`,
    );
    console.log(
      `  same meeting analyzed again          ${String(again).padStart(7)}  ${rerun.toFixed(1).padStart(7)}   (no new match: nothing mailed twice)`,
    );
  } finally {
    await closeDatabase();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
