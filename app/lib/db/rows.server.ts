/**
 * The rows of a raw SQL statement. Drizzle types `execute()` per driver, but
 * both drivers Gavel runs on (node-postgres and PGlite) answer with
 * `{ rows }`: this is the one place that says so, instead of a cast at
 * every raw query.
 */
import type { SQL } from "drizzle-orm";
import { getDb } from "./client.server";

/** Anything that runs a raw statement: the database or a transaction. */
type Executor = { execute(statement: SQL): PromiseLike<unknown> };

/** The rows of an `execute()` result, typed as the statement selects them. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Runs a raw statement (on the database, or on a transaction) and returns its rows. */
export async function queryRows<T>(statement: SQL, db: Executor = getDb()): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}
