/**
 * Long transcripts are analyzed in chunks cut on segment boundaries, then the
 * partial analyses are combined. Nothing is ever dropped to fit a budget.
 */
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { Analysis, Entity } from "./schemas";
import { formatDuration } from "~/lib/format/duration";
import { normalizeForMatch } from "./verify";

/** Rough token count for English text: about four characters per token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** One line per segment: `[hh:mm:ss] SPEAKER: text`, leaving out what is unknown. */
export function renderSegment(segment: TranscriptSegment): string {
  const time = segment.startSeconds === null ? "" : `[${formatDuration(segment.startSeconds)}] `;
  const speaker = segment.speaker ? `${segment.speaker}: ` : "";
  return `${time}${speaker}${segment.text}`;
}

export function renderSegments(segments: TranscriptSegment[]): string {
  return segments.map(renderSegment).join("\n");
}

/** Splits text into pieces of at most maxChars, at sentence ends when possible, else at spaces. */
export function splitText(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const sentenceEnd = Math.max(window.lastIndexOf(". "), window.lastIndexOf("? "), window.lastIndexOf("! "));
    const space = window.lastIndexOf(" ");
    const cut = sentenceEnd > maxChars / 2 ? sentenceEnd + 1 : space > 0 ? space : maxChars;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** A segment longer than the budget is cut into several with the same time and speaker. */
function fitSegment(segment: TranscriptSegment, maxChars: number): TranscriptSegment[] {
  const overhead = renderSegment({ ...segment, text: "" }).length;
  if (overhead + segment.text.length <= maxChars) return [segment];
  return splitText(segment.text, Math.max(200, maxChars - overhead)).map((text) => ({ ...segment, text }));
}

/**
 * Groups segments into chunks whose rendered text stays within the token
 * budget. Returns a single chunk when everything fits.
 */
export function chunkSegments(segments: TranscriptSegment[], budgetTokens: number): TranscriptSegment[][] {
  const maxChars = Math.max(800, budgetTokens * 4);
  const chunks: TranscriptSegment[][] = [];
  let current: TranscriptSegment[] = [];
  let currentChars = 0;
  for (const piece of segments.flatMap((segment) => fitSegment(segment, maxChars))) {
    const size = renderSegment(piece).length + 1;
    if (current.length > 0 && currentChars + size > maxChars) {
      chunks.push(current);
      current = [];
      currentChars = 0;
    }
    current.push(piece);
    currentChars += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (!k) return true;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function mergeEntities(entities: Entity[]): Entity[] {
  const byKey = new Map<string, Entity>();
  for (const entity of entities) {
    const key = `${entity.type.toLowerCase()}|${normalizeForMatch(entity.name)}`;
    const known = byKey.get(key);
    if (!known) byKey.set(key, { ...entity });
    else if (!known.context && entity.context) known.context = entity.context;
  }
  return [...byKey.values()];
}

/**
 * Combines the analyses of consecutive chunks: highlights, action items and
 * entities are concatenated and de-duplicated; the summary is given (it comes
 * from a separate merging call).
 */
export function combineAnalyses(parts: Analysis[], summary: string): Analysis {
  const highlights = uniqueBy(
    parts.flatMap((part) => part.highlights),
    (h) => `${h.timestamp}|${normalizeForMatch(h.quotes[0]?.text ?? h.point_of_interest)}`,
  );
  const actionItems = uniqueBy(
    parts.flatMap((part) => part.action_items),
    (a) => normalizeForMatch(a.description),
  );
  return {
    summary,
    highlights,
    action_items: actionItems,
    entities: mergeEntities(parts.flatMap((p) => p.entities)),
    // The same claim from two parts is one decision; "The motion carries." said at two votes is two.
    decisions: uniqueBy(
      parts.flatMap((part) => part.decisions),
      (d) =>
        [d.result_evidence.timestamp, d.motion_evidence.text, d.result_evidence.text].map(normalizeForMatch).join("|"),
    ),
  };
}
