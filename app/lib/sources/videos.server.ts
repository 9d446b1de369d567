/**
 * A source's videos in the back office: what the admin sees and edits, and
 * what a refresh of the source saves. Every admin edit goes through
 * `updateVideoByAdmin`, which marks the video so that refreshes keep the
 * admin's title and description (docs/decisions/0021-video-ingestion.md).
 *
 * A video belongs to every source that lists it (city_video_sources), and a
 * video an admin deleted is remembered per city by the video site's id
 * (deleted_videos): refreshes skip it until it is restored
 * (docs/decisions/0047-sources-and-removed-videos.md).
 */
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import {
  cities,
  cityVideoSources,
  cityVideos,
  citiesUrls,
  deletedVideos,
  transcriptSegments,
  users,
} from "~/lib/db/schema";
import type { VideoFields } from "~/lib/cities/city-management-forms";
import { isUuid } from "~/lib/uuid";
import { storeTranscript } from "~/lib/transcripts/store.server";
import { matchCityEvents } from "~/lib/legistar/matching.server";
import type { SourceVideo } from "~/lib/youtube/sources.server";

/** How much of a transcript the videos table shows: the page never carries whole transcripts. */
export const TRANSCRIPT_PREVIEW_CHARS = 160;

/**
 * A video as the City Management videos table shows it (a view, not the
 * row): never the transcript itself, only its length and first words.
 */
export type AdminVideo = {
  id: string;
  videoId: string;
  title: string | null;
  description: string | null;
  /** Characters in the transcript; null when there is none. */
  transcriptLength: number | null;
  /** The transcript's first TRANSCRIPT_PREVIEW_CHARS characters. */
  transcriptPreview: string | null;
  publishedAt: Date | null;
};

const listsVideo = (urlId: string) =>
  sql`exists (select 1 from ${cityVideoSources} where ${cityVideoSources.cityVideoId} = ${cityVideos.id} and ${cityVideoSources.cityUrlId} = ${urlId}::uuid)`;

/** The city's videos that the source lists, newest first. */
export async function listVideosOfSource(cityId: string, urlId: string): Promise<AdminVideo[]> {
  const rows = await getDb()
    .select({
      id: cityVideos.id,
      videoId: cityVideos.videoId,
      title: cityVideos.title,
      description: cityVideos.description,
      transcriptLength: sql<number | string | null>`char_length(${cityVideos.transcript})`,
      transcriptPreview: sql<string | null>`left(${cityVideos.transcript}, ${TRANSCRIPT_PREVIEW_CHARS})`,
      publishedAt: cityVideos.publishedAt,
    })
    .from(cityVideos)
    .where(and(eq(cityVideos.cityId, cityId), listsVideo(urlId)))
    .orderBy(sql`${cityVideos.publishedAt} desc nulls last`, desc(cityVideos.createdAt));
  return rows.map((row) => ({
    ...row,
    transcriptLength: row.transcriptLength === null ? null : Number(row.transcriptLength),
  }));
}

/** One video of the city for its transcript page: the only place its whole transcript is read for an admin. */
export async function getVideoTranscriptForAdmin(meetingId: string) {
  if (!isUuid(meetingId)) return null;
  const [row] = await getDb()
    .select({
      id: cityVideos.id,
      cityId: cityVideos.cityId,
      cityName: cities.name,
      videoId: cityVideos.videoId,
      title: cityVideos.title,
      transcript: cityVideos.transcript,
    })
    .from(cityVideos)
    .innerJoin(cities, eq(cities.id, cityVideos.cityId))
    .where(eq(cityVideos.id, meetingId));
  return row ?? null;
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
    .select({ transcript: cityVideos.transcript, cityId: cityVideos.cityId, title: cityVideos.title })
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
  // Another title may make it another Legistar event's meeting (docs/decisions/0069).
  if (text.title !== undefined && text.title !== current.title) await matchCityEvents(current.cityId);
  return true;
}

async function clearTranscript(meetingId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx
      .update(cityVideos)
      .set({ transcript: null, transcriptEngine: null, transcriptModel: null })
      .where(eq(cityVideos.id, meetingId));
    await tx.delete(transcriptSegments).where(eq(transcriptSegments.cityVideoId, meetingId));
  });
}

/**
 * Deletes the video and everything hanging off it, and remembers the
 * deletion (who, when, what the video site listed, which sources listed
 * it) so that refreshes skip it. The city's row is locked for the deletion:
 * a refresh saving videos of the city waits for it, then sees it.
 * Null when there is no such video.
 */
export async function deleteVideoByAdmin(
  meetingId: string,
  deletedBy: string | null,
): Promise<{ videoId: string; title: string | null } | null> {
  if (!isUuid(meetingId)) return null;
  return getDb().transaction(async (tx) => {
    const [video] = await tx.select().from(cityVideos).where(eq(cityVideos.id, meetingId));
    if (!video) return null;
    await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, video.cityId)).for("update");
    const sources = await tx
      .select({ id: cityVideoSources.cityUrlId })
      .from(cityVideoSources)
      .where(eq(cityVideoSources.cityVideoId, meetingId));
    const remembered = {
      title: video.title,
      description: video.description,
      videoUrl: video.videoUrl,
      thumbnailUrl: video.thumbnailUrl,
      publishedAt: video.publishedAt,
      channelTitle: video.channelTitle,
      sourceIds: sources.map((source) => source.id),
      deletedBy,
      deletedAt: new Date(),
    };
    await tx
      .insert(deletedVideos)
      .values({ cityId: video.cityId, videoId: video.videoId, ...remembered })
      .onConflictDoUpdate({ target: [deletedVideos.cityId, deletedVideos.videoId], set: remembered });
    await tx.delete(cityVideos).where(eq(cityVideos.id, meetingId));
    return { videoId: video.videoId, title: video.title };
  });
}

/** A video an admin removed from a city, as City Management lists it. */
export type RemovedVideo = {
  videoId: string;
  title: string | null;
  publishedAt: Date | null;
  deletedAt: Date;
  /** The admin's e-mail address; null once that account is gone. */
  deletedBy: string | null;
};

/** The city's removed videos, the latest removal first. */
export async function listRemovedVideos(cityId: string): Promise<RemovedVideo[]> {
  return getDb()
    .select({
      videoId: deletedVideos.videoId,
      title: deletedVideos.title,
      publishedAt: deletedVideos.publishedAt,
      deletedAt: deletedVideos.deletedAt,
      deletedBy: users.email,
    })
    .from(deletedVideos)
    .leftJoin(users, eq(users.id, deletedVideos.deletedBy))
    .where(eq(deletedVideos.cityId, cityId))
    .orderBy(desc(deletedVideos.deletedAt), deletedVideos.videoId);
}

/**
 * Forgets a removal and brings the video back as a new video of the city,
 * from what the removal kept, listed by those of its sources the city still
 * has; its captions then come as for any new video (the caller queues
 * them). Null when the city has no such removal.
 */
export async function restoreRemovedVideo(cityId: string, videoId: string): Promise<{ meetingId: string } | null> {
  return getDb().transaction(async (tx) => {
    const [removed] = await tx
      .delete(deletedVideos)
      .where(and(eq(deletedVideos.cityId, cityId), eq(deletedVideos.videoId, videoId)))
      .returning();
    if (!removed) return null;
    const [inserted] = await tx
      .insert(cityVideos)
      .values({
        cityId,
        videoId,
        title: removed.title,
        description: removed.description,
        videoUrl: removed.videoUrl,
        thumbnailUrl: removed.thumbnailUrl,
        publishedAt: removed.publishedAt,
        channelTitle: removed.channelTitle,
      })
      .onConflictDoNothing({ target: [cityVideos.cityId, cityVideos.videoId] })
      .returning({ id: cityVideos.id });
    const meetingId =
      inserted?.id ??
      (
        await tx
          .select({ id: cityVideos.id })
          .from(cityVideos)
          .where(and(eq(cityVideos.cityId, cityId), eq(cityVideos.videoId, videoId)))
      )[0]!.id;
    const stillSources =
      removed.sourceIds.length === 0
        ? []
        : await tx
            .select({ id: citiesUrls.urlId })
            .from(citiesUrls)
            .where(and(eq(citiesUrls.cityId, cityId), inArray(citiesUrls.urlId, removed.sourceIds)));
    if (stillSources.length > 0)
      await tx
        .insert(cityVideoSources)
        .values(stillSources.map((source) => ({ cityVideoId: meetingId, cityUrlId: source.id })))
        .onConflictDoNothing();
    return { meetingId };
  });
}

export type SavedVideos = {
  /** Ids of the videos inserted. */
  inserted: string[];
  /** Stored videos whose title, description or empty fields changed. */
  updated: number;
  /** Videos the city already had that this source now lists too. */
  linked: number;
  /** Videos an admin removed from the city: not saved. */
  skipped: number;
};

/**
 * Saves a source's videos in one city, in one transaction: new ones are
 * inserted; an existing one (same city and video id; ON CONFLICT keeps
 * concurrent refreshes from duplicating it) gets YouTube's title and
 * description unless an admin edited it, and its empty fields filled in;
 * every one of them is then listed by the source. Videos an admin removed
 * from the city are skipped: the transaction first takes a share lock on
 * the city's row, which a deletion holds exclusively while it writes, so
 * the removals read here are complete.
 */
export async function saveSourceVideos(cityId: string, urlId: string, videos: SourceVideo[]): Promise<SavedVideos> {
  if (videos.length === 0) return { inserted: [], updated: 0, linked: 0, skipped: 0 };
  return getDb().transaction(async (tx) => {
    await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).for("key share");
    const removed = await tx
      .select({ videoId: deletedVideos.videoId })
      .from(deletedVideos)
      .where(
        and(
          eq(deletedVideos.cityId, cityId),
          inArray(
            deletedVideos.videoId,
            videos.map((video) => video.videoId),
          ),
        ),
      );
    const skip = new Set(removed.map((row) => row.videoId));
    const kept = videos.filter((video) => !skip.has(video.videoId));
    if (kept.length === 0) return { inserted: [], updated: 0, linked: 0, skipped: videos.length };
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    const rows = await tx
      .insert(cityVideos)
      .values(
        kept.map((video) => ({
          cityId,
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
          isNull(cityVideos.videoUrl),
          isNull(cityVideos.publishedAt),
          isNull(cityVideos.channelTitle),
          isNull(cityVideos.thumbnailUrl),
        ),
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ id: cityVideos.id, inserted: sql<boolean>`(xmax = 0)` });
    const inserted = rows.filter((row) => row.inserted).map((row) => row.id);
    // Every kept video, new or not, is listed by this source.
    const links = await tx
      .insert(cityVideoSources)
      .select(
        tx
          .select({
            cityVideoId: cityVideos.id,
            cityUrlId: sql<string>`${urlId}::uuid`.as("city_url_id"),
            createdAt: sql<Date>`now()`.as("created_at"),
          })
          .from(cityVideos)
          .where(
            and(
              eq(cityVideos.cityId, cityId),
              inArray(
                cityVideos.videoId,
                kept.map((video) => video.videoId),
              ),
            ),
          ),
      )
      .onConflictDoNothing()
      .returning({ id: cityVideoSources.cityVideoId });
    const newIds = new Set(inserted);
    return {
      inserted,
      updated: rows.length - inserted.length,
      linked: links.filter((link) => !newIds.has(link.id)).length,
      skipped: videos.length - kept.length,
    };
  });
}

/** Lists the video under the source too (a meeting created by hand, the test data). */
export async function addVideoToSource(meetingId: string, urlId: string): Promise<void> {
  await getDb().insert(cityVideoSources).values({ cityVideoId: meetingId, cityUrlId: urlId }).onConflictDoNothing();
}
