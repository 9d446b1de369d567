import { formatDuration } from "~/lib/format/duration";

/** Timestamps in analysis results are always "hh:mm:ss". */

export const NO_TIMESTAMP = "00:00:00";

/** Reads "h:mm:ss", "mm:ss" or "[hh:mm:ss]" into seconds; null when it is not a time. */
export function parseClockTime(value: string): number | null {
  const match = /^\s*\[?(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:[.,]\d+)?\]?\s*$/.exec(value);
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  if (Number(seconds) > 59) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** Rewrites any readable time as "hh:mm:ss"; unreadable values become null. */
export function normalizeClockTime(value: string): string | null {
  const seconds = parseClockTime(value);
  return seconds === null ? null : formatDuration(seconds);
}
