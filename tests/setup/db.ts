import { inject } from "vitest";
import { closeDatabase, getConnection, getDb } from "../../app/lib/db/client.server";

/**
 * Database helpers for tests. Every test file already has a fresh, migrated
 * database of its own (tests/setup/per-file.ts); these reach it.
 */

/** Which database this run uses: "pglite" or "postgres" (or "none" in the `unit` and `once` projects). */
export const dbKind: "pglite" | "postgres" | "none" = inject("testDatabase").kind;

/** A tag for test names and logs, e.g. `describe(\`schema ${dbTag}\`, ...)`: "[db: pglite]". */
export const dbTag = `[db: ${dbKind}]`;

/** The app's drizzle database for this test file. */
export function getTestDb() {
  return getDb();
}

/** The app's connection: `.execute(sql, params)` for raw SQL, `.kind`, `.pglite`. */
export function getTestConnection() {
  return getConnection();
}

/** Runs raw SQL (several statements allowed when there are no params) and returns the last rows. */
export async function execSql<Row = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<Row[]> {
  const { rows } = await getConnection().execute(sqlText, params);
  return rows as Row[];
}

/**
 * Empties every table of the app's schema (not the migrations journal) and
 * restarts identity sequences. Use in `beforeEach` when tests in one file
 * must not see each other's rows.
 */
export async function truncateAllTables(): Promise<void> {
  const tables = await execSql<{ name: string }>(
    "select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename",
  );
  if (tables.length === 0) return;
  await execSql(`truncate table ${tables.map((t) => t.name).join(", ")} restart identity cascade`);
}

/**
 * Closes this file's connection and forgets it; the next getDb() opens a new
 * one with the current environment. Per-file setup calls it after all tests.
 * Note that for in-memory PGlite this also discards the data: the next
 * connection starts again from the migrated snapshot.
 */
export async function resetConnection(): Promise<void> {
  await closeDatabase();
}
