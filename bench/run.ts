/**
 * Benchmarks (not tests): `npm run bench`. Goals live here, never in timed tests.
 *
 *   npm run bench                         everything below
 *   npm run bench -- --only analyzer      the offline analyzer only
 *   npm run bench -- --only captions      real captions: labels, sums, true casing (bench/captions.ts)
 *   npm run bench -- --only soak --soak-seconds 60 --soak-clients 50 [--soak-rounds 2]   memory after GC per round too
 *   npm run bench -- --only render        server rendering against static files, cache on and off (bench/render.ts)
 *   npm run bench -- --only weight [--weight-runs 3] [--url http://…]   first-load JS per page in Chromium, lite mode, DOMContentLoaded on a slow phone, inline vs cached stylesheet over a 5-page visit (bench/page-weight.ts)
 *   npm run bench -- --only search --meetings 1000 [--explain] [--http-only] [--baseline-timeout-ms 30000]   search at scale (bench/search.ts)
 *   npm run bench -- --only directory     the business directory query at 10,000 listings (bench/directory.ts)
 *   npm run bench -- --only alerts        matching a newly analyzed meeting against 10,000 saved searches (bench/alerts.ts)
 *   npm run bench -- --only fuzz [--fuzz-seconds 120]   malformed, slow and cut-off requests while /healthz is polled (bench/fuzz.ts)
 *   npm run bench -- --only sitemap [--meetings 60000]   the sitemap index and its parts at 60,000 meetings (bench/sitemap.ts)
 *   npm run bench -- --only record        the official record at 10 years: sync and the person page's queries (bench/record.ts)
 *   npm run bench -- --only relevance [--save-baseline]   labeled queries: nDCG@10, MRR, recall@10, moments, must-be-empty (bench/relevance.ts)
 *   npm run bench -- --only decisions [--input FILE.jsonl] [--out DIR]   decisions against hand annotations (bench/decisions.ts)
 *
 * Offline analyzer:
 *
 * 1. Time of a full offline analysis of a 120 KB transcript (MeetingBank
 *    transcripts joined at run time, and a synthetic timestamped meeting).
 * 2. ROUGE-1/2/L F1 of the analyzer's summary against the reference summaries
 *    of the MeetingBank validation sample, next to baselines computed in the
 *    same run: the first three sentences (lead-3) and plain TextRank, each
 *    also at the analyzer's length.
 *
 * MeetingBank (Hu et al., ACL 2023) is CC BY-NC-SA 4.0: it is read from
 * ../shared at run time and never copied into the repository. Without it the
 * ROUGE part is skipped with a message.
 */
import { performance } from "node:perf_hooks";
import { analyzeOffline } from "~/lib/ai/offline/analyzer.server";
import { runCaptionSection, runRougeComparison } from "./analyzer-quality";
import { concatenatedTranscripts, loadMeetingBank } from "./meetingbank";
import { rougeTokens } from "./rouge";
import {
  analyzer,
  evaluate,
  lead3,
  leadSameLength,
  plainTextRank,
  plainTextRankSameLength,
  printEvaluations,
} from "./summarizers";
import { runCaptionsBench } from "./captions";
import { runFaithfulnessBench } from "./faithfulness";
import { runRenderBench } from "./render";
import { runWeightBench } from "./page-weight";
import { runSoak } from "./soak";
import { runSearchBench } from "./search";
import { runDirectoryBench } from "./directory";
import { runAlertsBench } from "./alerts";
import { runFuzz } from "./fuzz";
import { runSitemapBench } from "./sitemap";
import { runDecisionsBench } from "./decisions";
import { runRecordBench } from "./record";
import { runRelevanceBench } from "./relevance";
import { syntheticTranscript } from "./synthetic";

const TARGET_CHARS = 120_000;
const TIMING_RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeAnalysis(label: string, transcript: string): void {
  const runs: number[] = [];
  for (let i = 0; i < TIMING_RUNS; i++) {
    const start = performance.now();
    analyzeOffline({ transcript, segments: [] });
    runs.push(performance.now() - start);
  }
  console.log(
    `  ${label}: ${(transcript.length / 1000).toFixed(0)} KB in ${median(runs).toFixed(0)} ms (median of ${TIMING_RUNS})`,
  );
}

function runAnalyzerBench(): void {
  console.log("Offline analyzer benchmark\n");
  const loadStart = performance.now();
  analyzeOffline({ transcript: "Warm up. The council met.", segments: [] });
  console.log(`wink-nlp model load and first call: ${(performance.now() - loadStart).toFixed(0)} ms\n`);

  const data = loadMeetingBank();
  console.log("Full offline analysis (summary, highlights, action items, entities) per 120 KB transcript:");
  if (!("missing" in data))
    timeAnalysis("MeetingBank transcripts joined", concatenatedTranscripts(data.rows, TARGET_CHARS));
  timeAnalysis("synthetic timestamped meeting", syntheticTranscript(TARGET_CHARS));
  if ("missing" in data) {
    console.log(`\nROUGE skipped: ${data.missing}`);
    return;
  }

  console.log(`\nROUGE F1 (%) against the reference summaries of ${data.rows.length} MeetingBank rows:`);
  printEvaluations([
    evaluate("offline analyzer", data.rows, analyzer()),
    evaluate("lead-3 (baseline)", data.rows, lead3),
    evaluate("TextRank, 3 sentences (baseline)", data.rows, plainTextRank),
    evaluate("lead, analyzer's length", data.rows, leadSameLength),
    evaluate("TextRank, analyzer's length", data.rows, plainTextRankSameLength),
  ]);
  const referenceWords = data.rows.reduce((sum, row) => sum + rougeTokens(row.summary).length, 0) / data.rows.length;
  console.log(`  (reference summaries average ${referenceWords.toFixed(0)} words)`);
  runRougeComparison(data.rows);
  runCaptionSection();
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const only = option("only");
  if (!only || only === "analyzer") runAnalyzerBench();
  if (!only || only === "captions") runCaptionsBench();
  if (!only || only === "faithfulness") runFaithfulnessBench();
  if (!only || only === "soak") {
    console.log("\nSoak: the built server under steady load (see bench/soak.ts)");
    await runSoak({
      clients: Number(option("soak-clients") ?? 50),
      seconds: Number(option("soak-seconds") ?? 600),
      rounds: Number(option("soak-rounds") ?? 1),
    });
  }
  if (!only || only === "render") {
    console.log("\nRender: server rendering against static files (see bench/render.ts)");
    await runRenderBench({
      clients: Number(option("render-clients") ?? 50),
      seconds: Number(option("render-seconds") ?? 10),
    });
  }
  if (!only || only === "weight") {
    console.log("\nPage weight: the built app in Chromium (see bench/page-weight.ts)");
    await runWeightBench({ url: option("url"), runs: Number(option("weight-runs") ?? 3) });
  }
  if (!only || only === "search") await runSearchBench();
  if (!only || only === "directory") await runDirectoryBench();
  if (!only || only === "alerts") await runAlertsBench();
  if (!only || only === "sitemap") await runSitemapBench();
  if (!only || only === "decisions") runDecisionsBench();
  if (!only || only === "record") await runRecordBench();
  if (!only || only === "relevance") await runRelevanceBench();
  if (!only || only === "fuzz") {
    console.log("\nFuzz: malformed, slow and cut-off requests while /healthz is polled (see bench/fuzz.ts)");
    await runFuzz({ seconds: Number(option("fuzz-seconds") ?? 120) });
  }
}

await main();
