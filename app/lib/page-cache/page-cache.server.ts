/**
 * The rendered-page cache (docs/decisions/0030-rendered-page-cache.md): an
 * in-process LRU of the responses React Router gives visitors who are not
 * signed in, documents and `.data` alike, kept only when the route's own
 * headers made them public (app/lib/http/cache.server.ts decides).
 *
 * An entry is keyed by the build, the URL, whether the request asks for
 * lite pages (lite.server.ts: its cookie, else Save-Data) and its language
 * (app/lib/i18n/locale.server.ts), and is valid for the content
 * versions it was rendered at (content-versions.server.ts) on the day it was
 * rendered (the city page's twelve months, the footer's year). The ETag is
 * derived from the same facts, so a matching If-None-Match is answered 304
 * after reading only the versions. The CSP nonce is cut out of the stored
 * body and a fresh one put back on every hit.
 */
import crypto from "node:crypto";
import { contentVersionsOf } from "./content-versions.server";
import { ifNoneMatchMatches, isPublic } from "~/lib/http/cache.server";
import { PERSONAL_COOKIE_NAMES } from "~/lib/privacy/cookies";
import { isLiteRequest } from "~/lib/document/lite.server";
import { anonymousLocale } from "~/lib/i18n/locale.server";
import { withoutLocalePrefix } from "~/lib/i18n/locales";

export const CACHE_STATUS_HEADER = "X-Gavel-Cache";

/**
 * Requests carrying one of these (the registry's personal cookies) are someone's own: never served from or
 * stored in the cache. With `lite`, these are all the cookies the app reads
 * (a new cookie a page reads must be declared in app/lib/privacy/cookies.ts); any other
 * cookie (a proxy's, analytics', a stale one) does not change the page, so
 * it neither splits the cache nor bypasses it.
 */
const PERSONAL_COOKIES = PERSONAL_COOKIE_NAMES;

const NOT_MODIFIED_DROPPED = ["Content-Length", "Content-Type", "Content-Encoding", "Transfer-Encoding"];
const CACHEABLE_TYPES = /^(text\/|application\/json|application\/javascript)/i;

type Entry = {
  versions: string;
  etag: string;
  status: number;
  headers: [string, string][];
  /** The body split where the nonce was. */
  parts: string[];
  bytes: number;
};

export type PageCacheLimits = { maxEntries: number; maxBytes: number };

/**
 * An LRU of rendered pages that a flood of one-off URLs cannot empty: while
 * it is full, a new key is stored only the second time it is rendered
 * (within the last `maxEntries` keys seen once), so a bot asking for
 * `?junk=1`, `?junk=2`… renders each page but never evicts the pages
 * people read.
 */
export class PageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** Digests of keys rendered once while the cache was full, oldest first. */
  private seenOnce = new Set<string>();

  constructor(private limits: PageCacheLimits) {}

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry): void {
    if (entry.bytes > this.limits.maxBytes / 4) return;
    const replacing = this.entries.has(key);
    this.delete(key);
    if (!replacing && !this.hasRoomFor(entry) && !this.admitsSecondTime(key)) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.delete(oldest);
    }
  }

  private hasRoomFor(entry: Entry): boolean {
    return this.entries.size < this.limits.maxEntries && this.bytes + entry.bytes <= this.limits.maxBytes;
  }

  /** Whether `key` was rendered once before; if not, remembers it. */
  private admitsSecondTime(key: string): boolean {
    const digest = crypto.createHash("sha256").update(key).digest("base64url");
    if (this.seenOnce.delete(digest)) return true;
    this.seenOnce.add(digest);
    for (const oldest of this.seenOnce) {
      if (this.seenOnce.size <= this.limits.maxEntries) break;
      this.seenOnce.delete(oldest);
    }
    return false;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function cookiePairs(request: Request): string[] {
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean);
}

/** No session, no flash message, no credentials: a page anyone could be given. */
export function isAnonymous(request: Request): boolean {
  if (request.headers.has("Authorization")) return false;
  return !cookiePairs(request).some((pair) => PERSONAL_COOKIES.includes(pair.split("=")[0]!.trim()));
}

/**
 * What else in the request changes an anonymous visitor's page: lite mode,
 * which the `lite` cookie and Save-Data decide together (`lite=off` with
 * Save-Data is the full page, like no header at all), and the language,
 * which the `lang` cookie and Accept-Language decide when the URL does not
 * (app/lib/i18n/locale.server.ts): an English page is never a Spanish
 * reader's.
 */
function variantOf(request: Request): string {
  return `${isLiteRequest(request) ? "lite" : "full"} ${anonymousLocale(request)}`;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function etagOf(key: string, versions: string): string {
  return `W/"${crypto.createHash("sha256").update(`${key}\n${versions}`).digest("base64url").slice(0, 32)}"`;
}

function fromEntry(entry: Entry, request: Request, nonce: string, cacheStatus: "hit" | "miss"): Response {
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set(CACHE_STATUS_HEADER, cacheStatus);
  if (ifNoneMatchMatches(request.headers.get("If-None-Match"), entry.etag)) {
    for (const name of NOT_MODIFIED_DROPPED) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  const body = request.method === "HEAD" ? null : entry.parts.join(nonce);
  return new Response(body, { status: entry.status, headers });
}

function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    isPublic(response.headers.get("Cache-Control")) &&
    !response.headers.has("Set-Cookie") &&
    CACHEABLE_TYPES.test(response.headers.get("Content-Type") ?? "") &&
    response.body !== null
  );
}

function withStatus(response: Response, cacheStatus: string): Response {
  try {
    response.headers.set(CACHE_STATUS_HEADER, cacheStatus);
    return response;
  } catch {
    // Immutable headers (Response.redirect): copy them.
    const headers = new Headers(response.headers);
    headers.set(CACHE_STATUS_HEADER, cacheStatus);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

export type PageRequest = {
  request: Request;
  /** This response's CSP nonce. */
  nonce: string;
  buildId: string;
  render: () => Promise<Response>;
};

/** The response to `request`: from the cache, a 304, or rendered (and stored when it may be). */
export async function respondFromCache(
  cache: PageCache | null,
  { request, nonce, buildId, render }: PageRequest,
): Promise<Response> {
  const method = request.method;
  if (!cache || (method !== "GET" && method !== "HEAD") || !isAnonymous(request)) {
    return withStatus(await render(), "bypass");
  }
  const url = new URL(request.url);
  const key = `${buildId}\n${url.href}\n${variantOf(request)}`;
  const versions = `${today()} ${await contentVersionsOf(withoutLocalePrefix(url.pathname))}`;
  const cached = cache.get(key);
  if (cached?.versions === versions) return fromEntry(cached, request, nonce, "hit");

  const response = await render();
  if (method !== "GET" || !isStorable(response)) return withStatus(response, "bypass");
  const body = await response.text();
  const parts = nonce ? body.split(nonce) : [body];
  const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "etag");
  const entry: Entry = {
    versions,
    etag: etagOf(key, versions),
    status: response.status,
    headers,
    parts,
    bytes: body.length * 2 + key.length * 2,
  };
  cache.set(key, entry);
  return fromEntry(entry, request, nonce, "miss");
}
