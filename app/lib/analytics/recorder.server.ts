/**
 * The analytics recorder (docs/decisions/0036-analytics-without-tracking.md).
 *
 * Events are added up in memory and written every few seconds as one
 * upsert (count = count + n), so that a page view costs no query. Nothing
 * about the reader is kept: no cookie is read or set, and no address, user
 * agent or user id is stored. A reader is counted once a day as a visitor
 * through a hash of (a random salt held only in memory and replaced each
 * day, their address, their user agent): the hash alone is stored, for
 * today only, and cannot be linked to anyone once the salt is gone.
 *
 * `DNT: 1` and `Sec-GPC: 1` turn all of it off for that request; so do
 * bots. With ANALYTICS=forward the events go to Plausible or Umami instead
 * (forward.server.ts) and nothing is stored here; with ANALYTICS=off,
 * nothing happens at all.
 */
import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { analyticsDailyCounts, analyticsDailyVisitors } from "~/lib/db/schema";
import { settings } from "~/lib/env/settings.server";
import { clientIp } from "~/lib/http/client-ip.server";
import type { AnalyticsEvent } from "~/lib/constants";
import { isBotUserAgent, MAX_SUBJECT_LENGTH, optsOut } from "./events";
import { forwardEvent, settleForwardedEvents } from "./forward.server";

export type CountedEvent = {
  event: Exclude<AnalyticsEvent, "visitor">;
  /** The route pattern ('/city/:locationKey/meeting/:meetingId'), never an address with ids in it. */
  route: string;
  /** A city key, normalised search words, a meeting id; '' when the event has none. */
  subject?: string;
};

const FLUSH_INTERVAL_MS = 5_000;
/** Past this many distinct pending rows, a failing database loses counts rather than memory. */
const MAX_PENDING_KEYS = 20_000;
/** The visitor hashes remembered in memory for today, so a reader's next pages insert nothing. */
const MAX_SEEN_VISITORS = 100_000;

type DayState = { day: string; salt: Buffer; seen: Set<string> };

type RecorderState = {
  pending: Map<string, number>;
  pendingVisitors: { day: string; hash: string }[];
  dayState: DayState | null;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  flushFailed: boolean;
};

// One recorder per process, on globalThis like the database connection, so
// that the server entry (shutdown) and the built app (sign-ups) share it.
const RECORDER = Symbol.for("gavel.analytics.recorder");
const state: RecorderState = ((globalThis as typeof globalThis & { [RECORDER]?: RecorderState })[RECORDER] ??= {
  pending: new Map(),
  pendingVisitors: [],
  dayState: null,
  timer: null,
  flushing: null,
  flushFailed: false,
});

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function currentDay(): DayState {
  const day = today();
  if (state.dayState?.day !== day) state.dayState = { day, salt: crypto.randomBytes(32), seen: new Set() };
  return state.dayState;
}

/** Whether this request may be counted at all: analytics on, not opted out, not a bot. */
export function isCountable(request: Request): boolean {
  if (settings().ANALYTICS === "off") return false;
  return !optsOut(request.headers) && !isBotUserAgent(request.headers.get("User-Agent"));
}

/** The key of a pending row; tabs cannot occur in a route or in normalised words. */
function keyOf(day: string, event: AnalyticsEvent, route: string, subject: string): string {
  return [day, event, route, subject].join("\t");
}

function add(day: string, event: AnalyticsEvent, route: string, subject: string, n = 1) {
  const key = keyOf(day, event, route, subject);
  if (!state.pending.has(key) && state.pending.size >= MAX_PENDING_KEYS) return;
  state.pending.set(key, (state.pending.get(key) ?? 0) + n);
}

function ensureTimer() {
  if (state.timer) return;
  state.timer = setInterval(() => void flushAnalytics(), FLUSH_INTERVAL_MS);
  state.timer.unref();
}

/**
 * Records `events` for `request`, counting its reader as today's visitor
 * when `visit` is set (page views). Returns at once; never throws.
 */
export function recordEvents(request: Request, events: CountedEvent[], { visit = false, pageUrl = request.url } = {}) {
  if (events.length === 0 || !isCountable(request)) return;
  const userAgent = request.headers.get("User-Agent") ?? "";
  if (settings().ANALYTICS === "forward") {
    for (const { event, route, subject = "" } of events)
      forwardEvent({
        event,
        route,
        subject,
        url: pageUrl,
        userAgent,
        clientIp: clientIp(request),
        referrer: request.headers.get("Referer"),
      });
    return;
  }
  const day = currentDay();
  for (const { event, route, subject = "" } of events)
    add(day.day, event, route, Array.from(subject.replace(/\t/g, " ")).slice(0, MAX_SUBJECT_LENGTH).join(""));
  if (visit) {
    const hash = crypto
      .createHmac("sha256", day.salt)
      .update(`${clientIp(request)}\n${userAgent}`)
      .digest("base64url");
    if (!day.seen.has(hash)) {
      if (day.seen.size < MAX_SEEN_VISITORS) day.seen.add(hash);
      state.pendingVisitors.push({ day: day.day, hash });
    }
  }
  ensureTimer();
}

/** An account was created (sign-up with a code or a password): counted on the sign-up page's route, nothing else. */
export function recordSignUp(request: Request): void {
  recordEvents(request, [{ event: "sign_up", route: "/auth" }]);
}

/** Writes what is pending. Safe to call at any time; concurrent calls share one write. */
export async function flushAnalytics(): Promise<void> {
  while (state.flushing) await state.flushing;
  if (state.pending.size === 0 && state.pendingVisitors.length === 0) return;
  state.flushing = write().finally(() => (state.flushing = null));
  await state.flushing;
}

async function write(): Promise<void> {
  const counts = state.pending;
  const visitors = state.pendingVisitors;
  state.pending = new Map();
  state.pendingVisitors = [];
  try {
    await getDb().transaction(async (tx) => {
      if (visitors.length > 0) {
        const fresh = await tx
          .insert(analyticsDailyVisitors)
          .values(visitors.map(({ day, hash }) => ({ day, visitorHash: hash })))
          .onConflictDoNothing()
          .returning({ day: analyticsDailyVisitors.day });
        for (const { day } of fresh) {
          const key = keyOf(day, "visitor", "", "");
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
      if (counts.size === 0) return;
      const rows = [...counts].map(([key, count]) => {
        const [day, event, route, subject] = key.split("\t") as [string, AnalyticsEvent, string, string];
        return { day, event, route, subject, count };
      });
      await tx
        .insert(analyticsDailyCounts)
        .values(rows)
        .onConflictDoUpdate({
          target: [
            analyticsDailyCounts.day,
            analyticsDailyCounts.event,
            analyticsDailyCounts.route,
            analyticsDailyCounts.subject,
          ],
          set: { count: sql`${analyticsDailyCounts.count} + excluded.count` },
        });
    });
    state.flushFailed = false;
  } catch (error) {
    // Kept for the next flush (within bounds); the visitor hashes are dropped: at worst a visitor is not counted.
    for (const [key, count] of counts) {
      if (state.pending.size >= MAX_PENDING_KEYS && !state.pending.has(key)) break;
      state.pending.set(key, (state.pending.get(key) ?? 0) + count);
    }
    if (!state.flushFailed) console.error("Writing analytics counts failed (logged once until it works again):", error);
    state.flushFailed = true;
  }
}

/** On shutdown: stop the timer, write what is pending, let forwarded events finish. */
export async function stopAnalytics(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  await flushAnalytics();
  await settleForwardedEvents();
}

/** Deletes the visitor hashes of past days (their count is in analytics_daily_counts). Returns how many. */
export async function pruneAnalyticsVisitors(): Promise<number> {
  const deleted = await getDb()
    .delete(analyticsDailyVisitors)
    .where(lt(analyticsDailyVisitors.day, today()))
    .returning({ day: analyticsDailyVisitors.day });
  return deleted.length;
}
