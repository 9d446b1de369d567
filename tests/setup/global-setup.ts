import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureMigratedSnapshot } from "../support/pglite-snapshot";
import { quoteIdent, type TestDatabaseContext, withDatabase } from "./context";

/**
 * Runs once per project of a `vitest run` (vitest.config.ts), in the main
 * process. The `db` and `db-isolated` projects share one migrated database,
 * which every test file then clones (tests/setup/per-file.ts); the `unit`
 * and `once` projects get none.
 */
export default async function setup(project: TestProject) {
  // Whether the files of a worker share its imports (vitest.config.ts: isolate false).
  project.provide("testProcess", project.config.isolate ? "own" : "shared");
  if (project.name !== "db" && project.name !== "db-isolated") {
    // The `once` files start the app's commands and server on fresh embedded
    // directories: made here once, before its workers start, so that they
    // find it (tests/support/pglite-snapshot.ts).
    if (project.name === "once") await ensureMigratedSnapshot();
    project.provide("testDatabase", { kind: "none" });
    return;
  }
  prepared ??= process.env.DATABASE_URL ? setupPostgres(process.env.DATABASE_URL) : setupPglite();
  const { context, teardown } = await prepared;
  project.provide("testDatabase", context);
  users++;
  return async () => {
    if (--users === 0) await teardown();
  };
}

type Prepared = { context: TestDatabaseContext; teardown: () => void | Promise<void> };
/** Prepared once for both database projects; torn down after the last. */
let prepared: Promise<Prepared> | undefined;
let users = 0;

/** Runs `fn` with some environment variables replaced, then restores them. */
async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

async function setupPglite(): Promise<Prepared> {
  const started = Date.now();
  // The one migrated snapshot of the run, shared with every phase and child process.
  const snapshot = await ensureMigratedSnapshot();
  console.log(
    `[db: pglite] Vitest runs on PGlite: in-memory, one database per test file, cloned from a migrated snapshot (${Date.now() - started} ms)`,
  );
  return { context: { kind: "pglite", snapshot }, teardown: () => {} };
}

async function setupPostgres(adminUrl: string): Promise<Prepared> {
  const started = Date.now();
  const prefix = `gavel_t${process.pid}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ server_version: string }>("show server_version");
    await admin.query(`drop database if exists ${quoteIdent(template)}`);
    await admin.query(`create database ${quoteIdent(template)}`);
    await withEnv({ DATABASE_URL: withDatabase(adminUrl, template) }, async () => {
      const { closeDatabase, migrateDatabase } = await import("../../app/lib/db/client.server");
      try {
        await migrateDatabase();
      } finally {
        // CREATE DATABASE ... TEMPLATE needs the template to have no connections.
        await closeDatabase();
      }
    });
    console.log(
      `[db: postgres] Vitest runs on PostgreSQL ${rows[0]?.server_version ?? "?"} at ${new URL(adminUrl).host}: one database per test file, created from the migrated template ${template} (${Date.now() - started} ms)`,
    );
  } finally {
    await admin.end();
  }

  const teardown = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [prefix],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
      }
    } finally {
      await client.end();
    }
  };
  return { context: { kind: "postgres", adminUrl, template, prefix }, teardown };
}
