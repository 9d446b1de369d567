/**
 * HTTP caching of the public meeting pages (docs/decisions/0009-caching.md):
 * - loaders say who the page is for: `cacheHeaders(user)`;
 * - the route `headers` export (`publicPageHeaders`) turns that into the
 *   response's Cache-Control, and refuses public caching whenever any loader
 *   or action sets a cookie (a toast being read, a session);
 * - the route middleware `conditionalGet` adds an ETag (a hash of the body)
 *   to publicly cacheable responses and answers a matching If-None-Match
 *   with 304 Not Modified.
 */
import crypto from "node:crypto";
import type { HeadersFunction, MiddlewareFunction } from "react-router";
import { cspNonceContext } from "~/lib/http/nonce";

export const PUBLIC_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** For a loader's data(): public for anonymous visitors, private for anyone signed in. */
export function cacheHeaders(user: unknown): HeadersInit {
  return { "Cache-Control": user ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL };
}

/** For loaders whose answer must never be cached (failures). */
export const NO_STORE_HEADERS: HeadersInit = { "Cache-Control": PRIVATE_CACHE_CONTROL };

function isPublic(cacheControl: string | null): boolean {
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
  // The same URL renders differently once signed in: caches must key on the cookie.
  return { "Cache-Control": cacheControl!, Vary: "Cookie" };
};

export function etagFor(body: ArrayBuffer | string): string {
  return `W/"${crypto
    .createHash("sha256")
    .update(typeof body === "string" ? body : new Uint8Array(body))
    .digest("base64url")
    .slice(0, 32)}"`;
}

/** The body without this response's CSP nonce, which is new on every request (ADR 15). */
function withoutNonce(body: ArrayBuffer, nonce: string): ArrayBuffer | string {
  return nonce ? new TextDecoder().decode(body).replaceAll(nonce, "") : body;
}

/** Whether an If-None-Match header lists this ETag (weak comparison, as RFC 9110 asks for GET). */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

const NOT_MODIFIED_DROPPED = ["Content-Length", "Content-Type", "Content-Encoding", "Transfer-Encoding"];

/**
 * Route middleware: ETag and 304 for publicly cacheable GET responses. The
 * page is still rendered (the hash needs it); what is saved is the transfer
 * and, behind a shared cache, the origin's work for every revalidation.
 */
export const conditionalGet: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (request.method !== "GET" && request.method !== "HEAD") return response;
  if (response.status !== 200 || !isPublic(response.headers.get("Cache-Control"))) return response;
  if (response.headers.has("Set-Cookie") || !response.body) return response;
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  const etag = etagFor(withoutNonce(body, context.get(cspNonceContext)));
  headers.set("ETag", etag);
  if (ifNoneMatchMatches(request.headers.get("If-None-Match"), etag)) {
    for (const name of NOT_MODIFIED_DROPPED) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
};
