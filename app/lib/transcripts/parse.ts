/**
 * Transcripts are stored as text; each line may start with a timestamp and
 * a speaker label, as in `[00:12:41] COUNCILMEMBER REYES: Thank you, Mayor.`
 * Parsing gives the timed segments that search and quote checks point at.
 */

export type TranscriptSegment = {
  position: number;
  startSeconds: number | null;
  endSeconds: number | null;
  speaker: string | null;
  text: string;
};

const TIMED_LINE = /^\s*\[(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:[.,]\d+)?\]\s*(.*)$/;
// A speaker label is a short run of words before a colon, written in capitals
// or title case (MAYOR LOPEZ:, Councilmember Reyes:, Speaker 2:).
const SPEAKER_LABEL = /^([A-Z][A-Za-z.'\- ]{0,48}?(?: \d{1,2})?):\s+(.*)$/;

export function toSeconds(hours: number, minutes: number, seconds: number): number {
  return hours * 3600 + minutes * 60 + seconds;
}

export function formatTimestamp(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

function splitSpeaker(line: string): { speaker: string | null; text: string } {
  const match = SPEAKER_LABEL.exec(line);
  if (!match) return { speaker: null, text: line };
  const label = match[1]!.trim();
  const words = label.split(/\s+/);
  const looksLikeName = words.length <= 5 && (label === label.toUpperCase() || words.every((w) => /^[A-Z0-9]/.test(w)));
  return looksLikeName ? { speaker: label, text: match[2]!.trim() } : { speaker: null, text: line };
}

/** Parses `[hh:mm:ss] SPEAKER: text` lines; untimed lines join the segment before. */
export function parseTimestampedTranscript(transcript: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const rawLine of transcript.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const timed = TIMED_LINE.exec(line);
    if (timed) {
      const [, h, m, s, rest] = timed;
      const start = toSeconds(Number(h ?? 0), Number(m), Number(s));
      const { speaker, text } = splitSpeaker(rest!.trim());
      const previous = segments.at(-1);
      if (previous && previous.endSeconds === null) previous.endSeconds = start;
      segments.push({ position: segments.length, startSeconds: start, endSeconds: null, speaker, text });
      continue;
    }
    const previous = segments.at(-1);
    if (previous) {
      previous.text = `${previous.text} ${line}`;
    } else {
      const { speaker, text } = splitSpeaker(line);
      segments.push({ position: 0, startSeconds: null, endSeconds: null, speaker, text });
    }
  }
  return segments.filter((segment) => segment.text.length > 0);
}
