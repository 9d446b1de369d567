/** The states a video search can be in, and what each tells the user (docs/product.md#messages-search). */
import type { ToastInput } from "~/lib/toast/toast";
import type { SearchOrder, VideoSearch, VideoSearchResult } from "./search.server";

export type SearchOutcome =
  | { status: "idle" }
  | {
      status: "ok";
      query: string;
      results: VideoSearchResult[];
      order: SearchOrder;
      correction?: Correction;
      /** Said above the results: NEWEST_FIRST_TEXT for a common query (set by run.server.ts). */
      note?: string;
    }
  | { status: "error"; query: string; title: string; description: string };

/**
 * A corrected query as the page shows it: `before`, a link to `href` (the
 * same page with `q` replaced) saying `query`, then `after`. The words come
 * from the server (run.server.ts) so that the browser's code stays small.
 */
export type Correction = NonNullable<VideoSearch["correction"]> & { href: string; before: string; after: string };

export const SEARCH_PROMPT = "Enter a search term to find videos";
export const NO_RESULTS_TEXT = "No results found for the query.";
/** Shown above the results of a common query, listed newest first rather than by relevance. */
export const NEWEST_FIRST_TEXT = "Many meetings match: newest first.";

export const CITY_SEARCH_ERROR = {
  title: "Search Error",
  description: "Failed to search videos. Please try again.",
} as const;
export const UNEXPECTED_SEARCH_ERROR = {
  title: "Search Error",
  description: "An unexpected error occurred. Please try again.",
} as const;
export const MEETING_SEARCH_ERROR = { title: "Search failed", description: "Please try again in a moment." } as const;

/**
 * The toast a finished search shows, if any. Its id follows the query, so a
 * cached page shows the same toast and one dismissed stays dismissed.
 */
export function searchToast(outcome: SearchOutcome): ToastInput | null {
  if (outcome.status === "error") {
    return {
      id: `search-error:${outcome.query}`,
      type: "error",
      title: outcome.title,
      description: outcome.description,
    };
  }
  if (outcome.status === "ok" && outcome.results.length === 0) {
    return {
      id: `search-empty:${outcome.query}`,
      type: "info",
      title: "No Results",
      description: "No videos found matching the query.",
    };
  }
  return null;
}
