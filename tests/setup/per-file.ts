import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, inject, vi } from "vitest";
import { quoteIdent, withDatabase } from "./context";

/**
 * Runs at the start of every test file, before the file's own imports: gives
 * the file a database of its own. The db module reads the environment when
 * the first query opens the connection, so setting it here is enough.
 *
 * In the `db` project the files of a worker share one set of imports
 * (vitest.config.ts: isolate false), so nothing of a file may reach the
 * next: each file starts with the environment the worker started with and
 * with real timers and no spies, and afterAll stops what the file may have
 * started (worker, schedules, inbox poller, analytics), empties the caches
 * and closes the connection, through the modules' own stop/reset functions.
 * Files that cannot share run in a process of their own (`db-isolated`).
 */

const database = inject("testDatabase");
const shared = inject("testProcess") === "shared";

// The environment as the worker process started, kept across the files it runs.
const ENV_AT_START = Symbol.for("gavel.test.envAtStart");
const holder = globalThis as typeof globalThis & { [ENV_AT_START]?: Record<string, string | undefined> };
const envAtStart = (holder[ENV_AT_START] ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
Object.assign(process.env, envAtStart);
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();

// Cookies (toasts, sessions) are signed with this instead of a secret file
// written under data/.
process.env.SESSION_SECRET ??= "test-session-secret";
// Mail without SMTP_URL goes to $DATA_DIR/outbox: keep it out of the repo.
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "gavel-test-data-"));
// Nothing may leave the machine: a test that forgets its fake YouTube server
// fails fast on a closed local port instead of reaching the real site.
process.env.YOUTUBE_BASE_URL ??= "http://127.0.0.1:9";
process.env.YOUTUBE_API_BASE_URL ??= "http://127.0.0.1:9/youtube/v3";
process.env.SOURCE_REFRESH_INTERVAL_HOURS ??= "0";
// Caption fetches one after the other without the production spacing; the
// pace's own tests set it (docs/decisions/0049-captions-from-a-data-center.md).
process.env.CAPTIONS_MIN_INTERVAL_SECONDS ??= "0";
process.env.LOG_REQUESTS = "false";

let perFileDatabase: string | undefined;

if (database.kind === "none") {
  // No test database (the `unit` and `once` projects): a test that opens one
  // anyway gets an empty, unmigrated database in memory, and fails loudly.
  delete process.env.DATABASE_URL;
  delete process.env.PGLITE_SNAPSHOT;
  process.env.PGLITE_DATA_DIR = "memory://";
} else if (database.kind === "pglite") {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = "memory://";
  process.env.PGLITE_SNAPSHOT = database.snapshot;
  // The worker's instance, reset, rather than a new one per file; TEST_NEW_PGLITE_PER_FILE=1 to compare.
  if (shared && !envAtStart.TEST_NEW_PGLITE_PER_FILE) (await import("./pglite-recycler")).recyclePglite();
} else {
  const name = `${database.prefix}_${process.env.VITEST_POOL_ID ?? "0"}_${crypto.randomBytes(4).toString("hex")}`;
  await adminQuery(database.adminUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${quoteIdent(name)} template ${quoteIdent(database.template)}`);
        return;
      } catch (error) {
        // 55006: "source database is being accessed by other users"; a
        // concurrent CREATE DATABASE from the same template can see it.
        if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  perFileDatabase = name;
  process.env.DATABASE_URL = withDatabase(database.adminUrl, name);
  process.env.DATABASE_POOL_SIZE ??= "4";
}

afterAll(async () => {
  // Imported here, not above: a file without a test database (the `unit` and
  // `once` projects) does not pay for loading the database client.
  if (database.kind === "none") return;
  if (shared) await (await import("./module-state")).stopAndForget();
  const { closeDatabase } = await import("../../app/lib/db/client.server");
  await closeDatabase();
  if (database.kind === "postgres" && perFileDatabase) {
    const name = perFileDatabase;
    await adminQuery(database.adminUrl, (client) =>
      client.query(`drop database if exists ${quoteIdent(name)} with (force)`),
    );
  }
});

async function adminQuery<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const { default: pgModule } = await import("pg");
  const client = new pgModule.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
