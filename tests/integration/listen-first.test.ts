import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { closeDatabase } from "~/lib/db/client.server";
import { ensureAnalysisQueued } from "~/lib/jobs/enqueue.server";
import { stopBoss } from "~/lib/jobs/boss.server";
import { dbKind, dbTag, execSql } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../support/fake-openai-server";
import { freePort } from "../support/free-port";
import { localServerEnv } from "../support/local-server-env";

/**
 * Issue 26, item 10: with a backlog queued, the server listened only after
 * the queued jobs had run (refused at 27 s, answered at 45 s). The real
 * server (server.ts, the built app, its worker on) on this file's database,
 * with an analysis queued whose model never answers: the moment the worker
 * calls the model, the server is already listening and answers /healthz
 * and a page while that job is still running.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const TRANSCRIPT = Array.from(
  { length: 40 },
  (_, i) => `[00:${String(i).padStart(2, "0")}:00] CLERK: Item ${i} of the agenda is the stormwater fee study.`,
).join("\n");

let dataDir: string;
let server: ChildProcess | undefined;
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
  const meeting = await createMeeting({ cityId: city.id, transcript: TRANSCRIPT });
  meetingPath = `/city/${city.locationKey}/meeting/${meeting.id}`;
  const queued = await ensureAnalysisQueued(meeting.id);
  if (!queued.jobId) throw new Error(`The analysis was not queued: ${queued.reason}`);
  jobId = queued.jobId;
  await stopBoss();
  if (dbKind === "pglite") await closeDatabase();
}

/** What the server answered when the worker's job reached the model: a status, or how the connection failed. */
async function probe(url: string): Promise<string> {
  try {
    // A ceiling for a hung answer, not a measure: the server answers, or says why not, long before.
    const response = await fetch(url, { signal: AbortSignal.timeout(90_000) });
    if (response.status !== 200)
      console.error(`listen-first: ${url} answered ${response.status}: ${await response.text()}`);
    return `${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as Error).name;
  }
}

describe(`the server listens before it works the queue ${dbTag}`, () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-listen-first-"));
    model = await startFakeOpenAiServer();
    await prepareDatabase();
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGKILL");
      await once(server, "exit");
    }
    await model?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("when the queued job starts, /healthz and a page already answer, while the job is still running", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // At the job's first model call, ask the server; the model itself never answers.
    const answers: Promise<[string, string]>[] = [];
    model.otherwise(() => {
      if (answers.length === 0) answers.push(Promise.all([probe(`${base}/healthz`), probe(`${base}${meetingPath}`)]));
      return { kind: "hang" };
    });
    const env: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      ...localServerEnv(port, dataDir),
      SESSION_SECRET: "test-session-secret",
      SEED_DEMO_DATA: "false",
      WORKER: "on",
      JOBS_POLL_SECONDS: "0.5",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: model.baseURL,
      OPENAI_MAX_RETRIES: "0",
      // The subject is that the server answers while the job runs, not /healthz's own deadline (2 s by
      // default, which a loaded machine's embedded database can miss at start-up: db-deadlines tests it).
      HEALTH_TIMEOUT_MS: "60000",
      DATABASE_URL: dbKind === "postgres" ? process.env.DATABASE_URL : undefined,
    };
    server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      cwd: ROOT,
      env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));

    // The worker picks the job up and calls the model (no deadline here: the order is what counts).
    while (answers.length === 0) {
      if (server.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [health, page] = await answers[0]!;
    expect({ health, page }, output).toEqual({ health: "200", page: "200" });
    // …and the job had not finished when they were answered: it is still waiting for the model.
    expect(model.requestCount).toBe(1);
    expect(output.indexOf("Gavel is listening")).toBeLessThan(output.indexOf("Background jobs: the worker runs"));

    server.kill("SIGTERM");
    await once(server, "exit");
    // PGlite: opens what the server left, as it is (an existing database ignores PGLITE_SNAPSHOT).
    const [job] = await execSql<{ state: string; output: unknown }>(
      "select state, output from pgboss.job where id = $1",
      [jobId],
    );
    // Handed back at shutdown, never completed.
    expect(job?.state).toBe("retry");
  }, 120_000);
});
