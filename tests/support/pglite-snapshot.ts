import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * One migrated embedded database for every process the tests start on a
 * fresh PGlite directory (issue 28): a `dumpDataDir()` tarball of an empty
 * database with every migration applied, which the app loads instead of
 * running initdb and the migrations (PGLITE_SNAPSHOT,
 * app/lib/db/client.server.ts; an existing database ignores it).
 *
 * It is made once and kept under os.tmpdir(), named by a hash of what it is
 * made of (drizzle/*.sql and the journal, the PGlite and Drizzle versions):
 * every phase, worker and child process of a run, and the next runs, read
 * the same file until a migration changes. It is written to a file of its
 * own and renamed into place, so a reader never sees half of one; two
 * processes that build it at once each write a whole one, and the last
 * rename wins.
 *
 * Tests whose subject is a fresh directory's own first start (initdb, a
 * deleted directory starting over, damage detection) run without it.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILDER = "tests/support/build-pglite-snapshot.ts";

function packageVersion(name: string): string {
  const file = path.join(ROOT, "node_modules", name, "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

let snapshotPath: string | undefined;

/** Where the snapshot of the current migrations is kept (it may not exist yet). */
export function migratedSnapshotPath(): string {
  if (snapshotPath) return snapshotPath;
  const hash = createHash("sha256");
  hash.update(`pglite ${packageVersion("@electric-sql/pglite")}\ndrizzle-orm ${packageVersion("drizzle-orm")}\n`);
  const drizzle = path.join(ROOT, "drizzle");
  const files = [
    ...fs
      .readdirSync(drizzle)
      .filter((name) => name.endsWith(".sql"))
      .sort(),
    "meta/_journal.json",
  ];
  for (const name of files) hash.update(`${name}\n`).update(fs.readFileSync(path.join(drizzle, name)));
  snapshotPath = path.join(os.tmpdir(), `gavel-pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar.gz`);
  return snapshotPath;
}

let building: Promise<string> | undefined;

/**
 * The snapshot's path, made first if it is missing (in a child process, so
 * that the caller's database client and settings stay untouched).
 */
export async function ensureMigratedSnapshot(): Promise<string> {
  const target = migratedSnapshotPath();
  if (fs.existsSync(target)) return target;
  building ??= build(target).finally(() => (building = undefined));
  return building;
}

async function build(target: string): Promise<string> {
  const partial = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
  try {
    await promisify(execFile)(process.execPath, ["--import", "tsx", BUILDER, partial], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PGLITE_DATA_DIR: "memory://",
        DATA_DIR: os.tmpdir(),
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return target;
}

/** The environment that hands the snapshot to a child process on a fresh directory. */
export async function snapshotEnv(): Promise<{ PGLITE_SNAPSHOT: string }> {
  return { PGLITE_SNAPSHOT: await ensureMigratedSnapshot() };
}
