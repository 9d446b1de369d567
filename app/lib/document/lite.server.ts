import { secureCookies } from "~/lib/env/env.server";
import { COOKIES } from "~/lib/privacy/cookies";

/**
 * Lite mode (decision record 29): the reading pages are sent without any
 * script or modulepreload, since they work without JavaScript. A request is
 * lite when its `lite` cookie says "on", or when it has no such cookie and
 * the browser asks to save data (`Save-Data: on`); "off" overrides
 * Save-Data. The footer's switch sets the cookie (routes/resources/lite-mode).
 *
 * Responses of the reading pages vary by both headers (`LITE_VARY`), so a
 * cache in front keys on them; the rendered-page cache keys on
 * `isLiteRequest`.
 */

/** Accept-Language too: a page's language follows it when the URL and cookie say none (app/lib/i18n). */
export const LITE_VARY = "Save-Data, Cookie, Accept-Language";

export type LiteChoice = "on" | "off";

const LITE_COOKIE = COOKIES.lite.name;
const LITE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LITE_COOKIE}=([^;]*)`);

/** The reading pages' leaf routes (app/routes.ts ids): the pages lite mode strips of scripts. */
const READING_ROUTE_IDS = new Set([
  "routes/home",
  "routes/about",
  "routes/privacy",
  "routes/search",
  "routes/city/index",
  "routes/city/search",
  "city-meeting",
  "city-meeting-story",
  "routes/meeting/meeting",
  "routes/meeting/meeting-story",
  "city-businesses",
  "city-business",
  "routes/businesses/directory",
  "routes/businesses/listing",
]);

/** The reader's own choice from the cookie, or null when they made none. */
export function liteChoice(request: Request): LiteChoice | null {
  const match = LITE_COOKIE_VALUE.exec(request.headers.get("Cookie") ?? "");
  const value = match ? decodeURIComponent(match[1]!) : null;
  return value === "on" || value === "off" ? value : null;
}

export function wantsSaveData(request: Request): boolean {
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}

/** Whether this request asks for lite pages (its cookie, else its Save-Data header). */
export function isLiteRequest(request: Request): boolean {
  const choice = liteChoice(request);
  return choice ? choice === "on" : wantsSaveData(request);
}

/** Whether the page a request renders is a reading page, from its matched route ids (deepest last). */
export function isReadingPage(routeIds: readonly string[]): boolean {
  const leaf = routeIds.at(-1);
  return leaf !== undefined && READING_ROUTE_IDS.has(leaf);
}

/** Adds `Save-Data, Cookie, Accept-Language` to a response's Vary, keeping what is there. */
export function addLiteVary(headers: Headers): void {
  const present = (headers.get("Vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const lower = new Set(present.map((name) => name.toLowerCase()));
  const added = LITE_VARY.split(", ").filter((name) => !lower.has(name.toLowerCase()));
  headers.set("Vary", [...present, ...added].join(", "));
}

/** The Set-Cookie value that keeps the reader's choice for a year (a plain value, readable in any cache's key). */
export function liteCookieHeader(choice: LiteChoice): string {
  return `${LITE_COOKIE}=${choice}; Path=/; Max-Age=${COOKIES.lite.maxAgeSeconds}; SameSite=Lax; HttpOnly${secureCookies() ? "; Secure" : ""}`;
}
