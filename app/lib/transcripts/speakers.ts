/**
 * Speaker labels at the start of a line or caption: `MAYOR LOPEZ: ...`,
 * `Councilmember Reyes: ...`, `Speaker 2: ...`, also after the captioners'
 * turn mark (`>> MAYOR LOPEZ: ...`). A label is a short run of words in
 * capitals or title case; anything else stays part of the text.
 */
import { TITLE_WORDS } from "./words";

const SPEAKER_LABEL = /^([A-Z][A-Za-z.'\- ]{0,48}?(?: \d{1,2})?):\s+(.*)$/;

/**
 * In text all in capitals every sentence fragment looks like a label ("THE
 * FOLLOWING OBJECTIVES:", "FOUR:", "REAL QUICKLY:"), so there a label must
 * start with a title (MAYOR, CLERK, COUNCIL MEMBER…) or be `SPEAKER 2`.
 */
function looksLikeCapitalsLabel(words: readonly string[]): boolean {
  if (TITLE_WORDS.has(words[0]!)) return true;
  return words[0] === "SPEAKER" && words.length === 2 && /^\d{1,2}$/.test(words[1]!);
}

/** The captioners' mark for a new speaker: `>>` (also `>>>`). */
const TURN_MARK = /\s*>{2,}\s*/;

/**
 * A line cut at every turn mark: `marked` when a mark came before the piece.
 * "THANK YOU. >> COUNCIL MEMBER GORDON: ..." gives two pieces, the second marked.
 */
export function splitTurnMarks(line: string): { marked: boolean; text: string }[] {
  return line
    .split(TURN_MARK)
    .map((text, index) => ({ marked: index > 0, text: text.trim() }))
    .filter((piece) => piece.text !== "");
}

export function splitSpeaker(raw: string): { speaker: string | null; text: string } {
  const line = raw.replace(/^\s*>{2,}\s*/, "");
  const match = SPEAKER_LABEL.exec(line);
  if (!match) return { speaker: null, text: line };
  const label = match[1]!.trim();
  const words = label.split(/\s+/);
  const allCapitals = line === line.toUpperCase();
  const looksLikeName =
    words.length <= 5 &&
    (allCapitals
      ? looksLikeCapitalsLabel(words)
      : label === label.toUpperCase() || words.every((w) => /^[A-Z0-9]/.test(w)));
  return looksLikeName ? { speaker: label, text: match[2]!.trim() } : { speaker: null, text: line };
}
