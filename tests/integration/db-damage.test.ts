import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readLockOwner } from "~/lib/db/pglite-directory.server";
import { listFiles, runCommand } from "../support/embedded-database-processes";

/**
 * A damaged embedded database stops the start with a message naming the
 * directory, and is never replaced by a new database (with demo data)
 * silently. Child processes on real directories; every entry point starts
 * the same way (prepareDatabaseOrExit), db:migrate stands for them here.
 *
 * The migrated snapshot the tests start fresh directories from
 * (PGLITE_SNAPSHOT, tests/support/pglite-snapshot.ts) must not weaken that:
 * a lost or half-deleted directory is refused with it set too, and an
 * existing database ignores it. The refusals themselves run without it, as
 * in production.
 */

const STACK_FRAME = /^\s+at /m;

let root: string;
let pristine: string;

/** A copy of the pristine database (and its `.created` marker) in a directory of its own. */
function copyOfDatabase(name: string): string {
  const dataDir = path.join(root, name, "pglite");
  fs.mkdirSync(path.dirname(dataDir));
  fs.cpSync(pristine, dataDir, { recursive: true });
  fs.cpSync(`${pristine}.created`, `${dataDir}.created`);
  return dataDir;
}

/**
 * Refused as in production (no snapshot); `alsoWithSnapshot` runs the same
 * command beside it with PGLITE_SNAPSHOT set, refused alike (these refusals
 * come before the lock, so the two do not meet). Returns the files as they
 * were before.
 */
async function expectRefusal(dataDir: string, message: string | RegExp, { alsoWithSnapshot = false } = {}) {
  const before = listFiles(dataDir);
  const runs = [false, ...(alsoWithSnapshot ? [true] : [])];
  const results = await Promise.all(
    runs.map((snapshot) => runCommand("scripts/db-migrate.ts", [], dataDir, { snapshot })),
  );
  for (const [index, result] of results.entries()) {
    const label = runs[index] ? "with PGLITE_SNAPSHOT" : "without PGLITE_SNAPSHOT";
    expect(result.code, `${label}: ${result.stderr}`).toBe(1);
    expect(result.stderr, label).toContain(dataDir);
    expect(result.stderr, label).toMatch(message);
    expect(result.stderr, label).not.toMatch(STACK_FRAME);
    expect(result.stdout, label).not.toContain("Migrations applied");
  }
  return before;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-db-damage-"));
  pristine = path.join(root, "pristine", "pglite");
  // From the migrated snapshot: what is checked here is what happens to a database once it exists.
  const created = await runCommand("scripts/db-seed.ts", [], pristine);
  expect(created.code, created.stderr).toBe(0);
  expect(fs.existsSync(path.join(pristine, "PG_VERSION"))).toBe(true);
  expect(fs.readFileSync(`${pristine}.created`, "utf8")).toContain(pristine);
  expect(readLockOwner(pristine)).toBeNull(); // let go of
}, 120_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("a damaged embedded database stops the start and is left as it was", () => {
  test("PG_VERSION removed", async () => {
    const dataDir = copyOfDatabase("no-pg-version");
    fs.rmSync(path.join(dataDir, "PG_VERSION"));
    const before = await expectRefusal(dataDir, /not empty but has no PG_VERSION file/, { alsoWithSnapshot: true });
    expect(listFiles(dataDir)).toEqual(before);
  }, 60_000);

  test("directory emptied", async () => {
    const dataDir = copyOfDatabase("emptied");
    for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true });
    const before = await expectRefusal(dataDir, /is empty, yet a database was created there before/, {
      alsoWithSnapshot: true,
    });
    expect(listFiles(dataDir)).toEqual(before);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  test("directory deleted, its marker left", async () => {
    const dataDir = copyOfDatabase("deleted");
    fs.rmSync(dataDir, { recursive: true });
    await expectRefusal(dataDir, /is missing, yet a database was created there before/, { alsoWithSnapshot: true });
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 60_000);

  test("a table's file overwritten with garbage", async () => {
    const dataDir = copyOfDatabase("garbage");
    const citiesFile = path.join(dataDir, await relationPath(dataDir, "cities"));
    const garbage = Buffer.alloc(8192, 0x5a);
    fs.writeFileSync(citiesFile, garbage);
    await expectRefusal(dataDir, /could not be opened and read: invalid page in block 0 of relation/);
    expect(fs.readFileSync(citiesFile).equals(garbage)).toBe(true);
    expect(readLockOwner(dataDir)).toBeNull(); // the refusing process let go of its lock
  }, 60_000);
});

test("deleting the directory with its marker (rm -rf data/) starts over with a new database", async () => {
  const dataDir = copyOfDatabase("start-over");
  fs.rmSync(path.dirname(dataDir), { recursive: true });
  // Without the snapshot: the subject is a real first start (initdb and every migration).
  const result = await runCommand("scripts/db-migrate.ts", [], dataDir, { snapshot: false });
  expect(result.code, result.stderr).toBe(0);
  expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
  expect(fs.existsSync(`${dataDir}.created`)).toBe(true);
}, 120_000);

test("an existing database with PGLITE_SNAPSHOT set is opened as it is: its rows stay, the snapshot is not loaded over them", async () => {
  const dataDir = copyOfDatabase("existing-with-snapshot");
  const write = `const { getConnection, closeDatabase } = await import("./app/lib/db/client.server.ts");
    await getConnection().execute("insert into app_meta (key, value) values ('snapshot-test', 'kept')");
    await closeDatabase();`;
  const wrote = await runCommand("--eval", [write], dataDir, { snapshot: false });
  expect(wrote.code, wrote.stderr).toBe(0);
  const read = `const { getConnection, closeDatabase } = await import("./app/lib/db/client.server.ts");
    const { rows } = await getConnection().execute(
      "select (select value from app_meta where key = 'snapshot-test') as row, (select count(*)::int from users) as users");
    console.log(JSON.stringify(rows[0])); await closeDatabase();`;
  const result = await runCommand("--eval", [read], dataDir, { snapshot: true });
  expect(result.code, result.stderr).toBe(0);
  // The row written, and the demo's accounts: the migrated snapshot has neither.
  const { row, users } = JSON.parse(result.stdout.trim()) as { row: string | null; users: number };
  expect(row).toBe("kept");
  expect(users).toBeGreaterThan(0);
}, 120_000);

/** Where PostgreSQL keeps a table's rows, relative to the data directory; read from a copy so the case's own directory is untouched. */
async function relationPath(dataDir: string, table: string): Promise<string> {
  const probe = copyOfDatabase(`probe-${path.basename(path.dirname(dataDir))}`);
  const script = `const { getConnection, closeDatabase } = await import("./app/lib/db/client.server.ts");
    const { rows } = await getConnection().execute("select pg_relation_filepath($1) as file", [${JSON.stringify(table)}]);
    console.log(rows[0].file); await closeDatabase();`;
  const result = await runCommand("--eval", [script], probe);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}
