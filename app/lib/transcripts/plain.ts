/**
 * Plain text without timestamps: paragraphs (separated by blank lines), and
 * within a paragraph a new segment for every line that starts with a
 * speaker label and at every captioners' turn mark (`>>`, also mid-line).
 * Very long paragraphs are cut at sentence ends so that search can still
 * point at a passage.
 */
import type { TranscriptSegment } from "./parse";
import { splitSpeaker, splitTurnMarks } from "./speakers";
import { trueCaseSegments } from "./truecase";

const MAX_PARAGRAPH_CHARS = 1200;

type Turn = { speaker: string | null; text: string };

function turnsOf(paragraph: string): Turn[] {
  const turns: Turn[] = [];
  for (const line of paragraph.split(/\r?\n/)) {
    for (const piece of splitTurnMarks(line)) {
      const { speaker, text } = splitSpeaker(piece.text);
      const previous = turns.at(-1);
      if (previous && !speaker && !piece.marked) previous.text = `${previous.text} ${piece.text}`;
      else turns.push({ speaker, text });
    }
  }
  return turns;
}

/** Cuts text at sentence ends into pieces of about `max` characters. */
export function splitLongText(text: string, max = MAX_PARAGRAPH_CHARS): string[] {
  if (text.length <= max) return [text];
  const sentences = text.match(/[^.!?…]+(?:[.!?…]+["'”’)]*|$)\s*/g) ?? [text];
  const pieces: string[] = [];
  let piece = "";
  for (const sentence of sentences) {
    if (piece && piece.length + sentence.length > max) {
      pieces.push(piece.trim());
      piece = "";
    }
    piece += sentence;
  }
  if (piece.trim()) pieces.push(piece.trim());
  return pieces;
}

/** Paragraphs and speaker lines; capitals come out in true case. */
export function parsePlainTranscript(text: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const paragraph of text.replace(/^\uFEFF/, "").split(/\r?\n\s*\r?\n/)) {
    for (const turn of turnsOf(paragraph)) {
      for (const piece of splitLongText(turn.text.replace(/\s+/g, " ").trim())) {
        if (!piece) continue;
        segments.push({
          position: segments.length,
          startSeconds: null,
          endSeconds: null,
          speaker: turn.speaker,
          text: piece,
        });
      }
    }
  }
  return trueCaseSegments(segments);
}
