/**
 * Seconds into a clock time, the app's only duration formatter (parsing
 * clock times stays with the transcript and AI code).
 *
 * - "hh:mm:ss" (the default) always has two-digit hours: stored transcript
 *   lines, analysis timestamps, page titles. Hours past 99 take more digits.
 * - "m:ss" leaves out empty hours and does not pad the first field: search
 *   results ("4:05", "1:02:03").
 *
 * A missing, negative or not finite value counts as 0; fractions are cut.
 */
export function formatDuration(
  totalSeconds: number | null | undefined,
  shape: "hh:mm:ss" | "m:ss" = "hh:mm:ss",
): string {
  const s = totalSeconds != null && Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = two(s % 60);
  if (shape === "hh:mm:ss") return `${two(hours)}:${two(minutes)}:${seconds}`;
  return hours > 0 ? `${hours}:${two(minutes)}:${seconds}` : `${minutes}:${seconds}`;
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * How long to wait, in words, rounded up to whole minutes (a rate limit's
 * Retry-After): "a minute", "12 minutes", "an hour", "2 hours".
 */
export function formatWait(totalSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(totalSeconds / 60));
  if (minutes === 1) return "a minute";
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "an hour" : `${hours} hours`;
}
