/**
 * Search at scale (issue 12): `npm run bench -- --only search [--meetings 1000]`.
 *
 * On the bench corpus (bench/corpus, default 10,000 meetings in a cached
 * PostgreSQL cluster) it times 20 realistic queries of several kinds:
 * - the search as the app runs it (the meeting-level query, the probe,
 *   then the relevance or the newest-first statement over the candidate
 *   meetings), against round 1 of ADR 0031 (a segment-count probe, then
 *   the relevance or the newest-first statement over every meeting), the
 *   relevance statement alone (the design before ADR 0031) and ILIKE over
 *   transcripts and over titles (the seeds' approach: newest first,
 *   stopping at 50 hits);
 * - the word lookup alone (forgivingQuery, ADR 0081: the query's words
 *   and their lexicon entries), which the app's time includes;
 * - recall: every meeting the ILIKE search over transcripts shows must match;
 * - HTTP /search?q= and /city/<key>/search?q= under 10 concurrent clients
 *   against the built app (`npm run build` first) on the same database,
 *   with the rendered-page cache off (PAGE_CACHE_MB=0: every request
 *   searches) and on (repeated queries answered from memory).
 * `--explain` writes EXPLAIN (ANALYZE, BUFFERS) of the app's statements for
 * a query of each kind to data/bench-search-plans-<meetings>.txt;
 * `--http-only` skips the statements (and ILIKE's minutes).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type SQL, sql } from "drizzle-orm";
import { freePort } from "../tests/support/free-port";
import { localServerEnv } from "../tests/support/local-server-env";
import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE_FROM, HEADLINE_TRANSLATE_TO } from "~/lib/search/snippet";
import { openCorpus } from "./corpus/database";
import { corpusCities } from "./corpus/generate";
import { percentile } from "./stats";

const ROOT = path.resolve(import.meta.dirname, "..");
const LIMIT = 50;
const ILIKE_ROUNDS = 2;

type Kind = "rare" | "common" | "pair" | "phrase" | "number" | "name" | "operators" | "city";
type Query = { kind: Kind; q: string; city?: boolean };

/** The 20 queries; `city` ones run as the city's own search, in the first bench city. */
export const SEARCH_QUERIES: Query[] = [
  { kind: "rare", q: "heliport" },
  { kind: "rare", q: "zamboni" },
  { kind: "rare", q: "columbarium" },
  { kind: "common", q: "council" },
  { kind: "common", q: "budget" },
  { kind: "common", q: "residents" },
  { kind: "pair", q: "council budget" },
  { kind: "pair", q: "parking plan" },
  { kind: "pair", q: "water rate" },
  { kind: "phrase", q: '"affordable housing"' },
  { kind: "phrase", q: '"public works department"' },
  { kind: "phrase", q: '"climate action plan"' },
  { kind: "number", q: '"$4.2 million"' },
  { kind: "number", q: "2026" },
  { kind: "name", q: "Okafor" },
  { kind: "name", q: "Kaohsiung" },
  { kind: "operators", q: "heliport or zamboni" },
  { kind: "operators", q: "stormwater -fee" },
  { kind: "city", q: "budget", city: true },
  { kind: "city", q: "bridge repairs", city: true },
];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function geometricMean(values: number[]): number {
  return Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
}

/** The websearch syntax as the seeds' ILIKE conditions: words and phrases ANDed, `or`, `-word`. */
function ilikeCondition(query: string, column: SQL): SQL {
  const terms = [...query.matchAll(/(-?)"([^"]+)"|(-?)(\S+)/g)].map((match) => ({
    negated: Boolean(match[1] || match[3]),
    text: match[2] ?? match[4]!,
  }));
  const groups: SQL[][] = [[]];
  for (const term of terms) {
    if (term.text.toLowerCase() === "or" && !term.negated) {
      groups.push([]);
      continue;
    }
    const like = sql`${column} ilike ${`%${term.text}%`}`;
    groups.at(-1)!.push(term.negated ? sql`not (${like})` : like);
  }
  const ands = groups.filter((group) => group.length).map((group) => sql`(${sql.join(group, sql` and `)})`);
  return sql`(${sql.join(ands, sql` or `)})`;
}

/** ILIKE over everything the search reads ("all": title, description and transcript, the issue's baseline) or the title alone. */
function ilikeStatement(query: string, cityId: string | null, over: "all" | "title"): SQL {
  const column =
    over === "all"
      ? sql`concat_ws(' ', v.title, v.description, v.transcript)`
      : sql`concat_ws(' ', v.title, v.description)`;
  const scope = cityId ? sql`v.city_id = ${cityId}::uuid` : sql`c.status = 'Live'`;
  return sql`
    select v.id from city_videos v join cities c on c.id = v.city_id
    where ${scope} and ${ilikeCondition(query, column)}
    order by v.published_at desc nulls last limit ${LIMIT}`;
}

/** Round 1's bound: past this many matching segments a query of words was common. */
const ROUND_ONE_COMMON_SEGMENTS = 3000;

/** Round 1's newest-first statement: every meeting in scope read newest first, each checked through its segments. */
function roundOneNewest(q: string, cityId: string | null): SQL {
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const scope = cityId ? sql`v.city_id = ${cityId}::uuid` : sql`c.status = 'Live'`;
  return sql`
    with newest as (
      select v.id, v.published_at, v.search_vector from city_videos v, cities c
      where c.id = v.city_id and ${scope} and (v.search_vector @@ ${tsquery} or exists (
        select 1 from transcript_segments s where s.city_video_id = v.id and s.search_vector @@ ${tsquery}))
      order by v.published_at desc nulls last, v.id
      limit ${LIMIT}
    ),
    top as (
      select n.id, n.published_at, first.segment_id, first.start_seconds, first.speaker,
        1 - (1 - case when n.search_vector @@ ${tsquery} then ts_rank_cd(n.search_vector, ${tsquery}, 32) else 0 end)
          * (1 - coalesce(first.rank, 0)) as score
      from newest n
      left join lateral (
        select s.id as segment_id, s.start_seconds, s.speaker, ts_rank_cd(s.search_vector, ${tsquery}, 32) as rank
        from transcript_segments s
        where s.city_video_id = n.id and s.search_vector @@ ${tsquery}
        order by s.position
        limit 1
      ) first on true
    )
    select t.id, v.title, t.score, t.start_seconds,
      ts_headline('english',
        translate(
          case when s.id is not null then concat_ws(': ', s.speaker, s.text)
               else concat_ws(' — ', v.title, v.description) end,
          ${HEADLINE_TRANSLATE_FROM}, ${HEADLINE_TRANSLATE_TO}),
        ${tsquery}, ${HEADLINE_OPTIONS}) as headline, c.name
    from top t
    join city_videos v on v.id = t.id
    join cities c on c.id = v.city_id
    left join transcript_segments s on s.id = t.segment_id
    order by t.published_at desc nulls last, t.id`;
}

/**
 * Round 1 of ADR 0031, for comparison: matching segments counted up to
 * 3,001 (phrases kept by relevance), then the relevance statement or the
 * newest-first statement over every meeting in scope (no candidate filter).
 */
/** The query typed as the statements take it: a tsquery's text, accents forgiven (app/lib/search/words.server.ts). */
async function tsqueryOf(q: string): Promise<string> {
  const { forgivingQuery } = await import("~/lib/search/words.server");
  return (await forgivingQuery(q)).tsquery;
}

async function roundOneSearch(q: string, cityId: string | null): Promise<void> {
  const { getDb } = await import("~/lib/db/client.server");
  const { searchStatement } = await import("~/lib/search/search.server");
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const hits = cityId
    ? sql`select 1 from transcript_segments s join city_videos v on v.id = s.city_video_id
        where s.search_vector @@ ${tsquery} and v.city_id = ${cityId}::uuid`
    : sql`select 1 from transcript_segments s where s.search_vector @@ ${tsquery}`;
  const { rows } = (await getDb().execute(sql`select count(*)::int as matches,
      ${tsquery}::text ~ '<[0-9-]+>' as phrase from (${hits} limit ${ROUND_ONE_COMMON_SEGMENTS + 1}) hits`)) as unknown as {
    rows: { matches: number; phrase: boolean }[];
  };
  const scope = cityId ? { cityId, liveOnly: false } : { liveOnly: true };
  const common = rows[0]!.matches > ROUND_ONE_COMMON_SEGMENTS && !rows[0]!.phrase;
  await getDb().execute(common ? roundOneNewest(q, cityId) : searchStatement(await tsqueryOf(q), scope, LIMIT));
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

function isStatementTimeout(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === "57014") return true;
  return false;
}

/**
 * A baseline statement that passes the statement timeout counts as the time
 * it ran (so its speed-up is a lower bound, printed with "≥") instead of
 * ending the bench (issue 34); value is null then.
 */
async function timedBaseline<T>(run: () => Promise<T>): Promise<{ ms: number; value: T | null }> {
  const started = performance.now();
  try {
    const value = await run();
    return { ms: performance.now() - started, value };
  } catch (error) {
    if (!isStatementTimeout(error)) throw error;
    return { ms: performance.now() - started, value: null };
  }
}

async function runStatementBench(meetings: number, rounds: number): Promise<void> {
  const { getDb } = await import("~/lib/db/client.server");
  const { citySearch, liveCitySearch, searchStatement } = await import("~/lib/search/search.server");
  const { forgivingQuery } = await import("~/lib/search/words.server");
  const db = getDb();
  const rows = async (statement: SQL) => (await db.execute(statement)) as unknown as { rows: { id: string }[] };
  const [lexicon] = (await rows(sql`select count(*)::int as words from search_lexicon`)).rows as unknown as {
    words: number;
  }[];
  // The baselines run under their own statement timeout (default the app's
  // 30 s; `--baseline-timeout-ms`), so one that passes it is recorded, not fatal.
  const baselineTimeoutMs = Math.trunc(Number(option("baseline-timeout-ms") ?? 30_000));
  if (!(baselineTimeoutMs >= 1)) throw new Error("--baseline-timeout-ms takes a number of milliseconds, 1 or more");
  const baselineRows = (statement: SQL) =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${baselineTimeoutMs}`));
      return (await tx.execute(statement)) as unknown as { rows: { id: string }[] };
    });
  const [firstCity] = (await rows(sql`select id from cities where location_key = ${corpusCities()[0]!.locationKey}`))
    .rows;
  const cityId = firstCity!.id;

  type Sample = {
    app: number[];
    words: number[];
    round1: number[];
    before: number[];
    ilike: number[];
    titles: number[];
  };
  const samples = new Map<Query, Sample>(
    SEARCH_QUERIES.map((query) => [query, { app: [], words: [], round1: [], before: [], ilike: [], titles: [] }]),
  );
  const facts = new Map<Query, { order: string; results: number; recall: string }>();
  const ilikeIds = new Map<Query, string[] | null>();
  const timedOut = new Set<Query>();
  const titlesTimedOut = new Set<Query>();
  for (let round = 0; round < rounds; round++) {
    console.log(`  round ${round + 1}/${rounds}`);
    for (const query of SEARCH_QUERIES) {
      const sample = samples.get(query)!;
      const scope = query.city ? { cityId, liveOnly: false } : { liveOnly: true };
      const app = await timed(() => (query.city ? citySearch(cityId, query.q) : liveCitySearch(query.q)));
      sample.app.push(app.ms);
      // The word lookup (ADR 0081) alone: part of the app's time, its own round trips.
      sample.words.push((await timed(() => forgivingQuery(query.q))).ms);
      sample.round1.push((await timed(() => roundOneSearch(query.q, query.city ? cityId : null))).ms);
      const tsquery = await tsqueryOf(query.q);
      sample.before.push((await timed(() => rows(searchStatement(tsquery, scope, LIMIT)))).ms);
      // ILIKE reads every transcript: seconds a query at 10,000 meetings, so two rounds are enough.
      if (round < ILIKE_ROUNDS) {
        const ilike = await timedBaseline(() =>
          baselineRows(ilikeStatement(query.q, query.city ? cityId : null, "all")),
        );
        const titles = await timedBaseline(() =>
          baselineRows(ilikeStatement(query.q, query.city ? cityId : null, "title")),
        );
        sample.ilike.push(ilike.ms);
        sample.titles.push(titles.ms);
        if (!ilike.value) timedOut.add(query);
        if (!titles.value) titlesTimedOut.add(query);
        if (round === 0) ilikeIds.set(query, ilike.value?.rows.map((row) => row.id) ?? null);
      }
      if (round === 0)
        facts.set(query, {
          order: app.value.order,
          results: app.value.results.length,
          recall: await recall(query.q, ilikeIds.get(query) ?? null),
        });
    }
  }

  async function recall(q: string, ids: string[] | null): Promise<string> {
    if (!ids) return "ILIKE timed out";
    if (!ids.length) return "-";
    const tsquery = sql`websearch_to_tsquery('english', ${q})`;
    const found = await rows(sql`
      select v.id from city_videos v where v.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and (v.search_vector @@ ${tsquery} or exists (
          select 1 from transcript_segments s where s.city_video_id = v.id and s.search_vector @@ ${tsquery}))`);
    return `${found.rows.length}/${ids.length}`;
  }

  console.log(
    `\nSearch statement, ${meetings} meetings, ${rounds} rounds (ms; goal: p95 < 50 for every kind); the word lookup (forgivingQuery, part of app) over ${lexicon!.words} lexicon words`,
  );
  console.log(
    "  query                          order      hits  app p50/p95   lookup p50/p95  round 1 p50/p95  before p50/p95  ILIKE-all p50  ILIKE-title p50  ×ILIKE  recall",
  );
  const speedups: number[] = [];
  const roundOneSpeedups: number[] = [];
  for (const query of SEARCH_QUERIES) {
    const sample = samples.get(query)!;
    const fact = facts.get(query)!;
    const speedup = percentile(sample.ilike, 50) / percentile(sample.app, 50);
    speedups.push(speedup);
    roundOneSpeedups.push(percentile(sample.ilike, 50) / percentile(sample.round1, 50));
    const atLeast = timedOut.has(query) ? "≥" : " ";
    const titlesAtLeast = titlesTimedOut.has(query) ? "≥" : " ";
    console.log(
      `  ${`${query.kind}: ${query.q}`.padEnd(30)} ${fact.order.padEnd(10)} ${String(fact.results).padStart(4)}  ${fmt(sample.app)}   ${fmt(sample.words)}    ${fmt(sample.round1)}     ${fmt(sample.before)}   ${atLeast}${percentile(sample.ilike, 50).toFixed(1).padStart(8)}  ${titlesAtLeast}${percentile(sample.titles, 50).toFixed(1).padStart(8)}      ${atLeast}${speedup.toFixed(1).padStart(6)}  ${fact.recall}`,
    );
  }
  console.log("  per kind (p95 over its queries and rounds):");
  for (const kind of new Set(SEARCH_QUERIES.map((query) => query.kind))) {
    const of = SEARCH_QUERIES.filter((query) => query.kind === kind).map((query) => samples.get(query)!);
    const app = percentile(
      of.flatMap((sample) => sample.app),
      95,
    );
    const words = percentile(
      of.flatMap((sample) => sample.words),
      95,
    );
    const round1 = percentile(
      of.flatMap((sample) => sample.round1),
      95,
    );
    const before = percentile(
      of.flatMap((sample) => sample.before),
      95,
    );
    console.log(
      `    ${kind.padEnd(10)} app ${app.toFixed(1).padStart(7)} ms  lookup ${words.toFixed(1).padStart(6)} ms  round 1 ${round1.toFixed(1).padStart(7)} ms  before ${before.toFixed(1).padStart(7)} ms  ${app < 50 ? "meets" : "MISSES"} the goal (< 50 ms)`,
    );
  }
  const all = [...samples.values()];
  console.log(
    `  all queries: app p95 ${percentile(
      all.flatMap((s) => s.app),
      95,
    ).toFixed(1)} ms (goal < 50), lookup p50 ${percentile(
      all.flatMap((s) => s.words),
      50,
    ).toFixed(1)} / p95 ${percentile(
      all.flatMap((s) => s.words),
      95,
    ).toFixed(1)} ms, round 1 p95 ${percentile(
      all.flatMap((s) => s.round1),
      95,
    ).toFixed(1)} ms, before p95 ${percentile(
      all.flatMap((s) => s.before),
      95,
    ).toFixed(1)} ms`,
  );
  console.log(
    `  against ILIKE over title, description and transcript: ${timedOut.size ? "≥ " : ""}${geometricMean(speedups).toFixed(1)}× faster on the geometric mean of p50s (goal ≥ 100×; round 1 ${geometricMean(roundOneSpeedups).toFixed(1)}×)`,
  );
  if (timedOut.size)
    console.log(
      `  ILIKE passed the statement timeout on ${timedOut.size} quer${timedOut.size === 1 ? "y" : "ies"} (marked ≥: counted as the time it ran, so those speed-ups are lower bounds)`,
    );
}

function fmt(values: number[]): string {
  return `${percentile(values, 50).toFixed(1).padStart(6)}/${percentile(values, 95).toFixed(1).padEnd(6)}`;
}

async function writePlans(meetings: number): Promise<void> {
  const { getConnection } = await import("~/lib/db/client.server");
  const { FEW_MEETINGS, MIN_SCORE, SPARSE_SEGMENTS, queryFormsOf, newestStatement, probeStatement, searchStatement } =
    await import("~/lib/search/search.server");
  const { PgDialect } = await import("drizzle-orm/pg-core");
  const dialect = new PgDialect();
  const scope = { liveOnly: true };
  const explain = async (title: string, statement: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const result = await getConnection().execute(`explain (analyze, buffers) ${text}`, params);
    return `== ${title}\n${(result.rows as { "QUERY PLAN": string }[]).map((row) => row["QUERY PLAN"]).join("\n")}\n`;
  };
  const parts: string[] = [];
  for (const typed of ["heliport", "council", "parking plan", "Okafor", '"affordable housing"', "stormwater -fee"]) {
    const { meeting, negated } = await queryFormsOf(typed);
    // The statements take the query as a tsquery (what search makes of the words typed).
    const q = await tsqueryOf(typed);
    const { sql: probeText, params } = dialect.sqlToQuery(probeStatement(q, scope, meeting, negated));
    const [probe] = (await getConnection().execute(probeText, params)).rows as {
      meetings: number;
      segments: number | null;
    }[];
    const sparse = probe!.segments !== null && probe!.segments <= SPARSE_SEGMENTS;
    parts.push(
      `#### "${q}": meeting-level query ${meeting}, ${probe!.meetings} candidate meetings (counted to ${FEW_MEETINGS + 1})${negated ? `, ${probe!.segments} matching segments (counted to ${SPARSE_SEGMENTS + 1})` : ""}\n`,
    );
    parts.push(await explain(`before: relevance statement, "${q}"`, searchStatement(q, scope, LIMIT)));
    parts.push(await explain(`after: probe, "${q}"`, probeStatement(q, scope, meeting, negated)));
    if (probe!.meetings <= FEW_MEETINGS)
      parts.push(await explain(`after: relevance over candidates, "${q}"`, searchStatement(q, scope, LIMIT, meeting)));
    else if (sparse)
      parts.push(
        await explain(`after: few segments left by -word, relevance, "${q}"`, searchStatement(q, scope, LIMIT)),
      );
    else
      parts.push(
        await explain(
          `after: newest first among candidates, "${q}"`,
          newestStatement(q, scope, LIMIT, meeting, MIN_SCORE),
        ),
      );
  }
  const file = path.join(ROOT, "data", `bench-search-plans-${meetings}.txt`);
  fs.writeFileSync(file, parts.join("\n"));
  console.log(`  query plans written to ${path.relative(ROOT, file)}`);
}

async function waitForHealth(baseUrl: string): Promise<void> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become healthy within 120 s");
}

/** `clients` concurrent loops over the URLs for `seconds`: latencies and errors. */
async function load(baseUrl: string, urls: string[], clients: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const endAt = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < endAt) {
      const url = urls[next++ % urls.length]!;
      const started = performance.now();
      const response = await fetch(baseUrl + url).catch(() => null);
      await response?.arrayBuffer();
      if (!response || response.status >= 400) errors++;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { latencies, errors };
}

async function runHttpBench(url: string, clients: number, seconds: number): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.log("\nHTTP search skipped: build/ is missing; run `npm run build` first.");
    return;
  }
  for (const cacheMb of [0, 32]) await runHttpLoad(url, clients, seconds, cacheMb);
}

/** The HTTP load against a server whose rendered-page cache holds `cacheMb` MB (0: off). */
async function runHttpLoad(url: string, clients: number, seconds: number, cacheMb: number): Promise<void> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-search-bench-"));
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...localServerEnv(port, dataDir),
      DATABASE_URL: url,
      SEED_DEMO_DATA: "false",
      PAGE_CACHE_MB: String(cacheMb),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl);
    const cityKey = corpusCities()[0]!.locationKey;
    const across = SEARCH_QUERIES.filter((query) => !query.city).map(
      (query) => `/search?q=${encodeURIComponent(query.q)}`,
    );
    const inCity = SEARCH_QUERIES.map((query) => `/city/${cityKey}/search?q=${encodeURIComponent(query.q)}`);
    await load(baseUrl, [...across, ...inCity], 2, 3); // warm-up
    console.log(
      `\nHTTP search, ${clients} concurrent clients, ${seconds} s each, rendered-page cache ${cacheMb ? `on (${cacheMb} MB)` : "off"} (goal: p95 < 150 ms)`,
    );
    for (const [label, urls] of [
      ["/search?q=", across],
      [`/city/${cityKey}/search?q=`, inCity],
    ] as const) {
      const { latencies, errors } = await load(baseUrl, urls, clients, seconds);
      const p95 = percentile(latencies, 95);
      console.log(
        `  ${label.padEnd(40)} ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (${p95 < 150 ? "meets" : "MISSES"} < 150), p99 ${percentile(latencies, 99).toFixed(0)} ms, errors ${errors}`,
      );
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runSearchBench(): Promise<void> {
  const meetings = Number(option("meetings") ?? 10_000);
  console.log(`\nSearch at scale: ${meetings} meetings (bench/search.ts)`);
  const cluster = await openCorpus(meetings);
  try {
    if (!process.argv.includes("--http-only")) await runStatementBench(meetings, Number(option("rounds") ?? 10));
    if (process.argv.includes("--explain")) await writePlans(meetings);
    const { closeDatabase } = await import("~/lib/db/client.server");
    await closeDatabase();
    await runHttpBench(cluster.url, 10, Number(option("http-seconds") ?? 20));
  } finally {
    const { closeDatabase } = await import("~/lib/db/client.server");
    await closeDatabase();
    cluster.stop();
  }
}
