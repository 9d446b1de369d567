/**
 * Backfill: analyze, then write stories for, every eligible meeting of a
 * city (or of all cities). Eligible: what may be analyzed automatically
 * (`isAutoAnalyzable`: not "Transcript insufficient"), also with `force`.
 * Without `force`, meetings that already have an analysis (story) keep it.
 *
 * Two ways (docs/decisions/0050-backfill-through-the-queue.md):
 * - `backfill()` runs it here and now (`npm run analyze` when no server
 *   holds the embedded database, or on PostgreSQL);
 * - `queueBackfill()` records a run and queues one `backfill` job per
 *   meeting for the worker ("Analyze every eligible meeting" on the jobs
 *   page, and `npm run analyze` handed to the running server); the jobs'
 *   states are the run's progress (`listBackfillRuns()`).
 */
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { TRANSCRIPT_ANALYSIS_MIN } from "~/lib/constants";
import { isAutoAnalyzable } from "~/lib/meetings/rules";
import { getDb } from "~/lib/db/client.server";
import { backfillRuns, cities, cityVideos } from "~/lib/db/schema";
import { settings } from "~/lib/env/settings.server";
import { getBoss, transactionExecutor } from "~/lib/jobs/boss.server";
import type { JobDataByQueue } from "~/lib/jobs/queues";
import { QUEUES } from "~/lib/jobs/queue-names";
import { bossArchive, bossJobs, PENDING_STATES } from "~/lib/jobs/tables.server";
import { analyzeVideo } from "./analysis.server";
import { isPipelineError } from "./messages";
import { writeVideoStory } from "./stories.server";

export type BackfillTarget = { cityKey: string } | { all: true };

export type BackfillVideo = { id: string; title: string; cityKey: string };

type Candidate = BackfillVideo & { hasAnalysis: boolean; hasStory: boolean };

export type BackfillItem = BackfillVideo & {
  analysis: "written" | "skipped" | "failed";
  story: "written" | "skipped" | "failed" | "not-run";
  error?: string;
};

export type BackfillSummary = {
  total: number;
  analysesWritten: number;
  storiesWritten: number;
  failures: BackfillItem[];
};

export class UnknownCityError extends Error {
  override readonly name = "UnknownCityError";
}

/** The target's city (null for every city); throws UnknownCityError for an unknown key. */
async function targetCity(target: BackfillTarget): Promise<{ id: string; name: string } | null> {
  if (!("cityKey" in target)) return null;
  const [city] = await getDb()
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(eq(cities.locationKey, target.cityKey))
    .limit(1);
  if (!city) throw new UnknownCityError(`No city with the key "${target.cityKey}".`);
  return city;
}

export async function eligibleVideos(target: BackfillTarget): Promise<BackfillVideo[]> {
  return (await candidates(target)).map(({ id, title, cityKey }) => ({ id, title, cityKey }));
}

async function candidates(target: BackfillTarget): Promise<Candidate[]> {
  await targetCity(target);
  const rows = await getDb()
    .select({
      id: cityVideos.id,
      title: cityVideos.title,
      cityKey: cities.locationKey,
      transcriptLength: sql<number | string>`char_length(${cityVideos.transcript})`,
      hasAnalysis: sql<boolean>`${cityVideos.analysisResults} is not null`,
      hasStory: sql<boolean>`${cityVideos.newsStory} is not null`,
    })
    .from(cityVideos)
    .innerJoin(cities, eq(cities.id, cityVideos.cityId))
    .where(
      and(
        sql`char_length(${cityVideos.transcript}) > ${TRANSCRIPT_ANALYSIS_MIN}`,
        "cityKey" in target ? eq(cities.locationKey, target.cityKey) : undefined,
      ),
    )
    .orderBy(asc(cities.locationKey), asc(cityVideos.publishedAt), asc(cityVideos.id));
  return rows
    .filter((row) => isAutoAnalyzable(Number(row.transcriptLength)))
    .map((row) => ({
      id: row.id,
      title: row.title?.trim() || "Untitled meeting",
      cityKey: row.cityKey,
      hasAnalysis: Boolean(row.hasAnalysis),
      hasStory: Boolean(row.hasStory),
    }));
}

function messageOf(error: unknown): string {
  if (isPipelineError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export async function backfillVideo(video: BackfillVideo, force: boolean): Promise<BackfillItem> {
  let analysis: BackfillItem["analysis"];
  try {
    analysis = (await analyzeVideo(video.id, { force })).status;
  } catch (error) {
    return { ...video, analysis: "failed", story: "not-run", error: messageOf(error) };
  }
  try {
    const story = (await writeVideoStory(video.id, { onlyIfMissing: !force })).status;
    return { ...video, analysis, story };
  } catch (error) {
    return { ...video, analysis, story: "failed", error: messageOf(error) };
  }
}

/** Runs the backfill; `onProgress` hears after each video (done counts from 1). */
export async function backfill(
  target: BackfillTarget,
  options: {
    force?: boolean;
    onStart?: (total: number) => void;
    onProgress?: (done: number, total: number, item: BackfillItem) => void;
  } = {},
): Promise<BackfillSummary> {
  const videos = await eligibleVideos(target);
  options.onStart?.(videos.length);
  const summary: BackfillSummary = { total: videos.length, analysesWritten: 0, storiesWritten: 0, failures: [] };
  for (const [index, video] of videos.entries()) {
    const item = await backfillVideo(video, options.force ?? false);
    if (item.analysis === "written") summary.analysesWritten++;
    if (item.story === "written") summary.storiesWritten++;
    if (item.error) summary.failures.push(item);
    options.onProgress?.(index + 1, videos.length, item);
  }
  return summary;
}

// ---------------------------------------------------------------------------
// Through the queue: runs and their progress.

export type QueuedBackfill = {
  /** Null when nothing needed queueing (no run is recorded). */
  runId: string | null;
  /** The city's name, or null for every city. */
  cityName: string | null;
  queued: number;
  /** Eligible meetings left alone: done already (without force), or already waiting in an earlier run. */
  skipped: number;
};

/**
 * Queues one `backfill` job per eligible meeting that needs one (without
 * `force`: lacking its analysis or its story), except meetings whose
 * backfill job still waits or runs, and records the run, in one
 * transaction. Two requests at once queue each meeting once.
 */
export async function queueBackfill(
  target: BackfillTarget,
  options: { force?: boolean; origin: "admin" | "command"; requestedBy?: string | null },
): Promise<QueuedBackfill> {
  const force = options.force ?? false;
  const city = await targetCity(target);
  const eligible = await candidates(target);
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gavel.backfill'))`);
    const pendingRows = await tx
      .select({ videoId: bossJobs.singletonKey })
      .from(bossJobs)
      .where(and(eq(bossJobs.name, QUEUES.backfill), inArray(bossJobs.state, [...PENDING_STATES])));
    const pending = new Set(pendingRows.map((row) => row.videoId));
    const todo = eligible.filter((video) => !pending.has(video.id) && (force || !video.hasAnalysis || !video.hasStory));
    const result = { cityName: city?.name ?? null, queued: todo.length, skipped: eligible.length - todo.length };
    if (todo.length === 0) return { runId: null, ...result };
    // Runs are kept as long as their jobs' records (LOG_RETENTION_DAYS).
    const keepAfter = new Date(Date.now() - settings().LOG_RETENTION_DAYS * 86_400_000);
    await tx.delete(backfillRuns).where(sql`${backfillRuns.createdAt} < ${keepAfter}`);
    const [run] = await tx
      .insert(backfillRuns)
      .values({ cityId: city?.id ?? null, force, origin: options.origin, queued: todo.length, skipped: result.skipped })
      .returning({ id: backfillRuns.id });
    const data = (video: Candidate): JobDataByQueue["backfill"] => ({
      cityVideoId: video.id,
      runId: run!.id,
      force,
      requestedBy: options.requestedBy ?? null,
    });
    await boss.insert(
      todo.map((video) => ({ name: QUEUES.backfill, data: data(video), singletonKey: video.id })),
      { db: transactionExecutor(tx) },
    );
    return { runId: run!.id, ...result };
  });
}

export type BackfillProgress = {
  waiting: number;
  running: number;
  done: number;
  failed: number;
  /** Jobs no longer recorded (their records outlived LOG_RETENTION_DAYS). */
  gone: number;
};

export type BackfillRun = {
  id: string;
  createdAt: string;
  cityName: string | null;
  force: boolean;
  origin: "admin" | "command";
  queued: number;
  skipped: number;
  progress: BackfillProgress;
  /** Every job of the run has ended. */
  finished: boolean;
};

/** The newest runs with their jobs' states, newest first. */
export async function listBackfillRuns(limit = 5): Promise<BackfillRun[]> {
  const keepAfter = new Date(Date.now() - settings().LOG_RETENTION_DAYS * 86_400_000);
  const runs = await getDb()
    .select({
      id: backfillRuns.id,
      createdAt: backfillRuns.createdAt,
      cityName: cities.name,
      force: backfillRuns.force,
      origin: backfillRuns.origin,
      queued: backfillRuns.queued,
      skipped: backfillRuns.skipped,
    })
    .from(backfillRuns)
    .leftJoin(cities, eq(cities.id, backfillRuns.cityId))
    .where(gt(backfillRuns.createdAt, keepAfter))
    .orderBy(desc(backfillRuns.createdAt))
    .limit(limit);
  if (runs.length === 0) return [];
  await getBoss(); // pg-boss's tables exist
  const ids = runs.map((run) => run.id);
  const counted = (table: typeof bossJobs | typeof bossArchive) =>
    getDb()
      .select({
        runId: sql<string>`${table.data} ->> 'runId'`,
        state: table.state,
        failedOutcome: sql<boolean>`coalesce(${table.output} ->> 'outcome' = 'failed', false)`,
        count: sql<number>`count(*)::int`,
      })
      .from(table)
      .where(and(eq(table.name, QUEUES.backfill), inArray(sql`${table.data} ->> 'runId'`, ids)))
      .groupBy(sql`1`, table.state, sql`3`);
  const rows = [...(await counted(bossJobs)), ...(await counted(bossArchive))];
  return runs.map((run) => {
    const progress: BackfillProgress = { waiting: 0, running: 0, done: 0, failed: 0, gone: 0 };
    for (const row of rows.filter((row) => row.runId === run.id)) {
      const count = Number(row.count);
      if (row.state === "created" || row.state === "retry") progress.waiting += count;
      else if (row.state === "active") progress.running += count;
      else if (row.state === "completed" && !row.failedOutcome) progress.done += count;
      else progress.failed += count; // "failed", "completed" as failed, "cancelled"
    }
    const seen = progress.waiting + progress.running + progress.done + progress.failed;
    progress.gone = Math.max(0, run.queued - seen);
    return {
      id: run.id,
      createdAt: run.createdAt.toISOString(),
      cityName: run.cityName,
      force: run.force,
      origin: run.origin === "command" ? "command" : "admin",
      queued: run.queued,
      skipped: run.skipped,
      progress,
      finished: progress.waiting + progress.running === 0,
    };
  });
}
