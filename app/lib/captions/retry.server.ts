/**
 * Retry captions (admins): the video's attempts start again at zero, any
 * planned attempt is canceled and one is queued now. It still waits its
 * turn in the process's pace, and for the end of a breaker's pause
 * (docs/decisions/0049-captions-from-a-data-center.md).
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cityVideos } from "~/lib/db/schema";
import { formatDateTime } from "~/lib/format/date";
import { requestCaptionRetry } from "~/lib/jobs/enqueue.server";
import { isUuid } from "~/lib/uuid";
import type { ToastInput } from "~/lib/toast/toast";
import { youtubeIdOfVideo } from "~/lib/youtube/video-id";
import { captionPause } from "./pace.server";
import { resetCaptionAttempts } from "./state.server";

export const RETRY_CAPTIONS_MESSAGES = {
  queued: "Captions queued",
  running: "Captions are being fetched right now.",
  notFound: "No video details found",
  notOnYoutube: "This video is not on YouTube: it has no captions to fetch.",
} as const;

export async function retryCaptions(cityVideoId: string, requestedBy: string): Promise<ToastInput> {
  const [video] = isUuid(cityVideoId)
    ? await getDb()
        .select({ videoId: cityVideos.videoId, videoUrl: cityVideos.videoUrl })
        .from(cityVideos)
        .where(eq(cityVideos.id, cityVideoId))
    : [];
  if (!video) return { type: "error", title: RETRY_CAPTIONS_MESSAGES.notFound };
  if (!youtubeIdOfVideo(video)) return { type: "error", title: RETRY_CAPTIONS_MESSAGES.notOnYoutube };
  const result = await requestCaptionRetry(cityVideoId, requestedBy, (tx) => resetCaptionAttempts(cityVideoId, tx));
  if (result.status === "refused") return { type: "error", title: RETRY_CAPTIONS_MESSAGES.notFound };
  if (result.status === "running") return { type: "info", title: RETRY_CAPTIONS_MESSAGES.running };
  const pause = captionPause();
  return {
    type: "success",
    title: RETRY_CAPTIONS_MESSAGES.queued,
    description: pause
      ? `Caption fetching is paused until ${formatDateTime(pause.until)} (${pause.reason}); this video is fetched then.`
      : "They are fetched in turn, a few seconds apart; this page shows the outcome.",
  };
}
