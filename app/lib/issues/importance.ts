/**
 * How much of a meeting an issue took, as a level (docs/decisions/0041-issue-timelines.md):
 * the share of the meeting's time spent in segments that match the issue's
 * query (by their durations when the transcript is timed, else by count).
 */
export const IMPORTANCE_LEVELS = ["high", "medium", "low"] as const;
export type ImportanceLevel = (typeof IMPORTANCE_LEVELS)[number];

export const IMPORTANCE_LABELS: Record<ImportanceLevel, string> = {
  high: "High importance",
  medium: "Medium importance",
  low: "Low importance",
};

/** At least this share of the meeting: high. */
export const HIGH_SHARE = 0.1;
/** At least this share: medium; below: low. */
export const MEDIUM_SHARE = 0.03;

export type MeetingCoverage = {
  matchingSegments: number;
  totalSegments: number;
  /** Seconds of the matching segments; null when the transcript is not timed. */
  matchingSeconds: number | null;
  /** The meeting's length in seconds; null when unknown. */
  totalSeconds: number | null;
};

/** The share of the meeting (0–1) the matching segments took. */
export function coverageShare(coverage: MeetingCoverage): number {
  const { matchingSegments, totalSegments, matchingSeconds, totalSeconds } = coverage;
  if (matchingSeconds !== null && totalSeconds !== null && totalSeconds > 0 && matchingSeconds > 0) {
    return Math.min(1, matchingSeconds / totalSeconds);
  }
  if (totalSegments <= 0) return 0;
  return Math.min(1, Math.max(0, matchingSegments) / totalSegments);
}

export function importanceLevel(coverage: MeetingCoverage): ImportanceLevel {
  const share = coverageShare(coverage);
  if (share >= HIGH_SHARE) return "high";
  if (share >= MEDIUM_SHARE) return "medium";
  return "low";
}
