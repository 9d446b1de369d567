/**
 * What the analytics count, shared by the server and the browser
 * (docs/decisions/0036-analytics-without-tracking.md): which requests are
 * people reading, the words of a search as counted, and the events the
 * browser may report itself.
 */
import type { AnalyticsEvent } from "~/lib/constants";

/** The longest subject stored (the CHECK on analytics_daily_counts.subject). */
export const MAX_SUBJECT_LENGTH = 200;

/** The events a browser may report to /resources/analytics: only what the server cannot see. */
export const CLIENT_EVENTS = ["share"] as const satisfies readonly AnalyticsEvent[];
export type ClientEvent = (typeof CLIENT_EVENTS)[number];

/** The path of the beacon's resource route. */
export const ANALYTICS_BEACON_PATH = "/resources/analytics";

/**
 * A search as counted: lowercased, runs of spaces and controls made one
 * space, trimmed, at most 200 characters (cut on a character, not inside a
 * surrogate pair).
 */
export function normalizeSearchWords(query: string | null | undefined): string {
  const words = (query ?? "")
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
  return Array.from(words).slice(0, MAX_SUBJECT_LENGTH).join("").trim();
}

/**
 * Crawlers, link previews, monitors and scripts, by their user agent (an
 * empty one included): their requests are not people reading.
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|archiver|facebookexternalhit|embedly|preview|monitor|uptime|pingdom|lighthouse|headless|phantomjs|puppeteer|playwright|selenium|python-|python\/|curl\/|wget\/|httpie|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|^node$|libwww|feedfetcher|\brss\b|validator/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  const agent = (userAgent ?? "").trim();
  return agent === "" || BOT_USER_AGENT.test(agent);
}

/** Do Not Track (`DNT: 1`) or Global Privacy Control (`Sec-GPC: 1`): nothing is recorded or forwarded. */
export function optsOut(headers: Headers): boolean {
  return headers.get("DNT")?.trim() === "1" || headers.get("Sec-GPC")?.trim() === "1";
}

/** A speculative load (link prefetch, prerender): not a visit, or not yet. */
export function isPrefetch(headers: Headers): boolean {
  const purpose = `${headers.get("Sec-Purpose") ?? ""} ${headers.get("Purpose") ?? ""} ${headers.get("X-Moz") ?? ""}`;
  return /prefetch|prerender/i.test(purpose);
}
