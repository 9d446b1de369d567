/**
 * What speech-to-text gets wrong (docs/decisions/0071-speech-to-text.md):
 *
 * - a segment whose times cannot be right (it ends before it starts, starts
 *   before its chunk or ends after it) makes the whole chunk's answer
 *   refused: the server's clock is not to be trusted there;
 * - known hallucinations are dropped: the lines models invent on silence and
 *   music ("Thank you for watching.", "Subtitles by …"), any line heard
 *   where the audio is silent, and a line repeated in a loop.
 */
import type { SpokenSegment } from "./client.server";
import { silentSeconds, type Silence } from "./chunks";

/** A segment may end this far past its chunk (servers round their times): it is then cut at the end. */
const END_TOLERANCE_SECONDS = 0.5;

export class ChunkAnswerError extends Error {
  override name = "ChunkAnswerError";
}

/** Seconds into the chunk, as the server gave them (may be negative). */
function clock(seconds: number): string {
  return `${seconds.toFixed(1)} s`;
}

/**
 * The segments with times that fit in a chunk of `length` seconds (an end a
 * rounding past it is cut at the end); throws ChunkAnswerError naming the
 * first segment that does not fit.
 */
export function checkSegmentTimes(segments: readonly SpokenSegment[], length: number): SpokenSegment[] {
  return segments.map((segment, index) => {
    const which = `segment ${index + 1} ("${segment.text.slice(0, 40).trimEnd()}")`;
    if (segment.end < segment.start)
      throw new ChunkAnswerError(
        `${which} runs backwards: it ends at ${clock(segment.end)} before it starts at ${clock(segment.start)}.`,
      );
    if (segment.start < 0) throw new ChunkAnswerError(`${which} starts before the chunk, at ${clock(segment.start)}.`);
    if (segment.end > length + END_TOLERANCE_SECONDS)
      throw new ChunkAnswerError(
        `${which} ends at ${clock(segment.end)}, after the end of its ${clock(length)} chunk.`,
      );
    return { ...segment, start: Math.min(segment.start, length), end: Math.min(segment.end, length) };
  });
}

/** Lines models write on silence and music, learned from their subtitle training data; matched as a whole line. */
const HALLUCINATED_LINES: readonly RegExp[] = [
  /^(?:thanks|thank you)(?: (?:so|very) much)? for (?:watching|listening|viewing)(?: and see you next time)?$/,
  /^(?:please )?(?:like and )?subscribe(?: to (?:my|our|the) channel)?$/,
  /^see you (?:in the )?next (?:time|video)$/,
  /^(?:subtitles?|subtitled|subtitling|captions?|captioned|captioning|closed captioning|transcription|transcribed|transcript|translation|translated|english subtitles) (?:by|provided by|made by|from)\b.*$/,
  /^(?:subtitles?|captions?) (?:by the )?amara(?: org)?(?: community)?$/,
  /\bamara org\b/,
  /^(?:copyright|©)/,
  /^(?:music|applause|silence|blank audio|no speech)$/,
];

function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/©/g, " © ")
    .replace(/[^\p{L}\p{N}©]+/gu, " ")
    .trim();
}

export function isHallucinatedLine(text: string): boolean {
  const line = normalized(text);
  return line === "" || HALLUCINATED_LINES.some((pattern) => pattern.test(line));
}

/** A silence this long is where a heard line is invented; shorter ones are pauses between words. */
const SILENCE_FOR_HALLUCINATION_SECONDS = 1;
/** A line this much inside such silence was not spoken. */
const SILENT_SHARE = 0.8;

function heardInSilence(segment: SpokenSegment, silences: readonly Silence[]): boolean {
  const long = silences.filter((silence) => silence.end - silence.start >= SILENCE_FOR_HALLUCINATION_SECONDS);
  const length = segment.end - segment.start;
  if (length <= 0) return long.some((silence) => silence.start <= segment.start && segment.start <= silence.end);
  return silentSeconds(segment.start, segment.end, long) >= SILENT_SHARE * length;
}

/** Lines this short are votes and roll-call answers ("Aye.", "Present."): said many times in a row for real. */
const LOOP_MIN_WORDS = 3;
/** The same line this many times in a row is a loop: only its first is kept. */
const LOOP_REPEATS = 3;

/** A line that is one sentence said over and over ("I'm sorry. I'm sorry. I'm sorry.") keeps one. */
function withoutRepeatedSentences(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
  if (sentences.length < LOOP_REPEATS) return text;
  const first = normalized(sentences[0]!);
  if (first.split(" ").length < LOOP_MIN_WORDS) return text;
  return sentences.every((sentence) => normalized(sentence) === first) ? sentences[0]! : text;
}

export type FilterResult = { kept: SpokenSegment[]; dropped: number };

/**
 * Drops the hallucinations of one chunk's answer: `silences` are the
 * chunk's, in seconds from its start.
 */
export function dropHallucinations(segments: readonly SpokenSegment[], silences: readonly Silence[]): FilterResult {
  const kept: SpokenSegment[] = [];
  let dropped = 0;
  let run = null as { line: string; count: number } | null;
  for (const segment of segments) {
    const text = withoutRepeatedSentences(segment.text.trim());
    if (isHallucinatedLine(text) || heardInSilence(segment, silences)) {
      dropped++;
      continue;
    }
    const line = normalized(text);
    run = run?.line === line ? { line, count: run.count + 1 } : { line, count: 1 };
    if (run.count >= 2 && line.split(" ").length >= LOOP_MIN_WORDS) {
      // A second identical line may be real; from the third it is a loop, and the second goes too.
      if (run.count === LOOP_REPEATS) {
        kept.pop();
        dropped++;
      }
      if (run.count >= LOOP_REPEATS) {
        dropped++;
        continue;
      }
    }
    kept.push({ ...segment, text });
  }
  return { kept, dropped };
}
