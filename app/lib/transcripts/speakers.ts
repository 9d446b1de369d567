/**
 * Speaker labels at the start of a line or caption: `MAYOR LOPEZ: ...`,
 * `Councilmember Reyes: ...`, `Speaker 2: ...`. A label is a short run of
 * words in capitals or title case; anything else stays part of the text.
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

export function splitSpeaker(line: string): { speaker: string | null; text: string } {
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
