/**
 * Everything a city page shows is in its URL, so that a link shares the
 * exact view: how many videos (`page`), which source (`source`), whether the
 * search panel is open (`search=1`) and what it searched for (`q`).
 */
import { href } from "react-router";
import { differOnlyIn } from "~/lib/http/search-params";
import { VIDEOS_PER_PAGE } from "~/lib/constants";
import { normalizeQuery } from "~/lib/search/query";
import { isUuid } from "~/lib/uuid";
import { parsePageParam } from "~/lib/pagination";

/** A shared link may ask for at most this many pages at once (500 videos). */
export const MAX_PAGES = 50;

export type CityPageState = {
  /** How many pages of 10 are shown, from the newest. */
  page: number;
  /** A city_urls id; never set while search is open. */
  source: string | null;
  searchOpen: boolean;
  /** The trimmed search query; "" when none. */
  q: string;
};

/** The `page` of a city page's URL: how many pages it shows, at most MAX_PAGES. */
export function parsePage(value: string | null): number {
  return parsePageParam(value, MAX_PAGES);
}

export function parseCityPageState(params: URLSearchParams): CityPageState {
  const q = normalizeQuery(params.get("q"));
  const searchOpen = params.get("search") === "1" || q !== "";
  const source = params.get("source");
  return {
    page: parsePage(params.get("page")),
    source: !searchOpen && isUuid(source) ? source.toLowerCase() : null,
    searchOpen,
    q,
  };
}

/** The query string of a state, with defaults left out (so "" is the first page). */
export function cityPageSearch(state: Partial<CityPageState>): string {
  const params = new URLSearchParams();
  if (state.searchOpen) params.set("search", "1");
  if (state.searchOpen && state.q) params.set("q", state.q);
  if (!state.searchOpen && state.source) params.set("source", state.source);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function cityPageHref(cityKey: string, state: Partial<CityPageState> = {}): string {
  return `${href("/city/:locationKey", { locationKey: encodeURIComponent(cityKey) })}${cityPageSearch(state)}`;
}

/** Rows shown for `page` pages, from the newest. */
export function pageWindow(page: number): { offset: number; limit: number } {
  return { offset: 0, limit: page * VIDEOS_PER_PAGE };
}

/** Rows of the single page `page` alone, for Load More. */
export function singlePageWindow(page: number): { offset: number; limit: number } {
  return { offset: (page - 1) * VIDEOS_PER_PAGE, limit: VIDEOS_PER_PAGE };
}

/** The JSON resource that Load More's fetcher reads: one page of a city's videos. */
export function loadMoreUrl(cityKey: string, source: string | null, page: number): string {
  const params = new URLSearchParams({ city: cityKey, page: String(page) });
  if (source) params.set("source", source);
  return `${href("/resources/city-videos")}?${params}`;
}

/** True when a navigation only shows more of the same list (Load More's URL update). */
export function isOnlyMorePages(current: URL, next: URL): boolean {
  return (
    differOnlyIn("page", current, next) &&
    parsePage(next.searchParams.get("page")) > parsePage(current.searchParams.get("page"))
  );
}
