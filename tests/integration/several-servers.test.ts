import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_RATE_LIMIT } from "~/lib/api/limits";
import { analysisRevisions, analyticsDailyCounts, analyticsDailyVisitors, appMeta, cities } from "~/lib/db/schema";
import { ensureAnalysisQueued } from "~/lib/jobs/index.server";
import { stopBoss } from "~/lib/jobs/boss.server";
import { dbKind, getTestDb } from "../setup";
import { signedInAs } from "../support/built-app";
import { createCity, createMeeting } from "../support/factories";
import { freePort } from "../support/free-port";
import { localServerEnv } from "../support/local-server-env";

/**
 * Two app servers (the built `server.ts`, WORKER=off) and two workers
 * (`npm run worker`) on one PostgreSQL database behave as one site
 * (docs/decisions/0084-several-servers-as-one-site.md): a session made on
 * one is good on the other, an admin's edit through one reaches the other's
 * cached page, the API's rate limit counts both, a reader is one visitor
 * on both, and a hundred analyses are shared by the workers, each done once.
 * PostgreSQL only: PGlite is opened by one process (ADR 0014).
 */

type Proc = { child: ChildProcess; output: () => string };
type AppServer = Proc & { base: string };

const ROOT = path.resolve(import.meta.dirname, "../..");
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** A ceiling for a process that hangs, not a measure of speed. */
const START_CEILING_MS = 240_000;
const processes: Proc[] = [];
let servers: [AppServer, AppServer];
let workers: [Proc, Proc];

function start(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: ROOT,
    env: { ...process.env, SEED_DEMO_DATA: "false", LOG_REQUESTS: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const proc = { child, output: () => output };
  processes.push(proc);
  return proc;
}

async function until<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean, proc?: Proc) {
  const deadline = Date.now() + START_CEILING_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (proc && proc.child.exitCode !== null) throw new Error(`${what}: the process exited.\n${proc.output()}`);
    if (Date.now() > deadline)
      throw new Error(`${what}: not after ${START_CEILING_MS / 1000} s.\n${proc?.output() ?? ""}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startServer(): Promise<AppServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-servers-"));
  const proc = start(["server.ts"], {
    ...localServerEnv(port, dataDir),
    DATABASE_URL: process.env.DATABASE_URL!,
    WORKER: "off",
  });
  await until("the app server listens", proc.output, (output) => output.includes("Gavel is listening"), proc);
  return { ...proc, base: `http://127.0.0.1:${port}` };
}

async function stop(proc: Proc, signal: NodeJS.Signals = "SIGTERM") {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = once(proc.child, "exit");
  proc.child.kill(signal);
  await exited;
}

function page(server: AppServer, pathname: string, headers: Record<string, string> = {}) {
  return fetch(`${server.base}${pathname}`, {
    headers: { "User-Agent": BROWSER, Accept: "text/html", ...headers },
    redirect: "manual",
  });
}

beforeAll(async () => {
  if (dbKind !== "postgres") return;
  const env = { JOBS_POLL_SECONDS: "0.5", WORKER_STOP_TIMEOUT_MS: "2000" };
  const started = await Promise.all([startServer(), startServer()]);
  servers = [started[0], started[1]];
  workers = [start(["scripts/worker.ts"], env), start(["scripts/worker.ts"], env)];
  for (const worker of workers)
    await until("the worker runs", worker.output, (output) => output.includes("is processing jobs"), worker);
}, 2 * START_CEILING_MS);

afterAll(async () => {
  await stopBoss();
  await Promise.all(processes.map((proc) => stop(proc, "SIGKILL")));
});

describe.runIf(dbKind === "postgres")("two app servers and two workers on one database [db: postgres]", () => {
  it("keep a member signed in on both servers", async () => {
    const member = await signedInAs("member-of-both@example.com");
    for (const server of servers) {
      const profile = await page(server, "/profile", { Cookie: member.cookie });
      expect(profile.status, server.base).toBe(200);
      expect(await profile.text()).toContain("member-of-both@example.com");
    }
  });

  it("show an admin's edit through one server on the other's cached page", async () => {
    const admin = await signedInAs("admin-of-both@example.com", { admin: true });
    const city = await createCity({ name: "Twin Falls", status: "Live" });
    const [first, second] = servers;
    // The second server renders the page and keeps it for visitors.
    for (let i = 0; i < 2; i++)
      expect(await (await page(second, `/city/${city.locationKey}`)).text()).toContain("Twin Falls");

    const form = new URLSearchParams({
      intent: "update-city",
      cityId: city.id,
      name: "Twin Rivers",
      state: "ID",
      county: "",
      locationKey: city.locationKey,
      description: "",
      imageUrl: "",
      domain: "",
      tagLine: "",
      primaryColor: "#112233",
      secondaryColor: "#445566",
      icon: "",
      status: "Live",
    });
    const saved = await fetch(`${first.base}/admin/city-management?city=${city.id}`, {
      method: "POST",
      body: form,
      headers: { Cookie: admin.cookie, Origin: first.base },
      redirect: "manual",
    });
    expect(saved.status, await saved.clone().text()).toBe(302);
    expect((await getTestDb().select().from(cities).where(eq(cities.id, city.id)))[0]!.name).toBe("Twin Rivers");

    // The second server hears of the change from the database (LISTEN/NOTIFY) and renders anew.
    await until(
      "the second server's page shows the edit",
      async () => (await page(second, `/city/${city.locationKey}`)).text(),
      (html) => html.includes("Twin Rivers"),
    );
  });

  it("count the API's rate limit across both servers", async () => {
    const headers = { "X-Forwarded-For": "203.0.113.7" };
    const statuses: number[] = [];
    // Each address once (`?n=`): an answer from a server's page cache costs no rendering and counts nothing.
    for (let i = 0; i <= API_RATE_LIMIT.limit; i++) {
      const response = await fetch(`${servers[i % 2]!.base}/api/v1/cities?n=${i}`, { headers });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.slice(0, API_RATE_LIMIT.limit).filter((status) => status === 429)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);
  });

  it(
    "share a hundred analyses between the workers, each meeting analyzed once",
    async () => {
      const city = await createCity({ status: "Live" });
      const meetings = [];
      for (let i = 0; i < 100; i++) meetings.push(await createMeeting({ cityId: city.id, title: `Meeting ${i}` }));
      for (const meeting of meetings) await ensureAnalysisQueued(meeting.id);
      const ids = meetings.map((meeting) => meeting.id);

      await until(
        "every meeting analyzed",
        () => getTestDb().select().from(analysisRevisions).where(inArray(analysisRevisions.cityVideoId, ids)),
        (rows) => new Set(rows.map((row) => row.cityVideoId)).size === ids.length,
      );
      // A worker logs its job after the job's transaction: the last line may reach us a moment after the row.
      const written = () =>
        workers.map((worker) => (worker.output().match(/\[jobs\] analysis \S+: written/g) ?? []).length);
      const done = await until("every analysis logged", written, (counts) => counts[0]! + counts[1]! >= ids.length);
      expect(done[0]! + done[1]!).toBe(ids.length);
      const analyzed = await getTestDb()
        .select()
        .from(analysisRevisions)
        .where(inArray(analysisRevisions.cityVideoId, ids));
      expect(analyzed).toHaveLength(ids.length);
      expect(Math.min(...done)).toBeGreaterThan(0);
    },
    2 * START_CEILING_MS,
  );

  it("count a reader who reads on both servers as one visitor", async () => {
    const userAgent = BROWSER.replace("131.0.0.0", "131.0.0.77");
    for (const server of servers) expect((await page(server, "/about", { "User-Agent": userAgent })).status).toBe(200);
    // Each server writes its counts on shutdown.
    await Promise.all(servers.map((server) => stop(server)));
    const day = new Date().toISOString().slice(0, 10);
    const [salt] = await getTestDb()
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, `analytics_salt:${day}`));
    const readerHash = crypto
      .createHmac("sha256", Buffer.from(salt!.value, "base64"))
      .update(`127.0.0.1\n${userAgent}`)
      .digest("base64url");
    // One hash for the reader, made with the day's shared salt, and one visitor counted per hash.
    const hashes = (await getTestDb().select().from(analyticsDailyVisitors)).map((row) => row.visitorHash);
    expect(hashes).toContain(readerHash);
    const counted = await getTestDb()
      .select()
      .from(analyticsDailyCounts)
      .where(eq(analyticsDailyCounts.event, "visitor"));
    expect(counted.reduce((sum, row) => sum + row.count, 0)).toBe(hashes.length);
  });
});
