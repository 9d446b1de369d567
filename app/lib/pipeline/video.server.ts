/** The pipeline's reads of a video, and the row lock its writes take. */
import { asc, eq, sql } from "drizzle-orm";
import { getDb, type Database } from "~/lib/db/client.server";
import { cityUrls, cityVideoSources, cityVideos, transcriptSegments } from "~/lib/db/schema";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { TRANSCRIPT_ANALYSIS_MIN } from "~/lib/constants";
import type { MeetingSource } from "~/lib/ai/provider";
import { CHANNEL_UPLOADS } from "~/lib/youtube/source-url";
import { isUuid } from "~/lib/uuid";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Queryable = Database | Transaction;

/** Analysis is offered for a transcript longer than 100 characters (docs/product.md#rules-meetings). */
export function isAnalyzableLength(length: number | null | undefined): boolean {
  return typeof length === "number" && length > TRANSCRIPT_ANALYSIS_MIN;
}

export function hasAnalyzableTranscript(transcript: string | null | undefined): transcript is string {
  return typeof transcript === "string" && transcript.trim().length > 0 && isAnalyzableLength(transcript.length);
}

export type PipelineVideo = Pick<
  typeof cityVideos.$inferSelect,
  "id" | "cityId" | "title" | "description" | "transcript" | "analysisResults" | "newsStory"
> & { source: MeetingSource | null };

/**
 * A video with the source that describes it best: of the sources that list
 * it, a playlist before a channel's uploads, then the first to list it.
 */
export async function loadPipelineVideo(cityVideoId: string, db: Queryable = getDb()): Promise<PipelineVideo | null> {
  if (!isUuid(cityVideoId)) return null;
  const [video] = await db
    .select({
      id: cityVideos.id,
      cityId: cityVideos.cityId,
      title: cityVideos.title,
      description: cityVideos.description,
      transcript: cityVideos.transcript,
      analysisResults: cityVideos.analysisResults,
      newsStory: cityVideos.newsStory,
      source: sql<MeetingSource | string | null>`(
        select json_build_object('sourceType', u.source_type, 'sourceTitle', u.title)
        from ${cityVideoSources} s join ${cityUrls} u on u.id = s.city_url_id
        where s.city_video_id = ${cityVideos.id}
        order by (u.url ~ ${CHANNEL_UPLOADS}), s.created_at, u.id
        limit 1)`,
    })
    .from(cityVideos)
    .where(eq(cityVideos.id, cityVideoId))
    .limit(1);
  if (!video) return null;
  const source = typeof video.source === "string" ? (JSON.parse(video.source) as MeetingSource) : video.source;
  return { ...video, source };
}

export async function loadSegments(cityVideoId: string): Promise<TranscriptSegment[]> {
  return getDb()
    .select({
      position: transcriptSegments.position,
      startSeconds: transcriptSegments.startSeconds,
      endSeconds: transcriptSegments.endSeconds,
      speaker: transcriptSegments.speaker,
      text: transcriptSegments.text,
    })
    .from(transcriptSegments)
    .where(eq(transcriptSegments.cityVideoId, cityVideoId))
    .orderBy(asc(transcriptSegments.position));
}

export type VideoFlags = { hasAnalysis: boolean; hasStory: boolean; transcriptLength: number | null };

const FLAGS = {
  hasAnalysis: sql<boolean>`${cityVideos.analysisResults} is not null`,
  hasStory: sql<boolean>`${cityVideos.newsStory} is not null`,
  transcriptLength: sql<number | null>`char_length(${cityVideos.transcript})`,
};

function toFlags(row: {
  hasAnalysis: boolean;
  hasStory: boolean;
  transcriptLength: number | string | null;
}): VideoFlags {
  return { ...row, transcriptLength: row.transcriptLength === null ? null : Number(row.transcriptLength) };
}

/** What the video has, without reading the transcript or the JSON; null for an unknown video. */
export async function readVideoFlags(cityVideoId: string): Promise<VideoFlags | null> {
  if (!isUuid(cityVideoId)) return null;
  const [row] = await getDb().select(FLAGS).from(cityVideos).where(eq(cityVideos.id, cityVideoId)).limit(1);
  return row ? toFlags(row) : null;
}

/**
 * Locks the video's row for the rest of the transaction, so that checks
 * made after it (is there an analysis? which revision is current?) hold
 * until the transaction writes. Null when the video does not exist.
 */
export async function lockVideo(tx: Transaction, cityVideoId: string): Promise<VideoFlags | null> {
  const [row] = await tx.select(FLAGS).from(cityVideos).where(eq(cityVideos.id, cityVideoId)).for("update");
  return row ? toFlags(row) : null;
}
