/** Searches as the pages run them: never throwing, always an outcome to show. */
import { ToastSchema, type Toast } from "~/lib/toast/toast";
import {
  CITY_SEARCH_ERROR,
  MEETING_SEARCH_ERROR,
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

async function run(
  query: string | null | undefined,
  search: (q: string) => Promise<VideoSearch>,
  failure: (error: unknown) => { title: string; description: string },
): Promise<PageSearch> {
  const q = normalizeQuery(query);
  let outcome: SearchOutcome;
  if (!q) {
    outcome = { status: "idle" };
  } else {
    try {
      outcome = { status: "ok", query: q, ...(await search(q)) };
    } catch (error) {
      console.error("Video search failed:", error);
      outcome = { status: "error", query: q, ...failure(error) };
    }
  }
  const toast = searchToast(outcome);
  return { outcome, toast: toast ? ToastSchema.parse(toast) : null };
}

/** A city's search panel and /city/{key}/search. */
export function runCitySearch(cityId: string, query: string | null | undefined): Promise<PageSearch> {
  return run(
    query,
    (q) => citySearch(cityId, q),
    (error) => (isDatabaseError(error) ? CITY_SEARCH_ERROR : UNEXPECTED_SEARCH_ERROR),
  );
}

/** /search: Live cities, optionally one of them. */
export function runMeetingSearch(query: string | null | undefined, cityKey: string | null): Promise<PageSearch> {
  return run(
    query,
    (q) => liveCitySearch(q, { cityKey }),
    () => MEETING_SEARCH_ERROR,
  );
}
