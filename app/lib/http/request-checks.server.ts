import type { Request as ExpressRequest, RequestHandler } from "express";
import { answerPlainly } from "./plain-answer.server";
import { requestUrl } from "./request-url.server";

/**
 * Two checks on every request, where the stack reads it and before any route
 * does (docs/decisions/0052-what-an-attacker-finds.md):
 *
 * - **No NUL in the address.** `%00` in a path or query parameter reached
 *   the routes as a NUL character, which PostgreSQL text cannot hold: every
 *   route that looked it up answered 500. No link of ours holds one, so the
 *   request is refused (400) rather than silently read as another address.
 *   (Form fields: the body gate, body-gate.server.ts.)
 * - **One origin check for every mutation.** Every request that is not GET,
 *   HEAD or OPTIONS must come from a page of this site. React Router checks
 *   the `Origin` of document and `.data` actions only, and lets a request
 *   without one through; resource routes (alerts, sign-out, lite mode, the
 *   desk) were not checked at all, and SameSite=Lax lets a sibling
 *   subdomain's form carry the member's cookie. The browser says where a
 *   request comes from; in order:
 *   1. `Sec-Fetch-Site` `cross-site` or `same-site`: refused;
 *   2. an `Origin` header: it must be this request's own origin (scheme,
 *      host and port, as TRUST_PROXY lets the proxy tell them), and `null`
 *      (a sandboxed frame, a `no-referrer` page) is refused;
 *   3. no `Origin`: a `Referer` must be of this origin;
 *   4. neither: accepted. A browser always sends `Origin` with a post
 *      (every one this site supports does); a request with neither comes from
 *      a script or a server, which holds no reader's cookie to abuse.
 *   Exempt: the one-click unsubscribe (RFC 8058), which the mail provider's
 *   servers post to the address in `List-Unsubscribe`; the random token in
 *   that address is the credential, so a forged post cannot name an alert.
 *   The analytics beacon is not exempt: `navigator.sendBeacon` sends the
 *   page's `Origin`, so a share counted from another site is refused here.
 */

export const REQUEST_CHECK_MESSAGES = {
  nulInAddress: "The address holds a NUL character (%00), which no page accepts.",
  crossOrigin:
    "This form was sent from another site, so it was not accepted. To send it, open the page on this site and use its form.",
} as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The one-click unsubscribe address of alert e-mails (app/routes/alerts/unsubscribe.tsx), and its `.data` twin: the token is the credential either way. */
const ORIGIN_EXEMPT = [/^\/alerts\/unsubscribe\/[^/]+$/];

export function requestChecks(): RequestHandler {
  return (req, res, next) => {
    if (/%00/i.test(req.originalUrl)) return answerPlainly(req, res, 400, REQUEST_CHECK_MESSAGES.nulInAddress);
    if (!SAFE_METHODS.has(req.method) && !isOriginExempt(req.path) && !comesFromThisSite(req)) {
      return answerPlainly(req, res, 403, REQUEST_CHECK_MESSAGES.crossOrigin);
    }
    next();
  };
}

function isOriginExempt(pathname: string): boolean {
  return ORIGIN_EXEMPT.some((pattern) => pattern.test(pathname));
}

/** Whether the browser says the request comes from a page of this site (see above). */
export function comesFromThisSite(req: ExpressRequest): boolean {
  const site = req.get("Sec-Fetch-Site")?.trim().toLowerCase();
  if (site === "cross-site" || site === "same-site") return false;
  const own = URL.parse(requestUrl(req) ?? "")?.origin;
  if (!own) return false;
  const origin = req.get("Origin")?.trim();
  if (origin !== undefined) return origin !== "null" && URL.parse(origin)?.origin === own;
  const referer = req.get("Referer");
  if (referer !== undefined) return URL.parse(referer)?.origin === own;
  return true;
}
