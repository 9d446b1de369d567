/**
 * Reads the caption development set (real YouTube captions of council
 * committee meetings) from ../shared at run time. Never copied into the
 * repository; the bench skips its section when it is absent.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mergeCues } from "~/lib/transcripts/cues";
import type { TranscriptSegment } from "~/lib/transcripts/parse";

export type CaptionMeeting = {
  id: string;
  title: string;
  date: string;
  cues: Array<[number, number, string]>;
  reference_highlights: string[];
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function captionsPath(): string {
  return process.env.CAPTIONS_PATH ?? path.resolve(repoRoot, "../shared/data/captions/minneapolis-dev.jsonl");
}

export function loadCaptionMeetings(): { meetings: CaptionMeeting[] } | { missing: string } {
  const file = captionsPath();
  if (!fs.existsSync(file)) return { missing: `Caption set not found at ${file}` };
  const meetings = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as CaptionMeeting);
  return { meetings };
}

/** The meeting's cues as the caption fetcher stores them: merged, true-cased, turns at `>>`. */
export function captionSegments(meeting: CaptionMeeting): TranscriptSegment[] {
  const cues = meeting.cues.map(([start, duration, text]) => ({
    startSeconds: start,
    endSeconds: start + duration,
    text,
  }));
  // The caption set is all one city's; the fetcher passes the city's name the same way.
  return mergeCues(cues, { context: meeting.title, properNouns: ["Minneapolis"] });
}
