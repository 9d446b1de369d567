import type { RequestHandler } from "express";
import { checkDatabaseHealth, HealthCheckError } from "~/lib/db/health.server";
import { settings } from "~/lib/env/settings.server";
import { workerLiveness } from "~/lib/jobs/liveness.server";

/**
 * /healthz (docs/decisions/0039-deadlines.md): answers within its own
 * deadline whatever happens, and says which part is stuck, so that a
 * supervisor restarts a process whose database connection is wedged.
 *
 *   200 {"status":"ok","database":{"status":"ok","ms":3},"jobs":{"status":"ok","lastBeatSecondsAgo":4}}
 *   503 {"status":"stuck","database":{"status":"stuck","ms":2000},"jobs":{"status":"not run here"}}
 *   503 {"status":"stuck","database":{"status":"failing","ms":4,"message":"the data directory cannot be written (EROFS)"},…}
 *
 * One database check at a time: while one is still waiting, later requests
 * wait for the same one rather than queueing more statements behind a
 * stuck connection.
 */

type PartStatus = "ok" | "stuck" | "failing" | "not run here";

export type HealthReport = {
  status: "ok" | "stuck";
  database: { status: PartStatus; ms: number; message?: string };
  jobs: { status: PartStatus; lastBeatSecondsAgo?: number };
};

let inFlight: Promise<void> | null = null;

function databaseCheck(): Promise<void> {
  inFlight ??= checkDatabaseHealth().finally(() => (inFlight = null));
  return inFlight;
}

async function databasePart(deadlineMs: number): Promise<HealthReport["database"]> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<"overdue">((resolve) => (timer = setTimeout(() => resolve("overdue"), deadlineMs)));
  try {
    const outcome = await Promise.race([databaseCheck().then(() => "ok" as const), overdue]);
    const ms = Date.now() - started;
    return outcome === "ok"
      ? { status: "ok", ms }
      : { status: "stuck", ms, message: `no answer within ${deadlineMs} ms` };
  } catch (error) {
    console.error("Health check failed:", error instanceof HealthCheckError ? error.message : error);
    const message = error instanceof HealthCheckError ? error.publicMessage : "the database refused the check";
    return { status: "failing", ms: Date.now() - started, message };
  } finally {
    clearTimeout(timer);
  }
}

function jobsPart(): HealthReport["jobs"] {
  const worker = workerLiveness();
  if (!worker) return { status: "not run here" };
  return { status: worker.alive ? "ok" : "stuck", lastBeatSecondsAgo: worker.lastBeatSecondsAgo };
}

export async function healthReport(deadlineMs = settings().HEALTH_TIMEOUT_MS): Promise<HealthReport> {
  const database = await databasePart(deadlineMs);
  const jobs = jobsPart();
  const healthy = database.status === "ok" && jobs.status !== "stuck" && jobs.status !== "failing";
  return { status: healthy ? "ok" : "stuck", database, jobs };
}

export function healthHandler(): RequestHandler {
  return async (_req, res) => {
    const report = await healthReport();
    res
      .status(report.status === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(report);
  };
}
