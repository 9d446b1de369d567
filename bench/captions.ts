/**
 * Captions as they really come (docs/decisions/0026): real YouTube captions
 * of council committee meetings (ALL CAPS, `>>` turns) read from ../shared
 * at run time, never copied into the repository. Per meeting and in total:
 * segments, labeled segments, distinct labels, junk labels, sums split
 * across cues and whether they were joined, and the time to merge and true
 * case the cues. Labels are counted as the analyzer sees them: the stored
 * text parsed back.
 *
 * A label is junk unless it starts with a title (Council Member, Chair,
 * Clerk…), is "Speaker N", or is one to three words that wink-nlp's English
 * lexicon does not know (its lexicon has no proper names, so "Osman" or
 * "Cashman" are unknown while "executives" or "real quickly" are known).
 */
import { performance } from "node:perf_hooks";
import { loadCaptionMeetings, type CaptionMeeting } from "./caption-set";
import { mergeCues, type Cue } from "~/lib/transcripts/cues";
import { formatTranscriptText, parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { TITLE_WORDS } from "~/lib/transcripts/words";
import model from "wink-eng-lite-web-model";
import winkNLP from "wink-nlp";

type CaptionRow = CaptionMeeting;

const FOUR_HOURS = 4 * 3600;
const TIMING_RUNS = 5;
/** Measured with the code before this change (commit f945a00), on the same 20 meetings. */
const BEFORE =
  "segments 6067, labeled 96, distinct labels 8, junk labels 7 of 8 (88 labeled segments), sums split across cues 4, joined 0";

function cuesOf(row: CaptionRow): Cue[] {
  return row.cues.map(([start, duration, text]) => ({ startSeconds: start, endSeconds: start + duration, text }));
}

const lexicon = winkNLP(model, []);
/** wink-nlp numbers words it does not know after the words of its lexicon. */
const FIRST_UNKNOWN_ID = lexicon.readDoc("qzxvbnmwq").tokens().itemAt(0).out(lexicon.its.uniqueId) as number;

function isUnknownWord(word: string): boolean {
  const id = lexicon.readDoc(word.toLowerCase()).tokens().itemAt(0).out(lexicon.its.uniqueId) as number;
  return id >= FIRST_UNKNOWN_ID;
}

export function isJunkLabel(label: string): boolean {
  const words = label.split(/\s+/);
  if (TITLE_WORDS.has(words[0]!.toUpperCase())) return false;
  if (/^speaker \d{1,2}$/i.test(label)) return false;
  return !(words.length <= 3 && words.every((word) => /^[A-Za-z'’-]+$/.test(word) && isUnknownWord(word)));
}

/** Sums a cue boundary cuts in two ("$40" | ".4 MILLION", "$9." | "3 MILLION"): the whole form, e.g. "$40.4". */
function splitSums(row: CaptionRow): string[] {
  const sorted = [...row.cues].sort((a, b) => a[0] - b[0]);
  const sums: string[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const before = sorted[i]![2].trim();
    const after = sorted[i + 1]![2].replace(/^>+\s*/, "").trim();
    const fraction = /(\$?\d[\d,]*)$/.exec(before);
    const decimals = /^\.(\d+)/.exec(after);
    if (fraction && decimals) sums.push(`${fraction[1]}.${decimals[1]}`);
    const money = /(\$\d[\d,]*)\.$/.exec(before);
    const unit = /(\d+)\.$/.exec(before);
    const rest = /^(\d+)/.exec(after);
    if (!rest) continue;
    if (money) sums.push(`${money[1]}.${rest[1]}`);
    else if (unit && /^\d+\s*(?:million|billion|thousand|percent|%)/i.test(after)) sums.push(`${unit[1]}.${rest[1]}`);
  }
  return sums;
}

type Counts = {
  segments: number;
  labeled: number;
  labels: Set<string>;
  junkSegments: number;
  sums: number;
  joined: number;
};

function measure(row: CaptionRow): Counts & { ms: number; sample: string[] } {
  mergeCues(cuesOf(row), { context: row.title }); // warm-up: the time below is of a second run
  const start = performance.now();
  const merged = mergeCues(cuesOf(row), { context: row.title });
  const ms = performance.now() - start;
  const text = formatTranscriptText(merged);
  const segments = parseTimestampedTranscript(text);
  const labels = new Set(segments.flatMap((segment) => (segment.speaker ? [segment.speaker] : [])));
  const sums = splitSums(row);
  return {
    segments: segments.length,
    labeled: segments.filter((segment) => segment.speaker).length,
    labels,
    junkSegments: segments.filter((segment) => segment.speaker && isJunkLabel(segment.speaker)).length,
    sums: sums.length,
    joined: sums.filter((sum) => text.includes(sum)).length,
    ms,
    sample: text.split("\n").slice(0, 12),
  };
}

function junkOf(labels: Set<string>): number {
  return [...labels].filter(isJunkLabel).length;
}

/** Meetings joined, shifted in time, until they last four hours. */
function fourHourMeeting(rows: CaptionRow[]): Cue[] {
  const cues: Cue[] = [];
  let offset = 0;
  for (let i = 0; offset < FOUR_HOURS; i++) {
    const row = rows[i % rows.length]!;
    const last = row.cues.at(-1);
    for (const cue of cuesOf(row))
      cues.push({ ...cue, startSeconds: cue.startSeconds + offset, endSeconds: cue.endSeconds! + offset });
    offset += last ? last[0] + last[1] : 0;
  }
  return cues.filter((cue) => cue.startSeconds < FOUR_HOURS);
}

export function runCaptionsBench(): void {
  console.log("Captions as they really come (ALL CAPS, >> turns)\n");
  const loaded = loadCaptionMeetings();
  if ("missing" in loaded) {
    console.log(`Captions skipped: ${loaded.missing}`);
    return;
  }
  const rows = loaded.meetings;
  const total: Counts = { segments: 0, labeled: 0, labels: new Set(), junkSegments: 0, sums: 0, joined: 0 };
  let samples: string[] = [];
  console.log("  meeting       segments  labeled  labels  junk  sums split/joined  merge+true case");
  for (const row of rows) {
    const counts = measure(row);
    if (!samples.length) samples = counts.sample;
    console.log(
      `  ${row.id.padEnd(12)} ${String(counts.segments).padStart(9)} ${String(counts.labeled).padStart(9)} ${String(counts.labels.size).padStart(7)} ${String(junkOf(counts.labels)).padStart(5)} ${`${counts.sums}/${counts.joined}`.padStart(18)} ${counts.ms.toFixed(0).padStart(13)} ms`,
    );
    total.segments += counts.segments;
    total.labeled += counts.labeled;
    total.junkSegments += counts.junkSegments;
    total.sums += counts.sums;
    total.joined += counts.joined;
    for (const label of counts.labels) total.labels.add(label);
  }
  console.log(
    `\n  after:  segments ${total.segments}, labeled ${total.labeled}, distinct labels ${total.labels.size}, junk labels ${junkOf(total.labels)} of ${total.labels.size} (${total.junkSegments} labeled segments), sums split across cues ${total.sums}, joined ${total.joined}`,
  );
  console.log(`  before: ${BEFORE}`);
  console.log(`  junk labels: ${[...total.labels].filter(isJunkLabel).join(", ") || "none"}`);

  const long = fourHourMeeting(rows);
  const runs: number[] = [];
  for (let i = 0; i < TIMING_RUNS; i++) {
    const start = performance.now();
    mergeCues(long);
    runs.push(performance.now() - start);
  }
  const median = runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const size = Math.round(long.reduce((sum, cue) => sum + cue.text.length, 0) / 1000);
  console.log(
    `\n  a 4-hour meeting (${long.length} cues, ${size} KB): merge and true case in ${median.toFixed(0)} ms, median of ${TIMING_RUNS} (goal < 200 ms)`,
  );
  console.log("\n  first lines of the first meeting, as stored:");
  for (const line of samples) console.log(`    ${line.length > 150 ? `${line.slice(0, 150)}…` : line}`);
}
