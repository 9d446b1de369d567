/**
 * `npm run bench -- --only analyzer`: what the offline analyzer's output is
 * worth, on data it was not tuned on.
 *
 * 1. ROUGE-1/2/L of the summary against MeetingBank reference summaries, next
 *    to the same-length opening (lead) and plain TextRank, with a paired
 *    bootstrap 95% interval of the difference (1000 resamples, fixed seed).
 *    Reported on all rows, the tuning split (even rows) and the held-out
 *    split (odd rows) separately.
 * 2. On the caption set (whole committee meetings): ROUGE against the
 *    reference highlights (a weak reference), and counts a reader would
 *    notice: junk entities, procedure taken for directions, votes found
 *    against outcome phrases said, and every headline.
 *
 * The captions are merged and true-cased by app/lib/transcripts/cues.ts, as
 * the caption fetcher stores them: the shape the analyzer receives.
 */
import { isVoteItem } from "~/lib/ai/offline/actions";
import { analyzeSegments } from "~/lib/ai/offline/analyzer.server";
import { writeOfflineStory } from "~/lib/ai/offline/story-writer";
import { captionSegments, loadCaptionMeetings } from "./caption-set";
import type { MeetingBankRow } from "./meetingbank";
import { rouge, type RougeScores } from "./rouge";
import { analyzer, leadSameLength, plainTextRankSameLength, type Summarizer } from "./summarizers";

const RESAMPLES = 1000;
const SEED = 20261123;
const METRICS: Array<keyof RougeScores> = ["rouge1", "rouge2", "rougeL"];

type Case = { transcript: string; reference: string };

/** mulberry32: a small seeded generator, so the intervals are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

/** The mean paired difference and its percentile bootstrap 95% interval. */
export function pairedBootstrap(differences: number[], resamples = RESAMPLES, seed = SEED) {
  const random = seeded(seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < differences.length; i++) sum += differences[Math.floor(random() * differences.length)]!;
    means.push(sum / differences.length);
  }
  means.sort((a, b) => a - b);
  return {
    mean: mean(differences),
    low: means[Math.floor(0.025 * resamples)]!,
    high: means[Math.floor(0.975 * resamples)]!,
  };
}

function scoresOf(cases: Case[], summarizer: Summarizer): RougeScores[] {
  return cases.map((c) => rouge(summarizer(c.transcript), c.reference));
}

const pct = (x: number) => (x * 100).toFixed(1);

function compare(label: string, cases: Case[], baselines: Array<[string, Summarizer]>): void {
  const ours = scoresOf(cases, analyzer());
  console.log(
    `\n  ${label} (${cases.length} items): analyzer mean ${METRICS.map((m) => `${m} ${pct(mean(ours.map((s) => s[m])))}`).join(", ")}`,
  );
  for (const [name, summarizer] of baselines) {
    const theirs = scoresOf(cases, summarizer);
    const cells = METRICS.map((metric) => {
      const diff = pairedBootstrap(ours.map((s, i) => s[metric] - theirs[i]![metric]));
      return `${metric} ${pct(mean(theirs.map((s) => s[metric])))} → ${diff.mean >= 0 ? "+" : ""}${pct(diff.mean)} [${pct(diff.low)}, ${pct(diff.high)}]`;
    });
    console.log(`    vs ${name.padEnd(24)} ${cells.join("   ")}`);
  }
}

const BASELINES: Array<[string, Summarizer]> = [
  ["lead, same length", leadSameLength],
  ["TextRank, same length", plainTextRankSameLength],
];

export function runRougeComparison(rows: MeetingBankRow[]): void {
  console.log("\nSummary vs baselines: analyzer − baseline, ROUGE F1 points, paired bootstrap 95% interval:");
  const cases = rows.map((row) => ({ transcript: row.transcript, reference: row.summary }));
  compare(
    "MeetingBank, tuning split (even rows)",
    cases.filter((_, i) => i % 2 === 0),
    BASELINES,
  );
  compare(
    "MeetingBank, held-out split (odd rows)",
    cases.filter((_, i) => i % 2 === 1),
    BASELINES,
  );
  compare("MeetingBank, all rows", cases, BASELINES);
}

// ---------------------------------------------------------------------------- captions

const OUTCOME_SAID =
  /\b(?:motion\s*(?:carries|carried|carry|passes|fails|failed|arries)|(?:ayes|aye's|nays) (?:have|of) it|(?:items?|docket|consent agenda(?: items)?) (?:is|are) (?:approved|adopted|passed))\b/gi;
const PROCEDURE_ACTION = /\b(?:present|quorum|roll|clerk|can't|cannot|not|if|would|could)\b|\?/i;
// Fragments ("Amendment with …"), shouted caption phrases, names of eight words or more.
const NAMED_TYPES = ["person", "organization", "place"];
const isJunkEntity = (name: string) =>
  /^(?:amendment|contract|with|and|motion|item)\b/i.test(name) ||
  /\b[A-Z]{5,}\b/.test(name) ||
  /^(?:\S+\s+){7,}/.test(name);

function countOutcomeClusters(text: string): number {
  // "The ayes have it and the motion carries": one vote said twice counts once.
  let clusters = 0;
  let last = -Infinity;
  for (const match of text.matchAll(OUTCOME_SAID)) {
    if (match.index - last > 200) clusters += 1;
    last = match.index;
  }
  return clusters;
}

export function runCaptionSection(): void {
  const data = loadCaptionMeetings();
  if ("missing" in data) {
    console.log(`\nCaption meetings skipped: ${data.missing}`);
    return;
  }
  const cases: Case[] = [];
  const counts = {
    entities: 0,
    junkEntities: 0,
    directions: 0,
    procedureDirections: 0,
    votes: 0,
    outcomesSaid: 0,
  };
  const headlines: string[] = [];
  for (const meeting of data.meetings) {
    const segments = captionSegments(meeting);
    const transcript = segments.map((s) => s.text).join(" ");
    cases.push({ transcript, reference: meeting.reference_highlights.join(" ") });
    const analysis = analyzeSegments(segments, { title: meeting.title });
    const story = writeOfflineStory({ analysis, segments, title: meeting.title, additionalContext: null });
    counts.entities += analysis.entities.length;
    counts.junkEntities += analysis.entities.filter((e) => NAMED_TYPES.includes(e.type) && isJunkEntity(e.name)).length;
    const directions = analysis.action_items.filter((a) => !isVoteItem(a));
    counts.directions += directions.length;
    counts.procedureDirections += directions.filter((a) => PROCEDURE_ACTION.test(a.description)).length;
    counts.votes += analysis.action_items.filter((a) => /\bResult: /.test(a.description)).length;
    counts.outcomesSaid += countOutcomeClusters(transcript);
    headlines.push(
      `${meeting.date.padEnd(20)} ${story.article.headline}  [next meeting: ${story.metadata.next_meeting_date ?? "not announced"}]`,
    );
  }
  console.log(
    `\nCaption meetings (${data.meetings.length} whole committee meetings, merged and true-cased as the caption fetcher stores them):`,
  );
  compare("summary vs reference highlights (weak reference)", cases, BASELINES);
  console.log(`\n  entities: ${counts.entities}, junk (fragments, shouted, over-long): ${counts.junkEntities}`);
  console.log(
    `  directions to staff: ${counts.directions}, of which procedure/negated/question (heuristic): ${counts.procedureDirections}`,
  );
  console.log(
    `  votes with an outcome found: ${counts.votes}; outcome phrases said (clusters): ${counts.outcomesSaid}`,
  );
  console.log("  headlines:");
  for (const line of headlines) console.log(`    ${line}`);
}
