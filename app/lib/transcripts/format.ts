/**
 * The stored form of a transcript (city_videos.transcript): one line per
 * segment, `[hh:mm:ss] SPEAKER: text`, or paragraphs separated by a blank
 * line when the transcript has no times. parseTimestampedTranscript reads
 * the timed form back into the same segments.
 */
import { formatDuration } from "~/lib/format/duration";
import type { TranscriptSegment } from "./parse";

function lineOf(segment: TranscriptSegment): string {
  const speaker = segment.speaker ? `${segment.speaker}: ` : "";
  const time = segment.startSeconds === null ? "" : `[${formatDuration(segment.startSeconds)}] `;
  return `${time}${speaker}${segment.text}`;
}

export function formatTranscriptText(segments: readonly TranscriptSegment[]): string {
  const timed = segments.some((segment) => segment.startSeconds !== null);
  return segments.map(lineOf).join(timed ? "\n" : "\n\n");
}
