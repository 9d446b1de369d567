import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { closeDatabase } from "~/lib/db/client.server";
import { ensureAnalysisQueued } from "~/lib/jobs/enqueue.server";
import { stopBoss } from "~/lib/jobs/boss.server";
import { SHUTDOWN_MESSAGE } from "~/lib/jobs/liveness.server";
import { dbKind, dbTag, execSql } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../support/fake-openai-server";
import { freePort } from "../support/free-port";
import { localServerEnv } from "../support/local-server-env";
import { EVENTUALLY_MS, RawConnection } from "../support/raw-http";

/**
 * Issue 17: one stuck request must never stop the whole server. The real
 * server (server.ts, the built app, its worker on) on this file's database,
 * with short deadlines; clients that never finish their headers, a body
 * that stops half-way, an upload cut off, ordinary pages, and a job whose
 * model never answers, all at once. Afterwards /healthz answers; on SIGTERM
 * the process exits (the job's model never answers: only the shutdown
 * deadline can end it) and the job goes back to its queue to start again at
 * once. The test asserts outcomes and their order, never how fast: a stuck
 * server never answers, which the test's own timeout catches; how fast a
 * loaded machine answers is no part of the subject (issue 28).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const DEADLINE_MS = 2_000;
const LONG_TRANSCRIPT = Array.from(
  { length: 40 },
  (_, i) => `[00:${String(i).padStart(2, "0")}:00] CLERK: Item ${i} of the agenda is the stormwater fee study.`,
).join("\n");

let dataDir: string;
let server: ChildProcess;
let base: string;
let port: number;
let output = "";
let model: FakeOpenAiServer;
let jobId: string;
let meetingPath: string;

async function prepareDatabase(): Promise<void> {
  if (dbKind === "pglite") {
    // The server opens the embedded database alone: fill it first, from the migrated snapshot, then let go.
    await closeDatabase();
    process.env.PGLITE_DATA_DIR = path.join(dataDir, "pglite");
  }
  const city = await createCity({ status: "Live" });
  const meeting = await createMeeting({ cityId: city.id, transcript: LONG_TRANSCRIPT });
  meetingPath = `/city/${city.locationKey}/meeting/${meeting.id}`;
  const queued = await ensureAnalysisQueued(meeting.id);
  if (!queued.jobId) throw new Error(`The analysis was not queued: ${queued.reason}`);
  jobId = queued.jobId;
  await stopBoss();
  if (dbKind === "pglite") await closeDatabase();
}

async function startServer(): Promise<void> {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    ...localServerEnv(port, dataDir),
    SESSION_SECRET: "test-session-secret",
    SEED_DEMO_DATA: "false",
    WORKER: "on",
    JOBS_POLL_SECONDS: "0.5",
    REQUEST_HEADERS_TIMEOUT_MS: String(DEADLINE_MS),
    REQUEST_BODY_TIMEOUT_MS: String(DEADLINE_MS),
    SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS),
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MAX_RETRIES: "0",
    OPENAI_TIMEOUT_MS: "120000",
    DATABASE_URL: dbKind === "postgres" ? process.env.DATABASE_URL : undefined,
  };
  server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  while (!output.includes("is listening")) {
    if (server.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
    if (Date.now() - started > 60_000) throw new Error(`The server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function health(): Promise<number> {
  const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(EVENTUALLY_MS) });
  return response.status;
}

async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`Timed out waiting for ${what}.\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A client that sends its headers a line at a time, and never the blank line that ends them. */
async function slowLoris(): Promise<RawConnection> {
  const connection = await RawConnection.open(port);
  await connection.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
  const drip = setInterval(() => void connection.write(`X-Slow-${Date.now()}: 1\r\n`), 300);
  void connection.waitForClose().then(() => clearInterval(drip));
  return connection;
}

/** A form post whose body stops arriving after `sent` of its `length` bytes. */
async function halfSentPost(length: number, sent: number): Promise<RawConnection> {
  const connection = await RawConnection.open(port);
  await connection.write(
    `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${length}\r\n\r\n${"message=" + "x".repeat(sent - 8)}`,
  );
  return connection;
}

describe(`one stuck request never stops the server ${dbTag}`, () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-stuck-"));
    model = await startFakeOpenAiServer();
    model.otherwise(() => ({ kind: "hang" }));
    await prepareDatabase();
    await startServer();
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGKILL");
      await once(server, "exit");
    }
    await model?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("slow clients, a half-sent body and a cut-off upload, beside a job that hangs: the server still answers", async () => {
    // The worker runs the analysis; its model never answers.
    await waitFor(() => model.requestCount > 0, EVENTUALLY_MS, "the job to call the model");

    const lorises = await Promise.all(Array.from({ length: 10 }, () => slowLoris()));
    const halfSent = await halfSentPost(50_000, 1_000);
    const cutOff = await halfSentPost(60_000, 20_000);
    cutOff.close();
    const pages = await Promise.all(
      ["/", "/about", meetingPath, "/search?q=stormwater", "/businesses"].map(
        async (url) => (await fetch(`${base}${url}`, { signal: AbortSignal.timeout(EVENTUALLY_MS) })).status,
      ),
    );
    expect(pages).toEqual([200, 200, 200, 200, 200]);

    // The slow senders are cut off by the deadlines: 408, connection closed.
    const answer = await halfSent.read();
    expect(answer?.status).toBe(408);
    expect(answer?.body).toBe("The request took too long to arrive.");
    expect(await halfSent.waitForClose()).toBe(true);
    const closed = await Promise.all(lorises.map((loris) => loris.waitForClose()));
    expect(closed.every(Boolean)).toBe(true);

    // The job still hangs on its model: the server answers beside it, every time.
    for (let i = 0; i < 5; i++) expect(await health()).toBe(200);
    expect(output).not.toContain("handed back");
    const report = (await (await fetch(`${base}/healthz`)).json()) as Record<string, { status: string }>;
    expect(report).toMatchObject({ status: "ok", database: { status: "ok" }, jobs: { status: "ok" } });
  }, 90_000);

  test("SIGTERM: the process exits at its deadline although the job never ends, and the job goes back to its queue", async () => {
    expect(model.requestCount).toBeGreaterThan(0); // the job is still waiting for its model, which never answers
    server.kill("SIGTERM");
    const [code] = (await once(server, "exit")) as [number | null];
    expect(code).toBe(0);
    expect(output).toContain("handed back 1 running job(s) at shutdown");

    // PGlite: opens what the server left, as it is (an existing database ignores PGLITE_SNAPSHOT).
    const [job] = await execSql<{ state: string; waits: boolean; started: boolean; message: string }>(
      `select state, start_after > now() as waits, started_on is not null as started,
              output -> 'value' ->> 'message' as message
         from pgboss.job where id = $1`,
      [jobId],
    );
    expect(job).toEqual({ state: "retry", waits: false, started: false, message: SHUTDOWN_MESSAGE });
  }, 30_000);
});
