/**
 * The pace of caption fetches in this process
 * (docs/decisions/0049-captions-from-a-data-center.md):
 *
 * - one at a time, each starting at least CAPTIONS_MIN_INTERVAL_SECONDS
 *   after the previous one ended, whatever asks (the jobs of a 300-video
 *   refresh, an admin's Fetch Transcript): the site sees that much quiet
 *   between two videos;
 * - a circuit breaker: after BREAKER_THRESHOLD bot checks or 429s in a row,
 *   or a 429 with Retry-After, every caption fetch waits until the pause is
 *   over (CAPTIONS_PAUSE_SECONDS, or the Retry-After when longer). Fetches
 *   that come meanwhile do not reach the site: the caller plans them for
 *   the end of the pause.
 *
 *   const paced = await withCaptionPace(() => fetchCaptions(id));
 *   if (!paced.ran) reschedule(paced.pausedUntil);
 *   else recordPaceOutcome(paced.value.code, paced.value.retryAfterMs);
 *
 * Kept on globalThis: the server entry and the app bundle may be separate
 * module graphs (Vite in development) and must share one pace.
 */
import { settings } from "~/lib/env/settings.server";
import type { CaptionFailureReason } from "./reasons";

/** Bot checks or 429s in a row that pause every caption fetch of the process. */
export const BREAKER_THRESHOLD = 3;

type Pace = {
  /** The fetches waiting for their turn, chained. */
  queue: Promise<void>;
  lastEndedAt: number;
  refusalsInARow: number;
  pausedUntil: number;
  pauseReason: string;
};

const HOLDER = Symbol.for("gavel.captions.pace");
type GlobalWithPace = typeof globalThis & { [HOLDER]?: Pace };
const globalPace = globalThis as GlobalWithPace;

function pace(): Pace {
  return (globalPace[HOLDER] ??= {
    queue: Promise.resolve(),
    lastEndedAt: 0,
    refusalsInARow: 0,
    pausedUntil: 0,
    pauseReason: "",
  });
}

/** Forgets the pace and any pause (a new process starts so; tests between cases). */
export function resetCaptionPace(): void {
  delete globalPace[HOLDER];
}

export type CaptionPause = { until: Date; reason: string };

/** The breaker's pause, while it lasts. */
export function captionPause(now = Date.now()): CaptionPause | null {
  const current = pace();
  return current.pausedUntil > now ? { until: new Date(current.pausedUntil), reason: current.pauseReason } : null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type Paced<T> = { ran: true; value: T } | { ran: false; pause: CaptionPause };

/** Runs `fetch` in its turn, or not at all while the breaker holds every caption fetch. */
export async function withCaptionPace<T>(fetch: () => Promise<T>): Promise<Paced<T>> {
  const current = pace();
  let release!: () => void;
  const previous = current.queue;
  current.queue = new Promise<void>((resolve) => (release = resolve));
  try {
    await previous;
    const pausedBefore = captionPause();
    if (pausedBefore) return { ran: false, pause: pausedBefore };
    const wait = current.lastEndedAt + settings().CAPTIONS_MIN_INTERVAL_SECONDS * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
    try {
      return { ran: true, value: await fetch() };
    } finally {
      current.lastEndedAt = Date.now();
    }
  } finally {
    release();
  }
}

/** What the site answered to the fetch that just ran: null for captions (or a reason that is not a refusal). */
export function recordPaceOutcome(reason: CaptionFailureReason | null, retryAfterMs: number | null): void {
  const current = pace();
  const now = Date.now();
  const refused = reason === "bot-check" || reason === "rate-limited";
  if (!refused) {
    current.refusalsInARow = 0;
    return;
  }
  current.refusalsInARow += 1;
  const pauseUntil = (until: number, why: string) => {
    if (until <= current.pausedUntil) return;
    current.pausedUntil = until;
    current.pauseReason = why;
    console.warn(`[captions] every caption fetch waits until ${new Date(until).toISOString()}: ${why}`);
  };
  if (reason === "rate-limited" && retryAfterMs) pauseUntil(now + retryAfterMs, "YouTube asked to wait (HTTP 429).");
  if (current.refusalsInARow >= BREAKER_THRESHOLD) {
    const pauseMs = Math.max(settings().CAPTIONS_PAUSE_SECONDS * 1000, retryAfterMs ?? 0);
    pauseUntil(now + pauseMs, `${current.refusalsInARow} bot checks or rate limits in a row.`);
    current.refusalsInARow = 0;
  }
}
