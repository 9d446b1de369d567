/**
 * The `transcription` job: a meeting's transcript from a recording on this
 * server's disk (docs/decisions/0071-speech-to-text.md). A failure that
 * may pass (a server error, a timeout) is thrown, and pg-boss's retry
 * resumes at the chunk that failed; one that will not (transcription off,
 * a refused key, wrong times, no ffmpeg, an unreadable recording)
 * completes the job with `{ outcome: "failed" }`. A new transcript queues
 * its analysis, as fetched captions do.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cityVideos } from "~/lib/db/schema";
import { getBoss } from "~/lib/jobs/boss.server";
import { ensureAnalysisQueued } from "~/lib/jobs/enqueue.server";
import { TranscriptionJobData, type JobOutput } from "~/lib/jobs/queues";
import { QUEUES } from "~/lib/jobs/queue-names";
import { AudioError, FfmpegMissingError } from "./audio.server";
import { isTranscriptionError, readTranscriptionConfig } from "./client.server";
import { access } from "node:fs/promises";
import { createHash } from "node:crypto";
import { checkedAddresses, fetchMedia, MediaRefusedError, parseMediaUrl, recordingPathOf } from "./media.server";
import { audioMinutes, cancelKey, transcribeRecording } from "./transcribe.server";
import { fileStorage } from "~/lib/storage/storage.server";

export async function handleTranscriptionJob(job: { data: unknown }, signal?: AbortSignal): Promise<JobOutput> {
  const data = TranscriptionJobData.parse(job.data);
  try {
    const recordingPath = data.mediaUrl
      ? await fetchedRecording(data.cityVideoId, data.mediaUrl, signal)
      : data.recordingPath!;
    const result = await transcribeRecording(data.cityVideoId, recordingPath, { signal });
    await ensureAnalysisQueued(data.cityVideoId);
    return {
      outcome: "transcribed",
      chunks: result.chunks,
      resumed: result.resumed,
      segmentCount: result.segmentCount,
      dropped: result.dropped,
      audioMinutes: audioMinutes(result.audioSeconds),
    };
  } catch (error) {
    if (
      (isTranscriptionError(error) && !error.retryable) ||
      error instanceof FfmpegMissingError ||
      error instanceof MediaRefusedError ||
      error instanceof AudioError
    )
      return { outcome: "failed", error: error.message };
    throw error;
  }
}

/**
 * The recording of a media URL on this server's disk: fetched once per URL
 * (a retry of the transcription does not fetch it again).
 */
async function fetchedRecording(cityVideoId: string, mediaUrl: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash("sha256").update(mediaUrl).digest("hex").slice(0, 16);
  const destination = `${recordingPathOf(cityVideoId)}-${hash}`;
  const fetched = await access(destination).then(
    () => true,
    () => false,
  );
  if (!fetched) await fetchMedia(mediaUrl, destination, { signal });
  return destination;
}

/**
 * Queues the meeting's transcription from a media URL, once its scheme and
 * every address its host resolves to pass (MediaRefusedError otherwise: the
 * admin hears at once; the job checks again, on every redirect too); null
 * when one is already waiting.
 */
export async function queueMediaUrlTranscription(
  cityVideoId: string,
  mediaUrl: string,
  requestedBy: string | null = null,
): Promise<string | null> {
  const url = parseMediaUrl(mediaUrl);
  await checkedAddresses(url);
  const data = TranscriptionJobData.parse({ cityVideoId, mediaUrl: url.href, requestedBy });
  await fileStorage().delete(cancelKey(cityVideoId));
  return (await getBoss()).send(QUEUES.transcription, data, { singletonKey: cityVideoId });
}

/** Queues the meeting's transcription from a recording on this server's disk; null when one is already waiting. */
export async function queueTranscription(
  cityVideoId: string,
  recordingPath: string,
  requestedBy: string | null = null,
  { fileName }: { fileName?: string } = {},
): Promise<string | null> {
  const data = TranscriptionJobData.parse({ cityVideoId, recordingPath, requestedBy, fileName });
  await fileStorage().delete(cancelKey(cityVideoId));
  return (await getBoss()).send(QUEUES.transcription, data, { singletonKey: cityVideoId });
}

/** A link straight to a recording (not a page that plays one): what can be fetched and transcribed. */
export function isDirectMediaUrl(url: string | null): url is string {
  if (!url || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  return /^https?:$/.test(parsed.protocol) && /\.(mp4|m4a|m4v|mp3|mov|wav|m3u8)$/i.test(parsed.pathname);
}

/**
 * A meeting whose captions are unavailable is transcribed from its
 * recording when transcription is on and its video URL is a direct media
 * link (a city's own MP4, MP3 or HLS playlist). True when queued.
 */
export async function transcribeWithoutCaptions(cityVideoId: string): Promise<boolean> {
  if (!readTranscriptionConfig()) return false;
  const [video] = await getDb()
    .select({ videoUrl: cityVideos.videoUrl })
    .from(cityVideos)
    .where(eq(cityVideos.id, cityVideoId))
    .limit(1);
  if (!isDirectMediaUrl(video?.videoUrl ?? null)) return false;
  try {
    return (await queueMediaUrlTranscription(cityVideoId, video!.videoUrl!)) !== null;
  } catch (error) {
    if (error instanceof MediaRefusedError) return false;
    throw error;
  }
}
