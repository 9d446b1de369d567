import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { settings } from "~/lib/env/settings.server";
import { installContentVersionNotifications } from "./content-versions-notify.server";
import {
  limitPgliteTransactions,
  TransactionActivity,
  type TransactionLimits,
  type TransactionDeadlineError,
  withinLimits,
} from "./deadlines.server";
import { claimPgliteDirectory, type PgliteDirectory } from "./pglite-directory.server";
import type { LockOwner } from "./start-error.server";
import * as schema from "./schema";

/**
 * The one place that knows which PostgreSQL we talk to:
 * - `DATABASE_URL` set: a real server through node-postgres;
 * - otherwise the embedded PGlite, persisted in `PGLITE_DATA_DIR`
 *   (default `data/pglite`), or in memory for `memory://`. A fresh one (in
 *   memory, or a directory that holds no database yet) starts from the
 *   `PGLITE_SNAPSHOT` tarball made by `dumpDataDir()` when that is set (the
 *   tests' migrated database); an existing database is opened as it is and
 *   the snapshot ignored, never loaded over it.
 *   An on-disk directory is locked to this process and checked for damage
 *   before PGlite opens it (pglite-directory.server.ts).
 */

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Connection = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Which database, for messages: the PGlite directory or the server and database name. */
  location: string;
  /** Resolves once the database is open; rejects when it cannot be. */
  ready(): Promise<void>;
  /** Runs raw SQL that may hold several statements (job queue, tests). */
  execute(sqlText: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, on a
   * connection of its own for PostgreSQL (outside the pool). `onLost` is
   * called once if that connection fails or ends. Resolves, once
   * listening, to the function that stops it.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  /** Whether NOTIFY reaches this process's listeners before the notifying statement's promise resolves (PGlite: one session). */
  notifiesSynchronously: boolean;
  /** Set once close() has been called. */
  closed: boolean;
  close(): Promise<void>;
  /** Present for PGlite only: the embedded instance itself (once its directory is locked). */
  readonly pglite?: PGlite;
  /** PGlite on disk: the data directory, once locked (the health check writes there). */
  readonly dataDir?: string;
  /** PGlite on disk: adds to what the lock file says about this process (docs/decisions/0050). */
  announce?(fields: Partial<Pick<LockOwner, "command" | "takesHandOff">>): void;
};

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "../../../drizzle");

function transactionLimits(): TransactionLimits {
  const config = settings();
  return { idleMs: config.DATABASE_TRANSACTION_IDLE_MS, totalMs: config.DATABASE_TRANSACTION_TIMEOUT_MS };
}

/**
 * The session settings of the app's connections. JIT off: the app's
 * statements are short, and compiling them cost more than it saved (5× on
 * search at scale, ADR 0031). The deadlines (ADR 0039): a statement, a lock
 * wait and a transaction idle between its statements all end on the server.
 * `options` in DATABASE_URL takes precedence.
 */
function sessionOptions(): string {
  const config = settings();
  // The app's own deadline acts first; the server's is the backstop.
  const idleMs = config.DATABASE_TRANSACTION_IDLE_MS + 1000;
  return [
    "-c jit=off",
    `-c statement_timeout=${config.DATABASE_STATEMENT_TIMEOUT_MS}`,
    `-c lock_timeout=${config.DATABASE_STATEMENT_TIMEOUT_MS}`,
    `-c idle_in_transaction_session_timeout=${idleMs}`,
  ].join(" ");
}

/**
 * Puts Drizzle's transactions on the pool under the same limits as the
 * embedded database's, counting the statements sent on the transaction's
 * connection. When one is overdue, that connection accepts nothing but the
 * rollback and is then destroyed rather than returned to the pool, so the
 * abandoned callback's later statements fail instead of running outside the
 * transaction, or in someone else's.
 */
function limitPoolTransactions(db: Database): void {
  const begin = db.transaction.bind(db);
  db.transaction = (async (run, config) => {
    let overdue: TransactionDeadlineError | undefined;
    try {
      return await begin((tx) => {
        const client = (tx as unknown as { _: { session: { client: pg.PoolClient } } })._.session.client;
        const activity = new TransactionActivity();
        const send = client.query;
        const isRollback = (query: unknown) =>
          /^\s*rollback\s*$/i.test(typeof query === "string" ? query : String((query as { text?: string })?.text));
        client.query = ((...args: Parameters<typeof send>) => {
          if (overdue && !isRollback(args[0])) return Promise.reject(overdue);
          return activity.statement(() => send.apply(client, args) as unknown as Promise<unknown>);
        }) as typeof send;
        const release = client.release;
        client.release = (error?: Error | boolean) => {
          client.query = send;
          client.release = release;
          release.call(client, overdue ?? error);
        };
        return withinLimits(run(tx), transactionLimits(), activity, (error) => (overdue = error));
      }, config);
    } catch (error) {
      throw overdue ?? error;
    }
  }) as Database["transaction"];
}

function openPostgres(url: string): Connection {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings().DATABASE_POOL_SIZE,
    connectionTimeoutMillis: settings().DATABASE_CONNECT_TIMEOUT_MS,
    options: sessionOptions(),
  });
  pool.on("error", (error) => console.error("PostgreSQL pool error:", error));
  // The server ends a session on its own (an idle transaction's deadline,
  // a restart): a connection in use must not turn that into an uncaught
  // 'error' event. The pool drops the broken connection when it comes back.
  pool.on("connect", (client) =>
    client.on("error", (error) => console.error("PostgreSQL connection lost:", error.message)),
  );
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  limitPoolTransactions(db);
  const parsed = new URL(url);
  const listeners = new Set<pg.Client>();
  const connection: Connection = {
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
    // Migrations may run longer than any statement of the app: their own connection, without the deadlines.
    // Servers and workers starting together on one database: one migrates, the others wait for it under
    // the lock and then find nothing left to do (without it, two would create the same tables and one fail).
    migrate: async () => {
      const client = new pg.Client({ connectionString: url, options: "-c jit=off" });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(hashtext('gavel.migrations'))");
        await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        // Ending the session releases the lock, also when a migration failed.
        await client.end();
      }
    },
    listen: async (channel, onMessage, onLost) => {
      if (connection.closed) throw new Error("The database connection is closed");
      const client = new pg.Client({ connectionString: url, keepAlive: true });
      let lost = false;
      const lose = () => {
        if (lost) return;
        lost = true;
        listeners.delete(client);
        onLost();
      };
      client.on("notification", (message) => {
        if (message.channel === channel) onMessage(message.payload ?? "");
      });
      client.on("error", lose);
      client.on("end", lose);
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        lost = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      listeners.add(client);
      return async () => {
        lost = true;
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    notifiesSynchronously: false,
    closed: false,
    close: async () => {
      connection.closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      listeners.clear();
      await pool.end();
    },
  };
  return connection;
}

/**
 * A script of several statements that opens a transaction and fails inside
 * it (pg-boss's maintenance runs `BEGIN; …; COMMIT`) leaves the session in
 * the failed transaction, and PGlite has one session: every later query of
 * the process would fail until a restart (ADR 0039). Roll it back.
 */
async function endFailedTransaction(pglite: PGlite): Promise<void> {
  if (!pglite.isInTransaction()) return;
  console.error("A failed statement left the embedded database in a transaction: rolling it back.");
  await pglite.exec("ROLLBACK").catch((error: unknown) => console.error("Rolling back failed:", error));
}

/**
 * The embedded database. An on-disk directory is locked to this process
 * before PGlite touches it (pglite-directory.server.ts), which takes a
 * moment: until then the connection's statements wait for it, and a
 * refusal (in use, damaged) rejects them and `ready()` with its message.
 */
function openPglite(): Connection {
  const dataDir = settings().PGLITE_DATA_DIR;
  const snapshot = settings().PGLITE_SNAPSHOT;
  let directory: PgliteDirectory | null = null;
  let instance: PGlite | undefined;
  // Migrations may take longer than any transaction of the app.
  let migrating = false;
  const newPglite = (dir: string | undefined, fresh: boolean): PGlite =>
    new PGlite({
      dataDir: dir,
      loadDataDir: snapshot && fresh ? new Blob([fs.readFileSync(snapshot)]) : undefined,
      // The business directories' and the search lexicon's trigram indexes (drizzle/0006, 0019);
      // unaccent for the lexicon (0019).
      extensions: { pg_trgm, unaccent },
    });
  const recycler = dataDir.startsWith("memory://") && snapshot ? pgliteRecycler() : undefined;
  const create = (dir: string | undefined, fresh: boolean): PGlite => {
    const pglite = recycler ? recycler.take(snapshot!, () => newPglite(dir, fresh)) : newPglite(dir, fresh);
    limitPgliteTransactions(pglite, () => (migrating ? null : transactionLimits()));
    return pglite;
  };
  const opening: Promise<PGlite> = dataDir.startsWith("memory://")
    ? Promise.resolve((instance = create(undefined, true)))
    : claimPgliteDirectory(dataDir).then((claimed) => {
        directory = claimed;
        try {
          return (instance = create(claimed.dataDir, claimed.fresh));
        } catch (error) {
          void claimed.release();
          throw error;
        }
      });
  opening.catch(() => undefined); // reported by ready() and by each statement
  // What Drizzle needs of its client, waiting for the lock and the instance.
  const client = {
    query: async (...args: Parameters<PGlite["query"]>) => (await opening).query(...args),
    transaction: async (...args: Parameters<PGlite["transaction"]>) => (await opening).transaction(...args),
  } as unknown as PGlite;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const connection: Connection = {
    db,
    kind: "pglite",
    location: dataDir.startsWith("memory://")
      ? "the in-memory embedded database"
      : `the embedded database in ${path.resolve(dataDir)}`,
    get pglite() {
      return instance;
    },
    get dataDir() {
      return directory?.dataDir;
    },
    ready: async () => {
      const pglite = await opening;
      await pglite.waitReady;
      directory?.markCreated();
    },
    execute: async (sqlText, params) => {
      const pglite = await opening;
      if (params?.length) return pglite.query(sqlText, params);
      try {
        const results = await pglite.exec(sqlText);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        await endFailedTransaction(pglite);
        throw error;
      }
    },
    migrate: async () => {
      const pglite = await opening;
      migrating = true;
      try {
        await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        migrating = false;
      }
    },
    // The embedded database is this process's one session: nothing can drop
    // it but close(), so onLost is not called (an UNLISTEN on the session
    // goes unnoticed here: the caller's heartbeat finds it).
    listen: async (channel, onMessage) => {
      if (connection.closed) throw new Error("The database connection is closed");
      const pglite = await opening;
      const unlisten = await pglite.listen(channel, onMessage);
      return async () => {
        if (!pglite.closed) await unlisten().catch(() => undefined);
      };
    },
    notifiesSynchronously: true,
    closed: false,
    announce: (fields) => directory?.announce(fields),
    close: async () => {
      connection.closed = true;
      const pglite = await opening.catch(() => null);
      try {
        if (pglite && !pglite.closed && !(await recycler?.give(pglite, snapshot!))) await pglite.close();
      } finally {
        await directory?.release();
      }
    },
  };
  return connection;
}

/**
 * Tests only: the Vitest workers on PGlite give an in-memory instance loaded
 * from the migrated snapshot back for the next test file instead of closing
 * it, reset to that snapshot (tests/setup/pglite-recycler.ts). Nothing sets
 * it outside the tests.
 */
export const PGLITE_RECYCLER = Symbol.for("gavel.test.pgliteRecycler");
export type PgliteRecycler = {
  /** An instance as the snapshot left it: a reset one, else `create()`'s. */
  take(snapshot: string, create: () => PGlite): PGlite;
  /** Resets the instance for the next taker: false when it cannot, and it is to be closed. */
  give(pglite: PGlite, snapshot: string): Promise<boolean>;
};
function pgliteRecycler(): PgliteRecycler | undefined {
  return (globalThis as typeof globalThis & { [PGLITE_RECYCLER]?: PgliteRecycler })[PGLITE_RECYCLER];
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

/** Applies the migrations, then the setup step that is not one yet (content-versions-notify.server.ts). */
export async function migrateDatabase(): Promise<void> {
  const connection = getConnection();
  await connection.migrate();
  await installContentVersionNotifications(connection);
}
