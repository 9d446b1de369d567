/**
 * Finding a quote in the transcript (docs/decisions/0024-one-verification-pass.md).
 *
 * A quote is found when it is in the transcript word for word after
 * normalizations that do not change what was said: case, punctuation and
 * quote marks, hesitation sounds and fillers, contractions ("don't" for
 * "do not") and numbers written as words or digits ("two" for "2"). The
 * pass tries the fewest normalizations first and reports which ones the
 * match needed (`matchedBy`; empty for an exact match).
 */
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { numberText } from "./numbers";

export type Normalization = "case" | "punctuation" | "ellipsis" | "hesitation" | "contraction" | "number-words";

type Meaningless = "hesitation" | "contraction" | "number-words";

const HESITATIONS = new Set(["um", "umm", "uh", "uhh", "er", "erm", "ah", "hmm", "mm"]);
// Verbal fillers that tidied quotes leave out; removed on both sides, so matching stays symmetric.
const FILLER_PHRASES = / (?:you know|i mean)(?= )/g;

const CONTRACTIONS: [RegExp, string][] = [
  [/\bwon't\b/g, "will not"],
  [/\bcan't\b/g, "can not"],
  [/\bcannot\b/g, "can not"],
  [/\bshan't\b/g, "shall not"],
  [/\b(\w+)n't\b/g, "$1 not"],
  [/\b(\w+)'re\b/g, "$1 are"],
  [/\b(\w+)'ve\b/g, "$1 have"],
  [/\b(\w+)'ll\b/g, "$1 will"],
  [/\bi'm\b/g, "i am"],
  [/\blet's\b/g, "let us"],
  // Only pronouns: "council's" is a possessive, not "council is".
  [/\b(it|that|he|she|there|here|what|who|where|this)'s\b/g, "$1 is"],
];

function expandContractions(text: string): string {
  return CONTRACTIONS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

function normalize(text: string, steps: ReadonlySet<Meaningless>): string {
  let out = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032`]/g, "'");
  if (steps.has("contraction")) out = expandContractions(out);
  if (steps.has("number-words")) out = numberText(out);
  const words = out
    .replace(/'/g, "") // apostrophes: "don’t" and "dont" match
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((word) => word && !(steps.has("hesitation") && HESITATIONS.has(word)))
    .join(" ");
  return steps.has("hesitation") ? ` ${words} `.replace(FILLER_PHRASES, "").trim() : words;
}

/** Lower case, straight quotes, no punctuation, no hesitation sounds or fillers, single spaces. */
export function normalizeForMatch(text: string): string {
  return normalize(text, new Set(["hesitation"]));
}

// Fewest normalizations first, so the report names only what a match needed.
const STEP_SETS: Meaningless[][] = [
  [],
  ["hesitation"],
  ["contraction"],
  ["number-words"],
  ["hesitation", "contraction"],
  ["hesitation", "number-words"],
  ["contraction", "number-words"],
  ["hesitation", "contraction", "number-words"],
];

export type NormalizedTranscript = { text: string; starts: number[] };

export type TranscriptIndex = {
  segments: TranscriptSegment[];
  /** Segment texts as written, joined by single spaces, for the exact-match test. */
  raw: string;
  normalized: Map<string, NormalizedTranscript>;
};

export function buildTranscriptIndex(segments: TranscriptSegment[]): TranscriptIndex {
  const raw = segments.map((segment) => collapse(segment.text)).join(" ");
  return { segments, raw, normalized: new Map() };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Texts normalized with `steps` and joined, with the offset where each starts;
 * kept in `memo` per set of steps (a transcript is normalized once per set).
 */
export function normalizedJoin(
  memo: Map<string, NormalizedTranscript>,
  texts: readonly { text: string }[],
  steps: readonly Meaningless[],
): NormalizedTranscript {
  const key = steps.join("+");
  let found = memo.get(key);
  if (!found) {
    const stepSet = new Set(steps);
    const starts: number[] = [];
    let text = "";
    for (const part of texts) {
      starts.push(text.length);
      text += `${normalize(part.text, stepSet)} `;
    }
    found = { text, starts };
    memo.set(key, found);
  }
  return found;
}

function normalizedWith(index: TranscriptIndex, steps: Meaningless[]): NormalizedTranscript {
  return normalizedJoin(index.normalized, index.segments, steps);
}

/** The index of the joined part holding `offset` (the last one starting at or before it). */
export function partAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

function segmentAt(index: TranscriptIndex, starts: number[], offset: number): TranscriptSegment | undefined {
  return index.segments[partAt(starts, offset)];
}

// Quotes trimmed with an ellipsis must have their parts in order, close together.
const ELLIPSIS = /\s*(?:\.\s*\.\s*\.|\u2026)\s*/;
const MAX_ELLIPSIS_GAP = 600;

function findWords(haystack: string, needle: string, from: number): number {
  // Word boundaries: "art" must not match inside "start".
  let at = haystack.indexOf(needle, from);
  while (at >= 0) {
    const before = at === 0 || haystack[at - 1] === " ";
    const after = at + needle.length >= haystack.length || haystack[at + needle.length] === " ";
    if (before && after) return at;
    at = haystack.indexOf(needle, at + 1);
  }
  return -1;
}

/** Where each part ends when the parts follow `start` in order, close together; null when they do not. */
function partsFollow(text: string, parts: string[], start: number): number[] | null {
  let cursor = start + parts[0]!.length;
  const ends = [cursor];
  for (const part of parts.slice(1)) {
    const next = findWords(text, part, cursor);
    if (next < 0 || next - cursor > MAX_ELLIPSIS_GAP) return null;
    cursor = next + part.length;
    ends.push(cursor);
  }
  return ends;
}

type Occurrence = { start: number; ends: number[] };

/** Every place the parts are found, in transcript order; only the first unless `all`. */
function locateAll(text: string, parts: string[], all: boolean): Occurrence[] {
  const found: Occurrence[] = [];
  let start = findWords(text, parts[0]!, 0);
  while (start >= 0) {
    const ends = partsFollow(text, parts, start);
    if (ends) found.push({ start, ends });
    if (found.length > 0 && !all) break;
    start = findWords(text, parts[0]!, start + 1);
  }
  return found;
}

// Words that turn what comes before them around: a quote stopping right before one says the opposite of the
// speaker ("we will" before "not raise taxes"). "n't" is read as "not" once contractions are expanded: "we can"
// is found in "we can't" only then. "not only" adds rather than negates.
const NEGATION_AFTER = /^ ?(?:not(?! only\b)|never|no longer)\b/;

/** Whether the transcript goes on with a negation right after the quote or one of its parts (at an ellipsis). */
function cutBeforeNegation(text: string, ends: number[]): boolean {
  // "whether or" before "not" leaves out no negation: "or not" negates nothing the quote says.
  return ends.some((end) => NEGATION_AFTER.test(text.slice(end, end + 20)) && !/(?:^| )or$/.test(text.slice(0, end)));
}

export type QuoteMatch = {
  segment: TranscriptSegment;
  matchedBy: Normalization[];
  /** True when the transcript goes on with "not", "n't", "never" or "no longer" right where the quote stops. */
  cutBeforeNegation: boolean;
};

/** What a quote differs by from the transcript's words beside the meaningless steps: nothing, case, or punctuation. */
function surfaceDifferences(index: TranscriptIndex, quote: string): Normalization[] {
  const text = collapse(quote);
  if (index.raw.includes(text)) return [];
  if (index.raw.toLowerCase().includes(text.toLowerCase())) return ["case"];
  return ["punctuation"];
}

/**
 * How far, in seconds, an occurrence from `first` to `last` segment lies
 * from a claimed time: 0 when the time falls within it; then, between
 * occurrences holding the time (caption segments overlap), how far their
 * starts lie. Null when untimed.
 */
function distanceFrom(first: TranscriptSegment, last: TranscriptSegment, near: number): [number, number] | null {
  if (first.startSeconds === null) return null;
  const end = last.endSeconds ?? last.startSeconds ?? first.startSeconds;
  // A claimed time is a whole second ("01:51:55"): it holds what starts within that second.
  return [Math.max(0, first.startSeconds - (near + 1), near - end), Math.abs(first.startSeconds - near)];
}

function nearer(a: [number, number], b: [number, number]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

/**
 * The segment holding the quote and the normalizations the match needed, or
 * null when it is not in the transcript. A quote said more than once is
 * placed at the occurrence nearest `near` (the time the content claims for
 * it, in seconds; the occurrence holding that time when there is one), else
 * at its first.
 */
export function findQuote(index: TranscriptIndex, quote: string, near: number | null = null): QuoteMatch | null {
  const rawParts = quote.split(ELLIPSIS).filter((part) => part.trim());
  for (const steps of STEP_SETS) {
    const stepSet = new Set(steps);
    const parts = rawParts.map((part) => normalize(part, stepSet)).filter(Boolean);
    if (parts.length === 0) return null;
    const transcript = normalizedWith(index, steps);
    const occurrences = locateAll(transcript.text, parts, near !== null);
    if (occurrences.length === 0) continue;
    let chosen = occurrences[0]!;
    let segment = segmentAt(index, transcript.starts, chosen.start);
    if (near !== null && occurrences.length > 1) {
      let best: [number, number] | null = null;
      for (const occurrence of occurrences) {
        const first = segmentAt(index, transcript.starts, occurrence.start);
        const last = segmentAt(index, transcript.starts, Math.max(occurrence.start, occurrence.ends.at(-1)! - 1));
        const distance = first && last ? distanceFrom(first, last, near) : null;
        // Strictly nearer: of two as near, the earlier stays.
        if (distance !== null && (best === null || nearer(distance, best))) {
          best = distance;
          chosen = occurrence;
          segment = first;
        }
      }
    }
    if (!segment) return null;
    // Case and punctuation are named only when nothing else was needed (they are then the whole difference).
    const surface = steps.length === 0 && rawParts.length === 1 ? surfaceDifferences(index, quote) : [];
    const ellipsis: Normalization[] = rawParts.length > 1 ? ["ellipsis"] : [];
    return {
      segment,
      matchedBy: [...surface, ...ellipsis, ...steps],
      cutBeforeNegation: cutBeforeNegation(transcript.text, chosen.ends),
    };
  }
  return null;
}

// ---------------------------------------------------------------------------
// Speakers

const TITLE_WORDS = new Set([
  "mayor",
  "vice",
  "deputy",
  "council",
  "councilmember",
  "councilman",
  "councilwoman",
  "councillor",
  "councilor",
  "member",
  "president",
  "chair",
  "chairman",
  "chairwoman",
  "chairperson",
  "commissioner",
  "city",
  "manager",
  "attorney",
  "clerk",
  "director",
  "chief",
  "mr",
  "mrs",
  "ms",
  "dr",
  "madam",
  "supervisor",
  "pro",
  "tem",
  "speaker",
  "the",
  "of",
  "staff",
  "public",
  "commenter",
]);

function nameWords(speaker: string): string[] {
  return normalizeForMatch(speaker)
    .split(" ")
    .filter((word) => word.length > 1 && !TITLE_WORDS.has(word) && !/^\d+$/.test(word));
}

export function isUnknownSpeaker(speaker: string | null | undefined): boolean {
  return !speaker || /^(unknown|unidentified|n\/?a|none)$/i.test(speaker.trim());
}

/**
 * Same person when the name words agree: with a given name and a surname on
 * both sides, both must be equal ("Lisa Goodman" is not "Lisa Bender");
 * a middle name may be missing on one side; with a surname only on one side, it must be the other side's surname
 * ("Reyes" ~ "Ana Reyes"), and a double-barrelled name is one name
 * ("Jenkins" is not "Jenkins-Cole"). Titles are ignored; without name words
 * the labels must be equal. Null when either side is unknown.
 */
export function speakersMatch(claimed: string | null, labeled: string | null): boolean | null {
  if (isUnknownSpeaker(claimed) || isUnknownSpeaker(labeled)) return null;
  const a = nameWords(claimed!);
  const b = nameWords(labeled!);
  if (a.length === 0 || b.length === 0) return normalizeForMatch(claimed!) === normalizeForMatch(labeled!);
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length >= 2) {
    return shorter[0] === longer[0] && shorter.at(-1) === longer.at(-1) && shorter.every((w) => longer.includes(w));
  }
  return shorter[0] === longer.at(-1);
}

/** The quote normalizations and their order, for checks that locate spans themselves (verify-decisions.ts). */
export { normalize as normalizeWithSteps, STEP_SETS as NORMALIZATION_STEPS, ELLIPSIS as ELLIPSIS_SEPARATOR };
