/**
 * Marks the verification pass leaves in text it could not confirm against
 * the transcript, and what each tells a reader. The pass writes them
 * (app/lib/ai/verify.ts); pages render them as explained marks
 * (`splitMarks`), never as bare brackets.
 */

export type MarkKind = "quote" | "cut" | "number";

export const VERIFICATION_MARKS: Record<MarkKind, { text: string; explanation: string }> = {
  quote: {
    text: "[quote not found in the transcript]",
    explanation: "These words are presented as a quotation, but they were not found in the meeting's transcript.",
  },
  cut: {
    text: "[quote leaves out a negation]",
    explanation:
      "These words are in the meeting's transcript, but the speaker went on with a negation (such as “not”) that the quotation leaves out.",
  },
  number: {
    text: "[number not found in the transcript]",
    explanation: "This figure was not found in the meeting's transcript; check it before relying on it.",
  },
};

export const UNVERIFIED_QUOTE_MARK = VERIFICATION_MARKS.quote.text;
export const UNSUPPORTED_NUMBER_MARK = VERIFICATION_MARKS.number.text;

export type MarkedPiece = { kind: "text"; text: string } | { kind: "mark"; mark: MarkKind };

const MARK_PATTERN = new RegExp(
  Object.values(VERIFICATION_MARKS)
    .map((mark) => mark.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|"),
  "g",
);

const KIND_OF_TEXT = new Map(Object.entries(VERIFICATION_MARKS).map(([kind, mark]) => [mark.text, kind as MarkKind]));

/** Text cut at its marks, in order: what pages render. */
export function splitMarks(text: string): MarkedPiece[] {
  const pieces: MarkedPiece[] = [];
  let cursor = 0;
  for (const match of text.matchAll(MARK_PATTERN)) {
    const at = match.index ?? 0;
    if (at > cursor) pieces.push({ kind: "text", text: text.slice(cursor, at) });
    pieces.push({ kind: "mark", mark: KIND_OF_TEXT.get(match[0])! });
    cursor = at + match[0].length;
  }
  if (cursor < text.length) pieces.push({ kind: "text", text: text.slice(cursor) });
  return pieces;
}
