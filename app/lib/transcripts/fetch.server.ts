/**
 * The city page's Fetch Transcript button (admins): captions from YouTube,
 * stored with their timestamps. Runs inline, within the request, so that
 * the redirect after the POST can carry the outcome as a toast, with or
 * without JavaScript (docs/decisions/0012-jobs.md).
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities, cityVideos } from "~/lib/db/schema";
import { fetchCaptions, type CaptionOptions } from "~/lib/youtube/captions.server";
import { youtubeIdOfVideo } from "~/lib/youtube/video-id";
import { saveTranscript } from "./store.server";

export type FetchTranscriptOutcome =
  | { status: "fetched"; transcript: string; transcriptLength: number; segmentCount: number }
  | { status: "unavailable"; reason: string }
  | { status: "failed"; error: string };

/** What the UI says for each outcome (docs/product.md#messages-city-page). */
export const TRANSCRIPT_FETCH_MESSAGES = {
  fetched: "Transcript fetched successfully!",
  unavailable: "No transcript available for this video.",
  failed: "Failed to fetch transcript.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findVideo(cityVideoId: string) {
  if (!UUID.test(cityVideoId)) return null;
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
    const captions = await fetchCaptions(youtubeId, { context, properNouns, ...options });
    if (captions.status === "unavailable") return { status: "unavailable", reason: captions.reason };
    if (captions.status === "failed") return { status: "failed", error: captions.message };
    if (!(await saveTranscript(cityVideoId, captions.text, captions.segments)))
      return { status: "failed", error: "Video not found" };
    return {
      status: "fetched",
      transcript: captions.text,
      transcriptLength: captions.text.length,
      segmentCount: captions.segments.length,
    };
  } catch (error) {
    console.error("Fetching a transcript failed:", error);
    return { status: "failed", error: error instanceof Error ? error.message : String(error) };
  }
}
