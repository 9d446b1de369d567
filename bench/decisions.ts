/**
 * Decisions (issue 27, docs/decisions/0061): the offline analyzer (no model) over caption meetings in the
 * format of ../shared/data/captions/*.jsonl, the production way (cues merged and stored as a transcript,
 * the stored text parsed back into segments), then the verification pass as the pipeline runs it, then
 * the offline story writer. Writes DIR/<id>.json per meeting: id, headline, summary and the PUBLISHED
 * decisions. With a decisions-gold.jsonl beside the input file, prints precision and recall of decisions
 * (README of the caption set: result second within 45 s, same result, same motion class), tally accuracy
 * and headline checks, for the published decisions and for those extracted before the check.
 *
 *   npm run bench -- --only decisions [--input FILE.jsonl] [--out DIR]
 *
 * Default input: both development files, each reported separately (the analyzer is tuned on
 * minneapolis-dev.jsonl; minneapolis-dev-2.jsonl is the held-out half). The MeetingBank sample, when
 * present, is run too: how many items whose result is stated get a decision.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { analyzeSegments } from "~/lib/ai/offline/analyzer.server";
import { findVoteOutcome } from "~/lib/ai/offline/actions";
import { writeOfflineStory } from "~/lib/ai/offline/story-writer";
import { parseClockTime } from "~/lib/ai/timestamps";
import { motionClass, type Decision, type MotionKind } from "~/lib/ai/schemas";
import { ensureSegments } from "~/lib/ai/segments";
import { verifyAnalysis } from "~/lib/ai/verify";
import { formatTranscriptText, parseTimestampedTranscript, type TranscriptSegment } from "~/lib/transcripts/parse";
import { captionSegments, captionsPath, type CaptionMeeting } from "./caption-set";
import { loadMeetingBank } from "./meetingbank";

export type BenchDecision = {
  item: string;
  motion: MotionKind;
  result: string;
  ayes: number | null;
  nays: number | null;
  abstain: number | null;
  how: string | null;
  motionSecond: number;
  resultSecond: number;
};
type Output = { id: string; headline: string; summary: string; decisions: BenchDecision[] };
type GoldDecision = {
  item: string;
  motion: string;
  result: string;
  ayes: number | null;
  nays: number | null;
  resultSecond: number | null;
  motionSecond: number | null;
};
type Gold = { id: string; decisions: GoldDecision[] };

const MATCH_SECONDS = 45;
const DECISION_VERB =
  /\b(?:approves?|adopts?|passes|rejects?|denies|delays|postpones|sends?|refers?|sets?|sustains?|overrides?|forwards?|advances?|receives?|amends?|continues|grants?|awards?|upholds?|fails?|kills?|backs?|OKs|authorizes?|orders?|directs?|requests?|enters?|accepts?|declares?|appoints?|executes?|establish(?:es)?|receives? and files?)\b/i;

const seconds = (timestamp: string): number => parseClockTime(timestamp) ?? 0;

function forBench(decision: Decision): BenchDecision {
  return {
    item: decision.item,
    motion: decision.motion,
    result: decision.result,
    ayes: decision.ayes,
    nays: decision.nays,
    abstain: decision.abstain,
    how: decision.how,
    motionSecond: seconds(decision.motion_evidence.timestamp),
    resultSecond: seconds(decision.result_evidence.timestamp),
  };
}

/** The stored transcript, parsed back: what the pipeline analyzes. */
function storedSegments(meeting: CaptionMeeting): { transcript: string; segments: TranscriptSegment[] } {
  const transcript = formatTranscriptText(captionSegments(meeting));
  return { transcript, segments: parseTimestampedTranscript(transcript) };
}

type Run = { output: Output; extracted: BenchDecision[] };

/** Analysis, verification and story as the pipeline runs them with the offline provider. */
export function runMeeting(id: string, title: string | null, transcript: string, segments: TranscriptSegment[]): Run {
  const analysis = analyzeSegments(segments, { title });
  const verified = verifyAnalysis(analysis, segments, transcript, title);
  const story = writeOfflineStory({ analysis: verified.analysis, segments, title, additionalContext: null });
  return {
    output: {
      id,
      headline: story.article.headline,
      summary: verified.analysis.summary,
      decisions: verified.analysis.decisions.map(forBench),
    },
    extracted: analysis.decisions.map(forBench),
  };
}

type Score = {
  predicted: number;
  matched: number;
  gold: number;
  recalled: number;
  tallies: number;
  talliesRight: number;
};
const emptyScore = (): Score => ({ predicted: 0, matched: 0, gold: 0, recalled: 0, tallies: 0, talliesRight: 0 });

/** One-to-one matches, nearest result second first. */
export function score(predicted: BenchDecision[], gold: GoldDecision[], into: Score = emptyScore()): Score {
  const used = new Set<number>();
  const audible = (g: GoldDecision) => (g.result === "carried" || g.result === "failed") && g.motion !== "adjourn";
  into.predicted += predicted.length;
  into.gold += gold.filter(audible).length;
  for (const p of predicted) {
    let best = -1;
    gold.forEach((g, k) => {
      if (used.has(k) || g.resultSecond === null || g.result !== p.result) return;
      if (motionClass(g.motion as MotionKind) !== motionClass(p.motion)) return;
      const gap = Math.abs(g.resultSecond - p.resultSecond);
      if (gap <= MATCH_SECONDS && (best < 0 || gap < Math.abs(gold[best]!.resultSecond! - p.resultSecond))) best = k;
    });
    if (best < 0) continue;
    used.add(best);
    into.matched++;
    if (audible(gold[best]!)) into.recalled++;
    if (p.ayes !== null) {
      into.tallies++;
      const g = gold[best]!;
      if (g.ayes === p.ayes && (p.nays === null || g.nays === p.nays)) into.talliesRight++;
    }
  }
  return into;
}

const percent = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "n/a");

function printScore(label: string, s: Score): void {
  console.log(
    `  ${label}: precision ${percent(s.matched, s.predicted)} (${s.matched}/${s.predicted}), recall ${percent(s.recalled, s.gold)} (${s.recalled}/${s.gold}), tallies right ${percent(s.talliesRight, s.tallies)} (${s.talliesRight}/${s.tallies})`,
  );
}

const isCapitals = (headline: string) => {
  const letters = headline.replace(/[^A-Za-z]/g, "");
  return letters.length > 8 && letters === letters.toUpperCase();
};

function headlineChecks(outputs: Output[]): void {
  const meets = outputs.filter((o) => /\bmeets\b/i.test(o.headline)).length;
  const capitals = outputs.filter((o) => isCapitals(o.headline)).length;
  const noVerb = outputs.filter((o) => o.decisions.length > 0 && !DECISION_VERB.test(o.headline)).length;
  console.log(
    `  headlines: ${outputs.length}; saying "meets" ${meets}; in capitals ${capitals}; without a decision verb though a verified decision exists ${noVerb}`,
  );
}

function loadJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

function runFile(file: string, outDir: string): void {
  const tuned = path.basename(file) === "minneapolis-dev.jsonl";
  const label = `${path.basename(file)}${tuned ? " (tuned on)" : path.basename(file) === "minneapolis-dev-2.jsonl" ? " (held out: not tuned on)" : ""}`;
  console.log(`\n${label}`);
  const meetings = loadJsonl<CaptionMeeting>(file);
  const goldFile = path.join(path.dirname(file), "decisions-gold.jsonl");
  const gold = fs.existsSync(goldFile) ? new Map(loadJsonl<Gold>(goldFile).map((g) => [g.id, g])) : null;
  const published = emptyScore();
  const extracted = emptyScore();
  const outputs: Output[] = [];
  for (const meeting of meetings) {
    const { transcript, segments } = storedSegments(meeting);
    const run = runMeeting(meeting.id, meeting.title, transcript, segments);
    fs.writeFileSync(path.join(outDir, `${meeting.id}.json`), `${JSON.stringify(run.output, null, 2)}\n`);
    outputs.push(run.output);
    const g = gold?.get(meeting.id);
    if (g) {
      score(run.output.decisions, g.decisions, published);
      score(run.extracted, g.decisions, extracted);
    }
  }
  console.log(`  ${meetings.length} meetings written to ${outDir}`);
  if (gold) {
    printScore("published (after the verification pass)", published);
    printScore("extracted (before the verification pass)", extracted);
  } else console.log("  no decisions-gold.jsonl beside the input: no precision or recall");
  headlineChecks(outputs);
}

/** MeetingBank items (one agenda item each, untimed ASR text): of those whose result is stated, how many get a decision. */
function runMeetingBank(outDir: string): void {
  const data = loadMeetingBank();
  if ("missing" in data) {
    console.log(`\nMeetingBank skipped: ${data.missing}`);
    return;
  }
  let stated = 0;
  let decided = 0;
  let published = 0;
  let headlined = 0;
  const outputs: Output[] = [];
  for (const row of data.rows) {
    const segments = ensureSegments([], row.transcript);
    const run = runMeeting(row.uid, null, row.transcript, segments);
    outputs.push(run.output);
    fs.writeFileSync(path.join(outDir, `meetingbank-${row.uid}.json`), `${JSON.stringify(run.output, null, 2)}\n`);
    const hasResult = row.transcript.split(/(?<=[.?!])\s+/).some((sentence) => findVoteOutcome(sentence));
    if (!hasResult) continue;
    stated++;
    if (run.extracted.length) decided++;
    if (run.output.decisions.length) published++;
    // The goal: every item whose result is stated has it in its headline (a decision's verb, never "discusses").
    if (run.output.decisions.length && DECISION_VERB.test(run.output.headline)) headlined++;
  }
  console.log(
    `\nMeetingBank sample (${data.rows.length} items): result stated in ${stated}; with an extracted decision ${decided}, with a published one ${published}; the result in the headline ${headlined}`,
  );
  headlineChecks(outputs);
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

export function runDecisionsBench(): void {
  console.log("Decisions: the offline analyzer's votes against hand annotations (bench/decisions.ts)");
  const input = option("input");
  const outDir = option("out") ?? fs.mkdtempSync(path.join(os.tmpdir(), "gavel-decisions-"));
  fs.mkdirSync(outDir, { recursive: true });
  const files = input
    ? [path.resolve(input)]
    : [captionsPath(), path.join(path.dirname(captionsPath()), "minneapolis-dev-2.jsonl")];
  for (const file of files) {
    if (!fs.existsSync(file)) console.log(`\nSkipped: ${file} not found`);
    else runFile(file, outDir);
  }
  if (!input) runMeetingBank(outDir);
}
