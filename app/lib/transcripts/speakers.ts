/**
 * Speaker labels at the start of a line or caption: `MAYOR LOPEZ: ...`,
 * `Councilmember Reyes: ...`, `Speaker 2: ...`. A label is a short run of
 * words in capitals or title case; anything else stays part of the text.
 */

const SPEAKER_LABEL = /^([A-Z][A-Za-z.'\- ]{0,48}?(?: \d{1,2})?):\s+(.*)$/;

export function splitSpeaker(line: string): { speaker: string | null; text: string } {
  const match = SPEAKER_LABEL.exec(line);
  if (!match) return { speaker: null, text: line };
  const label = match[1]!.trim();
  const words = label.split(/\s+/);
  const looksLikeName = words.length <= 5 && (label === label.toUpperCase() || words.every((w) => /^[A-Z0-9]/.test(w)));
  return looksLikeName ? { speaker: label, text: match[2]!.trim() } : { speaker: null, text: line };
}
