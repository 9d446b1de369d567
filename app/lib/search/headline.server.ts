/**
 * The SQL that makes a search snippet (see snippet.ts for the sentinels).
 * A transcript segment's snippet is its speaker's whole label, then the
 * excerpt of its text: ts_headline over "Mayor Lopez: …" as one text chose
 * a window that could start inside the label and showed "Lopez: …". The
 * label is short and always shown whole, with its matches marked.
 */
import { type SQL, sql } from "drizzle-orm";
import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE_FROM, HEADLINE_TRANSLATE_TO, MARK_START, MARK_STOP } from "./snippet";

/** The label's options: every match marked, the label never shortened. */
const LABEL_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, HighlightAll=true`;

/** ts_headline of `text` (any SQL text expression) with the snippet's options. */
export function textHeadline(text: SQL, tsquery: SQL): SQL {
  return sql`ts_headline('english', translate(${text}, ${HEADLINE_TRANSLATE_FROM}, ${HEADLINE_TRANSLATE_TO}),
    ${tsquery}, ${HEADLINE_OPTIONS})`;
}

/** A segment's snippet: "Speaker label: excerpt", the label whole; the excerpt alone when nobody is named. */
export function segmentHeadline(speaker: SQL, text: SQL, tsquery: SQL): SQL {
  return sql`concat_ws(': ',
    ts_headline('english', translate(nullif(btrim(${speaker}), ''), ${HEADLINE_TRANSLATE_FROM}, ${HEADLINE_TRANSLATE_TO}),
      ${tsquery}, ${LABEL_OPTIONS}),
    ${textHeadline(text, tsquery)})`;
}
