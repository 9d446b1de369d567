import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, migrateDatabase } from "~/lib/db/client.server";
import { seedVideo } from "#demo/meetings";
import { analysisRevisions, storyRevisions } from "~/lib/db/schema";
import { getBoss, startSupervisedBoss, stopBoss } from "~/lib/jobs/boss.server";
import { handleAnalysisJob } from "~/lib/jobs/handlers.server";
import {
  ensureAnalysisQueued,
  QUEUES,
  requestReanalysis,
  runNextJob,
  startWorker,
  stopWorker,
} from "~/lib/jobs/index.server";
import { analyzeVideo } from "~/lib/pipeline/index.server";
import { dbKind, dbTag, execSql, getTestDb } from "../setup";
import { withPipelineServices } from "../support/pipeline-services";
import { LABELED_MEETING, modelAnalysis } from "../unit/ai/fixtures";
import { createMeeting } from "../support/factories";

/**
 * A job interrupted by a crash is picked up again after pg-boss's expiry
 * (maintenance moves it back to its queue) and, because its write is
 * guarded, the meeting ends up with one result, not two.
 */

const TRANSCRIPT = seedVideo("ac-cc-2025-07-15").transcript!;
const ROOT = path.resolve(import.meta.dirname, "../..");
const openai = withPipelineServices();

beforeAll(() => {
  // Retries come 1-2 s after a failure instead of 30-60 s (read when the queues are set up).
  process.env.JOBS_RETRY_DELAY_SECONDS = "1";
});
afterEach(async () => {
  await stopWorker({ timeoutMs: 1000 });
});

type JobRow = { id: string; name: string; state: string; retry_count: number; output: Record<string, unknown> | null };

async function job(id: string): Promise<JobRow> {
  const [row] = await execSql<JobRow>("select id, name, state, retry_count, output from pgboss.job where id = $1", [
    id,
  ]);
  return row!;
}

async function waitFor<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Lets the job's expiry pass (it started an hour ago) and runs pg-boss's maintenance, as a restarted worker does. */
async function expireAndMaintain(jobId: string) {
  await execSql("update pgboss.job set started_on = now() - interval '1 hour' where id = $1", [jobId]);
  const boss = await startSupervisedBoss();
  await boss.maintain();
  // The retry is due after its delay; let that pass too.
  await execSql("update pgboss.job set start_after = now() - interval '1 second' where id = $1 and state = 'retry'", [
    jobId,
  ]);
}

async function counts(cityVideoId: string) {
  const analyses = await getTestDb()
    .select()
    .from(analysisRevisions)
    .where(eq(analysisRevisions.cityVideoId, cityVideoId));
  const stories = await getTestDb().select().from(storyRevisions).where(eq(storyRevisions.cityVideoId, cityVideoId));
  return { analyses: analyses.length, stories: stories.length };
}

describe(`crash and resume ${dbTag}`, () => {
  it("a worker that died after writing the analysis: after the restart the job completes with one analysis", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    const { jobId } = await ensureAnalysisQueued(video.id);
    // The worker takes the job and writes the analysis (and queues the story)...
    const [taken] = await (await getBoss()).fetch("analysis");
    expect(taken?.id).toBe(jobId);
    await handleAnalysisJob(taken!);
    // ...and the process dies before telling pg-boss: the job stays active.
    await stopBoss();
    expect(await job(jobId!)).toMatchObject({ state: "active" });
    expect(await counts(video.id)).toEqual({ analyses: 1, stories: 0 });

    await expireAndMaintain(jobId!);
    expect(await job(jobId!)).toMatchObject({ state: "retry" });
    await startWorker({ pollingIntervalSeconds: 0.5 });
    const done = await waitFor(
      () => job(jobId!),
      (row) => row.state === "completed",
    );
    expect(done).toMatchObject({ retry_count: 1, output: { outcome: "skipped", reason: "present" } });
    await waitFor(
      () => counts(video.id),
      (c) => c.stories === 1,
    );
    expect(await counts(video.id)).toEqual({ analyses: 1, stories: 1 });
  });

  it("a re-analysis that died after writing is not written twice", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await analyzeVideo(video.id);
    const { jobId } = await requestReanalysis(video.id);
    const [taken] = await (await getBoss()).fetch("analysis");
    expect(await handleAnalysisJob(taken!)).toMatchObject({ outcome: "written" });
    await stopBoss();
    await expireAndMaintain(jobId!);
    expect(await runNextJob("analysis")).toMatchObject({
      id: jobId,
      output: { outcome: "skipped", reason: "superseded" },
    });
    expect(await counts(video.id)).toMatchObject({ analyses: 2 });
  });

  it("a handler that throws after writing is retried by the worker and writes nothing more", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    const boss = await getBoss();
    let attempts = 0;
    await boss.work<unknown>("analysis", { pollingIntervalSeconds: 0.5 }, async ([taken]) => {
      attempts++;
      const output = await handleAnalysisJob(taken!);
      if (attempts === 1) throw new Error("lost the connection after writing");
      return output;
    });
    const { jobId } = await ensureAnalysisQueued(video.id);
    const done = await waitFor(
      () => job(jobId!),
      (row) => row.state === "completed",
    );
    expect(attempts).toBe(2);
    expect(done).toMatchObject({ retry_count: 1, output: { outcome: "skipped", reason: "present" } });
    expect(await counts(video.id)).toMatchObject({ analyses: 1 });
    await boss.offWork("analysis");
  });

  it("a job running past its expiry is failed and retried", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    const boss = await getBoss();
    const { jobId } = await ensureAnalysisQueued(video.id);
    await execSql("update pgboss.job set expire_in = interval '1 second' where id = $1", [jobId]);
    let attempts = 0;
    await boss.work<unknown>("analysis", { pollingIntervalSeconds: 0.5 }, async ([taken]) => {
      attempts++;
      const output = await handleAnalysisJob(taken!);
      // The first run hangs after writing, as if stuck on the network.
      if (attempts === 1) await new Promise((resolve) => setTimeout(resolve, 3000));
      return output;
    });
    const done = await waitFor(
      () => job(jobId!),
      (row) => row.state === "completed",
    );
    expect(done.retry_count).toBe(1);
    expect(done.output).toMatchObject({ outcome: "skipped" });
    expect(await counts(video.id)).toMatchObject({ analyses: 1 });
    await boss.offWork("analysis");
  });
});

/**
 * A worker process killed with SIGKILL in the middle of an analysis (the
 * model had not answered yet): after a restart its job is handed back at
 * once (PGlite: the restarted process is the only one) or once the dead
 * worker's heartbeat is stale (PostgreSQL), and completes with one analysis.
 */
describe(`a worker killed with SIGKILL ${dbTag}`, () => {
  type WorkerProcess = { child: ChildProcess; output: () => string };

  function startWorkerProcess(env: Record<string, string>): WorkerProcess {
    // PostgreSQL: the real `npm run worker`; PGlite: the same worker in a process of its own (the web server's part).
    const script = dbKind === "postgres" ? "scripts/worker.ts" : "tests/support/worker-process.ts";
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: ROOT,
      env: {
        ...process.env,
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: openai.baseURL,
        OPENAI_MAX_RETRIES: "0",
        JOBS_POLL_SECONDS: "0.5",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return { child, output: () => output };
  }

  async function kill(worker: WorkerProcess, signal: NodeJS.Signals) {
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
    const exited = once(worker.child, "exit");
    worker.child.kill(signal);
    await exited;
  }

  /**
   * PGlite: the processes need the database on disk, and only one may open it
   * at a time. The new directory starts from the migrated snapshot
   * (PGLITE_SNAPSHOT, kept); the worker processes inherit it and, finding a
   * database there, ignore it.
   */
  async function useDatabaseOnDisk(): Promise<() => Promise<void>> {
    if (dbKind === "postgres") return async () => {};
    await stopBoss();
    await closeDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-crash-"));
    const savedDataDir = process.env.PGLITE_DATA_DIR;
    process.env.PGLITE_DATA_DIR = path.join(dir, "pglite");
    await migrateDatabase();
    return async () => {
      await stopBoss();
      await closeDatabase();
      process.env.PGLITE_DATA_DIR = savedDataDir;
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }

  /** PGlite: close it here while a worker process has it. */
  async function letGoOfDatabase() {
    await stopBoss();
    if (dbKind === "pglite") await closeDatabase();
  }

  it("its job resumes after the restart and ends with one analysis", async () => {
    const restoreDatabase = await useDatabaseOnDisk();
    const workers: WorkerProcess[] = [];
    try {
      const video = await createMeeting({ transcript: LABELED_MEETING });
      const { jobId } = await ensureAnalysisQueued(video.id);
      await letGoOfDatabase();
      // PostgreSQL: a short heartbeat, so that the dead worker is recognized in seconds rather than 30 s.
      const env: Record<string, string> = dbKind === "postgres" ? { JOBS_HEARTBEAT_SECONDS: "1" } : {};

      openai.otherwise(() => ({ kind: "hang" }));
      const first = startWorkerProcess(env);
      workers.push(first);
      // The worker is inside the analysis: it asked the model, which does not answer.
      await waitFor(
        async () => openai.requestCount,
        (count) => count > 0,
        120_000,
      );
      await kill(first, "SIGKILL");
      expect(first.output()).toMatch(/is processing jobs/);

      openai.otherwise(() => ({ kind: "json", body: modelAnalysis() }));
      const second = startWorkerProcess(env);
      workers.push(second);
      await waitFor(
        async () => second.output(),
        (output) => output.includes(`[jobs] analysis ${jobId}: written`),
        240_000,
      );
      expect(second.output()).toContain("handed back 1 job(s) of a stopped worker");
      await kill(second, "SIGTERM");

      expect(await job(jobId!)).toMatchObject({ state: "completed", retry_count: 1, output: { outcome: "written" } });
      expect(await counts(video.id)).toMatchObject({ analyses: 1 });
    } finally {
      for (const worker of workers) await kill(worker, "SIGKILL");
      await restoreDatabase();
    }
  }, 420_000);
});

describe(`npm run worker ${dbTag}`, () => {
  it("refuses to run without PostgreSQL", async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    worker.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(worker, "exit")) as [number];
    expect(code).toBe(2);
    expect(stderr).toMatch(/needs PostgreSQL \(DATABASE_URL\)/);
  });
});

describe(`a backlog ${dbTag}`, () => {
  it("is worked through job after job, not one job per polling interval", async () => {
    const boss = await getBoss();
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      const id = await boss.send(QUEUES.inboxMail, { kind: "admin-notice", box: "messages", id: randomUUID() });
      ids.push(id!);
    }
    // An hour between polls: a worker that waited an interval after each job would finish one.
    await startWorker({ pollingIntervalSeconds: 3600, queues: [QUEUES.inboxMail] });
    for (const id of ids) {
      const done = await waitFor(
        () => job(id),
        (row) => row.state === "completed",
        240_000,
      );
      expect(done.output).toMatchObject({ outcome: "skipped", reason: "The message is gone" });
    }
  }, 300_000);
});
