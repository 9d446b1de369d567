/** The summarizers the benchmark compares, and their mean ROUGE over MeetingBank rows. */
import {
  readTranscriptSentences,
  summarize,
  summaryWordBudget,
  type SummaryOptions,
} from "~/lib/ai/offline/analyzer.server";
import { ensureSegments } from "~/lib/ai/segments";
import type { MeetingBankRow } from "./meetingbank";
import { meanScores, rouge, rougeTokens, type RougeScores } from "./rouge";

export type Summarizer = (transcript: string) => string;

function sentencesOf(transcript: string) {
  return readTranscriptSentences(ensureSegments([], transcript));
}

/** The analyzer's summary; options override its tuning (bench/tune.ts). */
export const analyzer =
  (options: Partial<SummaryOptions> = {}): Summarizer =>
  (transcript) =>
    summarize(sentencesOf(transcript), { useRules: true, ...options });

/** The first three sentences. */
export const lead3: Summarizer = (transcript) =>
  sentencesOf(transcript)
    .slice(0, 3)
    .map((s) => s.text.trim())
    .join(" ");

/** The opening sentences up to the analyzer's word budget: a lead baseline of the same length. */
export const leadSameLength: Summarizer = (transcript) => {
  const sentences = sentencesOf(transcript);
  const budget = summaryWordBudget(sentences);
  const picked: string[] = [];
  let words = 0;
  for (const sentence of sentences) {
    if (words >= budget) break;
    picked.push(sentence.text.trim());
    words += sentence.wordCount;
  }
  return picked.join(" ");
};

/** Plain TextRank (no rule layer), three sentences. */
export const plainTextRank: Summarizer = (transcript) =>
  summarize(sentencesOf(transcript), { useRules: false, sentences: 3 });

/** Plain TextRank with the analyzer's word budget: shows what the rule layer adds beyond length. */
export const plainTextRankSameLength: Summarizer = (transcript) =>
  summarize(sentencesOf(transcript), { useRules: false });

export type Evaluation = { name: string; scores: RougeScores; words: number };

export function evaluate(name: string, rows: MeetingBankRow[], summarizer: Summarizer): Evaluation {
  const scores: RougeScores[] = [];
  let words = 0;
  for (const row of rows) {
    const summary = summarizer(row.transcript);
    words += rougeTokens(summary).length;
    scores.push(rouge(summary, row.summary));
  }
  return { name, scores: meanScores(scores), words: words / Math.max(1, rows.length) };
}

export function printEvaluations(rows: Evaluation[]): void {
  const pct = (x: number) => (x * 100).toFixed(2).padStart(7);
  console.log(
    `  ${"summarizer".padEnd(34)} ${"ROUGE-1".padStart(7)} ${"ROUGE-2".padStart(7)} ${"ROUGE-L".padStart(7)}  words`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(34)} ${pct(row.scores.rouge1)} ${pct(row.scores.rouge2)} ${pct(row.scores.rougeL)}  ${row.words.toFixed(0).padStart(5)}`,
    );
  }
}
