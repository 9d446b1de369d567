/**
 * WebVTT and SRT files: blocks of a timing line (`00:01:02.500 --> ...`,
 * with a comma in SRT) and text lines. Cue numbers, cue ids, the WEBVTT
 * header, NOTE and STYLE blocks have no timing line and are skipped.
 */
import { mergeCues, type Cue } from "./cues";
import type { TranscriptSegment } from "./parse";

const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?`;
const TIMING_LINE = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}`);

function secondsOf(h: string | undefined, m: string, s: string, fraction: string | undefined): number {
  const millis = fraction ? Number(fraction.padEnd(3, "0")) / 1000 : 0;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + millis;
}

export function isTimingLine(line: string): boolean {
  return TIMING_LINE.test(line);
}

/** The cues of a WebVTT or SRT file, in file order. */
export function readCueBlocks(text: string): Cue[] {
  const cues: Cue[] = [];
  let current: { cue: Cue; lines: string[] } | null = null;
  const finish = () => {
    if (current && current.lines.length) cues.push({ ...current.cue, text: current.lines.join("\n") });
    current = null;
  };
  for (const rawLine of text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)) {
    const timing = TIMING_LINE.exec(rawLine);
    if (timing) {
      finish();
      const [, h1, m1, s1, f1, h2, m2, s2, f2] = timing;
      current = {
        cue: { startSeconds: secondsOf(h1, m1!, s1!, f1), endSeconds: secondsOf(h2, m2!, s2!, f2), text: "" },
        lines: [],
      };
      continue;
    }
    if (!rawLine.trim()) {
      finish();
      continue;
    }
    current?.lines.push(rawLine.trim());
  }
  finish();
  return cues;
}

export function parseWebVtt(text: string): TranscriptSegment[] {
  return mergeCues(readCueBlocks(text));
}

export function parseSrt(text: string): TranscriptSegment[] {
  return mergeCues(readCueBlocks(text));
}
