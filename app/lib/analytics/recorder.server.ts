/**
 * The analytics recorder (docs/decisions/0036-analytics-without-tracking.md).
 *
 * Events are added up in memory and written every few seconds as one
 * upsert (count = count + n), so that a page view costs no query. Nothing
 * about the reader is kept: no cookie is read or set, and no address, user
 * agent or user id is stored. A reader is counted once a day as a visitor
 * through a hash of (the day's random salt, their address, their user
 * agent): the hash alone is stored, for today only, and cannot be linked to
 * anyone once the salt is gone. The salt is the same in every process (app
 * servers behind one proxy count a reader once; so does a restart): it is
 * kept in app_meta under its day and deleted with the day's hashes
 * (pruneAnalyticsVisitors). The address and user agent stay in memory only
 * until the next write (seconds), when they are hashed with it.
 *
 * A search's words (already without e-mail addresses, phone numbers and
 * street addresses: searchSubject in events.ts) are stored only once
 * SEARCH_WORDS_MIN_VISITORS distinct visitors asked them the same day
 * (k-anonymity); until then the search counts under OTHER_SEARCHES, and
 * moves to its words when the last visitor needed asks (settleSearches).
 * The retention clean-up folds the words of searches older than
 * LOG_RETENTION_DAYS into their day's total (pruneSearchWords).
 *
 * `DNT: 1` and `Sec-GPC: 1` turn all of it off for that request; so do
 * bots. With ANALYTICS=forward the events go to Plausible or Umami instead
 * (forward.server.ts) and nothing is stored here; with ANALYTICS=off,
 * nothing happens at all.
 */
import crypto from "node:crypto";
import { and, eq, inArray, like, lt, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import {
  analyticsDailyCounts,
  analyticsDailyVisitors,
  analyticsKeptSearches,
  analyticsSearchAskers,
  appMeta,
} from "~/lib/db/schema";
import { settings } from "~/lib/env/settings.server";
import { clientIp } from "~/lib/http/client-ip.server";
import type { AnalyticsEvent } from "~/lib/constants";
import { isBotUserAgent, MAX_SUBJECT_LENGTH, OTHER_SEARCHES, optsOut, SEARCH_WORDS_MIN_VISITORS } from "./events";
import { forwardEvent, settleForwardedEvents } from "./forward.server";
import { queryRows } from "~/lib/db/rows.server";

export type CountedEvent = {
  event: Exclude<AnalyticsEvent, "visitor">;
  /** The route pattern ('/city/:locationKey/meeting/:meetingId'), never an address with ids in it. */
  route: string;
  /** A city key, normalized search words, a meeting id; '' when the event has none. */
  subject?: string;
};

const FLUSH_INTERVAL_MS = 5_000;
/** Past this many distinct pending rows, a failing database loses counts rather than memory. */
const MAX_PENDING_KEYS = 20_000;
/** The visitor hashes remembered in memory for today, so a reader's next pages insert nothing. */
const MAX_SEEN_VISITORS = 100_000;

/**
 * `localSalt` never leaves the process: it keys what is pending and the
 * visitors already seen today, so that memory holds no address for longer
 * than a write. What is stored is hashed with the shared salt (sharedSalt).
 */
type DayState = { day: string; localSalt: Buffer; seen: Set<string> };

/** One visitor's searches of some words, not yet settled (kept words or OTHER_SEARCHES). */
type PendingSearch = {
  day: string;
  event: AnalyticsEvent;
  route: string;
  words: string;
  /** The reader's address and user agent, hashed with the day's shared salt when written. */
  visitor: string;
  count: number;
};

/** The day's salt in app_meta, shared by every process (key `analytics_salt:<day>`). */
const SALT_KEY_PREFIX = "analytics_salt:";

const SEARCH_EVENTS: ReadonlySet<AnalyticsEvent> = new Set(["search", "search_no_results"]);
/** Serializes the settling of searches across processes (pg_advisory_xact_lock). */
const SEARCH_LOCK_KEY = 7_326_019_443;

type RecorderState = {
  pending: Map<string, number>;
  pendingSearches: Map<string, PendingSearch>;
  pendingVisitors: { day: string; visitor: string }[];
  dayState: DayState | null;
  /** The shared salts of the days being written, read once per day and process. */
  sharedSalts: Map<string, Buffer>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  flushFailed: boolean;
};

// One recorder per process, on globalThis like the database connection, so
// that the server entry (shutdown) and the built app (sign-ups) share it.
const RECORDER = Symbol.for("gavel.analytics.recorder");
const state: RecorderState = ((globalThis as typeof globalThis & { [RECORDER]?: RecorderState })[RECORDER] ??= {
  pending: new Map(),
  pendingSearches: new Map(),
  pendingVisitors: [],
  dayState: null,
  sharedSalts: new Map(),
  timer: null,
  flushing: null,
  flushFailed: false,
});

// A recorder made by an earlier version of this module (development reloads) has no pending searches yet.
state.pendingSearches ??= new Map();
state.sharedSalts ??= new Map();

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function currentDay(): DayState {
  const day = today();
  if (state.dayState?.day !== day) state.dayState = { day, localSalt: crypto.randomBytes(32), seen: new Set() };
  return state.dayState;
}

/** Whether this request may be counted at all: analytics on, not opted out, not a bot. */
export function isCountable(request: Request): boolean {
  if (settings().ANALYTICS === "off") return false;
  return !optsOut(request.headers) && !isBotUserAgent(request.headers.get("User-Agent"));
}

/** The key of a pending row; tabs cannot occur in a route or in normalized words. */
function keyOf(day: string, event: AnalyticsEvent, route: string, subject: string): string {
  return [day, event, route, subject].join("\t");
}

function add(day: string, event: AnalyticsEvent, route: string, subject: string, n = 1) {
  const key = keyOf(day, event, route, subject);
  if (!state.pending.has(key) && state.pending.size >= MAX_PENDING_KEYS) return;
  state.pending.set(key, (state.pending.get(key) ?? 0) + n);
}

function addSearch(search: Omit<PendingSearch, "count">, localKey: string) {
  const key = [search.day, search.event, search.route, localKey].join("\t");
  const pending = state.pendingSearches.get(key);
  if (pending) return void (pending.count += 1);
  if (state.pendingSearches.size >= MAX_PENDING_KEYS) return;
  state.pendingSearches.set(key, { ...search, count: 1 });
}

function hmac(salt: Buffer, value: string): string {
  return crypto.createHmac("sha256", salt).update(value).digest("base64url");
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
  const visitor = `${clientIp(request)}\n${userAgent}`;
  const localVisitorHash = hmac(day.localSalt, visitor);
  for (const { event, route, subject = "" } of events) {
    const words = Array.from(subject.replace(/\t/g, " ")).slice(0, MAX_SUBJECT_LENGTH).join("");
    if (SEARCH_EVENTS.has(event) && words !== "" && words !== OTHER_SEARCHES) {
      addSearch({ day: day.day, event, route, words, visitor }, hmac(day.localSalt, `${localVisitorHash}\n${words}`));
    } else {
      add(day.day, event, route, words);
    }
  }
  if (visit && !day.seen.has(localVisitorHash)) {
    if (day.seen.size < MAX_SEEN_VISITORS) day.seen.add(localVisitorHash);
    state.pendingVisitors.push({ day: day.day, visitor });
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
  if (state.pending.size === 0 && state.pendingVisitors.length === 0 && state.pendingSearches.size === 0) return;
  state.flushing = write().finally(() => (state.flushing = null));
  await state.flushing;
}

async function write(): Promise<void> {
  const counts = state.pending;
  const visitors = state.pendingVisitors;
  const searches = state.pendingSearches;
  state.pending = new Map();
  state.pendingVisitors = [];
  state.pendingSearches = new Map();
  try {
    const salts = await sharedSalts([...visitors, ...searches.values()].map(({ day }) => day));
    await getDb().transaction(async (tx) => {
      // What is written: the pending counts, plus the fresh visitors and the settled searches.
      const rows = new Map(counts);
      if (visitors.length > 0) {
        const fresh = await tx
          .insert(analyticsDailyVisitors)
          .values(visitors.map(({ day, visitor }) => ({ day, visitorHash: hmac(salts.get(day)!, visitor) })))
          .onConflictDoNothing()
          .returning({ day: analyticsDailyVisitors.day });
        for (const { day } of fresh) addTo(rows, keyOf(day, "visitor", "", ""), 1);
      }
      if (searches.size > 0) await settleSearches(tx, hashSearches([...searches.values()], salts), rows);
      const values = [...rows]
        .filter(([, count]) => count !== 0)
        .map(([key, count]) => {
          const [day, event, route, subject] = key.split("\t") as [string, AnalyticsEvent, string, string];
          return { day, event, route, subject, count };
        });
      if (values.length === 0) return;
      await tx
        .insert(analyticsDailyCounts)
        .values(values)
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
    for (const [key, search] of searches) {
      const pending = state.pendingSearches.get(key);
      if (pending) pending.count += search.count;
      else if (state.pendingSearches.size < MAX_PENDING_KEYS) state.pendingSearches.set(key, search);
    }
    if (!state.flushFailed) console.error("Writing analytics counts failed (logged once until it works again):", error);
    state.flushFailed = true;
  }
}

/**
 * The shared salt of each of `days`: read from app_meta, or made there by
 * the first process to need it (ON CONFLICT: of two at once, one wins and
 * both read its salt).
 */
async function sharedSalts(days: string[]): Promise<Map<string, Buffer>> {
  for (const day of new Set(days)) {
    if (state.sharedSalts.has(day)) continue;
    const key = `${SALT_KEY_PREFIX}${day}`;
    const db = getDb();
    await db
      .insert(appMeta)
      .values({ key, value: crypto.randomBytes(32).toString("base64") })
      .onConflictDoNothing();
    const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
    state.sharedSalts.set(day, Buffer.from(row!.value, "base64"));
  }
  for (const day of state.sharedSalts.keys()) if (!days.includes(day) && day < today()) state.sharedSalts.delete(day);
  return state.sharedSalts;
}

type HashedSearch = Omit<PendingSearch, "visitor"> & { wordsHash: string; visitorHash: string };

function hashSearches(searches: PendingSearch[], salts: Map<string, Buffer>): HashedSearch[] {
  return searches.map(({ visitor, ...search }) => {
    const salt = salts.get(search.day)!;
    return { ...search, wordsHash: hmac(salt, `words\n${search.words}`), visitorHash: hmac(salt, visitor) };
  });
}

function addTo(rows: Map<string, number>, key: string, n: number) {
  rows.set(key, (rows.get(key) ?? 0) + n);
}

type Transaction = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/**
 * Adds each pending search to `rows` under its words when enough visitors
 * asked them today, else under OTHER_SEARCHES, remembering (by hashes) who
 * asked what; when a search reaches SEARCH_WORDS_MIN_VISITORS distinct
 * visitors, what its words counted under OTHER_SEARCHES moves to them. One
 * process at a time (an advisory lock), so words move once.
 */
async function settleSearches(tx: Transaction, searches: HashedSearch[], rows: Map<string, number>) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEARCH_LOCK_KEY})`);
  const hashes = [...new Set(searches.map((s) => s.wordsHash))];
  const keptRows = await tx
    .select({ day: analyticsKeptSearches.day, wordsHash: analyticsKeptSearches.wordsHash })
    .from(analyticsKeptSearches)
    .where(inArray(analyticsKeptSearches.wordsHash, hashes));
  const kept = new Set(keptRows.map((row) => `${row.day}\t${row.wordsHash}`));
  const waiting = new Map<string, HashedSearch>();
  const askers: (typeof analyticsSearchAskers.$inferInsert)[] = [];
  for (const search of searches) {
    const group = `${search.day}\t${search.wordsHash}`;
    if (kept.has(group)) {
      addTo(rows, keyOf(search.day, search.event, search.route, search.words), search.count);
      continue;
    }
    addTo(rows, keyOf(search.day, search.event, search.route, OTHER_SEARCHES), search.count);
    waiting.set(group, search);
    const { day, event, route, wordsHash, visitorHash, count } = search;
    askers.push({ day, event, route, wordsHash, visitorHash, count });
  }
  if (askers.length === 0) return;
  await tx
    .insert(analyticsSearchAskers)
    .values(askers)
    .onConflictDoUpdate({
      target: [
        analyticsSearchAskers.day,
        analyticsSearchAskers.wordsHash,
        analyticsSearchAskers.event,
        analyticsSearchAskers.route,
        analyticsSearchAskers.visitorHash,
      ],
      set: { count: sql`${analyticsSearchAskers.count} + excluded.count` },
    });
  const askedBy = await tx
    .select({
      day: analyticsSearchAskers.day,
      wordsHash: analyticsSearchAskers.wordsHash,
      visitors: sql<number>`count(distinct ${analyticsSearchAskers.visitorHash})::int`,
    })
    .from(analyticsSearchAskers)
    .where(inArray(analyticsSearchAskers.wordsHash, [...new Set(askers.map((a) => a.wordsHash))]))
    .groupBy(analyticsSearchAskers.day, analyticsSearchAskers.wordsHash);
  for (const { day, wordsHash, visitors } of askedBy) {
    const search = waiting.get(`${day}\t${wordsHash}`);
    if (!search || visitors < SEARCH_WORDS_MIN_VISITORS) continue;
    const sameWords = and(eq(analyticsSearchAskers.day, day), eq(analyticsSearchAskers.wordsHash, wordsHash));
    const moved = await tx.delete(analyticsSearchAskers).where(sameWords).returning({
      event: analyticsSearchAskers.event,
      route: analyticsSearchAskers.route,
      count: analyticsSearchAskers.count,
    });
    for (const { event, route, count } of moved) {
      addTo(rows, keyOf(day, event as AnalyticsEvent, route, search.words), count);
      addTo(rows, keyOf(day, event as AnalyticsEvent, route, OTHER_SEARCHES), -count);
    }
    await tx.insert(analyticsKeptSearches).values({ day, wordsHash }).onConflictDoNothing();
  }
}

/**
 * Forgets what is pending and the day's visitors (tests: a file that shares
 * its process with earlier files starts with an empty recorder). Call after
 * stopAnalytics().
 */
export function resetAnalytics(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  state.pending.clear();
  state.pendingSearches.clear();
  state.pendingVisitors = [];
  state.dayState = null;
  state.sharedSalts.clear();
  state.flushing = null;
  state.flushFailed = false;
}

/** On shutdown: stop the timer, write what is pending, let forwarded events finish. */
export async function stopAnalytics(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  await flushAnalytics();
  await settleForwardedEvents();
}

/**
 * Deletes the visitor hashes of past days (their count is in
 * analytics_daily_counts), and the hashes of who asked which search then
 * (what was not kept stays counted under OTHER_SEARCHES). Returns how many
 * visitor hashes.
 */
export async function pruneAnalyticsVisitors(): Promise<number> {
  const db = getDb();
  // The past days' salts first: without them, nothing left of those days can be linked to a reader.
  await db
    .delete(appMeta)
    .where(and(like(appMeta.key, `${SALT_KEY_PREFIX}%`), lt(appMeta.key, `${SALT_KEY_PREFIX}${today()}`)));
  await db.delete(analyticsSearchAskers).where(lt(analyticsSearchAskers.day, today()));
  await db.delete(analyticsKeptSearches).where(lt(analyticsKeptSearches.day, today()));
  const deleted = await db
    .delete(analyticsDailyVisitors)
    .where(lt(analyticsDailyVisitors.day, today()))
    .returning({ day: analyticsDailyVisitors.day });
  return deleted.length;
}

/**
 * The words of searches counted before `cutoff` (LOG_RETENTION_DAYS): each
 * day's searches keep their total, per event and route, without a subject.
 * Returns how many rows of words were folded.
 */
export async function pruneSearchWords(cutoff: Date): Promise<number> {
  const rows = await queryRows<{ folded: number }>(sql`
    with folded as (
      delete from analytics_daily_counts
      where event in ('search', 'search_no_results') and subject <> '' and day < ${cutoff.toISOString().slice(0, 10)}::date
      returning day, event, route, count
    ), totals as (
      insert into analytics_daily_counts (day, event, route, subject, count)
      select day, event, route, '', sum(count)::int from folded group by day, event, route
      on conflict (day, event, route, subject) do update set count = analytics_daily_counts.count + excluded.count
    )
    select count(*)::int as folded from folded`);
  return rows[0]?.folded ?? 0;
}
