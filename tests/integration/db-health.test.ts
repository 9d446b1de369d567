import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { migrateDatabase } from "../../app/lib/db/client.server";
import { acceptEmptyTables, checkDatabaseHealth, RowsLostError } from "../../app/lib/db/health.server";
import { appMeta, cities, users } from "../../app/lib/db/schema";
import { healthReport } from "../../app/lib/http/health.server";
import { seedDemoDataIfPending } from "#demo/seed.server";
import { dbKind, dbTag, execSql, getTestConnection, getTestDb, resetConnection, truncateAllTables } from "../setup";
import { createCity, createMeeting } from "../support/factories";

/**
 * /healthz and the start-up check read the main tables and write a
 * heartbeat; the demo data goes only into a database created empty, once.
 */

const MIGRATIONS = path.resolve(import.meta.dirname, "../../drizzle");

async function demoDataState(): Promise<string | undefined> {
  const [row] = await getTestDb().select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, "demo_data"));
  return row?.value;
}

async function cityCount(): Promise<number> {
  const [row] = await execSql<{ n: number }>("select count(*)::int as n from cities");
  return row?.n ?? -1;
}

describe(`database health ${dbTag}`, () => {
  afterEach(async () => {
    if (dbKind === "postgres") {
      await execSql(
        "begin read write; do $$ begin execute format('alter database %I reset default_transaction_read_only', current_database()); end $$; commit",
      );
    }
    await resetConnection();
  });

  test("passes on a working database and records its heartbeat", async () => {
    const before = Date.now();
    await checkDatabaseHealth();
    const after = Date.now();
    const [row] = await getTestDb().select().from(appMeta).where(eq(appMeta.key, "health_check"));
    // Written by this check: between its start and its end (order, not a window).
    const written = new Date(row?.value ?? 0).getTime();
    expect(written).toBeGreaterThanOrEqual(before);
    expect(written).toBeLessThanOrEqual(after);
  });

  test.runIf(dbKind === "postgres")("runs the app's statements without JIT compilation", async () => {
    // Compiling costs more than the app's short statements save (ADR 0031, round 3).
    const settings = await Promise.all(
      Array.from({ length: 3 }, () => execSql<{ jit: string }>("select current_setting('jit') as jit")),
    );
    expect(settings.flat().map((row) => row.jit)).toEqual(["off", "off", "off"]);
  });

  test("fails on a read-only database, where select 1 still passes", async () => {
    if (dbKind === "postgres") {
      await execSql(
        "do $$ begin execute format('alter database %I set default_transaction_read_only = on', current_database()); end $$",
      );
      await resetConnection(); // new connections pick the setting up
    } else {
      await execSql("set default_transaction_read_only = on");
    }
    await expect(execSql("select 1")).resolves.toHaveLength(1);
    const failure = await checkDatabaseHealth().catch((error: Error) => String(error.cause ?? error));
    expect(failure).toMatch(/read-only transaction/);
  });

  test("fails when a main table cannot be read", async () => {
    await execSql("alter table transcript_segments rename to transcript_segments_lost");
    try {
      const failure = await checkDatabaseHealth().catch((error: Error) => String(error.cause ?? error));
      expect(failure).toMatch(/relation "transcript_segments" does not exist/);
    } finally {
      await execSql("alter table transcript_segments_lost rename to transcript_segments");
    }
  });
});

/** The state the migrations leave a new, empty database in (checked by the first test below). */
async function startFromNewDatabase(): Promise<void> {
  await truncateAllTables();
  await getTestDb().insert(appMeta).values({ key: "demo_data", value: "pending" });
}

describe(`demo data at start-up ${dbTag}`, () => {
  test("the migrations mark a database created empty as pending", async () => {
    expect(await demoDataState()).toBe("pending");
    expect(await cityCount()).toBe(0);
  });

  test("a new database gets the demo data once, and never again after losing its rows", async () => {
    await startFromNewDatabase();
    expect(await seedDemoDataIfPending({ skip: false })).toBe(true);
    expect(await demoDataState()).toBe("loaded");
    expect(await cityCount()).toBeGreaterThan(0);

    // Every account and city lost, as after a damaged restore:
    await execSql("truncate table cities, users restart identity cascade");
    expect(await seedDemoDataIfPending({ skip: false })).toBe(false);
    expect(await cityCount()).toBe(0);
    expect(await getTestDb().select().from(users)).toEqual([]);
  });

  test("SEED_DEMO_DATA=false on the first start declines it for good", async () => {
    await startFromNewDatabase();
    expect(await seedDemoDataIfPending({ skip: true })).toBe(false);
    expect(await demoDataState()).toBe("skipped");
    expect(await seedDemoDataIfPending({ skip: false })).toBe(false);
    expect(await cityCount()).toBe(0);
  });

  /**
   * Back to the state after the first migration (0000, before app_meta
   * came in 0001): the schema dropped and that migration alone applied,
   * recorded in drizzle's journal as the migrator records it. Every later
   * migration runs again from there, whatever they are.
   */
  async function backToFirstMigration() {
    await execSql("drop schema if exists drizzle cascade");
    await execSql("drop schema public cascade");
    await execSql("create schema public");
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    };
    const first = journal.entries[0]!;
    const sqlText = fs.readFileSync(path.join(MIGRATIONS, `${first.tag}.sql`), "utf8");
    for (const statement of sqlText.split("--> statement-breakpoint")) await execSql(statement);
    await execSql("create schema drizzle");
    await execSql(
      "create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
    );
    await execSql("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
      createHash("sha256").update(sqlText).digest("hex"),
      first.when,
    ]);
  }

  test("a database that held data before this migration is never marked pending", async () => {
    await backToFirstMigration();
    // Raw SQL: the schema module describes the last migration's users table (later columns included).
    await execSql("insert into users (email) values ('someone@example.com')");
    await migrateDatabase();
    expect(await demoDataState()).toBeUndefined();
    expect(await seedDemoDataIfPending({ skip: false })).toBe(false);
    expect(await getTestDb().select({ id: cities.id }).from(cities)).toEqual([]);
    expect(await getTestDb().select({ email: users.email }).from(users)).toEqual([{ email: "someone@example.com" }]);
  });
});

/**
 * Issue 26, item 19: a table's file truncated behind the app's back left
 * every meeting gone (`count(*)` = 0) and /healthz said 200. The check now
 * remembers which main tables had rows; rows gone without a DELETE or a
 * TRUNCATE fail it, on both databases. The file is truncated for real: on
 * the embedded database in a directory of this test's own, on PostgreSQL in
 * the server's data directory (root only).
 */
describe(`rows lost behind the app's back ${dbTag}`, () => {
  let pgliteDir: string | undefined;
  let dataDirectory: string | null = null;

  beforeAll(async () => {
    if (dbKind === "pglite") {
      // On disk, started from the migrated snapshot, so that a table has a file to truncate.
      pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-health-rows-"));
      process.env.PGLITE_DATA_DIR = path.join(pgliteDir, "pglite");
      await resetConnection();
      dataDirectory = path.join(pgliteDir, "pglite");
    } else {
      const [row] = await execSql<{ dir: string }>("select current_setting('data_directory') as dir");
      dataDirectory = row?.dir ?? null;
    }
  });
  afterAll(async () => {
    if (pgliteDir) {
      await resetConnection();
      process.env.PGLITE_DATA_DIR = "memory://";
      fs.rmSync(pgliteDir, { recursive: true, force: true });
    }
  });

  async function truncateFileOf(table: string): Promise<void> {
    await execSql("checkpoint"); // the rows are on the disk, as in a database that ran for a while
    const [row] = await execSql<{ file: string }>("select pg_relation_filepath($1) as file", [table]);
    fs.truncateSync(path.join(dataDirectory!, row!.file), 0);
  }

  async function addMeetings(): Promise<void> {
    const city = await createCity();
    await createMeeting({ cityId: city.id });
    await createMeeting({ cityId: city.id });
  }

  const canTruncate = () => dbKind === "pglite" || process.getuid?.() === 0;

  test("a DELETE or a TRUNCATE that empties a main table passes: only the app's statements count", async () => {
    await truncateAllTables();
    await addMeetings();
    await checkDatabaseHealth();
    await execSql("delete from city_videos");
    await checkDatabaseHealth();
    await addMeetings();
    await checkDatabaseHealth();
    await execSql("truncate table cities cascade");
    await checkDatabaseHealth();
    expect(await execSql("select key from app_meta where key like 'health_rows:%' order by key")).toEqual([]);
  });

  test("a table whose file was truncated fails the check, and /healthz names it", async (context) => {
    if (!canTruncate()) context.skip(); // PostgreSQL's files belong to its server: root only
    await truncateAllTables();
    await addMeetings();
    await checkDatabaseHealth();
    await truncateFileOf("city_videos");
    expect(await execSql("select count(*)::int as n from city_videos")).toEqual([{ n: 0 }]);

    const failure = await checkDatabaseHealth().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RowsLostError);
    expect((failure as RowsLostError).tables).toEqual(["city_videos"]);
    expect((failure as Error).message).toContain(
      "The table city_videos of " + getTestConnection().location + " has no rows, yet it had rows when last checked",
    );
    expect((failure as Error).message).toContain("npm run db:health -- --accept-empty");
    expect(await healthReport(60_000)).toMatchObject({
      status: "stuck",
      database: { status: "failing", message: "rows lost without a delete: city_videos" },
    });

    // Still failing on the next check: nothing relearns an empty table as normal.
    await expect(checkDatabaseHealth()).rejects.toBeInstanceOf(RowsLostError);
    // The operator who accepts the loss says so once.
    expect(await acceptEmptyTables()).toEqual(["city_videos"]);
    await checkDatabaseHealth();
  });
});
