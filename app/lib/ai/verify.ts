/**
 * Faithfulness checks (see docs/decisions/0011-faithfulness.md).
 *
 * Every quote an analysis or story presents as verbatim is looked up in the
 * transcript after normalizing case, whitespace, punctuation, curly quotes
 * and hesitation sounds. Found quotes are linked to their segment; quotes
 * that cannot be found are flagged and removed from (or marked in) the
 * cleaned result. Numbers in a story must appear in the transcript or the
 * analysis; the others are listed.
 */
import { z } from "zod";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { findDigitNumbers, numberValuesIn } from "./numbers";
import { ensureSegments } from "./segments";
import type { Analysis, Highlight, NewsStory, Quote } from "./schemas";
import { formatDuration } from "~/lib/format/duration";
import { normalizeClockTime } from "./timestamps";

export const segmentRefSchema = z.object({
  position: z.number(),
  timestamp: z.string().nullable(),
  speaker: z.string().nullable(),
});

export const quoteCheckSchema = z.object({
  location: z.string(),
  text: z.string(),
  claimedSpeaker: z.string().nullable(),
  verified: z.boolean(),
  segment: segmentRefSchema.nullable(),
  /** False when the transcript labels the segment with someone else; null when either side is unknown. */
  speakerMatches: z.boolean().nullable(),
});

export const numberCheckSchema = z.object({ value: z.string(), location: z.string(), context: z.string() });

export const verificationReportSchema = z.object({
  kind: z.enum(["analysis", "story"]),
  checkedAt: z.string(),
  quotes: z.array(quoteCheckSchema),
  verifiedQuotes: z.number(),
  unverifiedQuotes: z.number(),
  unsupportedNumbers: z.array(numberCheckSchema),
  passed: z.boolean(),
});

export type SegmentRef = z.infer<typeof segmentRefSchema>;
export type QuoteCheck = z.infer<typeof quoteCheckSchema>;
export type NumberCheck = z.infer<typeof numberCheckSchema>;
export type VerificationReport = z.infer<typeof verificationReportSchema>;

export { UNVERIFIED_QUOTE_MARK } from "./marks";
import { UNVERIFIED_QUOTE_MARK } from "./marks";

// ---------------------------------------------------------------------------
// Normalization and lookup

const HESITATIONS = new Set(["um", "umm", "uh", "uhh", "er", "erm", "ah", "hmm", "mm"]);
// Verbal fillers that tidied quotes leave out; removed on both sides, so matching stays symmetric.
const FILLER_PHRASES = / (?:you know|i mean)(?= )/g;

/** Lower case, straight quotes, no punctuation, no hesitation sounds or fillers, single spaces. */
export function normalizeForMatch(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032'`]/g, "") // apostrophes: "don’t" and "dont" match
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((word) => word && !HESITATIONS.has(word))
    .join(" ");
  return ` ${words} `.replace(FILLER_PHRASES, "").trim();
}

type TranscriptIndex = {
  text: string;
  /** Start offset of each segment in `text`, ascending. */
  starts: number[];
  segments: TranscriptSegment[];
};

export function buildTranscriptIndex(segments: TranscriptSegment[]): TranscriptIndex {
  const starts: number[] = [];
  let text = "";
  for (const segment of segments) {
    starts.push(text.length);
    text += `${normalizeForMatch(segment.text)} `;
  }
  return { text, starts, segments };
}

function segmentAt(index: TranscriptIndex, offset: number): TranscriptSegment | undefined {
  let low = 0;
  let high = index.starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (index.starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return index.segments[low];
}

// Quotes trimmed with an ellipsis must have their parts in order, close together.
const ELLIPSIS = /\s*(?:\.\s*\.\s*\.|\u2026)\s*/;
const MAX_ELLIPSIS_GAP = 600;

function findInText(haystack: string, needle: string, from: number): number {
  // Word boundaries: "art" must not match inside "start".
  let at = haystack.indexOf(needle, from);
  while (at >= 0) {
    const before = at === 0 || haystack[at - 1] === " ";
    const after = at + needle.length >= haystack.length || haystack[at + needle.length] === " ";
    if (before && after) return at;
    at = haystack.indexOf(needle, at + 1);
  }
  return -1;
}

/** Offset of the quote in the normalized transcript, or -1. */
function locateQuote(index: TranscriptIndex, quote: string): number {
  const parts = quote.split(ELLIPSIS).map(normalizeForMatch).filter(Boolean);
  if (parts.length === 0) return -1;
  let start = findInText(index.text, parts[0]!, 0);
  while (start >= 0) {
    if (partsFollow(index.text, parts, start)) return start;
    start = findInText(index.text, parts[0]!, start + 1);
  }
  return -1;
}

function partsFollow(text: string, parts: string[], start: number): boolean {
  let cursor = start + parts[0]!.length;
  for (const part of parts.slice(1)) {
    const next = findInText(text, part, cursor);
    if (next < 0 || next - cursor > MAX_ELLIPSIS_GAP) return false;
    cursor = next + part.length;
  }
  return true;
}

function toSegmentRef(segment: TranscriptSegment): SegmentRef {
  return {
    position: segment.position,
    timestamp: segment.startSeconds === null ? null : formatDuration(segment.startSeconds),
    speaker: segment.speaker,
  };
}

// ---------------------------------------------------------------------------
// Speakers

const TITLE_WORDS = new Set([
  "mayor",
  "vice",
  "deputy",
  "council",
  "councilmember",
  "councilman",
  "councilwoman",
  "councillor",
  "councilor",
  "member",
  "president",
  "chair",
  "chairman",
  "chairwoman",
  "chairperson",
  "commissioner",
  "city",
  "manager",
  "attorney",
  "clerk",
  "director",
  "chief",
  "mr",
  "mrs",
  "ms",
  "dr",
  "madam",
  "supervisor",
  "pro",
  "tem",
  "speaker",
  "the",
  "of",
  "staff",
  "public",
  "commenter",
]);

function nameWords(speaker: string): string[] {
  return normalizeForMatch(speaker)
    .split(" ")
    .filter((word) => word.length > 1 && !TITLE_WORDS.has(word) && !/^\d+$/.test(word));
}

export function isUnknownSpeaker(speaker: string | null | undefined): boolean {
  return !speaker || /^(unknown|unidentified|n\/?a|none)$/i.test(speaker.trim());
}

/** True when both sides share a name word ("Councilmember Reyes" ~ "COUNCILMEMBER ANA REYES"). */
function speakersMatch(claimed: string | null, labeled: string | null): boolean | null {
  if (isUnknownSpeaker(claimed) || isUnknownSpeaker(labeled)) return null;
  const claimedWords = nameWords(claimed!);
  const labeledWords = new Set(nameWords(labeled!));
  if (claimedWords.length === 0 || labeledWords.size === 0) {
    return normalizeForMatch(claimed!) === normalizeForMatch(labeled!);
  }
  return claimedWords.some((word) => labeledWords.has(word));
}

// ---------------------------------------------------------------------------
// Quote checks

function checkQuote(index: TranscriptIndex, location: string, text: string, claimedSpeaker: string | null): QuoteCheck {
  const offset = locateQuote(index, text);
  const segment = offset >= 0 ? segmentAt(index, offset) : undefined;
  return {
    location,
    text,
    claimedSpeaker,
    verified: segment !== undefined,
    segment: segment ? toSegmentRef(segment) : null,
    speakerMatches: segment ? speakersMatch(claimedSpeaker, segment.speaker) : null,
  };
}

/** The speaker to show: the transcript's label wins over a missing or contradicting one. */
function attributedSpeaker(check: QuoteCheck): string {
  const labeled = check.segment?.speaker ?? null;
  if (labeled && (isUnknownSpeaker(check.claimedSpeaker) || check.speakerMatches === false)) return labeled;
  return check.claimedSpeaker ?? "Unknown";
}

function summarize(kind: VerificationReport["kind"], quotes: QuoteCheck[], numbers: NumberCheck[]): VerificationReport {
  const verifiedQuotes = quotes.filter((quote) => quote.verified).length;
  return {
    kind,
    checkedAt: new Date().toISOString(),
    quotes,
    verifiedQuotes,
    unverifiedQuotes: quotes.length - verifiedQuotes,
    unsupportedNumbers: numbers,
    passed: verifiedQuotes === quotes.length && numbers.length === 0,
  };
}

function cleanHighlight(highlight: Highlight, checks: QuoteCheck[]): Highlight {
  const quotes: Quote[] = [];
  highlight.quotes.forEach((quote, i) => {
    const check = checks[i]!;
    if (check.verified) quotes.push({ text: quote.text, speaker: attributedSpeaker(check) });
  });
  const firstTimed = checks.find((check) => check.segment?.timestamp)?.segment?.timestamp ?? null;
  const timestamp = normalizeClockTime(highlight.timestamp) ?? firstTimed ?? "00:00:00";
  return { ...highlight, timestamp, quotes };
}

export type VerifiedAnalysis = { analysis: Analysis; report: VerificationReport };

/**
 * Checks every highlight quote against the transcript. The cleaned analysis
 * keeps only found quotes (speaker taken from the transcript label when the
 * model's contradicts it) and "hh:mm:ss" timestamps.
 */
export function verifyAnalysis(
  analysis: Analysis,
  segments: TranscriptSegment[],
  transcript?: string,
): VerifiedAnalysis {
  const index = buildTranscriptIndex(ensureSegments(segments, transcript));
  const allChecks: QuoteCheck[] = [];
  const highlights = analysis.highlights.map((highlight, h) => {
    const checks = highlight.quotes.map((quote, q) =>
      checkQuote(index, `highlights[${h}].quotes[${q}]`, quote.text, quote.speaker),
    );
    allChecks.push(...checks);
    return cleanHighlight(highlight, checks);
  });
  const numbers = unsupportedNumbersIn(
    analysisTexts(analysis),
    numberValuesIn(index.segments.map((s) => s.text).join(" ")),
  );
  return { analysis: { ...analysis, highlights }, report: summarize("analysis", allChecks, numbers) };
}

// ---------------------------------------------------------------------------
// Numbers

type LocatedText = { location: string; text: string };

function analysisTexts(analysis: Analysis): LocatedText[] {
  return [
    { location: "summary", text: analysis.summary },
    ...analysis.highlights.map((h, i) => ({
      location: `highlights[${i}].point_of_interest`,
      text: h.point_of_interest,
    })),
    ...analysis.action_items.map((a, i) => ({
      location: `action_items[${i}]`,
      text: `${a.description} ${a.due_date ?? ""}`,
    })),
  ];
}

function storyTexts(story: NewsStory): LocatedText[] {
  return [
    { location: "article.headline", text: story.article.headline },
    { location: "article.body", text: withoutQuotedPassages(story.article.body) },
    { location: "article.primary_focus", text: story.article.primary_focus },
    { location: "sidebar_elements.quote_block.context", text: story.sidebar_elements.quote_block.context },
    ...story.sidebar_elements.quick_facts.map((fact, i) => ({
      location: `sidebar_elements.quick_facts[${i}]`,
      text: fact,
    })),
    { location: "sidebar_elements.background", text: story.sidebar_elements.background },
    { location: "metadata.next_meeting_date", text: story.metadata.next_meeting_date ?? "" },
  ];
}

function contextAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 50);
  const end = Math.min(text.length, index + length + 50);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

function unsupportedNumbersIn(texts: LocatedText[], supported: Set<string>): NumberCheck[] {
  const found: NumberCheck[] = [];
  for (const { location, text } of texts) {
    for (const mention of findDigitNumbers(text)) {
      if (mention.values.some((value) => supported.has(value))) continue;
      found.push({ value: mention.raw, location, context: contextAround(text, mention.index, mention.raw.length) });
    }
  }
  return found;
}

// ---------------------------------------------------------------------------
// Stories

// A passage in double quotes (straight or curly) of at least three words.
const QUOTED_PASSAGE = /["\u201c]([^"\u201c\u201d]{2,}?)["\u201d]/g;

function isQuotation(passage: string): boolean {
  return passage.trim().split(/\s+/).length >= 3;
}

function withoutQuotedPassages(body: string): string {
  return body.replace(QUOTED_PASSAGE, (whole, passage: string) => (isQuotation(passage) ? " " : whole));
}

function markUnverifiedBodyQuotes(body: string, unverified: Set<string>): string {
  return body.replace(QUOTED_PASSAGE, (whole, passage: string) =>
    unverified.has(passage) ? `${whole} ${UNVERIFIED_QUOTE_MARK}` : whole,
  );
}

function bodyQuoteChecks(index: TranscriptIndex, body: string): QuoteCheck[] {
  const checks: QuoteCheck[] = [];
  for (const match of body.matchAll(QUOTED_PASSAGE)) {
    const passage = match[1]!;
    if (isQuotation(passage)) checks.push(checkQuote(index, "article.body", passage, null));
  }
  return checks;
}

/** A verified analysis quote to stand in for a quote block that could not be found. */
function replacementQuoteBlock(
  index: TranscriptIndex,
  analysis: Analysis | null,
): NewsStory["sidebar_elements"]["quote_block"] {
  for (const highlight of analysis?.highlights ?? []) {
    for (const quote of highlight.quotes) {
      const check = checkQuote(index, "replacement", quote.text, quote.speaker);
      if (check.verified) {
        return { quote: quote.text, attribution: attributedSpeaker(check), context: highlight.point_of_interest };
      }
    }
  }
  return { quote: "", attribution: "", context: "" };
}

function numbersNote(numbers: NumberCheck[]): string {
  const values = [...new Set(numbers.map((n) => n.value))].join(", ");
  return `Numbers not found in the transcript or the analysis (check before publishing): ${values}.`;
}

export type VerifiedStory = { story: NewsStory; report: VerificationReport };

/**
 * Checks the quote block and every quoted passage of the body against the
 * transcript, and every number against the transcript, the analysis and the
 * editor's context. An
 * unfound quote block is replaced by a verified analysis quote (or emptied);
 * unfound body quotes are marked; unsupported numbers get an uncertainty note.
 */
export function verifyStory(
  story: NewsStory,
  sources: {
    segments: TranscriptSegment[];
    transcript?: string | null;
    analysis: Analysis | null;
    /** Context the editor supplied; its numbers count as sourced. */
    additionalContext?: string | null;
  },
): VerifiedStory {
  const index = buildTranscriptIndex(ensureSegments(sources.segments, sources.transcript));
  const block = story.sidebar_elements.quote_block;
  const blockCheck = block.quote.trim()
    ? checkQuote(index, "sidebar_elements.quote_block", block.quote, block.attribution || null)
    : null;
  const bodyChecks = bodyQuoteChecks(index, story.article.body);
  const checks = blockCheck ? [blockCheck, ...bodyChecks] : bodyChecks;

  const supported = numberValuesIn(index.segments.map((s) => s.text).join(" "));
  const otherSources = [sources.analysis ? JSON.stringify(sources.analysis) : "", sources.additionalContext ?? ""].join(
    " ",
  );
  for (const value of numberValuesIn(otherSources)) supported.add(value);
  const numbers = unsupportedNumbersIn(storyTexts(story), supported);

  const unverifiedBody = new Set(bodyChecks.filter((c) => !c.verified).map((c) => c.text));
  const quoteBlock = !blockCheck
    ? block
    : blockCheck.verified
      ? { ...block, attribution: block.attribution.trim() ? block.attribution : attributedSpeaker(blockCheck) }
      : replacementQuoteBlock(index, sources.analysis);
  const notes = [...story.metadata.uncertainty_notes];
  if (blockCheck && !blockCheck.verified)
    notes.push("The original sidebar quote was not found in the transcript and was replaced.");
  if (unverifiedBody.size > 0)
    notes.push(`${unverifiedBody.size} quoted passage(s) in the body were not found in the transcript and are marked.`);
  if (numbers.length > 0) notes.push(numbersNote(numbers));

  const cleaned: NewsStory = {
    ...story,
    article: { ...story.article, body: markUnverifiedBodyQuotes(story.article.body, unverifiedBody) },
    sidebar_elements: { ...story.sidebar_elements, quote_block: quoteBlock },
    metadata: { ...story.metadata, uncertainty_notes: notes },
  };
  return { story: cleaned, report: summarize("story", checks, numbers) };
}
