/** Search input rules shared by every search form (docs/product.md#rules-search). */

export const MAX_QUERY_LENGTH = 200;

// eslint-disable-next-line no-control-regex
const SPACES_AND_CONTROLS = /[\s\u0000-\u001f\u007f]+/g;

/**
 * Trimmed, control characters (NUL, which PostgreSQL text cannot hold,
 * among them) and inner whitespace collapsed to single spaces, capped;
 * "" means no search.
 */
export function normalizeQuery(value: string | null | undefined): string {
  return (value ?? "").replace(SPACES_AND_CONTROLS, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/**
 * The meeting-level query: the part of the query a matching segment must
 * satisfy (PostgreSQL's querytree(), which drops negated words) with
 * phrases as plain ANDs, since city_videos.transcript_vector has no
 * positions. It is a necessary condition, so filtering meetings by it loses
 * no match. null when every meeting can match (only negated words); "" when
 * nothing can (only stop words).
 */
export function meetingQuery(querytree: string): string | null {
  if (querytree.trim() === "T") return null;
  // Lexemes are quoted ('' inside), so an operator is never inside one.
  return querytree.replace(/'(?:[^']|'')*'|<(?:-|\d+)>/g, (token) => (token.startsWith("'") ? token : "&"));
}

/** Whether a tsquery (as text) excludes words: `-word` in the search box. */
export function hasNegation(tsquery: string): boolean {
  return /!/.test(tsquery.replace(/'(?:[^']|'')*'/g, ""));
}

export const SEARCH_VIEWS = ["traditional", "summary"] as const;
export type SearchView = (typeof SEARCH_VIEWS)[number];

export function parseSearchView(value: string | null): SearchView {
  return value === "summary" ? "summary" : "traditional";
}
