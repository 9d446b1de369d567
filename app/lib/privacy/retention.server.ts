/**
 * Technical records are kept at most LOG_RETENTION_DAYS (30 at most), as
 * /privacy promises (docs/decisions/0038-privacy-promises.md). One clean-up
 * runs at start and hourly in the web server's process and deletes:
 *
 * - expired sessions (with their IP address and user agent), rate-limit
 *   windows and sign-in codes (the auth clean-up, app/lib/auth/cleanup.server.ts);
 * - the copies of e-mails in `$DATA_DIR/outbox` (written when no SMTP_URL is set);
 * - background jobs archived by pg-boss (they name the admin who asked);
 *   pg-boss itself also deletes its archive after the same number of days;
 * - the unique-visitor hashes of past days (their counts are kept, ADR 0036),
 *   with the hashes of who asked which search;
 * - the words of searches older than the cut-off: each day keeps its number
 *   of searches, without their words (ADR 0052).
 *
 * The access log (LOG_REQUESTS) goes to standard output: its retention is
 * the supervisor's (journald, Docker), see docs/operating.md, Privacy.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { pruneAnalyticsVisitors, pruneSearchWords } from "~/lib/analytics/recorder.server";
import { pruneExpiredAuthRows } from "~/lib/auth/cleanup.server";
import { outboxDir } from "~/lib/email/email.server";
import { settings } from "~/lib/env/settings.server";
import { BOSS_SCHEMA } from "~/lib/jobs/tables.server";
import { queryRows } from "~/lib/db/rows.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionReport = {
  outboxFiles: number;
  archivedJobs: number;
  visitorHashes: number;
  /** Rows of search words folded into their day's total. */
  searchWords: number;
};

/** The moment before which technical records are deleted. */
export function retentionCutoff(now = new Date()): Date {
  return new Date(now.getTime() - settings().LOG_RETENTION_DAYS * DAY_MS);
}

/** Deletes the outbox's files last written before the cut-off; a missing outbox is fine. */
export async function pruneOutbox(cutoff: Date): Promise<number> {
  const dir = outboxDir();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || stat.mtime >= cutoff) continue;
    await fs.rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}

/** Whether pg-boss has created its tables in this database yet (it does on the worker's first start). */
async function bossArchiveExists(): Promise<boolean> {
  const rows = await queryRows<{ present: boolean }>(
    sql`select to_regclass(${`${BOSS_SCHEMA}.archive`}) is not null as present`,
  );
  return Boolean(rows[0]?.present);
}

/** Deletes archived jobs that finished (or, never finished, were created) before the cut-off. */
export async function pruneArchivedJobs(cutoff: Date): Promise<number> {
  if (!(await bossArchiveExists())) return 0;
  const rows = await queryRows<{ id: string }>(
    sql`delete from ${sql.identifier(BOSS_SCHEMA)}.archive
        where coalesce(completed_on, created_on) < ${cutoff.toISOString()}::timestamptz
        returning id`,
  );
  return rows.length;
}

/** The whole clean-up, once. */
export async function pruneTechnicalRecords(now = new Date()): Promise<RetentionReport> {
  const cutoff = retentionCutoff(now);
  await pruneExpiredAuthRows();
  const outboxFiles = await pruneOutbox(cutoff);
  const archivedJobs = await pruneArchivedJobs(cutoff);
  const visitorHashes = await pruneAnalyticsVisitors();
  const searchWords = await pruneSearchWords(cutoff);
  return { outboxFiles, archivedJobs, visitorHashes, searchWords };
}

/** Runs the clean-up now and then hourly, without keeping the process alive. */
export function scheduleRetention(): void {
  const run = () =>
    pruneTechnicalRecords().catch((error: unknown) => console.error("Retention clean-up failed:", error));
  void run();
  setInterval(run, 60 * 60 * 1000).unref();
}
