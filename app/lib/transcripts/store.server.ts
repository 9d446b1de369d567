/**
 * Storing a video's transcript: the text in city_videos.transcript and its
 * timed segments in transcript_segments, replaced together in one
 * transaction. The analysis and story are left as they are (re-analyzing
 * is an explicit step).
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cityVideos, transcriptSegments } from "~/lib/db/schema";
import { formatTranscriptText } from "./format";
import { parseTranscript, type TranscriptFormat, type TranscriptSegment } from "./parse";
import { isUuid } from "~/lib/uuid";

const SEGMENT_ROWS_PER_INSERT = 1000;

export class TranscriptInputError extends Error {
  override readonly name = "TranscriptInputError";
}

/** Which speech-to-text engine and model made a transcript; null for captions and uploaded or pasted text. */
export type TranscriptMaker = { engine: string; model: string } | null;

export type StoredTranscript = { format: TranscriptFormat; transcript: string; segmentCount: number };

/** Replaces the transcript, its segments and who made it; false when the video does not exist. */
export async function saveTranscript(
  cityVideoId: string,
  transcript: string,
  segments: readonly TranscriptSegment[],
  madeBy: TranscriptMaker = null,
): Promise<boolean> {
  if (!isUuid(cityVideoId)) return false;
  return getDb().transaction(async (tx) => {
    const updated = await tx
      .update(cityVideos)
      .set({ transcript, transcriptEngine: madeBy?.engine ?? null, transcriptModel: madeBy?.model ?? null })
      .where(eq(cityVideos.id, cityVideoId))
      .returning({ id: cityVideos.id });
    if (updated.length === 0) return false;
    await tx.delete(transcriptSegments).where(eq(transcriptSegments.cityVideoId, cityVideoId));
    const rows = segments.map((segment, position) => ({
      cityVideoId,
      position,
      startSeconds: segment.startSeconds,
      endSeconds: segment.endSeconds,
      speaker: segment.speaker,
      text: segment.text,
    }));
    for (let i = 0; i < rows.length; i += SEGMENT_ROWS_PER_INSERT) {
      await tx.insert(transcriptSegments).values(rows.slice(i, i + SEGMENT_ROWS_PER_INSERT));
    }
    return true;
  });
}

/**
 * Stores an uploaded or pasted transcript: WebVTT, SRT, `[hh:mm:ss]
 * SPEAKER: text` lines or plain text (detected). Throws TranscriptInputError
 * for empty text or an unknown video.
 */
export async function storeTranscript(cityVideoId: string, text: string): Promise<StoredTranscript> {
  const { format, segments } = parseTranscript(text);
  if (segments.length === 0) throw new TranscriptInputError("The transcript is empty.");
  const transcript = formatTranscriptText(segments);
  if (!(await saveTranscript(cityVideoId, transcript, segments))) throw new TranscriptInputError("Video not found");
  return { format, transcript, segmentCount: segments.length };
}
