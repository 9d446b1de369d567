/**
 * Search snippets. PostgreSQL's ts_headline marks matches with sentinel
 * characters (never HTML); the text is then HTML-escaped as a whole and only
 * the sentinels become <mark>…</mark>. So a snippet's only markup is <mark>,
 * whatever the transcript says.
 *
 * The sentinels are Private Use Area characters. Before ts_headline runs,
 * any such character in the text is deleted (the source can never fake a
 * mark), and `<` and `>` are swapped for two more of them: ts_headline would
 * otherwise drop anything that looks like an HTML tag, and a transcript that
 * quotes `<script>` must show it, as text.
 */

export const MARK_START = "\uE000";
export const MARK_STOP = "\uE001";
const LT_STAND_IN = "\uE002";
const GT_STAND_IN = "\uE003";

/** `translate(text, HEADLINE_TRANSLATE_FROM, HEADLINE_TRANSLATE_TO)`: < and > to stand-ins, stray sentinels deleted. */
export const HEADLINE_TRANSLATE_FROM = `<>${MARK_START}${MARK_STOP}${LT_STAND_IN}${GT_STAND_IN}`;
export const HEADLINE_TRANSLATE_TO = `${LT_STAND_IN}${GT_STAND_IN}`;

/**
 * Options for ts_headline: sentinels in, one excerpt out. No MaxFragments:
 * in fragment mode a fragment may not end on a number, and when two
 * fragments touch, the number between them is dropped under the delimiter
 * ("about 1.7 miles" became "about … miles").
 */
export const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=35, MinWords=15, ShortWord=2`;

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** ts_headline output to safe HTML: escaped text, matches in <mark>. */
export function headlineToHtml(headline: string): string {
  let open = false;
  let html = "";
  for (const part of headline.split(/([\uE000\uE001])/)) {
    if (part === MARK_START) {
      if (!open) html += "<mark>";
      open = true;
    } else if (part === MARK_STOP) {
      if (open) html += "</mark>";
      open = false;
    } else {
      html += escapeHtml(part.replaceAll(LT_STAND_IN, "<").replaceAll(GT_STAND_IN, ">"));
    }
  }
  return open ? `${html}</mark>` : html;
}

export type SnippetPart = { text: string; marked: boolean };

const HTML_UNESCAPES: Record<string, string> = Object.fromEntries(
  Object.entries(HTML_ESCAPES).map(([char, entity]) => [entity, char]),
);

function unescapeHtml(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => HTML_UNESCAPES[entity]!);
}

/**
 * Reads a snippet made by `headlineToHtml` back into text parts, so that
 * pages render it as React text (never as HTML). Any other tag is kept as
 * literal text.
 */
export function snippetParts(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of html.split(/(<mark>|<\/mark>)/)) {
    if (piece === "<mark>") marked = true;
    else if (piece === "</mark>") marked = false;
    else if (piece) parts.push({ text: unescapeHtml(piece), marked });
  }
  return parts;
}
