/**
 * The stored form of a transcript (city_videos.transcript): one line per
 * segment, `[hh:mm:ss] SPEAKER: text`, or paragraphs separated by a blank
 * line when the transcript has no times. parseTimestampedTranscript reads
 * the timed form back into the same segments.
 */
import type { TranscriptSegment } from "./parse";

/** Always `hh:mm:ss`, as in the stored lines and the analysis timestamps. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

function lineOf(segment: TranscriptSegment): string {
  const speaker = segment.speaker ? `${segment.speaker}: ` : "";
  const time = segment.startSeconds === null ? "" : `[${formatClock(segment.startSeconds)}] `;
  return `${time}${speaker}${segment.text}`;
}

export function formatTranscriptText(segments: readonly TranscriptSegment[]): string {
  const timed = segments.some((segment) => segment.startSeconds !== null);
  return segments.map(lineOf).join(timed ? "\n" : "\n\n");
}
