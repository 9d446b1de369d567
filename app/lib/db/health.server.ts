import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getConnection, getDb } from "./client.server";
import { GAVEL_FOLDER } from "./pglite-directory.server";
import { appMeta } from "./schema";
import { rowsOf } from "./rows.server";

/**
 * Whether the database really serves the app, for /healthz and at start-up
 * (docs/decisions/0014, 0051):
 * - reads a row from each main table (a damaged page or a missing relation
 *   fails here, where `select 1` would pass);
 * - writes a heartbeat row (a read-only database or a full disk fails
 *   here), and on the embedded database also a file in its directory,
 *   flushed to the disk: PGlite keeps the files it has open writable, so a
 *   directory turned read-only fails every page that needs a new file while
 *   its own writes still pass;
 * - checks that no main table lost every row behind the app's back (a
 *   truncated file: `count(*)` says 0, nothing fails). What the app last
 *   knew is in `app_meta` (`health_rows:<table>`: the table had rows); any
 *   SQL that empties the table (a DELETE or TRUNCATE, the app's or an
 *   operator's) clears that record through a trigger (drizzle/0012), so only
 *   rows that vanished without a statement are reported. Cheap: one
 *   `exists` per table, and a write only when a table gains its first rows.
 * Throws when it does not; a `HealthCheckError` carries a message that
 * /healthz may show.
 */

/** The tables whose sudden emptiness means damage: the content and the accounts. */
export const GUARDED_TABLES = [
  "cities",
  "city_videos",
  "transcript_segments",
  "analysis_revisions",
  "story_revisions",
  "users",
  "business_listings",
] as const;

export type GuardedTable = (typeof GUARDED_TABLES)[number];

const ROWS_KEY = "health_rows:";

export class HealthCheckError extends Error {
  constructor(
    message: string,
    /** What /healthz says (no paths). */
    readonly publicMessage: string,
  ) {
    super(message);
    this.name = "HealthCheckError";
  }
}

/** Main tables that had rows and now have none, though no statement emptied them. */
export class RowsLostError extends HealthCheckError {
  constructor(readonly tables: GuardedTable[]) {
    super(
      `The table${tables.length > 1 ? "s" : ""} ${tables.join(", ")} of ${getConnection().location} ` +
        `${tables.length > 1 ? "have" : "has"} no rows, yet ${tables.length > 1 ? "they" : "it"} had rows when last checked ` +
        `and no DELETE or TRUNCATE emptied ${tables.length > 1 ? "them" : "it"}: a table file may have been truncated or damaged. ` +
        `Restore the database from a backup. If the rows were removed on purpose, run \`npm run db:health -- --accept-empty\`.`,
      `rows lost without a delete: ${tables.join(", ")}`,
    );
    this.name = "RowsLostError";
  }
}

type Probe = Record<GuardedTable | "sessions", boolean> & { known: string[] | string | null };

export async function checkDatabaseHealth(): Promise<void> {
  const db = getDb();
  // Reading a row of each table finds a damaged page or a missing relation.
  const result = await db.execute(sql`
    select
      exists (select 1 from cities) as cities,
      exists (select 1 from city_videos) as city_videos,
      exists (select 1 from transcript_segments) as transcript_segments,
      exists (select 1 from analysis_revisions) as analysis_revisions,
      exists (select 1 from story_revisions) as story_revisions,
      exists (select 1 from users) as users,
      exists (select 1 from business_listings) as business_listings,
      exists (select 1 from sessions) as sessions,
      (select coalesce(array_agg(substr(key, ${ROWS_KEY.length + 1})), '{}') from app_meta
        where starts_with(key, ${ROWS_KEY})) as known
  `);
  const probe = rowsOf<Probe>(result)[0]!;
  const known = new Set(parseTextArray(probe.known));
  const gained = GUARDED_TABLES.filter((table) => probe[table] && !known.has(table));
  if (gained.length > 0) await recordRows(gained);

  const now = new Date();
  await db
    .insert(appMeta)
    .values({ key: "health_check", value: now.toISOString(), updatedAt: now })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: now.toISOString(), updatedAt: now } });
  await writeToDisk();

  const lost = GUARDED_TABLES.filter((table) => !probe[table] && known.has(table));
  if (lost.length > 0) throw new RowsLostError(lost);
}

/**
 * Records that these tables have rows. Under the lock the trigger also
 * takes when it clears a record, and only where the table still has rows
 * once the lock is held: a table emptied meanwhile is never recorded as
 * having rows.
 */
async function recordRows(tables: readonly GuardedTable[]): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gavel.health_rows'))`);
    for (const table of tables) {
      await tx.execute(sql`
        insert into app_meta (key, value)
        select ${ROWS_KEY + table}, now()::text where exists (select 1 from ${sql.identifier(table)})
        on conflict (key) do nothing`);
    }
  });
}

/** Forgets that these tables had rows (`npm run db:health -- --accept-empty`): their emptiness is wanted. */
export async function acceptEmptyTables(): Promise<GuardedTable[]> {
  const accepted: GuardedTable[] = [];
  for (const table of GUARDED_TABLES) {
    const result = await getDb().execute(sql`
      delete from app_meta where key = ${ROWS_KEY + table} and not exists (select 1 from ${sql.identifier(table)})
      returning key`);
    if (rowsOf(result).length > 0) accepted.push(table);
  }
  return accepted;
}

/**
 * The embedded database on disk: a file written in its directory and
 * flushed, then renamed into place, which needs the directory itself to be
 * writable. PostgreSQL's own commit (above) already waits for its disk.
 */
async function writeToDisk(): Promise<void> {
  const dataDir = getConnection().dataDir;
  if (!dataDir) return;
  const file = path.join(dataDir, GAVEL_FOLDER, "health");
  const draft = `${file}.${process.pid}.tmp`;
  try {
    const handle = await fs.open(draft, "w");
    try {
      await handle.writeFile(`${new Date().toISOString()}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(draft, file);
  } catch (error) {
    await fs.rm(draft, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    throw new HealthCheckError(
      `The embedded database's directory ${dataDir} cannot be written: ${(error as Error).message}. ` +
        "Pages that write (and many that read) fail until it can: check the disk's space, its mount and the directory's permissions.",
      `the data directory cannot be written${code ? ` (${code})` : ""}`,
    );
  }
}

/** A text[] as the two drivers return it: an array (node-postgres) or its literal (PGlite may). */
function parseTextArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value) return [];
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean)
    .map((item) => item.replace(/^"|"$/g, ""));
}
