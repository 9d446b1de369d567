/**
 * The offline extractive analyzer (docs/decisions/0010-offline-analyzer.md):
 * wink-nlp sentences and entities, TextRank over TF-IDF sentence vectors,
 * and a rule layer for meeting procedure, agenda language, motions, votes,
 * directions to staff, people, organizations and places.
 */
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { AnalyzeTranscriptInput } from "../provider";
import type { Analysis, Highlight } from "../schemas";
import { ensureSegments } from "../segments";
import { formatDuration } from "~/lib/format/duration";
import {
  announcedItem,
  DIRECTION,
  extractActionItems,
  isBareMotion,
  isProcedureItem,
  MOTION,
  voteOutcome,
} from "./actions";
import { extractDecisions } from "./decisions";
import { extractEntities } from "./entities";
import { meetingBody } from "./meeting-body";
import { readSentences, type NlpEntity } from "./nlp.server";
import {
  agendaWordCount,
  cleanSentence,
  countWords,
  displaySpeaker,
  isCutOff,
  isFirstPersonAside,
  isProcedural,
  shorten,
  verbatimPrefix,
} from "./rules";
import {
  isWholeMeeting,
  itemSentence,
  itemStatement,
  meetingItems,
  outcomeBetween,
  announcementLine,
  outcomeSentence,
  type MeetingItem,
} from "./summary-plan";
import { cosine, lightStem, pageRank, similarityGraph, type SparseVector, tfidfVectors } from "./textrank";

export type Sentence = {
  index: number;
  segmentIndex: number;
  text: string;
  speaker: string | null;
  terms: string[];
  wordCount: number;
  entities: NlpEntity[];
  procedural: boolean;
};

/** Weights of the rule layer over TextRank, tuned on the MeetingBank sample (bench/run.ts). */
export type RuleWeights = {
  /** Score multiplier per agenda word ("recommendation", "ordinance", ...), up to three. */
  agendaBonus: number;
  /** Extra weight of the opening sentences, decaying over positionDecay sentences. */
  positionWeight: number;
  positionDecay: number;
  /** Sentences shorter or longer than these lose score in proportion. */
  idealMinWords: number;
  idealMaxWords: number;
  /** Questions rarely summarize anything: their score is multiplied by this. */
  questionFactor: number;
};

export const DEFAULT_WEIGHTS: RuleWeights = {
  agendaBonus: 1,
  positionWeight: 3,
  positionDecay: 6,
  idealMinWords: 12,
  idealMaxWords: 40,
  questionFactor: 0.5,
};

export type SummaryOptions = {
  /** false gives plain TextRank: no procedure filter, agenda bonus, position prior or length shaping. */
  useRules: boolean;
  /** A fixed number of sentences (the baselines); by default a word budget set by `length`. */
  sentences?: number;
  length?: Partial<SummaryLength>;
  weights?: Partial<RuleWeights>;
};

const DEFAULT_SUMMARY: SummaryOptions = { useRules: true };

// TextRank is quadratic in sentences: beyond this many candidates, keep the
// ones closest to the transcript's centroid (a cheap proxy for centrality).
const MAX_GRAPH_SENTENCES = 400;

// ---------------------------------------------------------------------------
// Sentences

/** "Item 4 is public comment on items not on the agenda": an announcement of procedure, not of business. */
const opensProcedure = (text: string) => isProcedureItem(announcedItem(text) ?? "");

export function readTranscriptSentences(segments: TranscriptSegment[]): Sentence[] {
  const sentences: Sentence[] = [];
  segments.forEach((segment, segmentIndex) => {
    for (const sentence of readSentences(segment.text)) {
      sentences.push({
        index: sentences.length,
        segmentIndex,
        text: sentence.text,
        speaker: segment.speaker,
        terms: sentence.contentWords.filter((word) => word.length > 2 && /[a-z]/.test(word)).map(lightStem),
        wordCount: sentence.wordCount,
        entities: sentence.entities,
        procedural:
          isProcedural(sentence.text, sentence.wordCount) ||
          isBareMotion(sentence.text) ||
          opensProcedure(sentence.text),
      });
    }
  });
  return sentences;
}

// ---------------------------------------------------------------------------
// Ranking

function centroidCloseness(vectors: SparseVector[]): number[] {
  const centroid = new Map<number, number>();
  for (const vector of vectors)
    vector.ids.forEach((id, k) => centroid.set(id, (centroid.get(id) ?? 0) + vector.weights[k]!));
  return vectors.map((vector) =>
    vector.ids.reduce((sum, id, k) => sum + vector.weights[k]! * (centroid.get(id) ?? 0), 0),
  );
}

/** TextRank scores (0..1, max-normalized) for the candidate sentences; 0 for the rest. */
export function textRankScores(sentences: Sentence[], isCandidate: (s: Sentence) => boolean): number[] {
  let candidates = sentences.filter((s) => isCandidate(s) && s.terms.length > 0);
  let vectors = tfidfVectors(candidates.map((s) => s.terms));
  if (candidates.length > MAX_GRAPH_SENTENCES) {
    const closeness = centroidCloseness(vectors);
    const keep = closeness
      .map((score, i) => ({ score, i }))
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_GRAPH_SENTENCES)
      .map((entry) => entry.i)
      .sort((a, b) => a - b);
    candidates = keep.map((i) => candidates[i]!);
    vectors = keep.map((i) => vectors[i]!);
  }
  const ranks = pageRank(similarityGraph(vectors));
  const max = Math.max(...ranks, Number.MIN_VALUE);
  const scores = new Array<number>(sentences.length).fill(0);
  candidates.forEach((sentence, i) => (scores[sentence.index] = ranks[i]! / max));
  return scores;
}

function lengthFactor(wordCount: number, weights: RuleWeights): number {
  if (wordCount < weights.idealMinWords) return wordCount / weights.idealMinWords;
  if (wordCount > weights.idealMaxWords) return weights.idealMaxWords / wordCount;
  return 1;
}

const nonProcedural = (sentence: Sentence) => !sentence.procedural;

/** The rule layer over TextRank: agenda language up, opening sentences up, questions, rambling and procedure down. */
function ruleScores(sentences: Sentence[], textRank: number[], weights: RuleWeights): number[] {
  return sentences.map((sentence, i) => {
    if (sentence.procedural || isCutOff(sentence.text) || isFirstPersonAside(sentence.text)) return 0;
    const agenda = 1 + weights.agendaBonus * Math.min(3, agendaWordCount(sentence.text));
    const position = 1 + weights.positionWeight * Math.exp(-i / weights.positionDecay);
    const question = sentence.text.trim().endsWith("?") ? weights.questionFactor : 1;
    return textRank[i]! * agenda * position * question * lengthFactor(sentence.wordCount, weights);
  });
}

function summaryScores(sentences: Sentence[], useRules: boolean, weights: RuleWeights): number[] {
  if (!useRules) return textRankScores(sentences, () => true);
  return ruleScores(sentences, textRankScores(sentences, nonProcedural), weights);
}

// ---------------------------------------------------------------------------
// Summary

/**
 * The summary's length follows the transcript's: about one agenda item's
 * worth (a sentence or two) for a short item, up to five sentences for a
 * whole meeting. Minutes-style references are short, and so are good summaries.
 */
export type SummaryLength = { minWords: number; maxWords: number; ratio: number; maxSentences: number };

export const DEFAULT_LENGTH: SummaryLength = { minWords: 30, maxWords: 130, ratio: 0.01, maxSentences: 5 };

export function summaryWordBudget(sentences: Sentence[], length: SummaryLength = DEFAULT_LENGTH): number {
  const transcriptWords = sentences.reduce((sum, s) => sum + s.wordCount, 0);
  return Math.min(length.maxWords, Math.max(length.minWords, Math.round(transcriptWords * length.ratio)));
}

const REDUNDANCY = 0.5;
// A sentence may overshoot the word budget by this factor.
const BUDGET_SLACK = 1.25;

type PickLimits = { maxSentences: number; budgetWords: number };

/**
 * Best sentences first, skipping near-duplicates (also of the sentences `already` in the summary),
 * until the budget is used; indexes in transcript order.
 */
function pickSentences(
  sentences: Sentence[],
  scores: number[],
  { maxSentences, budgetWords }: PickLimits,
  already: number[] = [],
): number[] {
  const order = scores
    .map((score, i) => ({ score, i }))
    .filter((e) => e.score > 0 && !already.includes(e.i))
    .sort((a, b) => b.score - a.score);
  const vectors = tfidfVectors(sentences.map((s) => s.terms));
  const chosen: number[] = [];
  let words = 0;
  for (const { i } of order) {
    if (chosen.length >= maxSentences || words >= budgetWords) break;
    const sentenceWords = sentences[i]!.wordCount;
    if ((chosen.length > 0 || already.length > 0) && words + sentenceWords > budgetWords * BUDGET_SLACK) continue;
    if ([...already, ...chosen].some((j) => cosine(vectors[j]!, vectors[i]!) > REDUNDANCY)) continue;
    chosen.push(i);
    words += sentenceWords;
  }
  return chosen.sort((a, b) => a - b);
}

function summaryText(sentences: Sentence[], picked: number[], clean: boolean): string {
  const texts = picked.map((i) => sentences[i]!.text);
  return (clean ? texts.map(cleanSentence).filter(Boolean) : texts.map((t) => t.trim())).join(" ");
}

/**
 * An agenda item: its own statement first (the clerk's reading without "Item 12."), then the most
 * central substantive sentences, then its outcome.
 */
function agendaItemSummary(sentences: Sentence[], scores: number[], limits: PickLimits): string | null {
  const statement = itemStatement(sentences, limits.budgetWords);
  if (!statement) return null;
  const afterStatement = statement.indexes.at(-1)! + 1;
  const outcome = outcomeBetween(sentences, afterStatement);
  const outcomeText = outcome ? outcomeSentence(outcome, outcome.motion, statement.text) : "";
  const rest = {
    maxSentences: limits.maxSentences - 1,
    budgetWords: limits.budgetWords - countWords(statement.text) - countWords(outcomeText),
  };
  const picked = rest.budgetWords > 0 ? pickSentences(sentences, scores, rest, statement.indexes) : [];
  return [statement.text, summaryText(sentences, picked, true), outcomeText].filter(Boolean).join(" ");
}

const WORDS_PER_ITEM = 16;

/** A whole meeting: one sentence per main item in meeting order, with its outcome when said; public comment is no item. */
function meetingSummary(sentences: Sentence[], scores: number[], items: MeetingItem[], budgetWords: number): string {
  const units = items.flatMap((item) => {
    if (opensProcedure(sentences[item.announcement]!.text)) return [];
    const index = itemSentence(sentences, scores, item);
    if (index === null) return [];
    const outcome = outcomeBetween(sentences, item.start, item.end);
    const line =
      index === item.announcement ? announcementLine(sentences[index]!.text) : cleanSentence(sentences[index]!.text);
    const text = [line, outcome ? outcomeSentence(outcome, outcome.motion) : ""].filter(Boolean);
    return [{ index, text: text.join(" "), words: countWords(text.join(" ")), debate: item.end - item.start }];
  });
  // A meeting's main items all get their line when the transcript's own budget is too small for them.
  const budget = Math.max(budgetWords, Math.min(DEFAULT_LENGTH.maxWords, units.length * WORDS_PER_ITEM));
  // The items debated longest are kept when not all fit the budget.
  const kept: typeof units = [];
  let words = 0;
  for (const unit of [...units].sort((a, b) => b.debate - a.debate)) {
    if (kept.length > 0 && words + unit.words > budget * BUDGET_SLACK) continue;
    kept.push(unit);
    words += unit.words;
  }
  return kept
    .sort((a, b) => a.index - b.index)
    .map((unit) => unit.text)
    .join(" ");
}

function summaryFromScores(sentences: Sentence[], scores: number[], options: SummaryOptions): string {
  const length = { ...DEFAULT_LENGTH, ...options.length };
  if (options.sentences) {
    const pick = { maxSentences: options.sentences, budgetWords: Number.POSITIVE_INFINITY };
    return summaryText(sentences, pickSentences(sentences, scores, pick), options.useRules);
  }
  const pick = { maxSentences: length.maxSentences, budgetWords: summaryWordBudget(sentences, length) };
  if (options.useRules) {
    const items = meetingItems(sentences);
    const planned = isWholeMeeting(items)
      ? meetingSummary(sentences, scores, items, pick.budgetWords)
      : agendaItemSummary(sentences, scores, pick);
    if (planned) return planned;
  }
  return summaryText(sentences, pickSentences(sentences, scores, pick), options.useRules);
}

export function summarize(sentences: Sentence[], options: SummaryOptions = DEFAULT_SUMMARY): string {
  const scores = summaryScores(sentences, options.useRules, { ...DEFAULT_WEIGHTS, ...options.weights });
  return summaryFromScores(sentences, scores, options);
}

// ---------------------------------------------------------------------------
// Highlights

const MIN_HIGHLIGHTS = 3;
const MAX_HIGHLIGHTS = 6;
const QUOTE_MAX_WORDS = 45;

function highlightKind(sentence: Sentence): string {
  if (voteOutcome(sentence.text)) return "Vote";
  if (MOTION.test(sentence.text)) return "Motion";
  if (DIRECTION.test(sentence.text)) return "Direction to staff";
  if (sentence.entities.some((e) => e.type === "MONEY")) return "Funding";
  if (agendaWordCount(sentence.text) > 0) return "Agenda item";
  return "Discussion";
}

function interest(sentence: Sentence): number {
  let bonus = 1;
  if (sentence.entities.some((e) => e.type === "MONEY")) bonus += 0.5;
  if (sentence.entities.some((e) => e.type === "DATE" || e.type === "PERCENT")) bonus += 0.2;
  if (MOTION.test(sentence.text) || DIRECTION.test(sentence.text) || voteOutcome(sentence.text)) bonus += 0.6;
  return bonus;
}

function highlightCount(sentences: Sentence[]): number {
  return Math.min(MAX_HIGHLIGHTS, Math.max(MIN_HIGHLIGHTS, Math.round(sentences.length / 40)));
}

/** Highlights rank by centrality and interest, without the summary's preference for the opening. */
function highlightScores(sentences: Sentence[], textRank: number[]): number[] {
  return sentences.map((s, i) =>
    s.procedural ? 0 : textRank[i]! * interest(s) * lengthFactor(s.wordCount, DEFAULT_WEIGHTS),
  );
}

/**
 * Highest-scoring moments in time order. Two highlights never come from
 * neighboring sentences of one segment, so they spread across the meeting.
 */
function pickHighlightSentences(sentences: Sentence[], scores: number[]): Sentence[] {
  const wanted = highlightCount(sentences);
  const minGap = Math.floor(sentences.length / (wanted * 3));
  const ranked = sentences
    .filter((s) => !s.procedural && s.wordCount >= 8)
    .map((s) => ({ sentence: s, score: (scores[s.index] ?? 0) + 1e-9 }))
    .sort((a, b) => b.score - a.score);
  const chosen: Sentence[] = [];
  for (const { sentence } of ranked) {
    if (chosen.length >= wanted) break;
    const clashes = chosen.some(
      (other) =>
        other.segmentIndex === sentence.segmentIndex && Math.abs(other.index - sentence.index) <= Math.max(minGap, 1),
    );
    if (!clashes) chosen.push(sentence);
  }
  return chosen.sort((a, b) => a.index - b.index);
}

/** A neighboring sentence of the same segment worth quoting too, if any. */
function companionSentence(sentences: Sentence[], sentence: Sentence): Sentence | null {
  for (const index of [sentence.index + 1, sentence.index - 1]) {
    const other = sentences[index];
    if (other && other.segmentIndex === sentence.segmentIndex && !other.procedural && other.wordCount >= 6)
      return other;
  }
  return null;
}

function buildHighlight(sentences: Sentence[], segments: TranscriptSegment[], sentence: Sentence): Highlight {
  const segment = segments[sentence.segmentIndex]!;
  const speaker = displaySpeaker(segment.speaker);
  const companion = companionSentence(sentences, sentence);
  const quotes = [sentence, ...(companion ? [companion] : [])]
    .sort((a, b) => a.index - b.index)
    .map((s) => ({ text: verbatimPrefix(s.text, QUOTE_MAX_WORDS), speaker }));
  const who = segment.speaker ? ` (${speaker})` : "";
  return {
    timestamp: formatDuration(segment.startSeconds),
    point_of_interest: `${highlightKind(sentence)}${who}: ${shorten(cleanSentence(sentence.text), 30)}`,
    quotes,
  };
}

// ---------------------------------------------------------------------------

/** The meeting's title names the body that met: its votes are that body's (meeting-body.ts). */
export type AnalyzeOptions = { title?: string | null };

export function analyzeSegments(segments: TranscriptSegment[], { title = null }: AnalyzeOptions = {}): Analysis {
  const sentences = readTranscriptSentences(segments);
  const textRank = textRankScores(sentences, nonProcedural);
  const summary = summaryFromScores(sentences, ruleScores(sentences, textRank, DEFAULT_WEIGHTS), DEFAULT_SUMMARY);
  const highlights = pickHighlightSentences(sentences, highlightScores(sentences, textRank));
  return {
    summary: summary || "The transcript has too little spoken content to summarize.",
    highlights: highlights.map((s) => buildHighlight(sentences, segments, s)),
    action_items: extractActionItems(sentences, meetingBody(title)),
    entities: extractEntities(sentences),
    decisions: extractDecisions(sentences, segments),
  };
}

/** Analyses a transcript without a language model. Segments are derived from the text when none are given. */
export function analyzeOffline(
  input: Pick<AnalyzeTranscriptInput, "transcript" | "segments"> & { title?: string | null },
): Analysis {
  return analyzeSegments(ensureSegments(input.segments, input.transcript), { title: input.title });
}
