import type { PGlite, Transaction as PgliteTransaction } from "@electric-sql/pglite";

/**
 * Deadlines on transactions (docs/decisions/0039-deadlines.md). The
 * embedded database is one session: while a transaction is open, every
 * other query of the process waits for it. A transaction that awaits
 * anything but its own statements, or never ends, would stop the whole
 * server. So a transaction is rolled back, and its connection released,
 * when it has been idle (no statement of its own running) for
 * `idleMs`, or open for `totalMs` in all.
 */

export type TransactionLimits = { idleMs: number; totalMs: number };

export class TransactionDeadlineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TransactionDeadlineError";
  }
}

/** How often the watchdog looks: a fraction of the shortest limit, at most every second. */
function checkEveryMs(limits: TransactionLimits): number {
  return Math.max(10, Math.min(1000, Math.floor(Math.min(limits.idleMs, limits.totalMs) / 4)));
}

/** What a transaction is doing, as far as its deadline is concerned. */
export class TransactionActivity {
  readonly startedAt = Date.now();
  #running = 0;
  #lastActiveAt = Date.now();

  /** Runs one of the transaction's own statements, counting it as activity. */
  async statement<T>(run: () => Promise<T>): Promise<T> {
    this.#running++;
    try {
      return await run();
    } finally {
      this.#running--;
      this.#lastActiveAt = Date.now();
    }
  }

  /** Why the transaction must end now, or null. */
  overdue(limits: TransactionLimits, now = Date.now()): string | null {
    if (now - this.startedAt > limits.totalMs) {
      return `A transaction was still open after ${limits.totalMs} ms; it was rolled back.`;
    }
    if (this.#running === 0 && now - this.#lastActiveAt > limits.idleMs) {
      return `A transaction waited ${limits.idleMs} ms for something other than the database; it was rolled back.`;
    }
    return null;
  }
}

/**
 * Settles like `work`, or rejects with a TransactionDeadlineError once
 * `activity` is overdue (`onOverdue` runs first, to cut the work off).
 */
export function withinLimits<T>(
  work: Promise<T>,
  limits: TransactionLimits,
  activity: TransactionActivity,
  onOverdue: (error: TransactionDeadlineError) => void = () => undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const watchdog = setInterval(() => {
      const reason = activity.overdue(limits);
      if (!reason) return;
      clearInterval(watchdog);
      const error = new TransactionDeadlineError(reason);
      onOverdue(error);
      console.error(reason);
      reject(error);
    }, checkEveryMs(limits));
    watchdog.unref();
    work.then(
      (value) => {
        clearInterval(watchdog);
        resolve(value);
      },
      (error: unknown) => {
        clearInterval(watchdog);
        reject(error);
      },
    );
  });
}

/**
 * Puts every PGlite transaction of this instance (Drizzle's included) under
 * the limits. When one is overdue, PGlite rolls it back and frees the
 * session; the abandoned callback's later statements fail ("Transaction is
 * closed") instead of running outside it. `limits` answers null for none
 * (migrations).
 */
export function limitPgliteTransactions(pglite: PGlite, limits: () => TransactionLimits | null): void {
  const begin = pglite.transaction.bind(pglite);
  pglite.transaction = <T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> =>
    begin((tx) => {
      const current = limits();
      if (!current) return callback(tx);
      const activity = new TransactionActivity();
      const tracked: PgliteTransaction = Object.assign(Object.create(tx) as PgliteTransaction, {
        query: ((...args: Parameters<PgliteTransaction["query"]>) =>
          activity.statement(() => tx.query(...args))) as PgliteTransaction["query"],
        sql: ((...args: Parameters<PgliteTransaction["sql"]>) =>
          activity.statement(() => tx.sql(...args))) as PgliteTransaction["sql"],
        exec: ((...args: Parameters<PgliteTransaction["exec"]>) =>
          activity.statement(() => tx.exec(...args))) as PgliteTransaction["exec"],
      });
      return withinLimits(callback(tracked), current, activity);
    });
}
