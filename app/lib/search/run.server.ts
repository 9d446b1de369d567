/** Searches as the pages run them: never throwing, always an outcome to show. */
import { ToastSchema, type Toast } from "~/lib/toast/toast";
import {
  CITY_SEARCH_ERROR,
  MEETING_SEARCH_ERROR,
  NEWEST_FIRST_TEXT,
  searchToast,
  UNEXPECTED_SEARCH_ERROR,
  type SearchOutcome,
} from "./outcome";
import { normalizeQuery } from "./query";
import { citySearch, liveCitySearch, type VideoSearch } from "./search.server";

export type PageSearch = { outcome: SearchOutcome; toast: Toast | null };

function isDatabaseError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof (current as { code?: unknown }).code === "string") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The page at `url` with its query replaced by `q`: where "Did you mean …?" links (no JavaScript needed). */
function withQuery(url: string, q: string): string {
  const target = new URL(url);
  target.searchParams.set("q", q);
  return `${target.pathname}${target.search}`;
}

async function run(
  query: string | null | undefined,
  search: (q: string) => Promise<VideoSearch>,
  failure: (error: unknown) => { title: string; description: string },
  url: string,
): Promise<PageSearch> {
  const q = normalizeQuery(query);
  let outcome: SearchOutcome;
  if (!q) {
    outcome = { status: "idle" };
  } else {
    try {
      const found = await search(q);
      const correction = found.correction && {
        ...found.correction,
        href: withQuery(url, found.correction.query),
        before: found.correction.applied ? `Nothing matches “${q}”. Showing results for ` : "Did you mean ",
        after: found.correction.applied ? ". " : "? ",
      };
      const note = found.order === "newest" ? NEWEST_FIRST_TEXT : undefined;
      outcome = { status: "ok", query: q, ...found, correction, note };
    } catch (error) {
      console.error("Video search failed:", error);
      outcome = { status: "error", query: q, ...failure(error) };
    }
  }
  const toast = searchToast(outcome);
  return { outcome, toast: toast ? ToastSchema.parse(toast) : null };
}

/** A city's search panel and /city/{key}/search. */
export function runCitySearch(cityId: string, query: string | null | undefined, url: string): Promise<PageSearch> {
  return run(
    query,
    (q) => citySearch(cityId, q),
    (error) => (isDatabaseError(error) ? CITY_SEARCH_ERROR : UNEXPECTED_SEARCH_ERROR),
    url,
  );
}

/** /search: Live cities, optionally one of them. */
export function runMeetingSearch(
  query: string | null | undefined,
  cityKey: string | null,
  url: string,
): Promise<PageSearch> {
  return run(
    query,
    (q) => liveCitySearch(q, { cityKey }),
    () => MEETING_SEARCH_ERROR,
    url,
  );
}
