/**
 * One pg-boss instance per process, in the app's own database:
 * - pg-boss runs its SQL through getConnection().execute (its `db` hook), on
 *   PGlite and on PostgreSQL alike, so there is one pool and one place that
 *   knows which database we use (docs/decisions/0012-jobs.md);
 * - it is kept on globalThis (like the connection), so the server entry and
 *   the app bundle (a separate module graph under Vite in development)
 *   share it;
 * - a process that only queues jobs (a page) starts it "send-only": no
 *   timers. The worker starts it supervised, which runs pg-boss's
 *   maintenance (expiring jobs of crashed workers, archiving).
 */
import PgBoss from "pg-boss";
import { getConnection } from "~/lib/db/client.server";
import { settings } from "~/lib/env/settings.server";
import type { Transaction } from "~/lib/pipeline/video.server";
import { expireInSeconds } from "./budgets.server";
import { queueSettings } from "./queues";
import { QUEUE_NAMES } from "./queue-names";
import { BOSS_SCHEMA } from "./tables.server";

type Holder = { boss: PgBoss; ready: Promise<PgBoss>; supervised: boolean };

const HOLDER = Symbol.for("gavel.jobs.boss");
type GlobalWithBoss = typeof globalThis & { [HOLDER]?: Holder };
const globalBoss = globalThis as GlobalWithBoss;

function bossConfig(supervise: boolean): PgBoss.ConstructorOptions {
  return {
    db: { executeSql: (text: string, values?: unknown[]) => getConnection().execute(text, values) },
    schema: BOSS_SCHEMA,
    migrate: true,
    schedule: false,
    supervise,
    maintenanceIntervalSeconds: settings().JOBS_MAINTENANCE_INTERVAL_SECONDS,
    // A failed job stays in the job table for a week: the pages show its
    // error, and a failed automatic analysis is not re-queued meanwhile.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    // Archived jobs name the admin who asked: kept no longer than the privacy page says.
    deleteAfterDays: settings().LOG_RETENTION_DAYS,
  };
}

/**
 * Processes starting together on a new database (two workers, a server)
 * create the same queues at once, and pg-boss's queue creation can deadlock
 * with itself there (40P01) or meet the other's new table (23505, 42P07).
 * Creating a queue that exists does nothing, so the loser tries again.
 */
const RACE_CODES = new Set(["40P01", "23505", "42P07"]);

async function createQueues(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createQueuesOnce(boss);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RACE_CODES.has(code) || attempt >= 5) throw error;
    }
  }
}

async function createQueuesOnce(boss: PgBoss): Promise<void> {
  for (const name of QUEUE_NAMES) {
    const options = {
      name,
      policy: "standard" as const,
      ...queueSettings(name, settings().JOBS_RETRY_DELAY_SECONDS),
      expireInSeconds: expireInSeconds(name),
    };
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options); // settings changed since the queue was created
  }
}

/**
 * A job's state shows on its meeting's pages: a trigger on pg-boss's job
 * table bumps the meeting's city content version (migration 0003 defines
 * the function; the table exists only once pg-boss has started). The
 * advisory lock keeps two processes starting together from racing.
 */
const JOB_TRIGGER_SQL = `DO $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('gavel.content_versions_jobs'));
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'content_versions_jobs' AND tgrelid = '${BOSS_SCHEMA}.job'::regclass) THEN
    CREATE TRIGGER content_versions_jobs AFTER INSERT OR UPDATE OF state ON ${BOSS_SCHEMA}.job
      FOR EACH ROW EXECUTE FUNCTION public.content_versions_on_job();
  END IF;
END $$`;

function startHolder(supervised: boolean): Holder {
  const boss = new PgBoss(bossConfig(supervised));
  boss.on("error", (error: unknown) => console.error("Job queue error:", error));
  const ready = boss.start().then(async () => {
    await createQueues(boss);
    await getConnection().execute(JOB_TRIGGER_SQL);
    return boss;
  });
  const holder: Holder = { boss, ready, supervised };
  ready.catch(() => {
    if (globalBoss[HOLDER] === holder) delete globalBoss[HOLDER];
  });
  globalBoss[HOLDER] = holder;
  return holder;
}

/** The process's pg-boss, started (send-only if nothing started it yet). */
export function getBoss(): Promise<PgBoss> {
  return (globalBoss[HOLDER] ?? startHolder(false)).ready;
}

/** The process's pg-boss with maintenance running; replaces a send-only one. */
export async function startSupervisedBoss(): Promise<PgBoss> {
  const current = globalBoss[HOLDER];
  if (current?.supervised) return current.ready;
  if (current) await stopBoss({ timeoutMs: 1000 });
  return startHolder(true).ready;
}

/**
 * Stops pg-boss: workers stop fetching, running jobs get `timeoutMs` to
 * finish; jobs still running then are failed (to be retried). Call before
 * closing the database.
 */
export async function stopBoss({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<void> {
  const current = globalBoss[HOLDER];
  if (!current) return;
  delete globalBoss[HOLDER];
  const boss = await current.ready.catch(() => null);
  await boss?.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
}

/**
 * A pg-boss `db` that runs inside a Drizzle transaction: a job sent through
 * it is inserted (or not) together with the transaction's other writes.
 */
export function transactionExecutor(tx: Transaction): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const query = tx._.session.prepareQuery({ sql: text, params: values ?? [] }, undefined, undefined, false);
      return (await query.execute()) as { rows: unknown[] };
    },
  };
}
