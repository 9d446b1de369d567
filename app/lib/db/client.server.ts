import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { settings } from "~/lib/env/settings.server";
import { claimPgliteDirectory } from "./pglite-directory.server";
import * as schema from "./schema";

/**
 * The one place that knows which PostgreSQL we talk to:
 * - `DATABASE_URL` set: a real server through node-postgres;
 * - otherwise the embedded PGlite, persisted in `PGLITE_DATA_DIR`
 *   (default `data/pglite`), or in memory for `memory://`, optionally
 *   started from a `PGLITE_SNAPSHOT` tarball made by `dumpDataDir()`.
 *   An on-disk directory is locked to this process and checked for damage
 *   before PGlite opens it (pglite-directory.server.ts).
 */

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

type Connection = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Which database, for messages: the PGlite directory or the server and database name. */
  location: string;
  /** Resolves once the database is open; rejects when it cannot be. */
  ready(): Promise<void>;
  /** Runs raw SQL that may hold several statements (job queue, tests). */
  execute(sqlText: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Present for PGlite only: the embedded instance itself. */
  pglite?: PGlite;
};

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "../../../drizzle");

function openPostgres(url: string): Connection {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings().DATABASE_POOL_SIZE,
  });
  pool.on("error", (error) => console.error("PostgreSQL pool error:", error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const parsed = new URL(url);
  return {
    db,
    kind: "postgres",
    location: `the PostgreSQL database ${parsed.pathname.slice(1) || "(default)"} on ${parsed.host || "localhost"}`,
    ready: async () => {
      await pool.query("select 1");
    },
    execute: async (sqlText, params) => {
      const result = await pool.query(sqlText, params as unknown[] | undefined);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

function openPglite(): Connection {
  const dataDir = settings().PGLITE_DATA_DIR;
  const directory = dataDir.startsWith("memory://") ? null : claimPgliteDirectory(dataDir);
  const snapshot = settings().PGLITE_SNAPSHOT;
  let pglite: PGlite;
  try {
    pglite = new PGlite({
      dataDir: directory?.dataDir,
      loadDataDir: snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined,
    });
  } catch (error) {
    directory?.release();
    throw error;
  }
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    location: directory ? `the embedded database in ${directory.dataDir}` : "the in-memory embedded database",
    pglite,
    ready: async () => {
      await pglite.waitReady;
      directory?.markCreated();
    },
    execute: async (sqlText, params) => {
      if (params?.length) return pglite.query(sqlText, params);
      const results = await pglite.exec(sqlText);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    migrate: () => migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        directory?.release();
      }
    },
  };
}

// One connection per process, kept on globalThis so that the server entry
// (run from source) and the built app bundle share it, and so that Vite's
// module reloading in development does not open a second PGlite on the
// same directory.
const CONNECTION = Symbol.for("gavel.db.connection");
type GlobalWithConnection = typeof globalThis & { [CONNECTION]?: Connection };

export function getConnection(): Connection {
  const global = globalThis as GlobalWithConnection;
  const url = settings().DATABASE_URL;
  global[CONNECTION] ??= url ? openPostgres(url) : openPglite();
  return global[CONNECTION];
}

export function getDb(): Database {
  return getConnection().db;
}

export async function closeDatabase(): Promise<void> {
  const global = globalThis as GlobalWithConnection;
  const connection = global[CONNECTION];
  delete global[CONNECTION];
  await connection?.close();
}

export async function migrateDatabase(): Promise<void> {
  await getConnection().migrate();
}
