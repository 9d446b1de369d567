import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseInUseError, DatabaseStartError, type LockOwner } from "./start-error.server";

/**
 * Guards the embedded database's directory before PGlite opens it
 * (docs/decisions/0014, 0050).
 *
 * - `<dir>/gavel/lock`: an OS file lock (flock) held while a process has the
 *   database open. PGlite has no locking of its own, and a second process
 *   writing the same files destroys data. The lock lives inside the
 *   directory, so every path that reaches it (a symlink, a bind mount, a
 *   container's volume) reaches the same file, and the kernel decides: it
 *   holds across PID namespaces and is released when the holder dies
 *   (kill -9 included), so nothing is ever guessed from a pid and no lock
 *   file is ever deleted. The file also says who holds it (pid, host, PID
 *   namespace, command), for the refusal's message and for the commands that
 *   hand their work to a running server.
 * - `<dir>.created`: written once a database opened there. A missing or
 *   empty directory next to it has lost a database, and must not be
 *   replaced by a new one silently. It stays outside the directory, so that
 *   emptying the directory does not remove it.
 *
 * Node has no flock of its own: a small child process takes the lock and
 * keeps it (`flock(1)` from util-linux, else perl), reading its standard
 * input until this process closes it or dies. It runs in a session of its
 * own, so a Ctrl-C in the terminal stops this process, not the lock.
 */

/** Our files inside the data directory (PostgreSQL ignores what it does not know there). */
export const GAVEL_FOLDER = "gavel";

export type PgliteDirectory = {
  /** Absolute path of the data directory, for messages. */
  dataDir: string;
  /**
   * No database was ever created here: the directory is missing or empty and
   * has no `.created` marker (a first start). Only then may PGlite create one,
   * or load a snapshot into it; anything else is opened as it is.
   */
  fresh: boolean;
  /** Records that a database exists here (call once PGlite opened it). */
  markCreated(): void;
  /** Adds to what the lock file says about this process (a server that takes hand-offs). */
  announce(fields: Partial<Pick<LockOwner, "command" | "takesHandOff">>): void;
  /** Gives the lock back; safe to call more than once. */
  release(): Promise<void>;
};

/** How long a second process waits for the lock before refusing: a holder that just died lets go within moments. */
const WAIT_SECONDS = 2;
/** Exit status of the lock helper when another process holds the lock. */
const BUSY = 73;

export function lockPathOf(dataDir: string): string {
  return path.join(dataDir, GAVEL_FOLDER, "lock");
}

export async function claimPgliteDirectory(dir: string, command = commandName()): Promise<PgliteDirectory> {
  const dataDir = path.resolve(dir);
  const markerPath = `${dataDir}.created`;
  let lock: HeldLock;
  try {
    // Refuse a lost or damaged directory before writing anything into it.
    checkDirectory(dataDir, markerPath);
    fs.mkdirSync(path.join(dataDir, GAVEL_FOLDER), { recursive: true });
    const held = await takeLock(lockPathOf(dataDir));
    if (!held) throw new DatabaseInUseError(inUseMessage(dataDir, readLockOwner(dataDir)), readLockOwner(dataDir));
    lock = held;
  } catch (error) {
    throw asStartError(error, dataDir);
  }
  let fresh: boolean;
  try {
    fresh = checkDirectory(dataDir, markerPath); // again, now that no other process can change it
  } catch (error) {
    await lock.release();
    throw asStartError(error, dataDir);
  }
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    pidNamespace: pidNamespace(),
    since: new Date().toISOString(),
    directory: realPath(dataDir),
    command,
    takesHandOff: false,
  };
  lock.write(JSON.stringify(owner));
  return {
    dataDir,
    fresh,
    markCreated: () => {
      if (fs.existsSync(markerPath)) return;
      fs.writeFileSync(
        markerPath,
        `Gavel opened an embedded database in ${dataDir} on ${new Date().toISOString()}.\n` +
          "While this file exists, Gavel refuses to start when that directory is missing or empty\n" +
          "instead of creating a new database there. Delete it with the directory to start over.\n",
      );
    },
    announce: (fields) => {
      Object.assign(owner, fields);
      lock.write(JSON.stringify(owner));
    },
    release: () => lock.release(),
  };
}

/** Who holds the lock, as the holder wrote it; null when nobody wrote (or it cannot be read). */
export function readLockOwner(dataDir: string): LockOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(lockPathOf(path.resolve(dataDir)), "utf8");
  } catch {
    return null;
  }
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || typeof value.hostname !== "string") return null;
    return {
      pid: value.pid!,
      hostname: value.hostname,
      pidNamespace: typeof value.pidNamespace === "string" ? value.pidNamespace : null,
      since: typeof value.since === "string" ? value.since : "an unknown time",
      directory: typeof value.directory === "string" ? value.directory : "",
      command: typeof value.command === "string" ? value.command : "",
      takesHandOff: value.takesHandOff === true,
    };
  } catch {
    return null; // being written, or emptied by a holder letting go
  }
}

function asStartError(error: unknown, dataDir: string): DatabaseStartError {
  if (error instanceof DatabaseStartError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new DatabaseStartError(`Cannot use the embedded database directory ${dataDir}: ${reason}`, { cause: error });
}

// ------------------------------------------------------------ directory state

/** Refuses a lost or damaged directory; returns whether it is fresh (no database was ever created there). */
function checkDirectory(dataDir: string, markerPath: string): boolean {
  const entries = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((entry) => entry !== GAVEL_FOLDER) : null;
  if (entries === null || entries.length === 0) {
    if (!fs.existsSync(markerPath)) return true; // first start: PGlite creates the database
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
  return false;
}

// ------------------------------------------------------------------- the lock

type HeldLock = {
  /** Replaces the lock file's content (who holds it). */
  write(content: string): void;
  release(): Promise<void>;
};

type Helper = { program: string; args: (lockPath: string) => string[] };

/**
 * The lock helpers, tried in turn: each takes an exclusive flock on the
 * file (waiting up to WAIT_SECONDS), prints "locked", then reads its input
 * until it ends; exits with BUSY when the lock stays taken.
 */
const HELPERS: Helper[] = [
  {
    program: "flock",
    args: (lockPath) => [
      "--exclusive",
      "--wait",
      String(WAIT_SECONDS),
      "--conflict-exit-code",
      String(BUSY),
      lockPath,
      "-c",
      "echo locked; exec cat > /dev/null",
    ],
  },
  {
    program: "perl",
    args: (lockPath) => [
      "-e",
      `use Fcntl qw(:flock); open(my $f, ">>", $ARGV[0]) or die "$!\\n"; my $t = time;
       until (flock($f, LOCK_EX | LOCK_NB)) { exit ${BUSY} if time - $t >= ${WAIT_SECONDS}; select(undef, undef, undef, 0.1); }
       $| = 1; print "locked\\n"; 1 while <STDIN>;`,
      lockPath,
    ],
  },
];

type Attempt = { outcome: "locked"; lock: HeldLock } | { outcome: "busy" } | { outcome: "failed"; reason: string };

/** Takes the lock, or null when another process holds it. */
async function takeLock(lockPath: string): Promise<HeldLock | null> {
  const reasons: string[] = [];
  for (const helper of HELPERS) {
    const attempt = await runHelper(helper, lockPath);
    if (attempt.outcome === "locked") return attempt.lock;
    if (attempt.outcome === "busy") return null;
    reasons.push(`${helper.program}: ${attempt.reason}`);
  }
  throw new Error(
    `could not lock ${lockPath} (${reasons.join("; ")}). ` +
      "Gavel locks the embedded database with the flock command (package util-linux) or perl: install one of them.",
  );
}

function runHelper(helper: Helper, lockPath: string): Promise<Attempt> {
  return new Promise((resolve) => {
    const child = spawn(helper.program, helper.args(lockPath), {
      stdio: ["pipe", "pipe", "pipe"],
      detached: true, // its own session: a Ctrl-C meant for us does not end the lock
    });
    let settled = false;
    let released = false;
    let stderr = "";
    let stdout = "";
    const exited = new Promise<void>((done) => child.once("close", () => done()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.on("error", () => undefined); // the helper gone: its exit says so

    const lock: HeldLock = {
      write: (content) => {
        const fd = fs.openSync(lockPath, "r+");
        try {
          fs.ftruncateSync(fd, 0);
          fs.writeSync(fd, content, 0);
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      },
      release: async () => {
        if (released) return;
        released = true;
        try {
          fs.truncateSync(lockPath, 0); // free: nobody named in it
        } catch {
          // gone with its directory: nothing to clear
        }
        child.ref(); // wait for it to let go before this process may end
        child.stdin.end();
        let timer: NodeJS.Timeout | undefined;
        const stopped = await Promise.race([
          exited.then(() => true),
          new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 5_000))),
        ]);
        clearTimeout(timer);
        if (!stopped && child.pid) process.kill(-child.pid, "SIGKILL");
      },
    };

    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (settled || !stdout.includes("locked\n")) return;
      settled = true;
      child.stdout.destroy();
      child.stderr.destroy();
      // Holding the lock must not keep this process alive.
      child.unref();
      (child.stdin as unknown as { unref?: () => void }).unref?.();
      resolve({ outcome: "locked", lock });
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      resolve({ outcome: "failed", reason: error.code === "ENOENT" ? "not installed" : error.message });
    });
    child.once("exit", (code, signal) => {
      if (!settled) {
        settled = true;
        resolve(
          code === BUSY
            ? { outcome: "busy" }
            : { outcome: "failed", reason: stderr.trim() || `exited with ${signal ?? code}` },
        );
        return;
      }
      if (!released) lockLost(lockPath, helper.program, code, signal);
    });
  });
}

/**
 * The helper holding our lock ended while we still use the database
 * (someone killed it): another process could open the database now. Stop
 * at once rather than write next to it.
 */
function lockLost(lockPath: string, program: string, code: number | null, signal: NodeJS.Signals | null): void {
  console.error(
    `The lock of the embedded database (${lockPath}) was lost: its ${program} process ended (${signal ?? code}). ` +
      "Stopping now, so that no other process writes the database next to this one.",
  );
  process.exit(1);
}

// ------------------------------------------------------------------ messages

function commandName(): string {
  const script = process.argv[1] ? path.basename(process.argv[1]).replace(/\.[cm]?[jt]s$/, "") : "";
  return script || "node";
}

function pidNamespace(): string | null {
  try {
    return fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    return null;
  }
}

function realPath(dataDir: string): string {
  try {
    return fs.realpathSync(dataDir);
  } catch {
    return dataDir;
  }
}

/** Who holds the lock, in words: a pid means something only in its own PID namespace. */
function describeOwner(owner: LockOwner | null): string {
  if (!owner) return "another process (which one, it has not written yet)";
  const what = owner.command === "server" ? "the Gavel server" : owner.command ? `npm run ${owner.command}` : "";
  const since = `since ${owner.since}`;
  const ours = pidNamespace();
  const sameNamespace = owner.hostname === os.hostname() && owner.pidNamespace === ours;
  if (sameNamespace) {
    const who = owner.pid === process.pid ? "this process" : `process ${owner.pid}`;
    return `${who} (${[what, since].filter(Boolean).join(", ")})`;
  }
  return (
    `process ${owner.pid} of host ${owner.hostname}, in another container or PID namespace ` +
    `(${[what, since].filter(Boolean).join(", ")}; that pid means nothing here)`
  );
}

function inUseMessage(dataDir: string, owner: LockOwner | null): string {
  return (
    `The embedded database in ${dataDir} is in use by ${describeOwner(owner)}. ` +
    `Only one process may open it at a time: stop that process (for example the server started with npm start) ` +
    `and run this again, or use PostgreSQL (set DATABASE_URL), which several processes can share.`
  );
}
