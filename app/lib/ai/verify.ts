/**
 * The verification pass (docs/decisions/0024-one-verification-pass.md,
 * amending 0011). The pipeline runs it on whatever a provider returns,
 * before storing, over every text field of an analysis or a story:
 *
 * - every quoted span (double or single quotes, any length) must be in the
 *   transcript word for word after meaning-preserving normalizations
 *   (verify-match.ts); highlight quotes and quick facts that fail are
 *   removed, the sidebar quote is replaced, quotes in free text are marked;
 * - a found quote's time and speaker come from the transcript segment that
 *   holds it, never from the model: a quote said more than once is placed at
 *   the occurrence nearest the time claimed for it; a segment the transcript
 *   does not label has no speaker, whatever the model says; an untimed
 *   transcript gives no times, so none is shown;
 * - a quote that stops right before a negation the speaker went on with
 *   ("we will" before "not") is not verbatim in meaning: treated as unfound
 *   and, in free text, marked as such;
 * - every number (dates, tallies, sums, percentages, spelled-out numbers)
 *   must be stated by the transcript itself; others are marked (or, in a
 *   quick fact, the fact is dropped).
 */
import { z } from "zod";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { formatDuration } from "~/lib/format/duration";
import { countOf } from "~/lib/format/count";
import { VERIFICATION_MARKS } from "./marks";
import { numberClaims, numberText, sourceStates } from "./numbers";
import type { Analysis, NewsStory, Quote } from "./schemas";
import { ensureSegments } from "./segments";
import { normalizeClockTime, NO_TIMESTAMP, parseClockTime } from "./timestamps";
import {
  buildTranscriptIndex,
  findQuote,
  isUnknownSpeaker,
  normalizeForMatch,
  speakersMatch,
  type TranscriptIndex,
} from "./verify-match";
import { insertMarks, insideAny, quotedSpans } from "./verify-text";
import { decisionCheckSchema, verifyDecisions, withDecisionChecks } from "./verify-decisions";

export { normalizeForMatch, isUnknownSpeaker } from "./verify-match";
export { UNVERIFIED_QUOTE_MARK, UNSUPPORTED_NUMBER_MARK } from "./marks";

export const NORMALIZATIONS = ["case", "punctuation", "ellipsis", "hesitation", "contraction", "number-words"] as const;

export const segmentRefSchema = z.object({
  position: z.number(),
  timestamp: z.string().nullable(),
  speaker: z.string().nullable(),
});

/** kept: found and shown; removed: dropped from the content; replaced: a sidebar quote swapped for a found one; marked: left in free text with the quote mark after it. */
export const quoteOutcomeSchema = z.enum(["kept", "removed", "replaced", "marked"]);

export const quoteCheckSchema = z.object({
  location: z.string(),
  text: z.string(),
  claimedSpeaker: z.string().nullable(),
  verified: z.boolean(),
  segment: segmentRefSchema.nullable(),
  /** False when the transcript labels the segment with someone else; null when either side is unknown. */
  speakerMatches: z.boolean().nullable(),
  /** Normalizations the match needed; empty for an exact match. Absent on reports written before 0024. */
  matchedBy: z.array(z.enum(NORMALIZATIONS)).optional(),
  outcome: quoteOutcomeSchema.optional(),
  /** True when the words are in the transcript but the speaker went on with a negation the quote leaves out (then not verified). */
  cutBeforeNegation: z.boolean().optional(),
});

export const numberCheckSchema = z.object({
  value: z.string(),
  location: z.string(),
  context: z.string(),
  /** marked: the number mark follows it; dropped: the quick fact holding it was left out. */
  outcome: z.enum(["marked", "dropped"]).optional(),
});

export const verificationReportSchema = z.object({
  kind: z.enum(["analysis", "story"]),
  checkedAt: z.string(),
  quotes: z.array(quoteCheckSchema),
  verifiedQuotes: z.number(),
  unverifiedQuotes: z.number(),
  unsupportedNumbers: z.array(numberCheckSchema),
  passed: z.boolean(),
  // Added by 0024; absent on older reports.
  removedQuotes: z.number().optional(),
  markedQuotes: z.number().optional(),
  markedNumbers: z.number().optional(),
  droppedFacts: z.number().optional(),
  /** How many found quotes needed each normalization. */
  normalizations: z.record(z.string(), z.number()).optional(),
  // Added by issue 27; absent on older reports.
  /** Quotes found but cut right before a negation (marked in free text, removed elsewhere). */
  cutQuotes: z.number().optional(),
  /** Speaker names the model gave for segments the transcript does not label (shown as unknown). */
  droppedSpeakers: z.number().optional(),
  /** Times the content gave for a transcript without times (left out). */
  droppedTimes: z.number().optional(),
  // Added by 0060; absent on older reports.
  decisions: z.array(decisionCheckSchema).optional(),
  withheldDecisions: z.number().optional(),
  /** A story headline claiming a vote no published decision backs, and what replaced it. */
  headline: z.object({ original: z.string(), replacement: z.string(), reason: z.string() }).optional(),
});

export type SegmentRef = z.infer<typeof segmentRefSchema>;
export type QuoteCheck = z.infer<typeof quoteCheckSchema>;
export type NumberCheck = z.infer<typeof numberCheckSchema>;
export type VerificationReport = z.infer<typeof verificationReportSchema>;

function toSegmentRef(segment: TranscriptSegment): SegmentRef {
  return {
    position: segment.position,
    timestamp: segment.startSeconds === null ? null : formatDuration(segment.startSeconds),
    speaker: segment.speaker,
  };
}

function contextAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 50);
  const end = Math.min(text.length, index + length + 50);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

type Pass = {
  index: TranscriptIndex;
  /** The meeting's title, normalized: in quotes it names the meeting, it is no quotation. */
  title: string | null;
  /** The transcript reduced for number lookups: the only source numbers may come from. */
  numberSource: string;
  /** False when no segment has a time: then no time is shown, whatever the content claims. */
  timed: boolean;
  quotes: QuoteCheck[];
  numbers: NumberCheck[];
  droppedSpeakers: number;
  droppedTimes: number;
};

type Sources = { segments: TranscriptSegment[]; transcript?: string | null; title?: string | null };

function startPass({ segments, transcript, title }: Sources): Pass {
  const all = ensureSegments(segments, transcript);
  return {
    index: buildTranscriptIndex(all),
    title: title?.trim() ? normalizeForMatch(title) : null,
    numberSource: numberText(all.map((segment) => segment.text).join(" ")),
    timed: all.some((segment) => segment.startSeconds !== null),
    quotes: [],
    numbers: [],
    droppedSpeakers: 0,
    droppedTimes: 0,
  };
}

/** The seconds a claimed time ("00:12:41", "12:41") stands for; null without one or on an untimed transcript. */
function claimedSeconds(pass: Pass, time: string | null | undefined): number | null {
  return pass.timed && time ? parseClockTime(time) : null;
}

// A time the content gives in free text: with seconds ("00:12:41", "1:02:15") or bracketed ("(12:41)", "[12:41]"),
// with the "at" leading to it; a time of day ("6:30 p.m.") is no moment of the recording.
const RECORDING_TIME =
  /(?:\s*\((?:at\s+)?\[?\d{1,2}:\d{2}(?::\d{2})?\]?\))|(?:\s*\[\d{1,2}:\d{2}(?::\d{2})?\])|(?:(?:\s+at)?\s*\b\d{1,2}:\d{2}:\d{2}\b(?!\s*[ap]\.?m\b))/gi;

// "At 00:12:41 the mayor…" opening a sentence: the sentence goes on from its next word.
const OPENING_TIME = /(^|[.!?]\s+)At\s+\d{1,2}:\d{2}(?::\d{2})?,?\s+(\w)/g;

/** Free text without the recording times it gives, for a transcript without times. */
function withoutTimes(pass: Pass, text: string): string {
  if (pass.timed) return text;
  const dropped = () => {
    pass.droppedTimes += 1;
    return "";
  };
  return text
    .replace(OPENING_TIME, (_, before: string, next: string) => `${before}${dropped()}${next.toUpperCase()}`)
    .replace(RECORDING_TIME, dropped);
}

/** The first recording time a text gives ("Said during the meeting at 00:12:41."), as a claimed time. */
function timeIn(text: string): string | null {
  return /\b\d{1,2}:\d{2}(?::\d{2})?\b(?!\s*[ap]\.?m\b)/i.exec(text)?.[0] ?? null;
}

function checkQuote(
  pass: Pass,
  location: string,
  text: string,
  claimedSpeaker: string | null,
  near: number | null = null,
): QuoteCheck {
  const match = findQuote(pass.index, text, near);
  return {
    location,
    text,
    claimedSpeaker,
    verified: match !== null && !match.cutBeforeNegation,
    segment: match ? toSegmentRef(match.segment) : null,
    speakerMatches: match ? speakersMatch(claimedSpeaker, match.segment.speaker) : null,
    matchedBy: match?.matchedBy ?? [],
    ...(match?.cutBeforeNegation ? { cutBeforeNegation: true } : {}),
  };
}

function record(pass: Pass, check: QuoteCheck, outcome: QuoteCheck["outcome"]): QuoteCheck {
  const recorded = { ...check, outcome };
  pass.quotes.push(recorded);
  return recorded;
}

/**
 * The speaker to show: the label of the segment holding the quote; for a
 * segment the transcript does not label, `unknown`, never the model's name
 * (it may be a guess, or a name the transcript never says).
 */
function transcriptSpeaker(pass: Pass, check: QuoteCheck, claimed: string | null, unknown = "Unknown"): string {
  const labeled = check.segment?.speaker ?? null;
  if (!isUnknownSpeaker(labeled)) return labeled!;
  if (!isUnknownSpeaker(claimed) && claimed !== unknown) pass.droppedSpeakers += 1;
  return unknown;
}

type TextFindings = { quoteMarks: { at: number; mark: string }[]; numberMarks: { at: number; mark: string }[] };

/** Checks the quotes and numbers of one free-text field, recording them; returns where marks belong. */
function inspect(
  pass: Pass,
  location: string,
  text: string,
  numberOutcome: NumberCheck["outcome"],
  near: number | null = null,
): TextFindings {
  const spans = quotedSpans(text);
  const quoteMarks = [];
  for (const span of spans) {
    if (pass.title !== null && normalizeForMatch(span.inner) === pass.title) continue;
    const check = checkQuote(pass, location, span.inner, null, near);
    record(pass, check, check.verified ? "kept" : "marked");
    const mark = check.cutBeforeNegation ? VERIFICATION_MARKS.cut : VERIFICATION_MARKS.quote;
    if (!check.verified) quoteMarks.push({ at: span.end, mark: mark.text });
  }
  const numberMarks = [];
  for (const claim of numberClaims(text)) {
    // A quotation's numbers stand or fall with the quotation.
    if (insideAny(spans, claim.index) || sourceStates(pass.numberSource, claim)) continue;
    pass.numbers.push({
      value: claim.raw,
      location,
      context: contextAround(text, claim.index, claim.raw.length),
      outcome: numberOutcome,
    });
    numberMarks.push({ at: claim.index + claim.raw.length, mark: VERIFICATION_MARKS.number.text });
  }
  return { quoteMarks, numberMarks };
}

/** A free-text field with a mark after every quote and number the transcript does not hold. */
function freeText(pass: Pass, location: string, given: string, near: number | null = null): string {
  const text = withoutTimes(pass, given);
  const { quoteMarks, numberMarks } = inspect(pass, location, text, "marked", near);
  return insertMarks(text, [...quoteMarks, ...numberMarks]);
}

function freeTextOrNull(pass: Pass, location: string, text: string | null): string | null {
  return text === null ? null : freeText(pass, location, text);
}

function summarize(kind: VerificationReport["kind"], pass: Pass, droppedFacts = 0): VerificationReport {
  const { quotes, numbers } = pass;
  const verifiedQuotes = quotes.filter((quote) => quote.verified).length;
  const normalizations: Record<string, number> = {};
  for (const quote of quotes) {
    if (!quote.verified) continue;
    for (const step of quote.matchedBy ?? []) normalizations[step] = (normalizations[step] ?? 0) + 1;
  }
  return {
    kind,
    checkedAt: new Date().toISOString(),
    quotes,
    verifiedQuotes,
    unverifiedQuotes: quotes.length - verifiedQuotes,
    unsupportedNumbers: numbers,
    passed: verifiedQuotes === quotes.length && numbers.length === 0,
    removedQuotes: quotes.filter((q) => q.outcome === "removed" || q.outcome === "replaced").length,
    markedQuotes: quotes.filter((q) => q.outcome === "marked" && !q.cutBeforeNegation).length,
    markedNumbers: numbers.filter((n) => n.outcome === "marked").length,
    droppedFacts,
    normalizations,
    cutQuotes: quotes.filter((q) => q.cutBeforeNegation).length,
    droppedSpeakers: pass.droppedSpeakers,
    droppedTimes: pass.droppedTimes,
  };
}

// ---------------------------------------------------------------------------
// Analyses

export type VerifiedAnalysis = { analysis: Analysis; report: VerificationReport };

function verifyHighlight(pass: Pass, highlight: Analysis["highlights"][number], h: number) {
  const quotes: Quote[] = [];
  let firstTime: string | null = null;
  // A quote said more than once belongs to the occurrence nearest the moment the highlight claims.
  const near = claimedSeconds(pass, highlight.timestamp);
  highlight.quotes.forEach((quote, q) => {
    const check = checkQuote(pass, `highlights[${h}].quotes[${q}]`, quote.text, quote.speaker, near);
    record(pass, check, check.verified ? "kept" : "removed");
    if (!check.verified) return;
    quotes.push({ text: quote.text, speaker: transcriptSpeaker(pass, check, quote.speaker) });
    firstTime ??= check.segment?.timestamp ?? null;
  });
  const modelTime = normalizeClockTime(highlight.timestamp);
  if (!pass.timed && modelTime !== null && modelTime !== NO_TIMESTAMP) pass.droppedTimes += 1;
  return {
    // The moment is where its first found quote was said; the model's time only when no quote places it,
    // and never on a transcript without times (there is nothing it could come from).
    timestamp: pass.timed ? (firstTime ?? modelTime ?? NO_TIMESTAMP) : NO_TIMESTAMP,
    point_of_interest: freeText(pass, `highlights[${h}].point_of_interest`, highlight.point_of_interest, near),
    quotes,
  };
}

/**
 * The tallies of published decisions count as stated: "6-6" counted name by name from a clerk's
 * roll call is never said as a number, and a headline giving it must not be marked.
 */
function withConfirmedTallies(pass: Pass, decisions: Analysis["decisions"]): void {
  for (const { ayes, nays } of decisions)
    if (ayes !== null && nays !== null) pass.numberSource += ` ${numberText(`${ayes}-${nays}`)} `;
}

/**
 * Verifies an analysis against its transcript. The cleaned analysis keeps
 * only found highlight quotes (speaker and time from the transcript) and
 * marks unfound quotes and numbers in every other field.
 */
export function verifyAnalysis(
  analysis: Analysis,
  segments: TranscriptSegment[],
  transcript?: string | null,
  title?: string | null,
): VerifiedAnalysis {
  const pass = startPass({ segments, transcript, title });
  // Decisions are published only once checked (0060, verify-decisions.ts); a tally counted from a roll call is then stated.
  const decisions = verifyDecisions(analysis.decisions, {
    index: pass.index,
    freeText: (location, text) => freeText(pass, location, text),
  });
  withConfirmedTallies(pass, decisions.decisions);
  const summary = freeText(pass, "summary", analysis.summary);
  const highlights = analysis.highlights.map((highlight, h) => verifyHighlight(pass, highlight, h));
  const actionItems = analysis.action_items.map((item, i) => ({
    description: freeText(pass, `action_items[${i}].description`, item.description),
    responsible_party: freeText(pass, `action_items[${i}].responsible_party`, item.responsible_party),
    due_date: freeTextOrNull(pass, `action_items[${i}].due_date`, item.due_date),
  }));
  const entities = analysis.entities.map((entity, i) => ({
    name: freeText(pass, `entities[${i}].name`, entity.name),
    type: entity.type,
    context: freeText(pass, `entities[${i}].context`, entity.context),
  }));
  return {
    analysis: { summary, highlights, action_items: actionItems, entities, decisions: decisions.decisions },
    report: withDecisionChecks(summarize("analysis", pass), decisions.checks),
  };
}

// ---------------------------------------------------------------------------
// Stories

type QuoteBlock = NewsStory["sidebar_elements"]["quote_block"];

/** A sidebar quote's attribution when the transcript does not label its segment (as the offline story writer says it). */
const UNIDENTIFIED = "Unidentified speaker";

/** The first found quote of the analysis, to stand in for a sidebar quote that is not in the transcript. */
function replacementQuoteBlock(pass: Pass, analysis: Analysis | null): QuoteBlock {
  for (const highlight of analysis?.highlights ?? []) {
    const near = claimedSeconds(pass, highlight.timestamp);
    for (const quote of highlight.quotes) {
      const check = checkQuote(pass, "sidebar_elements.quote_block.quote", quote.text, quote.speaker, near);
      if (!check.verified) continue;
      record(pass, check, "kept");
      return {
        quote: quote.text,
        attribution: transcriptSpeaker(pass, check, quote.speaker, UNIDENTIFIED),
        context: freeText(pass, "sidebar_elements.quote_block.context", highlight.point_of_interest, near),
      };
    }
  }
  return { quote: "", attribution: "", context: "" };
}

function verifyQuoteBlock(pass: Pass, block: QuoteBlock, analysis: Analysis | null): QuoteBlock {
  if (!block.quote.trim())
    return { ...block, context: freeText(pass, "sidebar_elements.quote_block.context", block.context) };
  // The context may say when the quote was said ("Said during the meeting at 00:12:41."): its time is the claim.
  const near = claimedSeconds(pass, timeIn(block.context));
  const check = checkQuote(pass, "sidebar_elements.quote_block.quote", block.quote, block.attribution || null, near);
  if (!check.verified) {
    record(pass, check, "replaced");
    return replacementQuoteBlock(pass, analysis);
  }
  record(pass, check, "kept");
  return {
    quote: block.quote,
    attribution: transcriptSpeaker(pass, check, block.attribution || null, UNIDENTIFIED),
    context: freeText(pass, "sidebar_elements.quote_block.context", block.context, near),
  };
}

/** Quick facts are stand-alone claims: one with a quote or number the transcript does not hold is left out. */
function verifyQuickFacts(pass: Pass, facts: string[]): { facts: string[]; dropped: number } {
  const kept: string[] = [];
  facts.forEach((fact, i) => {
    const quotesBefore = pass.quotes.length;
    const { quoteMarks, numberMarks } = inspect(pass, `sidebar_elements.quick_facts[${i}]`, fact, "dropped");
    if (quoteMarks.length === 0 && numberMarks.length === 0) return kept.push(fact);
    for (const check of pass.quotes.slice(quotesBefore)) if (!check.verified) check.outcome = "removed";
  });
  return { facts: kept, dropped: facts.length - kept.length };
}

/** How the story's note listing unsupported figures begins (it names them without marks). */
export const FIGURES_NOTE = "Figures not found in the transcript";

/** Notes readers see under the story: what the pass changed, in plain words (no instructions to editors). */
function uncertaintyNotes(story: NewsStory, report: VerificationReport): string[] {
  const notes = [...story.metadata.uncertainty_notes];
  const wasOrWere = (count: number) => (count === 1 ? "was" : "were");
  if (report.quotes.some((q) => q.outcome === "replaced"))
    notes.push("The original sidebar quote was not found in the transcript and was replaced.");
  const marked = report.markedQuotes ?? 0;
  if (marked)
    notes.push(
      `${countOf(marked, "quoted passage")} ${wasOrWere(marked)} not found in the transcript and ${marked === 1 ? "is" : "are"} marked.`,
    );
  const cut = report.quotes.filter((q) => q.cutBeforeNegation && q.outcome === "marked").length;
  if (cut)
    notes.push(
      `${countOf(cut, "quoted passage")} ${cut === 1 ? "stops" : "stop"} before a negation the speaker went on with and ${cut === 1 ? "is" : "are"} marked.`,
    );
  const dropped = report.droppedFacts ?? 0;
  if (dropped)
    notes.push(
      `${countOf(dropped, "quick fact")} could not be confirmed by the transcript and ${wasOrWere(dropped)} left out.`,
    );
  if (report.unsupportedNumbers.length > 0) {
    const values = [...new Set(report.unsupportedNumbers.map((n) => n.value))].join(", ");
    notes.push(`${FIGURES_NOTE}: ${values}.`);
  }
  return notes;
}

export type VerifiedStory = { story: NewsStory; report: VerificationReport };

/**
 * Verifies a story against the transcript alone: the analysis it was
 * written from is no source for its numbers (an invented figure would pass
 * from one to the other), nor is an editor's context (an instruction, not a
 * record). The analysis only supplies a found quote to replace an unfound
 * sidebar quote.
 */
export function verifyStory(story: NewsStory, sources: Sources & { analysis: Analysis | null }): VerifiedStory {
  const pass = startPass(sources);
  withConfirmedTallies(pass, sources.analysis?.decisions ?? []);
  const { article, sidebar_elements: sidebar, metadata } = story;
  const headline = freeText(pass, "article.headline", article.headline);
  const body = freeText(pass, "article.body", article.body);
  const primaryFocus = freeText(pass, "article.primary_focus", article.primary_focus);
  const quoteBlock = verifyQuoteBlock(pass, sidebar.quote_block, sources.analysis);
  const quickFacts = verifyQuickFacts(pass, sidebar.quick_facts);
  const background = freeText(pass, "sidebar_elements.background", sidebar.background);
  const nextMeeting = freeTextOrNull(pass, "metadata.next_meeting_date", metadata.next_meeting_date);
  const notes = freeText(pass, "notes", story.notes);
  const report = summarize("story", pass, quickFacts.dropped);
  const cleaned: NewsStory = {
    article: { ...article, headline, body, primary_focus: primaryFocus },
    sidebar_elements: { quote_block: quoteBlock, quick_facts: quickFacts.facts, background },
    metadata: { ...metadata, next_meeting_date: nextMeeting, uncertainty_notes: uncertaintyNotes(story, report) },
    notes,
  };
  return { story: cleaned, report };
}
