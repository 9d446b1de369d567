/**
 * When a video's captions are tried again after a transient failure:
 * exponential back-off with jitter, never sooner than the site's
 * Retry-After (docs/decisions/0049-captions-from-a-data-center.md).
 *
 *   retryDelayMs({ attempts: 3, baseMs: 600_000, retryAfterMs: null, random: Math.random })
 *   // between 20 and 40 minutes
 */

/** No two attempts at one video are further apart than this (unless Retry-After says so). */
export const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;
/** A Retry-After beyond a day is taken as a day. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

export type RetryDelayInput = {
  /** Failed attempts so far, this one included (1 after the first failure). */
  attempts: number;
  /** The wait after the first failure (CAPTIONS_RETRY_DELAY_SECONDS). */
  baseMs: number;
  /** What the site asked for, if anything. */
  retryAfterMs: number | null;
  /** 0 ≤ random() < 1. */
  random: () => number;
};

/** "Equal jitter": half the doubled delay for sure, the other half at random, so retries of many videos spread out. */
export function retryDelayMs({ attempts, baseMs, retryAfterMs, random }: RetryDelayInput): number {
  const doubled = Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_DELAY_MS);
  const jittered = doubled / 2 + random() * (doubled / 2);
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
  return Math.round(Math.max(jittered, asked));
}

/**
 * A Retry-After header in milliseconds: delta-seconds or an HTTP date;
 * null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(date - now, 0);
}
