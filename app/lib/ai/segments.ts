/**
 * Segments to analyze and check quotes against when the caller has none:
 * timestamped lines are parsed as usual; plain text keeps one segment per
 * speaker turn ("MAYOR LOPEZ: ..."), or is one untimed segment (ASR text).
 */
import { parseTimestampedTranscript, type TranscriptSegment } from "~/lib/transcripts/parse";

const SPEAKER_TURN = /^([A-Z][A-Za-z.'\- ]{0,48}?(?: \d{1,2})?):\s+(.*)$/;

function speakerTurn(line: string): { speaker: string; text: string } | null {
  const match = SPEAKER_TURN.exec(line);
  if (!match) return null;
  const label = match[1]!.trim();
  const words = label.split(/\s+/);
  const looksLikeName = words.length <= 5 && (label === label.toUpperCase() || words.every((w) => /^[A-Z0-9]/.test(w)));
  return looksLikeName ? { speaker: label, text: match[2]!.trim() } : null;
}

function untimedSegments(transcript: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const rawLine of transcript.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const turn = speakerTurn(line);
    const previous = segments.at(-1);
    if (!turn && previous?.speaker) {
      previous.text = `${previous.text} ${line}`;
      continue;
    }
    segments.push({
      position: segments.length,
      startSeconds: null,
      endSeconds: null,
      speaker: turn?.speaker ?? null,
      text: turn?.text ?? line,
    });
  }
  return segments;
}

export function ensureSegments(segments: TranscriptSegment[], transcript?: string | null): TranscriptSegment[] {
  if (segments.length > 0 || !transcript?.trim()) return segments;
  const parsed = parseTimestampedTranscript(transcript);
  if (parsed.some((segment) => segment.startSeconds !== null)) return parsed;
  return untimedSegments(transcript);
}
