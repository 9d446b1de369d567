/**
 * The database cannot be used, for a reason the operator must act on (it is
 * in use by another process, it looks damaged, it does not open). The
 * message says which database and what to do; entry points print it without
 * a stack trace and exit with 1 (see `prepareDatabaseOrExit`).
 */
export class DatabaseStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseStartError";
  }
}

/** Who holds the embedded database's lock, as the holder wrote it into the lock file (pglite-directory.server.ts). */
export type LockOwner = {
  pid: number;
  hostname: string;
  /** The holder's PID namespace (`/proc/self/ns/pid`, e.g. "pid:[4026531836]"); null where there is none. */
  pidNamespace: string | null;
  since: string;
  /** The data directory's real path as the holder saw it. */
  directory: string;
  /** What runs there: "server", or the script's name. */
  command: string;
  /** A server whose worker takes `npm run analyze` and `npm run ingest` handed to it (docs/decisions/0050). */
  takesHandOff: boolean;
};

/** Another process holds the embedded database: `owner` says which, when it could be read. */
export class DatabaseInUseError extends DatabaseStartError {
  constructor(
    message: string,
    readonly owner: LockOwner | null,
  ) {
    super(message);
    this.name = "DatabaseInUseError";
  }
}
