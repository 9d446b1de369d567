/**
 * Captions come as many short cues (a few seconds each). Stored transcripts
 * keep readable segments instead: consecutive cues of one speaker are merged
 * until a sentence ends after a while, or the segment gets long.
 */
import type { TranscriptSegment } from "./parse";
import { splitSpeaker } from "./speakers";

export type Cue = {
  startSeconds: number;
  endSeconds: number | null;
  /** Raw cue text: may hold markup (`<v Name>`, `<i>`), entities and line breaks. */
  text: string;
};

/** A segment closes at the end of a sentence once it is this long... */
const MIN_SEGMENT_SECONDS = 8;
/** ...and in any case once it is this long or this big. */
const MAX_SEGMENT_SECONDS = 30;
const MAX_SEGMENT_CHARS = 600;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

/** Decodes HTML entities, twice at most: caption text is often escaped twice (`&amp;#39;`). */
export function decodeEntities(text: string): string {
  const once = (value: string) =>
    value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? match;
    });
  return once(once(text));
}

/** `marked`: the cue itself says a new turn starts (`>>`, a dialogue dash). */
type CleanCue = { speaker: string | null; marked: boolean; text: string };

/**
 * Cue text without markup: a WebVTT voice tag (`<v Mayor Lopez>`) or a
 * leading `NAME:` label gives the speaker; `>>` (the captioners' mark for a
 * new speaker) or a dialogue dash starts a new turn.
 */
export function cleanCue(raw: string): CleanCue {
  const voice = /<v(?:\.[\w.-]+)?\s+([^>]+)>/i.exec(raw);
  const withoutTags = raw.replace(/<[^>]*>/g, " ").replace(/\{\\[^}]*\}/g, " "); // SSA positioning codes some SRT files carry
  let text = decodeEntities(withoutTags).replace(/\s+/g, " ").trim();
  let marked = false;
  if (/^(?:>>|-\s)/.test(text)) {
    marked = true;
    text = text.replace(/^(?:>>|-)\s*/, "");
  }
  const labeled = splitSpeaker(text);
  const speaker = voice ? voice[1]!.trim() : labeled.speaker;
  if (labeled.speaker) text = labeled.text;
  return { speaker, marked, text: text.replace(/\s*>>\s*/g, " ").trim() };
}

function endsSentence(text: string): boolean {
  return /[.!?…]["'”’)]*$/.test(text);
}

function shouldClose(segment: TranscriptSegment, nextStart: number): boolean {
  const start = segment.startSeconds ?? nextStart;
  const duration = nextStart - start;
  if (duration >= MAX_SEGMENT_SECONDS || segment.text.length >= MAX_SEGMENT_CHARS) return true;
  return duration >= MIN_SEGMENT_SECONDS && endsSentence(segment.text);
}

function plainLine(line: string): string {
  return decodeEntities(line.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Rolling captions (YouTube's automatic ones) repeat the previous cue's last
 * line as their first line, and flash it again in 10 ms "hold" cues; those
 * repeats are dropped. A one-line cue of normal length is kept even when it
 * repeats ("Aye." after "Aye.").
 */
function newLines(previous: readonly string[], cue: Cue): string[] {
  const lines = cue.text
    .split(/\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const isHold = cue.endSeconds !== null && cue.endSeconds - cue.startSeconds < 0.1;
  if (lines.length < 2 && !isHold) return lines;
  let first = 0;
  while (first < lines.length && previous.includes(plainLine(lines[first]!))) first++;
  return lines.slice(first);
}

/** Merges cues (in time order) into segments; a new speaker always starts a new segment. */
export function mergeCues(cues: readonly Cue[]): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let speaker: string | null = null;
  let previousLines: string[] = [];
  for (const cue of [...cues].sort((a, b) => a.startSeconds - b.startSeconds)) {
    const lines = newLines(previousLines, cue);
    previousLines = cue.text.split(/\n/).map(plainLine).filter(Boolean).slice(-2);
    const clean = cleanCue(lines.join("\n"));
    if (!clean.text) continue;
    const newTurn = clean.marked || (clean.speaker !== null && clean.speaker !== speaker);
    if (newTurn) speaker = clean.speaker;
    const current = segments.at(-1);
    if (current && !newTurn && !shouldClose(current, cue.startSeconds)) {
      current.text = `${current.text} ${clean.text}`;
      current.endSeconds = cue.endSeconds ?? current.endSeconds;
      continue;
    }
    if (current && current.endSeconds === null) current.endSeconds = cue.startSeconds;
    segments.push({
      position: segments.length,
      startSeconds: cue.startSeconds,
      endSeconds: cue.endSeconds,
      speaker,
      text: clean.text,
    });
  }
  return segments;
}
