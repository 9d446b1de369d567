/**
 * What the analytics count, shared by the server and the browser
 * (docs/decisions/0036-analytics-without-tracking.md): which requests are
 * people reading, the words of a search as counted, and the events the
 * browser may report itself.
 */
import { href } from "react-router";
import type { AnalyticsEvent } from "~/lib/constants";

/** The longest subject stored (the CHECK on analytics_daily_counts.subject). */
export const MAX_SUBJECT_LENGTH = 200;

/** The events a browser may report to /resources/analytics: only what the server cannot see. */
export const CLIENT_EVENTS = ["share"] as const satisfies readonly AnalyticsEvent[];
export type ClientEvent = (typeof CLIENT_EVENTS)[number];

/** The path of the beacon's resource route. */
export const ANALYTICS_BEACON_PATH = href("/resources/analytics");

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
 * The subject searches are counted under when their words are not kept: words
 * that fewer than SEARCH_WORDS_MIN_VISITORS visitors asked the same day, or
 * nothing left once personal details are removed. Normalized words are lower
 * case, so they can never be this.
 */
export const OTHER_SEARCHES = "(Other searches)";

/** How many distinct visitors must ask the same words on one day before the words are kept (k-anonymity). */
export const SEARCH_WORDS_MIN_VISITORS = 3;

const STREET_SUFFIXES =
  "street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|place|pl|way|terrace|ter|circle|cir|parkway|pkwy|highway|hwy|trail|trl|square|sq";

/** Shapes of personal details in a search, in the order they are cut out. */
const PERSONAL_DETAILS = [
  // An e-mail address, or anything else with an @ in it (a handle).
  /\S*@\S*/gu,
  // A phone number: +1 (555) 123-4567, 555.123.4567, 555-0199, 5550199, or any run of 7 or more digits.
  /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-]?)?\b\d{3}[\s.-]?\d{4}\b/gu,
  /\d{7,}/gu,
  // A street address: a house number, one to three words, a street suffix ("123 Elm Street", "9 n main st.").
  new RegExp(`\\b\\d{1,6}[a-z]?\\s+(?:[\\p{L}\\d'.-]+\\s+){1,3}(?:${STREET_SUFFIXES})\\b\\.?`, "gu"),
];

/**
 * Normalized search words without what looks like a personal detail: an
 * e-mail address, a phone number, a street address. What is left may still be
 * a name: those words are kept only once several visitors asked them
 * (SEARCH_WORDS_MIN_VISITORS, recorder.server.ts).
 */
export function withoutPersonalDetails(words: string): string {
  let left = words;
  for (const shape of PERSONAL_DETAILS) left = left.replace(shape, " ");
  return left.replace(/\s+/g, " ").trim();
}

/**
 * What a search is counted under: its normalized words without personal
 * details, or OTHER_SEARCHES when nothing is left; '' when there were no words
 * at all (not a search).
 */
export function searchSubject(query: string | null | undefined): string {
  const words = normalizeSearchWords(query);
  if (!words) return "";
  return withoutPersonalDetails(words) || OTHER_SEARCHES;
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
