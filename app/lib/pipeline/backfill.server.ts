/**
 * Backfill: analyze, then write stories for, every eligible meeting of a
 * city (or of all cities), directly (not through the job queue). Eligible:
 * what may be analyzed automatically (`isAutoAnalyzable`: not "Transcript
 * insufficient"), also with `force`. Without `force`, meetings that already
 * have an analysis (story) keep it.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { TRANSCRIPT_ANALYSIS_MIN } from "~/lib/constants";
import { isAutoAnalyzable } from "~/lib/meetings/rules";
import { getDb } from "~/lib/db/client.server";
import { cities, cityVideos } from "~/lib/db/schema";
import { analyzeVideo } from "./analysis.server";
import { isPipelineError } from "./messages";
import { writeVideoStory } from "./stories.server";

export type BackfillTarget = { cityKey: string } | { all: true };

export type BackfillVideo = { id: string; title: string; cityKey: string };

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

export async function eligibleVideos(target: BackfillTarget): Promise<BackfillVideo[]> {
  if ("cityKey" in target) {
    const [city] = await getDb()
      .select({ id: cities.id })
      .from(cities)
      .where(eq(cities.locationKey, target.cityKey))
      .limit(1);
    if (!city) throw new UnknownCityError(`No city with the key "${target.cityKey}".`);
  }
  const rows = await getDb()
    .select({
      id: cityVideos.id,
      title: cityVideos.title,
      cityKey: cities.locationKey,
      transcriptLength: sql<number | string>`char_length(${cityVideos.transcript})`,
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
    .map((row) => ({ id: row.id, title: row.title?.trim() || "Untitled meeting", cityKey: row.cityKey }));
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
