/**
 * The public directory's pure rules: its URL state (one GET form, so a page
 * is shareable and works without JavaScript), and the paging window.
 * Server queries: directory.server.ts (docs/decisions/0032-business-directory.md).
 */
import { href } from "react-router";
import { DIGITS_BUCKET, type LetterFilter, parseLetterFilter } from "./listing";
import { parsePageParam } from "~/lib/pagination";

/** Listings on one directory page: 4 rows of 3 cards on a wide screen, 12 short cards on a phone. */
export const DIRECTORY_PAGE_SIZE = 12;
/** Longest search text kept (longer input is cut). */
export const MAX_DIRECTORY_QUERY = 100;

export type DirectoryFilters = {
  /** Search over name and description; "" for none. */
  q: string;
  /** A city's location_key (only on /businesses); null for every Live city. */
  city: string | null;
  /** Parent category; null for all. */
  category: string | null;
  /** Sub-category of `category`; null for all (the loader drops one that is not under `category`). */
  sub: string | null;
  letter: LetterFilter;
  page: number;
};

function text(value: string | null): string | null {
  const trimmed = (value ?? "").trim();
  return trimmed ? trimmed.slice(0, 200) : null;
}

/** The filters of a directory URL; anything malformed is dropped to its default. */
export function parseDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  const category = text(params.get("category"));
  return {
    q: (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_DIRECTORY_QUERY),
    city: text(params.get("city")),
    category,
    sub: category ? text(params.get("sub")) : null,
    letter: parseLetterFilter(params.get("letter")),
    page: parsePageParam(params.get("page")),
  };
}

/** Whether any filter or search is on (category cards show only when none is). */
export function hasActiveFilter(filters: DirectoryFilters): boolean {
  return Boolean(filters.q || filters.city || filters.category || filters.sub || filters.letter !== "All");
}

/** The query string of these filters (defaults left out, page 1 left out), with a leading "?" or "". */
export function directorySearch(filters: DirectoryFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.city) params.set("city", filters.city);
  if (filters.category) params.set("category", filters.category);
  if (filters.category && filters.sub) params.set("sub", filters.sub);
  if (filters.letter !== "All") params.set("letter", filters.letter === DIGITS_BUCKET ? DIGITS_BUCKET : filters.letter);
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The directory's path, in a city or across all cities. */
export function directoryPath(cityKey: string | null): string {
  return cityKey ? href("/city/:locationKey/businesses", { locationKey: cityKey }) : href("/businesses");
}

export function listingPath(businessKey: string, cityKey: string | null): string {
  return cityKey
    ? href("/city/:locationKey/businesses/:businessKey", { locationKey: cityKey, businessKey })
    : href("/businesses/:businessKey", { businessKey });
}
