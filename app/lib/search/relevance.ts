/** Relevance as shown: the score times 100, rounded; 0 when invalid or not positive. */
export function relevancePercent(score: unknown): number {
  const value = typeof score === "string" && score.trim() !== "" ? Number(score) : score;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return 0;
  return Math.round(value * 100);
}
