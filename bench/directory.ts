/**
 * The business directory at scale (issue 13): `npm run bench -- --only directory`.
 *
 * A throwaway PostgreSQL cluster (bench/corpus/database.ts's startCluster,
 * in a temporary directory removed at the end) gets 10,000 listings over
 * 100 cities (90 Live) and the demo categories, then the directory's own
 * query (queryDirectory: the count and the page) is timed with every filter
 * at once and in its other common shapes. Goal: p95 < 20 ms for each.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { SEED_CATEGORIES } from "#demo/businesses";
import { createRng } from "#demo/prng";
import type { DirectoryQuery } from "~/lib/businesses/directory.server";
import { startCluster } from "./corpus/database";
import { percentile } from "./stats";

const CITIES = 100;
const LIVE_CITIES = 90;
const LISTINGS = 10_000;
const ROUNDS = 200;
const GOAL_P95_MS = 20;

const WORDS = [
  "Alder",
  "Bayview",
  "Cedar",
  "Driftwood",
  "Elm",
  "Fern",
  "Granite",
  "Harbor",
  "Iron",
  "Juniper",
  "Kestrel",
  "Laurel",
  "Maple",
  "Northside",
  "Oak",
  "Pine",
  "Quarry",
  "River",
  "Summit",
  "Timber",
  "Union",
  "Valley",
  "Willow",
  "Yarrow",
  "Zephyr",
  "1st Street",
  "24 Hour",
  "Élan",
  "Old Town",
  "Main Street",
];
const NOUNS = [
  "Bakery",
  "Plumbing",
  "Dental",
  "Books",
  "Auto Repair",
  "Fitness",
  "Tax Service",
  "Cafe",
  "Grooming",
  "Tours",
];
const PHRASES = [
  "family owned since 1987",
  "fresh bread every morning",
  "emergency repairs day and night",
  "friendly staff and fair prices",
  "walk-ins welcome",
  "serving the whole county",
  "locally sourced ingredients",
  "licensed and insured",
];

async function load() {
  const { getConnection, getDb, migrateDatabase } = await import("~/lib/db/client.server");
  const { businessCategories, businessListings, cities } = await import("~/lib/db/schema");
  await migrateDatabase();
  const rng = createRng("bench-directory");
  const cityRows = await getDb()
    .insert(cities)
    .values(
      Array.from({ length: CITIES }, (_, i) => ({
        name: `Bench City ${String(i + 1).padStart(3, "0")}`,
        locationKey: `bench-city-${i + 1}`,
        state: "OR",
        status: i < LIVE_CITIES ? "Live" : "Test",
      })),
    )
    .returning({ id: cities.id });
  const categoryRows = await getDb()
    .insert(businessCategories)
    .values(SEED_CATEGORIES.map((category) => ({ ...category })))
    .returning({ id: businessCategories.id });
  for (let start = 0; start < LISTINGS; start += 1000) {
    await getDb()
      .insert(businessListings)
      .values(
        Array.from({ length: Math.min(1000, LISTINGS - start) }, (_, offset) => {
          const i = start + offset;
          const roll = rng.next();
          return {
            name: `${rng.pick(WORDS)} ${rng.pick(NOUNS)} ${i}`,
            description: `${rng.pick(PHRASES)}, ${rng.pick(PHRASES)}.`,
            streetAddress: `${rng.int(1, 9999)} ${rng.pick(WORDS)} Avenue`,
            postalCode: String(rng.int(10000, 99999)),
            cityId: cityRows[i % CITIES]!.id,
            businessCategory: rng.pick(categoryRows).id,
            listingTier: roll < 0.1 ? "Tier 1" : roll < 0.4 ? "Tier 2" : "Tier 3",
            businessKey: `bench-${i}`,
          };
        }),
      );
  }
  await getConnection().execute("vacuum analyze");
  return { cityIds: cityRows.map((row) => row.id) };
}

async function timeShapes(
  queryDirectory: (query: DirectoryQuery) => Promise<{ total: number }>,
  shapes: [string, DirectoryQuery][],
): Promise<void> {
  console.log(
    `  query (count + page), ${ROUNDS} rounds         total   p50 ms   p95 ms   goal p95 < ${GOAL_P95_MS} ms`,
  );
  for (const [label, query] of shapes) {
    for (let i = 0; i < 10; i++) await queryDirectory(query);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      total = (await queryDirectory(query)).total;
      times.push(performance.now() - t0);
    }
    const p95 = percentile(times, 95);
    console.log(
      `  ${label.padEnd(48)} ${String(total).padStart(6)}  ${percentile(times, 50).toFixed(2).padStart(7)}  ${p95.toFixed(2).padStart(7)}   ${p95 < GOAL_P95_MS ? "met" : "MISSED"}`,
    );
  }
}

export async function runDirectoryBench(): Promise<void> {
  console.log(
    `\nBusiness directory: ${LISTINGS} listings over ${CITIES} cities on PostgreSQL (see bench/directory.ts)`,
  );
  const { closeDatabase } = await import("~/lib/db/client.server");
  await closeDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-bench-directory-"));
  const cluster = await startCluster(dir);
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = cluster.url;
  try {
    const started = performance.now();
    const { cityIds } = await load();
    console.log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const { queryDirectory } = await import("~/lib/businesses/directory.server");
    const base: DirectoryQuery = { q: "", cityId: null, category: null, sub: null, letter: "All", page: 1 };
    const shapes: [string, DirectoryQuery][] = [
      [
        "all filters (city, search, category, sub, letter)",
        { ...base, cityId: cityIds[7]!, q: "bread", category: "Food & Drink", sub: "Bakery", letter: "C" },
      ],
      ["all filters, every city", { ...base, q: "bread", category: "Food & Drink", sub: "Bakery", letter: "M" }],
      ["no filter, page 1", base],
      ["no filter, page 200", { ...base, page: 200 }],
      ["no filter, past the last page", { ...base, page: 10_000 }],
      ["search only, every city", { ...base, q: "licensed" }],
      ["search with % and _", { ...base, q: "50%_off" }],
      ["letter only", { ...base, letter: "M" }],
      ["one city, page 2", { ...base, cityId: cityIds[3]!, page: 2 }],
    ];
    await timeShapes(queryDirectory, shapes);
  } finally {
    await closeDatabase();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
