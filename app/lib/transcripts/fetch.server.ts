/**
 * Fetching a city video's captions and storing them as its transcript, with
 * their timestamps: the city page's Fetch Transcript button (inline, so the
 * redirect after the POST carries the outcome as a toast; docs/decisions/0012-jobs.md)
 * and the transcript-fetch job. Either way the fetch waits its turn in the
 * process's caption pace, and the video's caption state records the outcome;
 * a transient failure plans the next attempt as a job
 * (docs/decisions/0049-captions-from-a-data-center.md).
 */
import { eq } from "drizzle-orm";
import { captionPause, recordPaceOutcome, withCaptionPace } from "~/lib/captions/pace.server";
import type { CaptionClientName, CaptionFailureReason } from "~/lib/captions/reasons";
import { recordCaptionFailure, recordCaptionsFetched } from "~/lib/captions/state.server";
import { getDb } from "~/lib/db/client.server";
import { formatDateTime } from "~/lib/format/date";
import { cities, cityVideos } from "~/lib/db/schema";
import { scheduleCaptionRetry } from "~/lib/jobs/enqueue.server";
import { fetchCaptions, type CaptionOptions } from "~/lib/youtube/captions.server";
import { youtubeIdOfVideo } from "~/lib/youtube/video-id";
import { saveTranscript } from "./store.server";
import { isUuid } from "~/lib/uuid";

export type FetchTranscriptOutcome =
  | {
      status: "fetched";
      transcript: string;
      transcriptLength: number;
      segmentCount: number;
      client: CaptionClientName;
    }
  | { status: "unavailable"; reason: string; code?: CaptionFailureReason }
  | {
      status: "failed";
      error: string;
      code?: CaptionFailureReason;
      /** When the next attempt is planned (a transient failure under the limit). */
      retryAt?: Date | null;
      /** The breaker holds every caption fetch until then: nothing was asked, nothing recorded. */
      pausedUntil?: Date;
    };

/** What the UI says for each outcome (docs/product.md#messages-city-page). */
export const TRANSCRIPT_FETCH_MESSAGES = {
  fetched: "Transcript fetched successfully!",
  unavailable: "No transcript available for this video.",
  failed: "Failed to fetch transcript.",
} as const;

async function findVideo(cityVideoId: string) {
  if (!isUuid(cityVideoId)) return null;
  const [video] = await getDb()
    .select({
      videoId: cityVideos.videoId,
      videoUrl: cityVideos.videoUrl,
      title: cityVideos.title,
      description: cityVideos.description,
      cityName: cities.name,
    })
    .from(cityVideos)
    .innerJoin(cities, eq(cities.id, cityVideos.cityId))
    .where(eq(cityVideos.id, cityVideoId))
    .limit(1);
  return video ?? null;
}

/** The pause in words, for the toast and the job's output. */
export function pauseMessage(until: Date, reason: string): string {
  return `Caption fetching is paused until ${formatDateTime(until)}: ${reason}`;
}

/** Fetches the captions of a city video (by city_videos.id) and stores them as its transcript. Never throws. */
export async function fetchTranscriptForVideo(
  cityVideoId: string,
  options: CaptionOptions = {},
): Promise<FetchTranscriptOutcome> {
  try {
    const video = await findVideo(cityVideoId);
    if (!video) return { status: "failed", error: "Video not found" };
    const youtubeId = youtubeIdOfVideo(video);
    if (!youtubeId) return { status: "unavailable", reason: "The video is not on YouTube." };
    // How the meeting's own texts write names and acronyms, and the city's name, guide true casing of captions in capitals.
    const context = [video.title, video.description].filter(Boolean).join("\n");
    const properNouns = [video.cityName];
    const paced = await withCaptionPace(() => fetchCaptions(youtubeId, { context, properNouns, ...options }));
    if (!paced.ran) {
      const { until, reason } = paced.pause;
      return { status: "failed", error: pauseMessage(until, reason), pausedUntil: until };
    }
    const captions = paced.value;
    if (captions.status !== "ok") {
      const failure =
        captions.status === "unavailable"
          ? { code: captions.code, message: captions.reason, retryAfterMs: null }
          : { code: captions.code, message: captions.message, retryAfterMs: captions.retryAfterMs };
      recordPaceOutcome(failure.code, failure.retryAfterMs);
      const { nextRetryAt } = await recordCaptionFailure(cityVideoId, failure);
      // Not before the breaker's pause, when this failure opened it.
      const pause = captionPause();
      const retryAt = nextRetryAt && pause && pause.until > nextRetryAt ? pause.until : nextRetryAt;
      if (retryAt) await scheduleCaptionRetry(cityVideoId, retryAt);
      return captions.status === "unavailable"
        ? { status: "unavailable", reason: captions.reason, code: captions.code }
        : { status: "failed", error: captions.message, code: captions.code, retryAt };
    }
    recordPaceOutcome(null, null);
    if (!(await saveTranscript(cityVideoId, captions.text, captions.segments, null, { kind: "captions" })))
      return { status: "failed", error: "Video not found" };
    await recordCaptionsFetched(cityVideoId, captions.client);
    return {
      status: "fetched",
      transcript: captions.text,
      transcriptLength: captions.text.length,
      segmentCount: captions.segments.length,
      client: captions.client,
    };
  } catch (error) {
    console.error("Fetching a transcript failed:", error);
    return { status: "failed", error: error instanceof Error ? error.message : String(error) };
  }
}
