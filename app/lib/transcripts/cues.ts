/**
 * Captions come as many short cues (a few seconds each). Stored transcripts
 * keep readable segments instead: consecutive cues of one speaker are merged
 * until a sentence ends after a while, or the segment gets long. Every `>>`
 * (the captioners' mark for a new speaker) starts a new turn; captions in
 * capitals are put in true case (docs/decisions/0026).
 */
import type { TranscriptSegment } from "./parse";
import { splitSpeaker } from "./speakers";
import {
  capitalizeTitles,
  isMostlyUpperCase,
  learnCasing,
  trueCase,
  trueCaseLabel,
  type Casing,
  type CaseState,
} from "./truecase";
import { nameTurns } from "./turns";
import { isNameWord } from "./words";

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

/** One turn's worth of a cue: `marked` when the cue says a new turn starts here (`>>`, a dialogue dash). */
type CleanCue = { speaker: string | null; marked: boolean; text: string };

function cleanPiece(text: string, marked: boolean, voice: string | null): CleanCue {
  const labeled = splitSpeaker(text);
  return { speaker: voice ?? labeled.speaker, marked, text: labeled.speaker ? labeled.text : text };
}

/**
 * Cue text without markup, cut at every `>>` (also `>>>` and mid-cue): a
 * WebVTT voice tag (`<v Mayor Lopez>`) or a leading `NAME:` label gives the
 * speaker; `>>` or a leading dialogue dash starts a new turn.
 */
export function cleanCue(raw: string): CleanCue[] {
  const voice = /<v(?:\.[\w.-]+)?\s+([^>]+)>/i.exec(raw)?.[1]?.trim() ?? null;
  const withoutTags = raw.replace(/<[^>]*>/g, " ").replace(/\{\\[^}]*\}/g, " "); // SSA positioning codes some SRT files carry
  const text = joinNumbersInCue(decodeEntities(withoutTags).replace(/\s+/g, " ").trim());
  const dialogueDash = /^-\s/.test(text);
  const parts = (dialogueDash ? text.replace(/^-\s*/, "") : text).split(/\s*>{2,}\s*/);
  return parts
    .map((part, index) => cleanPiece(part.trim(), index > 0 || dialogueDash, voice))
    .filter((piece) => piece.text || piece.marked);
}

function endsSentence(text: string): boolean {
  return /[.!?…]["'”’)]*$/.test(text) && !endsInDecimalPoint(text);
}

/** "$9." at the end of a cue: the rest of the number ("3 MILLION") is in the next cue. */
function endsInDecimalPoint(text: string): boolean {
  return /\$\d[\d,]*\.$/.test(text);
}

/**
 * Whether `after` finishes a number `before` ends with: "$40" + ".4 MILLION",
 * "$9." + "3 MILLION", "9." + "3 PERCENT". A year ending a sentence ("24,
 * 2024.") followed by another number is left alone.
 */
function continuesNumber(before: string, after: string): boolean {
  if (/\d$/.test(before) && /^\.\d/.test(after)) return true;
  if (!/^\d/.test(after)) return false;
  return (
    endsInDecimalPoint(before) || (/\d\.$/.test(before) && /^\d+\s*(?:million|billion|thousand|percent|%)/i.test(after))
  );
}

/** The same inside one cue, where a line break cut the number. */
function joinNumbersInCue(text: string): string {
  return text
    .replace(/(\d) \.(\d)/g, "$1.$2")
    .replace(/(\$\d[\d,]*\.) (\d)/g, "$1$2")
    .replace(/(\d\.) (\d+\s*(?:million|billion|thousand|percent|%))/gi, "$1$2");
}

/** "$130" | "MILLION": the scale of a sum said across a cue boundary. */
function continuesWithScale(before: string, after: string): boolean {
  return /\d$/.test(before) && /^(?:million|billion|thousand|percent)\b/i.test(after);
}

function joinText(before: string, after: string): string {
  return continuesNumber(before, after) ? `${before}${after}` : `${before} ${after}`;
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

type Piece = { startSeconds: number; endSeconds: number | null; text: string };
type CueTurn = { speaker: string | null; text: string; pieces: Piece[] };

/** Cues in time order, cut into turns: a `>>` or a new speaker label starts one. */
function turnsOf(cues: readonly Cue[]): CueTurn[] {
  const turns: CueTurn[] = [];
  let previousLines: string[] = [];
  for (const cue of [...cues].sort((a, b) => a.startSeconds - b.startSeconds)) {
    const lines = newLines(previousLines, cue);
    previousLines = cue.text.split(/\n/).map(plainLine).filter(Boolean).slice(-2);
    const endSeconds = cue.endSeconds === null ? null : Math.max(cue.startSeconds, cue.endSeconds);
    for (const clean of cleanCue(lines.join("\n"))) {
      const current = turns.at(-1);
      const newTurn = !current || clean.marked || (clean.speaker !== null && clean.speaker !== current.speaker);
      const piece = { startSeconds: cue.startSeconds, endSeconds, text: clean.text };
      if (newTurn)
        turns.push({
          speaker: clean.speaker ?? (clean.marked ? null : (current?.speaker ?? null)),
          text: "",
          pieces: [],
        });
      if (clean.text) turns.at(-1)!.pieces.push(piece);
    }
  }
  return turns.filter((turn) => turn.pieces.length > 0);
}

function turnText(turn: CueTurn): string {
  return turn.pieces.map((piece) => piece.text).reduce(joinText);
}

/** Capitals in true case, names and acronyms as the transcript and `context` show them. */
function trueCaseTurns(turns: CueTurn[], options: MergeOptions): Casing {
  const text = turns.map((turn) => `>> ${turn.text}`).join(" ");
  const casing = learnCasing(text, options.context ?? "", options.properNouns ?? []);
  for (const turn of turns) {
    const state: CaseState = { atSentenceStart: true };
    for (const piece of turn.pieces) piece.text = trueCase(piece.text, casing, state);
    if (turn.speaker) turn.speaker = trueCaseLabel(turn.speaker, casing);
  }
  return casing;
}

function segmentsOf(turns: readonly CueTurn[], capitals: boolean): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const turn of turns) {
    let current: TranscriptSegment | null = null;
    for (const piece of turn.pieces) {
      const keepsNumber =
        current && (continuesNumber(current.text, piece.text) || continuesWithScale(current.text, piece.text));
      if (current && (keepsNumber || !shouldClose(current, piece.startSeconds))) {
        current.text = joinText(current.text, piece.text);
        current.endSeconds = piece.endSeconds ?? current.endSeconds;
        continue;
      }
      const previous = segments.at(-1);
      if (previous && previous.endSeconds === null) previous.endSeconds = piece.startSeconds;
      current = { position: segments.length, ...piece, speaker: turn.speaker };
      segments.push(current);
    }
  }
  if (capitals) for (const segment of segments) segment.text = capitalizeTitles(segment.text);
  return segments;
}

export type MergeOptions = {
  /** The meeting's title and description: how they write names and acronyms guides true casing. */
  context?: string;
  /** Names known for certain, such as the city's: written as given wherever the captions say them. */
  properNouns?: readonly string[];
};

/**
 * Merges cues into segments: a new turn always starts a new segment. Captions
 * in capitals come out in true case, and unnamed turns take a name only when
 * the transcript gives it (see turns.ts).
 */
export function mergeCues(cues: readonly Cue[], options: MergeOptions = {}): TranscriptSegment[] {
  const turns = turnsOf(cues);
  for (const turn of turns) turn.text = turnText(turn);
  const capitals = isMostlyUpperCase(turns.map((turn) => turn.text).join(" "));
  const casing = capitals ? trueCaseTurns(turns, options) : null;
  if (capitals) for (const turn of turns) turn.text = capitalizeTitles(turnText(turn));
  nameTurns(turns, (word) =>
    casing ? casing.names.has(word.toUpperCase()) : /^[A-Z][a-z]/.test(word) && isNameWord(word),
  );
  return segmentsOf(turns, capitals);
}
