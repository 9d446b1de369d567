import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseStartError } from "./start-error.server";

/**
 * Guards the embedded database's directory before PGlite opens it
 * (docs/decisions/0014). Two sibling files, outside the directory so that
 * PGlite never sees them and emptying the directory does not remove them:
 * - `<dir>.lock`: held while a process has the database open. PGlite has no
 *   locking of its own, and a second process writing the same files
 *   destroys data. It names the holder's pid; a lock whose process is gone
 *   (crash, kill -9) is taken over.
 * - `<dir>.created`: written once a database opened there. A missing or
 *   empty directory next to it has lost a database, and must not be
 *   replaced by a new one silently.
 */

export type PgliteDirectory = {
  /** Absolute path of the data directory, for messages. */
  dataDir: string;
  /** Records that a database exists here (call once PGlite opened it). */
  markCreated(): void;
  /** Gives the lock back; safe to call more than once. */
  release(): void;
};

type LockOwner = { pid: number; startTime: string | null; hostname: string; since: string };

export function claimPgliteDirectory(dir: string): PgliteDirectory {
  const dataDir = path.resolve(dir);
  const lockPath = `${dataDir}.lock`;
  const markerPath = `${dataDir}.created`;
  try {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    acquireLock(lockPath, dataDir);
  } catch (error) {
    throw asStartError(error, dataDir);
  }
  try {
    checkDirectory(dataDir, markerPath);
  } catch (error) {
    releaseLock(lockPath);
    throw asStartError(error, dataDir);
  }
  return {
    dataDir,
    markCreated: () => {
      if (fs.existsSync(markerPath)) return;
      fs.writeFileSync(
        markerPath,
        `Gavel opened an embedded database in ${dataDir} on ${new Date().toISOString()}.\n` +
          "While this file exists, Gavel refuses to start when that directory is missing or empty\n" +
          "instead of creating a new database there. Delete it with the directory to start over.\n",
      );
    },
    release: () => releaseLock(lockPath),
  };
}

function asStartError(error: unknown, dataDir: string): DatabaseStartError {
  if (error instanceof DatabaseStartError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new DatabaseStartError(`Cannot use the embedded database directory ${dataDir}: ${reason}`, { cause: error });
}

// ------------------------------------------------------------ directory state

function checkDirectory(dataDir: string, markerPath: string): void {
  const entries = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : null;
  if (entries === null || entries.length === 0) {
    if (!fs.existsSync(markerPath)) return; // first start: PGlite creates the database
    throw new DatabaseStartError(
      `The embedded database directory ${dataDir} is ${entries === null ? "missing" : "empty"}, ` +
        `yet a database was created there before (${markerPath}). Gavel will not create a new one in its place. ` +
        `Restore the directory from a backup; or, to start over with a new database and the demo data, ` +
        `delete both ${dataDir} and ${markerPath}.`,
    );
  }
  if (!entries.includes("PG_VERSION")) {
    throw new DatabaseStartError(
      `The embedded database directory ${dataDir} is not empty but has no PG_VERSION file: ` +
        `it is damaged or is not a database directory. Gavel left it untouched. ` +
        `Restore it from a backup, or move it away to start over with a new database.`,
    );
  }
}

// ------------------------------------------------------------------- the lock

// Locks this process holds, shared by every copy of this module (the server
// entry and the built app bundle), and released when the process exits.
const HELD = Symbol.for("gavel.db.heldLocks");
type GlobalWithLocks = typeof globalThis & { [HELD]?: Map<string, string> };

function heldLocks(): Map<string, string> {
  const global = globalThis as GlobalWithLocks;
  if (!global[HELD]) {
    const held = new Map<string, string>();
    global[HELD] = held;
    process.on("exit", () => {
      for (const lockPath of [...held.keys()]) releaseLock(lockPath);
    });
  }
  return global[HELD];
}

function acquireLock(lockPath: string, dataDir: string): void {
  const held = heldLocks();
  const ours = JSON.stringify(currentOwner());
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(lockPath, ours)) {
      held.set(lockPath, ours);
      return;
    }
    const seen = readIfExists(lockPath);
    if (seen === null) continue; // released meanwhile
    const owner = parseOwner(seen);
    if (owner && isRunning(owner, held.has(lockPath))) throw new DatabaseStartError(inUseMessage(dataDir, owner));
    removeStaleLock(lockPath, seen);
  }
  throw new DatabaseStartError(
    `Could not lock the embedded database directory ${dataDir}: ${lockPath} keeps changing. Try again.`,
  );
}

/** Creates the lock with its whole content at once: there is never a half-written lock to misread. */
function createExclusively(lockPath: string, content: string): boolean {
  const draft = `${lockPath}.${process.pid}.tmp`;
  fs.writeFileSync(draft, content);
  try {
    fs.linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Moves the stale lock aside before deleting it, so that a lock another
 * process took in the meantime is put back instead of being deleted.
 */
function removeStaleLock(lockPath: string, seen: string): void {
  const aside = `${lockPath}.${process.pid}.stale`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (fs.readFileSync(aside, "utf8") !== seen) {
    try {
      fs.linkSync(aside, lockPath);
    } catch {
      // Yet another process holds it now; the next attempt sees that one.
    }
  }
  fs.rmSync(aside, { force: true });
}

function releaseLock(lockPath: string): void {
  const held = heldLocks();
  const ours = held.get(lockPath);
  if (ours === undefined) return;
  held.delete(lockPath);
  if (readIfExists(lockPath) === ours) fs.rmSync(lockPath, { force: true });
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    hostname: os.hostname(),
    since: new Date().toISOString(),
  };
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    return Number.isInteger(value.pid) && (value.pid ?? 0) > 0 ? (value as LockOwner) : null;
  } catch {
    return null; // not written by us: damaged, treat as stale
  }
}

/**
 * Whether the lock's process still runs. Our own pid counts only when this
 * process took the lock: otherwise it was left by an earlier process that
 * had the same pid (containers restart as pid 1). On Linux the process's
 * start time tells a reused pid apart.
 */
function isRunning(owner: LockOwner, heldByThisProcess: boolean): boolean {
  if (owner.pid === process.pid) return heldByThisProcess;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  const startTime = processStartTime(owner.pid);
  return owner.startTime == null || startTime === null || startTime === owner.startTime;
}

/** Linux: the process's start time in clock ticks since boot (field 22 of /proc/PID/stat); null elsewhere. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function inUseMessage(dataDir: string, owner: LockOwner): string {
  const who = owner.pid === process.pid ? "this process" : `process ${owner.pid}`;
  return (
    `The embedded database in ${dataDir} is in use by ${who} (since ${owner.since}). ` +
    `Only one process may open it at a time: stop that process (for example the server started with npm start) ` +
    `and run this again, or use PostgreSQL (set DATABASE_URL), which several processes can share.`
  );
}
