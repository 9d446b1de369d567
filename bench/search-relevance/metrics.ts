/**
 * Relevance metrics of the search relevance bench (bench/relevance.ts,
 * docs/decisions/0077-search-relevance-bench.md). Pure functions over a
 * ranked list of meeting keys and graded labels, so that the unit tests can
 * check each formula on hand-worked cases.
 */

/** Labels of one query: meeting key → grade (2 = what they want, 1 = also useful). */
export type Grades = ReadonlyMap<string, number>;

export const CUTOFF = 10;

/** Discounted cumulative gain of graded relevance at rank i (1-based): (2^g − 1) / log2(i + 1). */
function dcg(gains: readonly number[], k: number): number {
  return gains.slice(0, k).reduce((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);
}

/**
 * nDCG@k: the DCG of the ranking divided by the DCG of the ideal ranking
 * (every labeled meeting, highest grade first). A ranking that repeats a
 * meeting gains from its first place only. Undefined (null) for a query
 * without labels: a must-be-empty query is scored by `answeredEmpty`.
 */
export function ndcgAt(ranked: readonly string[], grades: Grades, k = CUTOFF): number | null {
  const ideal = dcg(
    [...grades.values()].filter((grade) => grade > 0).sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return null;
  const seen = new Set<string>();
  const gains = ranked.map((key) => {
    if (seen.has(key)) return 0;
    seen.add(key);
    return grades.get(key) ?? 0;
  });
  return dcg(gains, k) / ideal;
}

/** Reciprocal rank of the first labeled meeting (any grade > 0); 0 when none is returned. */
export function reciprocalRank(ranked: readonly string[], grades: Grades): number | null {
  if (![...grades.values()].some((grade) => grade > 0)) return null;
  const index = ranked.findIndex((key) => (grades.get(key) ?? 0) > 0);
  return index < 0 ? 0 : 1 / (index + 1);
}

/**
 * recall@k: the share of the meetings a person wants (grade 2) found in the
 * first k results; when a query has no grade-2 meeting, the share of its
 * grade-1 meetings.
 */
export function recallAt(ranked: readonly string[], grades: Grades, k = CUTOFF): number | null {
  const entries = [...grades.entries()].filter(([, grade]) => grade > 0);
  if (entries.length === 0) return null;
  const top = Math.max(...entries.map(([, grade]) => grade));
  const wanted = entries.filter(([, grade]) => grade === top).map(([key]) => key);
  const found = new Set(ranked.slice(0, k));
  return wanted.filter((key) => found.has(key)).length / wanted.length;
}

/** Whether a must-be-empty query was answered with no result at all. */
export function answeredEmpty(ranked: readonly string[]): boolean {
  return ranked.length === 0;
}

/** The share of must-be-empty queries answered empty; null when there are none. */
export function emptyShare(answers: readonly (readonly string[])[]): number | null {
  if (answers.length === 0) return null;
  return answers.filter(answeredEmpty).length / answers.length;
}

/** Whether a hit's second lands in a labeled window (both ends included). */
export function inWindow(second: number | null, window: { from: number; to: number }): boolean {
  return second !== null && second >= window.from && second <= window.to;
}

/** The mean of the defined values; null when none is. */
export function mean(values: readonly (number | null)[]): number | null {
  const defined = values.filter((value): value is number => value !== null);
  return defined.length === 0 ? null : defined.reduce((sum, value) => sum + value, 0) / defined.length;
}
