/**
 * Which worker holds which running job, so that the jobs of a worker that
 * died (kill -9, power loss) go back to their queue within a minute instead
 * of waiting for pg-boss's expiry (docs/decisions/0016-job-liveness-and-failures.md).
 *
 * Every worker process has a row in pgboss.gavel_worker with a heartbeat
 * (every JOBS_HEARTBEAT_SECONDS, 10 by default) and the ids of the jobs it
 * runs. An active job of our queues that no live worker holds (heartbeat
 * younger than three beats) is handed back: state retry with start_after
 * now (or failed when it was its last attempt), and pg-boss counts the
 * attempt when the job is fetched again. On PGlite only one process can
 * open the database, so at start every other worker is dead and the
 * hand-back happens at once; on PostgreSQL several workers share the
 * queues and the heartbeat decides.
 */
import crypto from "node:crypto";
import os from "node:os";
import { getConnection } from "~/lib/db/client.server";
import { settings } from "~/lib/env/settings.server";
import { QUEUE_NAMES, type QueueName } from "./queue-names";
import { BOSS_SCHEMA } from "./tables.server";

const TABLE = `${BOSS_SCHEMA}.gavel_worker`;
/** A worker whose heartbeat is older than this many beats is taken for dead. */
const BEATS_BEFORE_DEAD = 3;
/** Rows of workers that stopped without a clean shutdown are removed after a day. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

export const ORPHAN_MESSAGE = "The worker running this job stopped before finishing it.";
export const SHUTDOWN_MESSAGE = "The worker was shut down while this job ran; it starts again at once.";
/** What pg-boss's stop() writes on the jobs it fails when its timeout passes. */
const BOSS_SHUTDOWN_OUTPUT = "pg-boss shut down while active";

/**
 * After a shutdown's grace period, pg-boss fails the jobs still running
 * (retried after the queue's delay, minutes with back-off, or failed for
 * good on their last attempt). Not the jobs' fault: hand them back to run
 * at once, attempt not spent. Returns the ids handed back.
 */
export async function handBackShutDownJobs(jobIds: readonly string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const rows = await sql<{ id: string }>(
    `UPDATE ${BOSS_SCHEMA}.job SET
       state = 'retry'::${BOSS_SCHEMA}.job_state,
       start_after = now(),
       completed_on = NULL,
       started_on = NULL, -- so that fetching it again does not count another attempt
       output = jsonb_build_object('value', jsonb_build_object('message', $2::text))
     WHERE id = ANY($1::uuid[])
       AND state IN ('retry', 'failed')
       AND output ->> 'value' = $3
     RETURNING id`,
    [jobIds, SHUTDOWN_MESSAGE, BOSS_SHUTDOWN_OUTPUT],
  );
  return rows.map((row) => row.id);
}

function quoted(names: readonly QueueName[]): string {
  // Queue names are our constants ([a-z-]); quoting keeps the statement valid anyway.
  return names.map((name) => `'${name.replaceAll("'", "''")}'`).join(", ");
}

async function sql<Row>(text: string, values?: unknown[]): Promise<Row[]> {
  return (await getConnection().execute(text, values)).rows as Row[];
}

async function ensureTable(): Promise<void> {
  await sql(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (
      id text PRIMARY KEY,
      host text NOT NULL,
      pid integer NOT NULL,
      started_on timestamptz NOT NULL DEFAULT now(),
      heartbeat_on timestamptz NOT NULL DEFAULT now(),
      job_ids uuid[] NOT NULL DEFAULT '{}'
    )`,
  );
}

/**
 * Hands back the active jobs of our queues that no live worker holds and
 * that started more than `graceSeconds` ago (a worker registers a job a
 * moment after pg-boss marked it active). Returns the ids handed back.
 */
export async function requeueOrphanedJobs(options: {
  deadAfterSeconds: number;
  graceSeconds: number;
}): Promise<string[]> {
  const rows = await sql<{ id: string }>(
    `UPDATE ${BOSS_SCHEMA}.job AS j SET
       state = (CASE WHEN j.retry_count < j.retry_limit THEN 'retry' ELSE 'failed' END)::${BOSS_SCHEMA}.job_state,
       start_after = CASE WHEN j.retry_count < j.retry_limit THEN now() ELSE j.start_after END,
       completed_on = CASE WHEN j.retry_count < j.retry_limit THEN NULL ELSE now() END,
       output = jsonb_build_object('value', jsonb_build_object('message', $3::text))
     WHERE j.state = 'active'
       AND j.name IN (${quoted(QUEUE_NAMES)})
       AND j.started_on < now() - make_interval(secs => $2::double precision)
       AND NOT EXISTS (
         SELECT 1 FROM ${TABLE} w
         WHERE j.id = ANY(w.job_ids) AND w.heartbeat_on > now() - make_interval(secs => $1::double precision)
       )
     RETURNING j.id`,
    [options.deadAfterSeconds, options.graceSeconds, ORPHAN_MESSAGE],
  );
  return rows.map((row) => row.id);
}

/**
 * Whether a worker on `host` (a container's hostname) beat within the last
 * three beats: the health check of a worker container (scripts/worker-alive.ts).
 */
export async function workerOnHostAlive(host: string): Promise<boolean> {
  // No worker ever started on this database: not even the table yet.
  const [table] = await sql<{ exists: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS exists`, [TABLE]);
  if (!table?.exists) return false;
  const rows = await sql<{ alive: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM ${TABLE} WHERE host = $1 AND heartbeat_on > now() - make_interval(secs => $2::double precision)
     ) AS alive`,
    [host, settings().JOBS_HEARTBEAT_SECONDS * BEATS_BEFORE_DEAD],
  );
  return rows[0]?.alive === true;
}

/** This process's worker, for /healthz: when its heartbeat last reached the database. */
let liveness: { beatSeconds: number; lastBeatAt: number } | null = null;

/** Whether this process's worker is alive: null when it runs no worker. */
export function workerLiveness(now = Date.now()): { alive: boolean; lastBeatSecondsAgo: number } | null {
  if (!liveness) return null;
  const ago = (now - liveness.lastBeatAt) / 1000;
  return { alive: ago <= liveness.beatSeconds * BEATS_BEFORE_DEAD, lastBeatSecondsAgo: Math.round(ago) };
}

export type WorkerRegistration = {
  id: string;
  /** Records that this worker runs the job (before its handler starts). */
  hold(jobId: string): Promise<void>;
  /** The handler is done; the id leaves the row at the next beat, after pg-boss has completed the job. */
  release(jobId: string): void;
  /** The jobs whose handlers run now. */
  held(): string[];
  /** Stops the heartbeat and removes the row (after the worker's jobs have stopped). */
  stop(): Promise<void>;
};

function logRequeued(ids: string[]): void {
  if (ids.length > 0) console.log(`[jobs] handed back ${ids.length} job(s) of a stopped worker: ${ids.join(", ")}`);
}

/**
 * Registers this process as a worker, hands back the jobs of dead workers
 * (at once on PGlite, where every other worker is dead), and keeps beating
 * and checking until stop().
 */
export async function registerWorker(): Promise<WorkerRegistration> {
  await ensureTable();
  const id = crypto.randomUUID();
  const beat = settings().JOBS_HEARTBEAT_SECONDS;
  const deadAfterSeconds = beat * BEATS_BEFORE_DEAD;
  const running = new Set<string>();
  const soleProcess = getConnection().kind === "pglite";
  if (soleProcess) await sql(`DELETE FROM ${TABLE}`);
  await sql(`INSERT INTO ${TABLE} (id, host, pid) VALUES ($1, $2, $3)`, [id, os.hostname(), process.pid]);
  logRequeued(await requeueOrphanedJobs({ deadAfterSeconds, graceSeconds: soleProcess ? 0 : deadAfterSeconds }));

  async function heartbeat(): Promise<void> {
    const held = [...running].join(",");
    await sql(
      `INSERT INTO ${TABLE} (id, host, pid, job_ids) VALUES ($1, $2, $3, string_to_array($4, ',')::uuid[])
       ON CONFLICT (id) DO UPDATE SET heartbeat_on = now(), job_ids = excluded.job_ids`,
      [id, os.hostname(), process.pid, held],
    );
    await sql(`DELETE FROM ${TABLE} WHERE heartbeat_on < now() - make_interval(secs => $1::double precision)`, [
      FORGET_AFTER_SECONDS,
    ]);
    logRequeued(await requeueOrphanedJobs({ deadAfterSeconds, graceSeconds: deadAfterSeconds }));
    if (liveness) liveness.lastBeatAt = Date.now();
  }

  liveness = { beatSeconds: beat, lastBeatAt: Date.now() };
  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = heartbeat().catch((error: unknown) => console.error("[jobs] worker heartbeat failed:", error));
  }, beat * 1000);
  timer.unref();

  return {
    id,
    async hold(jobId) {
      running.add(jobId);
      await sql(`UPDATE ${TABLE} SET job_ids = array_append(job_ids, $2::uuid), heartbeat_on = now() WHERE id = $1`, [
        id,
        jobId,
      ]);
    },
    release(jobId) {
      running.delete(jobId);
    },
    held: () => [...running],
    async stop() {
      clearInterval(timer);
      liveness = null;
      await beating;
      await sql(`DELETE FROM ${TABLE} WHERE id = $1`, [id]);
    },
  };
}
