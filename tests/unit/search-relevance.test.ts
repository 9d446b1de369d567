import { describe, expect, it } from "vitest";
import { normalizeQuery, parseSearchView } from "~/lib/search/query";
import { relevancePercent } from "~/lib/search/relevance";

describe("relevancePercent", () => {
  it("is the score times 100, rounded", () => {
    expect(relevancePercent(0.054)).toBe(5);
    expect(relevancePercent(0.055)).toBe(6);
    expect(relevancePercent(0.999)).toBe(100);
    expect(relevancePercent(1)).toBe(100);
    expect(relevancePercent(0.001)).toBe(0);
    expect(relevancePercent("0.42")).toBe(42);
  });

  it("is 0 when the score is invalid or not positive", () => {
    for (const score of [0, -0.3, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, "", "abc", {}, []]) {
      expect(relevancePercent(score)).toBe(0);
    }
  });
});

describe("search input", () => {
  it("is trimmed, its whitespace collapsed, and capped", () => {
    expect(normalizeQuery("  water   rates \n")).toBe("water rates");
    expect(normalizeQuery(null)).toBe("");
    expect(normalizeQuery("   ")).toBe("");
    expect(normalizeQuery("a".repeat(500))).toHaveLength(200);
  });

  it("offers the traditional view unless the summary is asked for", () => {
    expect(parseSearchView("summary")).toBe("summary");
    expect(parseSearchView("traditional")).toBe("traditional");
    expect(parseSearchView(null)).toBe("traditional");
    expect(parseSearchView("other")).toBe("traditional");
  });
});

describe("search toasts", () => {
  it("say when nothing matched or the search failed, and nothing otherwise", async () => {
    const { searchToast, CITY_SEARCH_ERROR, UNEXPECTED_SEARCH_ERROR, MEETING_SEARCH_ERROR } =
      await import("~/lib/search/outcome");
    expect(searchToast({ status: "idle" })).toBeNull();
    expect(searchToast({ status: "ok", query: "x", results: [], order: "relevance" })).toMatchObject({
      title: "No Results",
      description: "No videos found matching the query.",
    });
    expect(searchToast({ status: "error", query: "x", ...CITY_SEARCH_ERROR })).toMatchObject({
      type: "error",
      title: "Search Error",
      description: "Failed to search videos. Please try again.",
    });
    expect(UNEXPECTED_SEARCH_ERROR.description).toBe("An unexpected error occurred. Please try again.");
    expect(MEETING_SEARCH_ERROR.title).toBe("Search failed");
    // The id follows the query: a cached page shows the same toast.
    expect(searchToast({ status: "ok", query: "x", results: [], order: "relevance" })?.id).toBe(
      searchToast({ status: "ok", query: "x", results: [], order: "relevance" })?.id,
    );
  });
});
