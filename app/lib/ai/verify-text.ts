/**
 * Quoted spans in free text and the marks the verification pass inserts
 * after what it could not confirm.
 */

export type QuotedSpan = {
  /** Offsets of the whole span, quote marks included. */
  start: number;
  end: number;
  /** The words between the quote marks. */
  inner: string;
};

const DOUBLE_QUOTED = /["\u201c]([^"\u201c\u201d\n]+?)["\u201d]/g;
// A single-quoted span opens at a word start and closes at a word end, so
// apostrophes ("council's", "members'", "'90s") do not open or close one.
const SINGLE_QUOTED =
  /(?<=^|[\s([\u2014\u2013-])['\u2018](?!\d+s\b)(?=\S)((?:[^'\u2018\u2019\n]|['\u2019](?=[a-z]))*?[^\s'\u2018\u2019])['\u2019](?=$|[\s.,;:!?)\]\u2014\u2013-])/gi;

/** Every span presented as a quotation, in double or single quotes (straight or curly), of any length. */
export function quotedSpans(text: string): QuotedSpan[] {
  const spans: QuotedSpan[] = [];
  for (const match of text.matchAll(DOUBLE_QUOTED)) {
    if (match[1]!.trim())
      spans.push({ start: match.index, end: match.index + match[0].length, inner: match[1]!.trim() });
  }
  for (const match of text.matchAll(SINGLE_QUOTED)) {
    const start = match.index;
    const end = start + match[0].length;
    if (!spans.some((span) => start < span.end && end > span.start)) spans.push({ start, end, inner: match[1]! });
  }
  return spans.sort((a, b) => a.start - b.start);
}

export function insideAny(spans: QuotedSpan[], index: number): boolean {
  return spans.some((span) => index >= span.start && index < span.end);
}

/** Inserts each mark right after its position; a mark already there is not repeated. */
export function insertMarks(text: string, marks: { at: number; mark: string }[]): string {
  let out = text;
  for (const { at, mark } of [...marks].sort((a, b) => b.at - a.at)) {
    if (out.slice(at).trimStart().startsWith(mark)) continue;
    out = `${out.slice(0, at)} ${mark}${out.slice(at)}`;
  }
  return out;
}
