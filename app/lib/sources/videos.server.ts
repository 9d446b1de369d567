/**
 * A source's videos as the back office sees and edits them. Every admin edit
 * of a video goes through `updateVideoByAdmin`, the one write a refresh of
 * the source has to respect.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cityVideos, transcriptSegments } from "~/lib/db/schema";
import { storeTranscript } from "~/lib/transcripts/store.server";
import type { VideoFields } from "~/lib/cities/city-management-forms";

export type SourceVideo = {
  id: string;
  videoId: string;
  title: string | null;
  description: string | null;
  transcript: string | null;
  publishedAt: Date | null;
};

/** The city's videos from this source, newest first. */
export async function listSourceVideos(cityId: string, urlId: string): Promise<SourceVideo[]> {
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
 * Saves an admin's title, description and transcript. A changed transcript
 * is stored as every transcript is (text and timed segments); a blank one
 * removes both. False when the video does not exist.
 */
export async function updateVideoByAdmin(meetingId: string, fields: VideoFields): Promise<boolean> {
  const db = getDb();
  const [current] = await db
    .select({ transcript: cityVideos.transcript })
    .from(cityVideos)
    .where(eq(cityVideos.id, meetingId));
  if (!current) return false;
  if (fields.transcript !== (current.transcript ?? "").trim()) {
    if (fields.transcript) await storeTranscript(meetingId, fields.transcript);
    else await clearTranscript(meetingId);
  }
  await db
    .update(cityVideos)
    .set({ title: fields.title, description: fields.description })
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
  const deleted = await getDb().delete(cityVideos).where(eq(cityVideos.id, meetingId)).returning({ id: cityVideos.id });
  return deleted.length > 0;
}
