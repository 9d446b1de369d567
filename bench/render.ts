/**
 * Server rendering against static files (issue 12, ADR 0030): the built app
 * on a throwaway database with the demo data, PGlite and (when its server
 * binaries are installed) PostgreSQL through scripts/postgres-cluster.sh.
 * autocannon, `--render-clients` connections (default 50) for
 * `--render-seconds` (default 10) on each of:
 * - the city page's HTML saved to a file and served by the same server
 *   (express.static at /bench-static, which only BENCH_STATIC_DIR turns on);
 * - the anonymous city page, with the rendered-page cache, and with it off
 *   (PAGE_CACHE_MB=0: every request rendered, as before round 1);
 * - the same with a matching If-None-Match (304);
 * - both again with the content versions read from the database on every
 *   request (PAGE_CACHE_LISTEN=false, as in round 1) instead of held in memory;
 * - the city page signed in (never cached).
 * Every request asks for a compressed answer as a browser does
 * (`Accept-Encoding: gzip, deflate, br`), the static file too, and every row
 * is measured right after a run of the static file, so that each ratio
 * compares two runs made under the same load (issue 34).
 * Goal: the anonymous page at ≥ 40% of the static file's requests/s, p99 < 100 ms on PostgreSQL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import autocannon from "autocannon";
import { freePort } from "../tests/support/free-port";
import { localServerEnv } from "../tests/support/local-server-env";
import { waitForHealth } from "./soak";

export type RenderOptions = { clients: number; seconds: number };

const ROOT = path.resolve(import.meta.dirname, "..");
const MEMBER_EMAIL = "bench-member@example.com";

type Measured = { label: string; rps: number; p50: number; p99: number; errors: number; staticRps: number };

/** What a browser sends: the benches measure compressed answers, as readers get them. */
const BROWSER_HEADERS = { "Accept-Encoding": "gzip, deflate, br" };

async function run(url: string, options: RenderOptions, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    connections: options.clients,
    duration: options.seconds,
    headers: { ...BROWSER_HEADERS, ...headers },
  });
  const errors = result.errors + result.timeouts + result.non2xx - (headers["If-None-Match"] ? result["3xx"] : 0);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

/** One row: the static file, then the page, back to back (interleaved), so a change in load touches both. */
async function measure(
  label: string,
  staticUrl: string,
  url: string,
  options: RenderOptions,
  headers: Record<string, string> = {},
): Promise<Measured> {
  const staticRun = await run(staticUrl, options, {});
  return { label, ...(await run(url, options, headers)), staticRps: staticRun.rps };
}

/** A throwaway PostgreSQL cluster, or null when its binaries are not installed. It stops when stdin closes. */
async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  const script = path.join(ROOT, "scripts/postgres-cluster.sh");
  const cluster = spawn(
    "bash",
    ["-c", `source "${script}"; pg_cluster_start >&2 || exit 1; echo "$DATABASE_URL"; read -r _; pg_cluster_stop >&2`],
    { stdio: ["pipe", "pipe", "ignore"] },
  );
  const url = await new Promise<string | null>((resolve) => {
    readline.createInterface({ input: cluster.stdout! }).once("line", resolve);
    cluster.once("exit", () => resolve(null));
  });
  if (!url) return null;
  return {
    url,
    stop: async () => {
      cluster.stdin!.end("\n");
      await new Promise((resolve) => cluster.once("exit", resolve));
    },
  };
}

/** The database migrated and seeded, and a signed-in member's cookie, from this process (before the server holds it). */
async function prepareDatabase(env: Record<string, string>): Promise<string> {
  Object.assign(process.env, env);
  const { prepareDatabaseOrExit } = await import("~/lib/db/startup.server");
  const { closeDatabase } = await import("~/lib/db/client.server");
  const { seedDemoDataIfPending } = await import("../demo/seed.server");
  const { createUser } = await import("~/lib/auth/users.server");
  const { signIn } = await import("~/lib/auth/session.server");
  await prepareDatabaseOrExit();
  await seedDemoDataIfPending({ skip: false });
  const user = await createUser({ email: MEMBER_EMAIL, emailConfirmed: true });
  const response = await signIn(new Request("http://127.0.0.1/auth"), user.id, "/", { title: "Welcome" });
  await closeDatabase();
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("gavel_session="));
  return session!.split(";")[0]!;
}

async function startServer(env: Record<string, string>): Promise<{ server: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), SEED_DEMO_DATA: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, 120_000);
  return { server, baseUrl };
}

async function stopServer(server: ChildProcess) {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}

async function firstCityPath(baseUrl: string): Promise<string> {
  const home = await (await fetch(baseUrl)).text();
  const key = [...home.matchAll(/<option value="([a-z0-9-]+)"/g)].map(([, k]) => k!).find((k) => k !== "other");
  return `/city/${key}`;
}

function print(database: string, rows: Measured[]) {
  const share = (row: Measured) => ((row.rps / row.staticRps) * 100).toFixed(0);
  console.log(`  ${database} (each row next to a static run just before it):`);
  for (const row of rows)
    console.log(
      `    ${row.label.padEnd(34)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  ${share(row).padStart(3)}% of static (${row.staticRps.toFixed(0)} req/s)${row.errors ? `  errors ${row.errors}` : ""}`,
    );
  const cached = rows.find((row) => row.label.startsWith("anonymous, cached"))!;
  const signedIn = rows.find((row) => row.label.startsWith("signed in"))!;
  console.log(
    `    goals: anonymous ≥ 40% of static (${share(cached)}%)${database === "PostgreSQL" ? `, p99 < 100 ms (${cached.p99} ms)` : ""}; signed in ≥ 25% (${share(signedIn)}%)`,
  );
}

async function benchDatabase(database: string, databaseUrl: string, options: RenderOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-render-"));
  const staticDir = path.join(dataDir, "static");
  fs.mkdirSync(staticDir);
  const env = { ...localServerEnv(0, dataDir), DATABASE_URL: databaseUrl, BENCH_STATIC_DIR: staticDir };
  try {
    const memberCookie = await prepareDatabase(env);
    const rows: Measured[] = [];
    const withCache = await startServer(env);
    let cityPath: string;
    try {
      cityPath = await firstCityPath(withCache.baseUrl);
      const cityUrl = withCache.baseUrl + cityPath;
      fs.writeFileSync(path.join(staticDir, "city.html"), await (await fetch(cityUrl)).text());
      const etag = (await fetch(cityUrl, { headers: BROWSER_HEADERS })).headers.get("ETag") ?? "";
      const staticUrl = `${withCache.baseUrl}/bench-static/city.html`;
      rows.push(await measure("anonymous, cached", staticUrl, cityUrl, options));
      rows.push(
        await measure("anonymous, If-None-Match (304)", staticUrl, cityUrl, options, { "If-None-Match": etag }),
      );
      rows.push(await measure("signed in (never cached)", staticUrl, cityUrl, options, { Cookie: memberCookie }));
    } finally {
      await stopServer(withCache.server);
    }
    const perRequest = await startServer({ ...env, PAGE_CACHE_LISTEN: "false" });
    try {
      const cityUrl = perRequest.baseUrl + cityPath;
      const staticUrl = `${perRequest.baseUrl}/bench-static/city.html`;
      const etag = (await fetch(cityUrl, { headers: BROWSER_HEADERS })).headers.get("ETag") ?? "";
      rows.push(await measure("anonymous, cached, versions per req", staticUrl, cityUrl, options));
      rows.push(
        await measure("… If-None-Match, versions per req", staticUrl, cityUrl, options, { "If-None-Match": etag }),
      );
    } finally {
      await stopServer(perRequest.server);
    }
    const withoutCache = await startServer({ ...env, PAGE_CACHE_MB: "0" });
    try {
      const staticUrl = `${withoutCache.baseUrl}/bench-static/city.html`;
      rows.push(await measure("anonymous, cache off (before)", staticUrl, withoutCache.baseUrl + cityPath, options));
    } finally {
      await stopServer(withoutCache.server);
    }
    print(database, rows);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runRenderBench(options: RenderOptions): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.log("Render bench skipped: build/ is missing; run `npm run build` first.");
    return;
  }
  console.log(
    `Server rendering against static files: ${options.clients} connections, ${options.seconds} s each (the city page of the demo data)`,
  );
  await benchDatabase("PGlite", "", options);
  const postgres = await startPostgres();
  if (!postgres) {
    console.log("  PostgreSQL: skipped (no server binaries; see scripts/postgres-cluster.sh)");
    return;
  }
  try {
    await benchDatabase("PostgreSQL", postgres.url, options);
  } finally {
    await postgres.stop();
  }
}
