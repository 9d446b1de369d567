/** Search input rules shared by every search form (spec section 5). */

export const MAX_QUERY_LENGTH = 200;

/** Trimmed, inner whitespace collapsed, capped; "" means no search. */
export function normaliseQuery(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

export const SEARCH_VIEWS = ["traditional", "summary"] as const;
export type SearchView = (typeof SEARCH_VIEWS)[number];

export function parseSearchView(value: string | null): SearchView {
  return value === "summary" ? "summary" : "traditional";
}
