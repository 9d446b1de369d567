/**
 * The sitemap at 60,000 meetings (issue 26, item 16): `npm run bench -- --only sitemap [--meetings 60000]`.
 *
 * A throwaway PostgreSQL cluster (bench/corpus/database.ts's startCluster, in
 * a temporary directory removed at the end) gets 60,000 meetings over 20 Live
 * cities (half of them with a story), 2,000 business listings and 40 tracked
 * issues, loaded with generate_series (no transcripts: the sitemap reads none).
 * Then, through the app's own code (app/lib/feeds/sitemap.server.ts and
 * sitemap-cache.server.ts, what the routes call):
 *
 * - the index, built cold;
 * - every part, built cold: p50, p95, the slowest, the largest (bytes and
 *   addresses), and all of them together: the work /sitemap.xml did on every
 *   request before it was split (2.3–2.8 s in the issue);
 * - one part asked by 8 requests at once, cold: how many builds (goal: 1);
 * - the same part again with 8 different query strings: served from memory.
 *
 * Goals: every part ≤ 5,000 addresses, a cold part p95 < 250 ms, the index
 * < 100 ms, one build for 8 simultaneous requests, a cached answer p95 < 5 ms.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startCluster } from "./corpus/database";
import { percentile } from "./stats";

const CITIES = 20;
const LISTINGS = 2_000;
const ISSUES = 40;
const GOALS = { partP95Ms: 250, indexMs: 100, cachedP95Ms: 5, maxUrls: 5_000 };

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function load(meetings: number) {
  const { getConnection, getDb, migrateDatabase } = await import("~/lib/db/client.server");
  const { cities } = await import("~/lib/db/schema");
  const { sql } = await import("drizzle-orm");
  await migrateDatabase();
  const cityRows = await getDb()
    .insert(cities)
    .values(
      Array.from({ length: CITIES }, (_, i) => ({
        name: `Sitemap City ${String(i + 1).padStart(2, "0")}`,
        locationKey: `sitemap-city-${i + 1}`,
        state: "OR",
        status: "Live",
      })),
    )
    .returning({ id: cities.id });
  // A PostgreSQL array literal: drizzle would send a JavaScript array as a row.
  const ids = `{${cityRows.map((row) => row.id).join(",")}}`;
  const db = getDb();
  await db.execute(sql`
    insert into city_videos (city_id, video_id, title, published_at, created_at, story_generated_at)
    select (${ids}::uuid[])[1 + g % ${CITIES}], 'sitemap-' || g, 'Council meeting ' || g,
      now() - (${meetings} - g) * interval '1 hour', now() - (${meetings} - g) * interval '1 minute',
      case when g % 2 = 0 then now() - (${meetings} - g) * interval '1 minute' end
    from generate_series(1, ${meetings}) g`);
  await db.execute(sql`
    insert into business_listings (name, city_id, business_key)
    select 'Business ' || g, (${ids}::uuid[])[1 + g % ${CITIES}], 'business-' || g
    from generate_series(1, ${LISTINGS}) g`);
  await db.execute(sql`
    insert into tracked_issues (issue_key, title, query, city_ids)
    select 'issue-' || g, 'Issue ' || g, 'budget', array[(${ids}::uuid[])[1 + g % ${CITIES}]]
    from generate_series(1, ${ISSUES}) g`);
  await getConnection().execute("vacuum analyze");
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

const verdict = (met: boolean) => (met ? "met" : "MISSED");

export async function runSitemapBench(): Promise<void> {
  const meetings = Number(option("meetings") ?? 60_000);
  console.log(`\nSitemap: ${meetings} meetings over ${CITIES} Live cities on PostgreSQL (see bench/sitemap.ts)`);
  const { closeDatabase } = await import("~/lib/db/client.server");
  await closeDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-bench-sitemap-"));
  const cluster = await startCluster(dir);
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = cluster.url;
  try {
    const loaded = await timed(() => load(meetings));
    console.log(`  loaded in ${(loaded.ms / 1000).toFixed(1)} s`);
    const feeds = await import("~/lib/feeds/sitemap.server");
    const { sitemapResponse, sitemapCacheStats } = await import("~/lib/feeds/sitemap-cache.server");
    const origin = "https://gavel.example";

    const index = await timed(async () => feeds.sitemapIndexXml(await feeds.sitemapPartPaths(), origin));
    const parts = await feeds.sitemapPartPaths();
    console.log(
      `  index: ${parts.length} parts, ${(index.value.length / 1024).toFixed(0)} KB, built cold in ${index.ms.toFixed(0)} ms   goal < ${GOALS.indexMs} ms: ${verdict(index.ms < GOALS.indexMs)}`,
    );

    const times: number[] = [];
    let largest = { path: "", bytes: 0, urls: 0 };
    let total = 0;
    for (const partPath of parts) {
      const built = await timed(async () => {
        if (partPath === "/sitemap/site.xml") return feeds.sitemapXml(await feeds.siteUrls(), origin);
        const [, , key, name] = partPath.split("/");
        const part = feeds.parseCityPart(name)!;
        return feeds.sitemapXml((await feeds.cityPartUrls(key!, part.kind, part.page))!, origin);
      });
      times.push(built.ms);
      total += built.ms;
      const bytes = Buffer.byteLength(built.value);
      if (bytes > largest.bytes) largest = { path: partPath, bytes, urls: built.value.split("<url>").length - 1 };
    }
    const p95 = percentile(times, 95);
    console.log(
      `  parts built cold: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms   goal p95 < ${GOALS.partP95Ms} ms: ${verdict(p95 < GOALS.partP95Ms)}`,
    );
    console.log(
      `  largest part: ${largest.path}, ${(largest.bytes / 1024).toFixed(0)} KB, ${largest.urls} addresses   goal ≤ ${GOALS.maxUrls}: ${verdict(largest.urls <= GOALS.maxUrls)}`,
    );
    console.log(
      `  every part, one after the other: ${(total / 1000).toFixed(2)} s (what one request to the unsplit /sitemap.xml cost)`,
    );

    // The route's own path: content versions, the shared build, the cache.
    const busiest = parts.find((p) => p.endsWith("/meetings-1.xml"))!;
    const [, , key, name] = busiest.split("/");
    const part = feeds.parseCityPart(name)!;
    const ask = (query: string) =>
      sitemapResponse(new Request(`${origin}${busiest}${query}`), {
        path: busiest,
        versionsOf: `/city/${key}`,
        build: async (o) => feeds.sitemapXml((await feeds.cityPartUrls(key!, part.kind, part.page))!, o),
      }).then((response) => response.arrayBuffer());
    const before = sitemapCacheStats().builds;
    const together = await timed(() => Promise.all(Array.from({ length: 8 }, (_, n) => ask(`?n=${n}`))));
    const builds = sitemapCacheStats().builds - before;
    console.log(
      `  8 requests at once for ${busiest}, cold: ${builds} build(s), all answered in ${together.ms.toFixed(0)} ms   goal 1 build: ${verdict(builds === 1)}`,
    );
    const cached: number[] = [];
    for (let n = 0; n < 50; n++) cached.push((await timed(() => ask(`?junk=${n}`))).ms);
    const cachedP95 = percentile(cached, 95);
    console.log(
      `  the same part again, 50 other query strings: p95 ${cachedP95.toFixed(2)} ms, ${sitemapCacheStats().builds - before - builds} more builds   goal p95 < ${GOALS.cachedP95Ms} ms: ${verdict(cachedP95 < GOALS.cachedP95Ms)}`,
    );
  } finally {
    await closeDatabase();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
