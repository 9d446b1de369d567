import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { healthReport } from "~/lib/http/health.server";
import { registerWorker, workerLiveness } from "~/lib/jobs/liveness.server";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { dbTag, execSql, getTestDb, resetConnection } from "../setup";

/**
 * /healthz tells the truth (issue 17): it answers within its own deadline,
 * says which part is stuck, and fails while the database connection is
 * wedged, so that a supervisor restarts the process. Where the database
 * answers, the deadline is far beyond what a loaded machine takes
 * (ANSWERS_MS): the test asserts what the report says, never how fast.
 */

/** A deadline for a database that answers: never reached, however loaded the machine. */
const ANSWERS_MS = 60_000;

const SETTINGS = {
  // One connection on PostgreSQL too: a held transaction wedges it, as it does PGlite's one session.
  DATABASE_POOL_SIZE: "1",
  DATABASE_TRANSACTION_IDLE_MS: "20000",
  DATABASE_TRANSACTION_TIMEOUT_MS: "20000",
};

describe(`/healthz ${dbTag}`, () => {
  beforeAll(async () => {
    Object.assign(process.env, SETTINGS);
    await resetConnection();
    await getBoss(); // pg-boss's tables, for the worker's heartbeat
  });
  afterAll(async () => {
    await stopBoss();
    for (const name of Object.keys(SETTINGS)) delete process.env[name];
    await resetConnection();
  });

  test("says ok, with the database's time, when all is well", async () => {
    const report = await healthReport(ANSWERS_MS);
    expect(report).toMatchObject({ status: "ok", database: { status: "ok" }, jobs: { status: "not run here" } });
  });

  test("says the database is stuck, within its deadline, while a transaction holds the connection", async () => {
    let finish!: () => void;
    const held = getTestDb().transaction(async (tx) => {
      await tx.execute("select 1");
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The transaction never ends by itself: that the report comes at all shows the deadline ended the wait.
    const report = await healthReport(300);
    expect(report).toMatchObject({
      status: "stuck",
      database: { status: "stuck", message: "no answer within 300 ms" },
    });
    finish();
    await held;
    expect(await healthReport(ANSWERS_MS)).toMatchObject({ status: "ok" });
    await expect(execSql("select 1 as one")).resolves.toEqual([{ one: 1 }]);
  });

  test("says the jobs are stuck when this process's worker has not beaten for three beats", async () => {
    const worker = await registerWorker();
    try {
      expect((await healthReport(ANSWERS_MS)).jobs).toMatchObject({ status: "ok" });
      const beatMs = 10_000; // JOBS_HEARTBEAT_SECONDS' default
      expect(workerLiveness(Date.now() + 4 * beatMs)).toMatchObject({ alive: false });
    } finally {
      await worker.stop();
    }
    expect((await healthReport(ANSWERS_MS)).jobs).toEqual({ status: "not run here" });
  });
});
