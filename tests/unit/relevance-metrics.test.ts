/**
 * The search relevance bench's metrics (bench/search-relevance/metrics.ts,
 * docs/decisions/0077-search-relevance-bench.md) on hand-worked cases.
 */
import { describe, expect, it } from "vitest";
import {
  answeredEmpty,
  emptyShare,
  inWindow,
  mean,
  ndcgAt,
  recallAt,
  reciprocalRank,
} from "../../bench/search-relevance/metrics";

const grades = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe("nDCG@10 with graded labels", () => {
  it("weighs each grade by 2^g − 1 and each rank by 1 / log2(rank + 1), against the ideal order", () => {
    // DCG: b (grade 1) at rank 1 → 1/1; a (grade 2) at rank 3 → 3/2. Ideal: 2, 2, 1 → 3 + 3/log2(3) + 1/2.
    const ideal = 3 + 3 / Math.log2(3) + 0.5;
    expect(ndcgAt(["b", "x", "a"], grades({ a: 2, b: 1, c: 2 }))).toBeCloseTo(2.5 / ideal, 10);
  });

  it("is 1 for the ideal order and prefers a grade-2 meeting first", () => {
    const labels = grades({ a: 2, b: 1 });
    expect(ndcgAt(["a", "b"], labels)).toBeCloseTo(1, 10);
    expect(ndcgAt(["b", "a"], labels)!).toBeLessThan(1);
    expect(ndcgAt(["b", "a"], labels)!).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)), 10);
  });

  it("counts only the first 10 results and a repeated meeting once", () => {
    const labels = grades({ a: 2, b: 2 });
    const tenOthers = Array.from({ length: 10 }, (_, index) => `x${index}`);
    expect(ndcgAt([...tenOthers, "a"], labels)).toBe(0);
    expect(ndcgAt(["a", "a"], labels)).toBeCloseTo(3 / (3 + 3 / Math.log2(3)), 10);
  });

  it("is undefined for a query without labels (must-be-empty queries are scored apart)", () => {
    expect(ndcgAt(["a"], grades({}))).toBeNull();
  });
});

describe("MRR", () => {
  it("is one over the rank of the first labeled meeting, of any grade", () => {
    expect(reciprocalRank(["x", "y", "a"], grades({ a: 2 }))).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRank(["x", "b", "a"], grades({ a: 2, b: 1 }))).toBeCloseTo(1 / 2, 10);
    expect(reciprocalRank(["a"], grades({ a: 2 }))).toBe(1);
  });

  it("is 0 when no labeled meeting is returned, undefined without labels", () => {
    expect(reciprocalRank(["x", "y"], grades({ a: 2 }))).toBe(0);
    expect(reciprocalRank([], grades({ a: 2 }))).toBe(0);
    expect(reciprocalRank(["x"], grades({}))).toBeNull();
  });

  it("averages over queries, leaving undefined ones out", () => {
    expect(mean([1, 0.5, null, 0])).toBeCloseTo(0.5, 10);
    expect(mean([null])).toBeNull();
  });
});

describe("recall@10", () => {
  it("is the share of the grade-2 meetings found in the first 10", () => {
    expect(recallAt(["c", "a"], grades({ a: 2, b: 2, c: 1 }))).toBeCloseTo(1 / 2, 10);
    expect(recallAt(["a", "b"], grades({ a: 2, b: 2, c: 1 }))).toBe(1);
  });

  it("uses the grade-1 meetings when a query has no grade-2 one", () => {
    expect(recallAt(["x", "c"], grades({ c: 1, d: 1 }))).toBeCloseTo(1 / 2, 10);
  });

  it("does not count a meeting found past the 10th result", () => {
    const tenOthers = Array.from({ length: 10 }, (_, index) => `x${index}`);
    expect(recallAt([...tenOthers, "a"], grades({ a: 2 }))).toBe(0);
    expect(recallAt(["x"], grades({}))).toBeNull();
  });
});

describe("must-be-empty share", () => {
  it("is the share of must-be-empty queries answered with no result at all", () => {
    expect(emptyShare([[], ["a"], [], []])).toBeCloseTo(0.75, 10);
    expect(emptyShare([["a"], ["b", "c"]])).toBe(0);
    expect(emptyShare([[]])).toBe(1);
    expect(emptyShare([])).toBeNull();
    expect(answeredEmpty([])).toBe(true);
    expect(answeredEmpty(["a"])).toBe(false);
  });
});

describe("moment windows", () => {
  it("takes both ends of the window and no second at all as a miss", () => {
    const window = { from: 100, to: 160 };
    expect(inWindow(100, window)).toBe(true);
    expect(inWindow(160, window)).toBe(true);
    expect(inWindow(99.5, window)).toBe(false);
    expect(inWindow(161, window)).toBe(false);
    expect(inWindow(null, window)).toBe(false);
  });
});

describe("the labeled query set", () => {
  it("holds at least 150 well-formed queries with unique ids, every kind represented", async () => {
    const { KINDS, loadQueries } = await import("../../bench/relevance");
    const queries = loadQueries();
    expect(queries.length).toBeGreaterThanOrEqual(150);
    const perKind = new Map(KINDS.map((kind) => [kind, queries.filter((query) => query.kind === kind).length]));
    // file-number: the data hold only five file numbers (bench/search-relevance/README.md).
    for (const [kind, count] of perKind) expect(count, kind).toBeGreaterThanOrEqual(kind === "file-number" ? 5 : 10);
    for (const query of queries)
      for (const label of query.relevant) if (label.window) expect(label.window.to).toBeGreaterThan(label.window.from);
  });
});
