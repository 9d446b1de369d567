/**
 * CORS of the open API (/api/): any origin may read it. No credentials are
 * ever involved (the API reads no cookie), so `*` is safe.
 */
// A prefix that recognizes the API's requests, not a link.
// eslint-disable-next-line no-restricted-syntax
export const API_PATH_PREFIX = "/api/";

export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Last-Modified, Retry-After",
};

/** The answer to a preflight (OPTIONS) under /api/: what a cross-origin GET may send. */
export const CORS_PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Accept, If-None-Match, If-Modified-Since",
  "Access-Control-Max-Age": "86400",
};

export function isApiPath(pathname: string): boolean {
  return pathname.startsWith(API_PATH_PREFIX);
}
