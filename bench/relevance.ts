/**
 * Search relevance (issue 31, docs/decisions/0077-search-relevance-bench.md):
 * `npm run bench -- --only relevance [--save-baseline]`.
 *
 * Loads the demo data (the app's own seed) and, when ../shared holds them,
 * the caption development meetings (cues merged as the caption fetcher
 * does, stored by saveTranscript) into a throwaway in-memory PGlite, runs
 * every labeled query of bench/search-relevance/queries.jsonl through
 * liveCitySearch (the /search page's function; `city` queries with its
 * city key, as a city's own header searches) and prints, per kind and
 * overall: nDCG@10 (graded), MRR, recall@10, moment accuracy (a hit's
 * second in the labeled window) and the share of must-be-empty queries
 * answered empty, next to the previous run (data/bench-relevance-last.json,
 * gitignored) and the committed baseline (bench/search-relevance/baseline.json,
 * written with --save-baseline). Per-query answers go to
 * data/bench-relevance-queries.txt.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import type { CaptionMeeting } from "./caption-set";
import { CUTOFF, emptyShare, inWindow, mean, ndcgAt, recallAt, reciprocalRank } from "./search-relevance/metrics";

const ROOT = path.resolve(import.meta.dirname, "..");
const SET_DIR = path.join(ROOT, "bench", "search-relevance");
const QUERIES_FILE = path.join(SET_DIR, "queries.jsonl");
const BASELINE_FILE = path.join(SET_DIR, "baseline.json");
const LAST_FILE = path.join(ROOT, "data", "bench-relevance-last.json");
const DETAILS_FILE = path.join(ROOT, "data", "bench-relevance-queries.txt");
const CAPTIONS_DIR = process.env.CAPTIONS_DIR ?? path.resolve(ROOT, "../shared/data/captions");
const CAPTION_FILES = ["minneapolis-dev.jsonl", "minneapolis-dev-2.jsonl"];

export const KINDS = [
  "exact",
  "phrase",
  "misspelled-name",
  "unaccented",
  "colloquial",
  "file-number",
  "decision",
  "question",
  "empty",
] as const;
type Kind = (typeof KINDS)[number];

const Window = z.object({ from: z.number().nonnegative(), to: z.number().nonnegative() });
const QuerySchema = z
  .object({
    id: z.string().min(1),
    kind: z.enum(KINDS),
    q: z.string().min(1),
    corpus: z.enum(["demo", "captions"]),
    city: z.string().optional(),
    relevant: z.array(
      z.object({ meeting: z.string().min(1), grade: z.union([z.literal(1), z.literal(2)]), window: Window.optional() }),
    ),
    note: z.string().optional(),
  })
  .refine((query) => (query.kind === "empty") === (query.relevant.length === 0), {
    message: "a must-be-empty query has no labels, and every other query has some",
  });
export type LabeledQuery = z.infer<typeof QuerySchema>;

export function loadQueries(file = QUERIES_FILE): LabeledQuery[] {
  const queries = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line, index) => {
      const parsed = QuerySchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path.basename(file)} line ${index + 1}: ${parsed.error.message}`);
      return parsed.data;
    });
  const ids = new Set<string>();
  for (const query of queries) {
    if (ids.has(query.id)) throw new Error(`Duplicate query id ${query.id}`);
    ids.add(query.id);
  }
  return queries;
}

type Figures = {
  queries: number;
  ndcg: number | null;
  mrr: number | null;
  recall: number | null;
  moment: number | null;
  momentLabels: number;
  empty: number | null;
};
type Report = { date: string; captions: boolean; overall: Figures; kinds: Partial<Record<Kind, Figures>> };

type Answer = {
  query: LabeledQuery;
  ranked: string[];
  seconds: (number | null)[];
  scores: number[];
  correction?: { query: string; applied: boolean };
};

function figuresOf(answers: readonly Answer[]): Figures {
  const labeled = answers.filter((answer) => answer.query.kind !== "empty");
  const grades = (answer: Answer) => new Map(answer.query.relevant.map((label) => [label.meeting, label.grade]));
  let momentLabels = 0;
  let momentHits = 0;
  for (const answer of labeled) {
    for (const label of answer.query.relevant) {
      if (!label.window) continue;
      // Where the link lands, for the labeled meetings that were found: finding them is recall's business.
      const index = answer.ranked.slice(0, CUTOFF).indexOf(label.meeting);
      if (index < 0) continue;
      momentLabels++;
      if (inWindow(answer.seconds[index] ?? null, label.window)) momentHits++;
    }
  }
  return {
    queries: answers.length,
    ndcg: mean(labeled.map((answer) => ndcgAt(answer.ranked, grades(answer)))),
    mrr: mean(labeled.map((answer) => reciprocalRank(answer.ranked, grades(answer)))),
    recall: mean(labeled.map((answer) => recallAt(answer.ranked, grades(answer)))),
    moment: momentLabels === 0 ? null : momentHits / momentLabels,
    momentLabels,
    empty: emptyShare(answers.filter((answer) => answer.query.kind === "empty").map((answer) => answer.ranked)),
  };
}

/** Demo meetings by their plan key, caption meetings by their id: video id → key. */
async function loadCorpus(): Promise<{ keys: Map<string, string>; captions: boolean }> {
  const { migrateDatabase, getDb } = await import("~/lib/db/client.server");
  const { seedDemoData } = await import("../demo/seed.server");
  const { SEED_VIDEOS } = await import("../demo/meetings");
  await migrateDatabase();
  await seedDemoData();
  const keys = new Map(SEED_VIDEOS.map((video) => [video.videoId, video.key]));

  const files = CAPTION_FILES.map((name) => path.join(CAPTIONS_DIR, name)).filter((file) => fs.existsSync(file));
  if (files.length === 0) {
    console.log(`  captions not found in ${CAPTIONS_DIR}: their queries are skipped`);
    return { keys, captions: false };
  }
  const { cities, cityVideos } = await import("~/lib/db/schema");
  const { saveTranscript } = await import("~/lib/transcripts/store.server");
  const { formatTranscriptText } = await import("~/lib/transcripts/format");
  const { captionSegments } = await import("./caption-set");
  const [city] = await getDb()
    .insert(cities)
    .values({ name: "Minneapolis", state: "MN", locationKey: "minneapolis", status: "Live" })
    .returning({ id: cities.id });
  let count = 0;
  for (const file of files) {
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const meeting = JSON.parse(line) as CaptionMeeting;
      const published = Date.parse(meeting.date);
      const [video] = await getDb()
        .insert(cityVideos)
        .values({
          cityId: city!.id,
          videoId: meeting.id,
          videoUrl: `https://www.youtube.com/watch?v=${meeting.id}`,
          title: meeting.title,
          publishedAt: Number.isNaN(published) ? null : new Date(published),
        })
        .returning({ id: cityVideos.id });
      const segments = captionSegments(meeting);
      await saveTranscript(video!.id, formatTranscriptText(segments), segments);
      keys.set(meeting.id, meeting.id);
      count++;
    }
  }
  console.log(`  ${count} caption meetings stored from ${CAPTIONS_DIR}`);
  return { keys, captions: true };
}

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? "    –" : `${(value * 100).toFixed(1).padStart(5)}`;

function printReport(report: Report, previous: Report | null, baseline: Report | null): void {
  const rows: [string, Figures | undefined][] = [
    ...KINDS.map((kind) => [kind, report.kinds[kind]] as [string, Figures | undefined]),
    ["all", report.overall],
  ];
  const metrics: [keyof Figures, string][] = [
    ["ndcg", "nDCG@10"],
    ["mrr", "MRR"],
    ["recall", "recall@10"],
    ["moment", "moment"],
    ["empty", "empty"],
  ];
  const reference = (name: string, other: Report | null) =>
    other ? `${name} ${other.date}${other.captions ? "" : ", no captions"}` : `${name}: none`;
  for (const [name, other] of [
    ["previous run", previous],
    ["baseline", baseline],
  ] as const)
    if (other && other.captions !== report.captions)
      console.log(
        `\n  note: this run ${report.captions ? "has" : "has no"} caption meetings and the ${name} ${other.captions ? "had" : "had none"}: its figures are over other queries`,
      );
  console.log(
    `\n  figures in %: now │ previous run │ baseline (${reference("previous", previous)}; ${reference("baseline", baseline)})`,
  );
  console.log(`  ${"kind".padEnd(16)} ${"n".padStart(3)}  ${metrics.map(([, label]) => label.padEnd(25)).join("")}`);
  for (const [kind, figures] of rows) {
    if (!figures) continue;
    const lookup = (other: Report | null, key: keyof Figures) => {
      const source = kind === "all" ? other?.overall : other?.kinds[kind as Kind];
      return source ? (source[key] as number | null) : undefined;
    };
    const cells = metrics.map(([key]) =>
      `${percent(figures[key] as number | null)} │${percent(lookup(previous, key))} │${percent(lookup(baseline, key))}`.padEnd(
        25,
      ),
    );
    console.log(`  ${kind.padEnd(16)} ${String(figures.queries).padStart(3)}  ${cells.join("")}`);
  }
  console.log(
    `  moment: of the ${report.overall.momentLabels} labeled meetings with a window found in the first ${CUTOFF}, the share whose link lands in the window; empty: must-be-empty queries answered with no result`,
  );
  console.log(
    "  goals (issue 31, later rounds): nDCG@10 ≥ 85 overall, ≥ 75 misspelled-name and unaccented, ≥ 80 decision and question; empty ≥ 90",
  );
}

function readReport(file: string): Report | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Report) : null;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

export async function runRelevanceBench(): Promise<void> {
  console.log(
    "\nSearch relevance: labeled queries over the demo data and the caption meetings (see bench/relevance.ts)",
  );
  const started = performance.now();
  const queries = loadQueries(option("queries") ?? QUERIES_FILE);
  // A throwaway embedded database in memory: nothing on disk, nothing to clean up.
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = "memory://";
  process.env.SEED_DEMO_DATA = "false";
  const { keys, captions } = await loadCorpus();
  const loaded = performance.now();
  console.log(`  corpus loaded in ${((loaded - started) / 1000).toFixed(0)} s (PGlite in memory)`);

  const { liveCitySearch } = await import("~/lib/search/search.server");
  const answers: Answer[] = [];
  const loadedKeys = new Set(keys.values());
  for (const labeled of queries) {
    if (labeled.corpus === "captions" && !captions) continue;
    // A demo query may also name caption meetings (also useful): without the captions they are not there to find.
    const query = { ...labeled, relevant: labeled.relevant.filter((label) => loadedKeys.has(label.meeting)) };
    const unknown = labeled.relevant.filter((label) => !loadedKeys.has(label.meeting) && !captionLike(label.meeting));
    if (unknown.length > 0)
      throw new Error(`${query.id}: no such meeting ${unknown.map((label) => label.meeting).join(", ")}`);
    const { results, correction } = await liveCitySearch(query.q, { cityKey: query.city ?? null });
    answers.push({
      query,
      ranked: results.map((result) => keys.get(videoIdOf(result.video_url)) ?? result.id),
      seconds: results.map((result) => result.start_seconds),
      scores: results.map((result) => result.score),
      correction,
    });
  }
  console.log(`  ${answers.length} queries run in ${((performance.now() - loaded) / 1000).toFixed(1)} s`);

  const report: Report = {
    date: new Date().toISOString().slice(0, 10),
    captions,
    overall: figuresOf(answers),
    kinds: Object.fromEntries(
      KINDS.flatMap((kind) => {
        const list = answers.filter((answer) => answer.query.kind === kind);
        return list.length > 0 ? [[kind, figuresOf(list)]] : [];
      }),
    ),
  };
  printReport(report, readReport(LAST_FILE), readReport(BASELINE_FILE));
  printHalves(answers);

  fs.mkdirSync(path.dirname(LAST_FILE), { recursive: true });
  fs.writeFileSync(LAST_FILE, `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(DETAILS_FILE, answers.map(describeAnswer).join("\n"));
  if (process.argv.includes("--save-baseline")) {
    fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`  baseline written to ${path.relative(ROOT, BASELINE_FILE)}`);
  }
  console.log(
    `  per-query answers in ${path.relative(ROOT, DETAILS_FILE)}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const { closeDatabase } = await import("~/lib/db/client.server");
  await closeDatabase();
}

/**
 * The query set in two halves (docs/decisions/0081-search-relevance.md):
 * odd-numbered ids (exact-01, exact-03, …) are the half search was tuned
 * on, even-numbered ones the half held out. nDCG@10 of each, per kind.
 */
export function halfOf(id: string): "tuned" | "held-out" {
  const number = Number(/(\d+)$/.exec(id)?.[1] ?? "0");
  return number % 2 === 1 ? "tuned" : "held-out";
}

function printHalves(answers: readonly Answer[]): void {
  const cell = (list: readonly Answer[]) => {
    const figures = figuresOf(list);
    const value = list.some((answer) => answer.query.kind !== "empty") ? figures.ndcg : figures.empty;
    return `${percent(value)} (${String(list.length).padStart(2)})`;
  };
  console.log(
    "\n  halves: nDCG@10 (empty: share answered empty) on the tuned half (odd ids) │ the held-out half (even ids)",
  );
  for (const kind of [...KINDS, "all"] as const) {
    const list = kind === "all" ? answers : answers.filter((answer) => answer.query.kind === kind);
    if (list.length === 0) continue;
    const labeled = kind === "all" ? list.filter((answer) => answer.query.kind !== "empty") : list;
    const tuned = labeled.filter((answer) => halfOf(answer.query.id) === "tuned");
    const held = labeled.filter((answer) => halfOf(answer.query.id) === "held-out");
    console.log(`  ${kind.padEnd(16)} ${cell(tuned)} │ ${cell(held)}`);
  }
}

/** Demo keys look like "ac-cc-2025-06-03"; anything else is a caption meeting's video id. */
function captionLike(key: string): boolean {
  return !/^[a-z]{2}-[a-z]{2}-\d{4}-\d{2}-\d{2}$/.test(key);
}

function videoIdOf(url: string | null): string {
  return url ? (new URL(url).searchParams.get("v") ?? "") : "";
}

function describeAnswer(answer: Answer): string {
  const grades = new Map(answer.query.relevant.map((label) => [label.meeting, label.grade]));
  const top = answer.ranked
    .slice(0, CUTOFF)
    .map(
      (key, index) =>
        `${key}${grades.has(key) ? `(${grades.get(key)})` : ""}@${answer.seconds[index] ?? "-"}~${(answer.scores[index] ?? 0).toFixed(3)}`,
    );
  const correction = answer.correction
    ? `\n  ${answer.correction.applied ? "showing results for" : "did you mean"}: ${JSON.stringify(answer.correction.query)}`
    : "";
  const wanted = answer.query.relevant.map((label) => `${label.meeting}:${label.grade}`).join(" ");
  return `${answer.query.id} [${answer.query.kind}] ${JSON.stringify(answer.query.q)}\n  wanted: ${wanted || "(nothing)"}\n  got: ${top.join(" ") || "(nothing)"}${correction}\n`;
}
