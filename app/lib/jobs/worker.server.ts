/**
 * The worker: fetches jobs of the pipeline's queues and runs their handlers.
 * It runs inside the web server by default (server.ts; WORKER=off turns it
 * off) or alone with `npm run worker` (PostgreSQL only: PGlite allows one
 * process). See docs/decisions/0012-jobs.md.
 */
import type PgBoss from "pg-boss";
import { settings } from "~/lib/env/settings.server";
import { getBoss, startSupervisedBoss, stopBoss } from "./boss.server";
import { startDigestSchedule, stopDigestSchedule } from "~/lib/alerts/mail.server";
import { queueDueRefreshes } from "~/lib/sources/requests.server";
import { queueDueLegistarSyncs } from "~/lib/legistar/requests.server";
import { HANDLERS } from "./handlers.server";
import { handBackShutDownJobs, registerWorker, type WorkerRegistration } from "./liveness.server";
import type { JobOutput } from "./queues";
import { QUEUE_NAMES, type QueueName } from "./queue-names";

export type WorkerOptions = {
  /** How often an idle worker looks for jobs (default JOBS_POLL_SECONDS or 2; at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs of one queue run at the same time in this process (default JOBS_CONCURRENCY or 1). */
  concurrency?: number;
  queues?: readonly QueueName[];
};

/** This process's registration while its worker runs (liveness.server.ts). */
let registration: WorkerRegistration | null = null;

/** The timer of the source refreshes of every city but Archived ones (SOURCE_REFRESH_INTERVAL_HOURS; docs/decisions/0021-video-ingestion.md). */
let refreshSchedule: NodeJS.Timeout | null = null;

function queueScheduledRefreshes(hours: number): void {
  queueDueRefreshes(hours).then(
    (queued) => queued > 0 && console.log(`[jobs] scheduled ${queued} source refresh(es)`),
    (error: unknown) => console.error("[jobs] scheduling source refreshes failed:", error),
  );
  // The official record of every city with a legislative system, on the same schedule (docs/decisions/0067).
  queueDueLegistarSyncs(hours).then(
    (queued) => queued > 0 && console.log(`[jobs] scheduled ${queued} official record sync(s)`),
    (error: unknown) => console.error("[jobs] scheduling official record syncs failed:", error),
  );
}

/**
 * Queues the due refreshes of every city but Archived ones every `hours`. The first look
 * comes a whole interval after start, not right away: a fresh `npm start`
 * (the demo's cities) reaches no video site by surprise.
 */
export function startRefreshSchedule(
  hours = settings().SOURCE_REFRESH_INTERVAL_HOURS,
  queue: (hours: number) => void = queueScheduledRefreshes,
): void {
  if (hours <= 0 || refreshSchedule) return;
  refreshSchedule = setInterval(() => queue(hours), hours * 3_600_000);
  refreshSchedule.unref();
}

export function stopRefreshSchedule(): void {
  if (refreshSchedule) clearInterval(refreshSchedule);
  refreshSchedule = null;
}

async function runJob(queue: QueueName, job: PgBoss.Job<unknown>): Promise<JobOutput> {
  const started = Date.now();
  const holder = registration;
  await holder?.hold(job.id);
  try {
    const output = await HANDLERS[queue]({ id: job.id, data: job.data });
    console.log(`[jobs] ${queue} ${job.id}: ${output.outcome} (${Date.now() - started} ms)`);
    return output;
  } catch (error) {
    console.error(
      `[jobs] ${queue} ${job.id} failed (${Date.now() - started} ms):`,
      error instanceof Error ? error.message : error,
    );
    throw error;
  } finally {
    holder?.release(job.id);
  }
}

/**
 * Starts working the queues in this process: registers it as a live worker
 * (which hands back the jobs of dead ones), then fetches jobs.
 */
export async function startWorker(options: WorkerOptions = {}): Promise<void> {
  const boss = await startSupervisedBoss();
  registration ??= await registerWorker();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? settings().JOBS_POLL_SECONDS;
  const concurrency = options.concurrency ?? settings().JOBS_CONCURRENCY;
  for (const queue of options.queues ?? QUEUE_NAMES) {
    for (let i = 0; i < concurrency; i++) {
      // Set once work() returns; a job fetched before then (an in-process database can answer at once) skips the nudge.
      let workerId: string | undefined = undefined;
      workerId = await boss.work<unknown>(queue, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        if (!job) return undefined;
        const output = await runJob(queue, job);
        // pg-boss waits a polling interval after every job; a worker that found
        // one looks again at once, so a backlog (a flood of inbox notices, a
        // backfill) is worked through, not taken one per interval.
        if (workerId) boss.notifyWorker(workerId);
        return output;
      });
    }
  }
  startRefreshSchedule();
  startDigestSchedule();
}

/** Stops the worker (running jobs get `timeoutMs`, then are failed and retried later). Before closing the database. */
export async function stopWorker(options: { timeoutMs?: number } = {}): Promise<void> {
  stopRefreshSchedule();
  stopDigestSchedule();
  const stopping = registration;
  const held = stopping?.held() ?? [];
  await stopBoss(options);
  const handedBack = await handBackShutDownJobs(held);
  if (handedBack.length > 0) console.log(`[jobs] handed back ${handedBack.length} running job(s) at shutdown`);
  registration = null;
  await stopping?.stop();
}

/**
 * Runs the next waiting job of a queue here and now, as a worker would:
 * fetch, handle, complete or fail. Null when no job is waiting. For tests
 * and one-off runs; it does not need a started worker.
 */
export async function runNextJob(
  queue: QueueName,
): Promise<{ id: string; output?: JobOutput; error?: unknown } | null> {
  const boss = await getBoss();
  const [job] = await boss.fetch<unknown>(queue);
  if (!job) return null;
  try {
    const output = await HANDLERS[queue]({ id: job.id, data: job.data });
    await boss.complete(queue, job.id, output);
    return { id: job.id, output };
  } catch (error) {
    await boss.fail(queue, job.id, error instanceof Error ? error : new Error(String(error)));
    return { id: job.id, error };
  }
}

/** Runs waiting jobs of the given queues until none is left (or `max` ran). */
export async function drainQueues(queues: readonly QueueName[] = QUEUE_NAMES, max = 100): Promise<number> {
  let ran = 0;
  for (let progress = true; progress && ran < max;) {
    progress = false;
    for (const queue of queues) {
      if (ran >= max) break;
      if (await runNextJob(queue)) {
        ran++;
        progress = true;
      }
    }
  }
  return ran;
}
