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
