/**
 * Writing a city's videos: the admin's edits (which refreshes then leave
 * alone) and the videos a refresh found. See docs/decisions/0021-video-ingestion.md.
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cityVideos } from "~/lib/db/schema";
import { isUuid, type Queryable } from "~/lib/pipeline/video.server";
import type { SourceVideo } from "~/lib/youtube/sources.server";

export type AdminVideoFields = { title?: string | null; description?: string | null };

/** Records that an admin changed the video, so refreshes keep its title and description. For other admin edit paths. */
export async function markEditedByAdmin(meetingId: string, db: Queryable = getDb()): Promise<void> {
  if (!isUuid(meetingId)) return;
  await db.update(cityVideos).set({ editedByAdminAt: new Date() }).where(eq(cityVideos.id, meetingId));
}

/** An admin's edit of a video's title and/or description. False when there is no such video. */
export async function updateVideoByAdmin(meetingId: string, fields: AdminVideoFields): Promise<boolean> {
  if (!isUuid(meetingId)) return false;
  const now = new Date();
  const updated = await getDb()
    .update(cityVideos)
    .set({ ...fields, editedByAdminAt: now, updatedAt: now })
    .where(eq(cityVideos.id, meetingId))
    .returning({ id: cityVideos.id });
  return updated.length === 1;
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
