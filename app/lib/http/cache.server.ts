/**
 * HTTP caching of the public meeting pages (docs/decisions/0009-caching.md):
 * - loaders say who the page is for: `cacheHeaders(user)`;
 * - the route `headers` export (`publicPageHeaders`) turns that into the
 *   response's Cache-Control, and refuses public caching whenever any loader
 *   or action sets a cookie (a toast being read, a session);
 * - for visitors who are not signed in, publicly cacheable responses are
 *   kept by the rendered-page cache, which also gives them an ETag derived
 *   from the content versions and answers a matching If-None-Match with 304
 *   before rendering (page-cache.server.ts, ADR 0030).
 */
import type { HeadersFunction } from "react-router";

export const PUBLIC_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** For a loader's data(): public for anonymous visitors, private for anyone signed in. */
export function cacheHeaders(user: unknown): HeadersInit {
  return { "Cache-Control": user ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL };
}

/** For loaders whose answer must never be cached (failures). */
export const NO_STORE_HEADERS: HeadersInit = { "Cache-Control": PRIVATE_CACHE_CONTROL };

export function isPublic(cacheControl: string | null): boolean {
  return cacheControl !== null && /(^|,)\s*public\s*(,|$)/i.test(cacheControl);
}

export const publicPageHeaders: HeadersFunction = ({
  loaderHeaders,
  parentHeaders,
  actionHeaders,
  errorHeaders,
}): HeadersInit => {
  const cacheControl = loaderHeaders.get("Cache-Control") ?? parentHeaders.get("Cache-Control");
  const setsCookie = [loaderHeaders, parentHeaders, actionHeaders, errorHeaders].some((headers) =>
    headers?.has("Set-Cookie"),
  );
  if (!isPublic(cacheControl) || setsCookie || errorHeaders) {
    return { "Cache-Control": PRIVATE_CACHE_CONTROL };
  }
  // The same URL renders differently once signed in, and in lite mode
  // (Save-Data, or its cookie): caches must key on both.
  return { "Cache-Control": cacheControl!, Vary: "Cookie, Save-Data" };
};

/** Whether an If-None-Match header lists this ETag (weak comparison, as RFC 9110 asks for GET). */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
