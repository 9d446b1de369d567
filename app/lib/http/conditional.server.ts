/**
 * Conditional GETs for responses the rendered-page cache does not keep
 * (feeds, the sitemap, the API): an ETag (and Last-Modified when known),
 * and 304 Not Modified for a request that already holds them (RFC 9110:
 * If-None-Match first; If-Modified-Since only without it).
 */
import crypto from "node:crypto";
import { ifNoneMatchMatches } from "./cache.server";

/** A weak ETag of some facts (content versions, a body). */
export function weakEtag(...parts: string[]): string {
  return `W/"${crypto.createHash("sha256").update(parts.join("\n")).digest("base64url").slice(0, 32)}"`;
}

/** Whether the request's If-None-Match already names `etag`. */
export function isNotModified(request: Request, etag: string): boolean {
  return ifNoneMatchMatches(request.headers.get("If-None-Match"), etag);
}

/** Whether the request's If-Modified-Since is at or after `lastModified` (and has no If-None-Match). */
function notModifiedSince(request: Request, lastModified: Date | null): boolean {
  if (!lastModified || request.headers.has("If-None-Match")) return false;
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

export type ConditionalBody = {
  body: string;
  contentType: string;
  etag: string;
  lastModified?: Date | null;
  headers?: HeadersInit;
  status?: number;
};

/** The body, or 304 when the request already has it. HEAD gets the headers alone. */
export function conditionalResponse(request: Request, answer: ConditionalBody): Response {
  const headers = new Headers(answer.headers);
  headers.set("ETag", answer.etag);
  if (answer.lastModified) headers.set("Last-Modified", answer.lastModified.toUTCString());
  const status = answer.status ?? 200;
  if (
    status === 200 &&
    (isNotModified(request, answer.etag) || notModifiedSince(request, answer.lastModified ?? null))
  ) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", answer.contentType);
  return new Response(request.method === "HEAD" ? null : answer.body, { status, headers });
}
