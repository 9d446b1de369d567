/**
 * A source's videos in the back office: what the admin sees and edits, and
 * what a refresh of the source saves. Every admin edit goes through
 * `updateVideoByAdmin`, which marks the video so that refreshes keep the
 * admin's title and description (docs/decisions/0021-video-ingestion.md).
 */
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cityVideos, transcriptSegments } from "~/lib/db/schema";
import type { VideoFields } from "~/lib/cities/city-management-forms";
import { isUuid } from "~/lib/pipeline/video.server";
import { storeTranscript } from "~/lib/transcripts/store.server";
import type { SourceVideo } from "~/lib/youtube/sources.server";

/** A video as the City Management videos table shows it (a view, not the row). */
export type AdminVideo = {
  id: string;
  videoId: string;
  title: string | null;
  description: string | null;
  transcript: string | null;
  publishedAt: Date | null;
};

/** The city's videos from this source, newest first. */
export async function listVideosOfSource(cityId: string, urlId: string): Promise<AdminVideo[]> {
  return getDb()
    .select({
      id: cityVideos.id,
      videoId: cityVideos.videoId,
      title: cityVideos.title,
      description: cityVideos.description,
      transcript: cityVideos.transcript,
      publishedAt: cityVideos.publishedAt,
    })
    .from(cityVideos)
    .where(and(eq(cityVideos.cityId, cityId), eq(cityVideos.cityUrlsId, urlId)))
    .orderBy(sql`${cityVideos.publishedAt} desc nulls last`, desc(cityVideos.createdAt));
}

/**
 * Saves an admin's title, description and/or transcript (the fields given)
 * and marks the video as edited. A changed transcript is stored as every
 * transcript is (text and timed segments); a blank one removes both. False
 * when the video does not exist.
 */
export async function updateVideoByAdmin(meetingId: string, fields: Partial<VideoFields>): Promise<boolean> {
  if (!isUuid(meetingId)) return false;
  const db = getDb();
  const [current] = await db
    .select({ transcript: cityVideos.transcript })
    .from(cityVideos)
    .where(eq(cityVideos.id, meetingId));
  if (!current) return false;
  const { transcript, ...text } = fields;
  if (transcript !== undefined && transcript !== (current.transcript ?? "").trim()) {
    if (transcript) await storeTranscript(meetingId, transcript);
    else await clearTranscript(meetingId);
  }
  const now = new Date();
  await db
    .update(cityVideos)
    .set({ ...text, editedByAdminAt: now, updatedAt: now })
    .where(eq(cityVideos.id, meetingId));
  return true;
}

async function clearTranscript(meetingId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.update(cityVideos).set({ transcript: null }).where(eq(cityVideos.id, meetingId));
    await tx.delete(transcriptSegments).where(eq(transcriptSegments.cityVideoId, meetingId));
  });
}

export async function deleteVideoByAdmin(meetingId: string): Promise<boolean> {
  if (!isUuid(meetingId)) return false;
  const deleted = await getDb().delete(cityVideos).where(eq(cityVideos.id, meetingId)).returning({ id: cityVideos.id });
  return deleted.length > 0;
}

export type SavedVideos = { inserted: string[]; updated: number };

/**
 * Saves a source's videos in one city: new ones are inserted; an existing
 * one (same city and video id; ON CONFLICT keeps concurrent refreshes from
 * duplicating it) gets YouTube's title and description unless an admin
 * edited it, and its empty fields filled in.
 */
export async function saveSourceVideos(cityId: string, urlId: string, videos: SourceVideo[]): Promise<SavedVideos> {
  if (videos.length === 0) return { inserted: [], updated: 0 };
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const rows = await getDb()
    .insert(cityVideos)
    .values(
      videos.map((video) => ({
        cityId,
        cityUrlsId: urlId,
        videoId: video.videoId,
        videoUrl: video.url,
        title: video.title,
        description: video.description,
        publishedAt: video.publishedAt,
        channelTitle: video.channelTitle,
        thumbnailUrl: video.thumbnailUrl,
      })),
    )
    .onConflictDoUpdate({
      target: [cityVideos.cityId, cityVideos.videoId],
      set: {
        title: sql`case when ${cityVideos.editedByAdminAt} is null then ${excluded("title")} else ${cityVideos.title} end`,
        description: sql`case when ${cityVideos.editedByAdminAt} is null then ${excluded("description")} else ${cityVideos.description} end`,
        cityUrlsId: sql`coalesce(${cityVideos.cityUrlsId}, ${excluded("city_urls_id")})`,
        videoUrl: sql`coalesce(${cityVideos.videoUrl}, ${excluded("video_url")})`,
        publishedAt: sql`coalesce(${cityVideos.publishedAt}, ${excluded("published_at")})`,
        channelTitle: sql`coalesce(${cityVideos.channelTitle}, ${excluded("channel_title")})`,
        thumbnailUrl: sql`coalesce(${cityVideos.thumbnailUrl}, ${excluded("thumbnail_url")})`,
        updatedAt: sql`now()`,
      },
      // Only rows that change: the others are neither rewritten nor counted.
      setWhere: or(
        and(
          isNull(cityVideos.editedByAdminAt),
          sql`(${cityVideos.title} is distinct from ${excluded("title")} or ${cityVideos.description} is distinct from ${excluded("description")})`,
        ),
        isNull(cityVideos.cityUrlsId),
        isNull(cityVideos.videoUrl),
        isNull(cityVideos.publishedAt),
        isNull(cityVideos.channelTitle),
        isNull(cityVideos.thumbnailUrl),
      ),
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ id: cityVideos.id, inserted: sql<boolean>`(xmax = 0)` });
  return {
    inserted: rows.filter((row) => row.inserted).map((row) => row.id),
    updated: rows.filter((row) => !row.inserted).length,
  };
}
