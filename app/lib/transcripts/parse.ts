/**
 * Transcripts are stored as text; each line may start with a timestamp and
 * a speaker label, as in `[00:12:41] COUNCILMEMBER REYES: Thank you, Mayor.`
 * Parsing gives the timed segments that search and quote checks point at.
 */

import { parsePlainTranscript } from "./plain";
import { splitSpeaker, splitTurnMarks } from "./speakers";
import { isTimingLine, parseSrt, parseWebVtt } from "./subtitles";
import { trueCaseSegments } from "./truecase";

export { formatTranscriptText } from "./format";
export { parsePlainTranscript } from "./plain";
export { parseSrt, parseWebVtt } from "./subtitles";

export type TranscriptSegment = {
  position: number;
  startSeconds: number | null;
  endSeconds: number | null;
  speaker: string | null;
  text: string;
};

const TIMED_LINE = /^\s*\[(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:[.,]\d+)?\]\s*(.*)$/;

export function toSeconds(hours: number, minutes: number, seconds: number): number {
  return hours * 3600 + minutes * 60 + seconds;
}

/**
 * Parses `[hh:mm:ss] SPEAKER: text` lines (also `[hh:mm:ss] >> SPEAKER: text`);
 * untimed lines join the segment before. Capitals come out in true case.
 */
export function parseTimestampedTranscript(transcript: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const rawLine of transcript.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const timed = TIMED_LINE.exec(line);
    if (timed) {
      const [, h, m, s, rest] = timed;
      const start = toSeconds(Number(h ?? 0), Number(m), Number(s));
      // A turn mark mid-line (`>> CLERK: ...`) starts another turn at the line's time, as in captions.
      const pieces = splitTurnMarks(rest!);
      for (const piece of pieces.length ? pieces : [{ text: "" }]) {
        const { speaker, text } = splitSpeaker(piece.text);
        const previous = segments.at(-1);
        if (previous && previous.endSeconds === null) previous.endSeconds = start;
        segments.push({ position: segments.length, startSeconds: start, endSeconds: null, speaker, text });
      }
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
  return trueCaseSegments(segments.filter((segment) => segment.text.length > 0));
}

// ---------------------------------------------------------------------------
// Uploaded or pasted transcripts: WebVTT, SRT, timestamped lines or plain text.

export type TranscriptFormat = "webvtt" | "srt" | "timestamped" | "plain";

export function isTimedLine(line: string): boolean {
  return TIMED_LINE.test(line);
}

/** A number on its own line right before a timing line: an SRT cue. */
const SRT_CUE = /(?:^|\n)\s*\d+\s*\r?\n\s*(?:\d{1,3}:)?\d{1,2}:\d{2},\d{1,3}\s*-->/;

/**
 * Which kind of text this is. Timestamped lines win when at least a third
 * of the lines start with `[hh:mm:ss]` (speeches often run over several
 * untimed lines).
 */
export function detectTranscriptFormat(text: string): TranscriptFormat {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (/^WEBVTT(?:[ \t]|\r?\n|$)/.test(body)) return "webvtt";
  const lines = body
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.some(isTimingLine)) return SRT_CUE.test(body) ? "srt" : "webvtt";
  const timed = lines.filter(isTimedLine).length;
  return timed > 0 && timed * 3 >= lines.length ? "timestamped" : "plain";
}

const PARSERS: Record<TranscriptFormat, (text: string) => TranscriptSegment[]> = {
  webvtt: parseWebVtt,
  srt: parseSrt,
  timestamped: parseTimestampedTranscript,
  plain: parsePlainTranscript,
};

/** Detects the format and parses: the segments, in order, numbered from 0. */
export function parseTranscript(text: string): { format: TranscriptFormat; segments: TranscriptSegment[] } {
  const format = detectTranscriptFormat(text);
  const segments = PARSERS[format](text).map((segment, position) => ({ ...segment, position }));
  return { format, segments };
}
