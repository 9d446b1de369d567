/**
 * Fetching a missing or too-short transcript for a video (admins, from the
 * city page's Fetch Transcript button).
 */

export type FetchTranscriptResult =
  | { status: "fetched"; transcriptLength: number }
  | { status: "unavailable" }
  | { status: "failed"; error: string };

/**
 * PLACEHOLDER — replaced by the AI pipeline work (captions from the video
 * site, stored into city_videos.transcript and transcript_segments). Until
 * then no transcript can be fetched, which the page reports as
 * 'No transcript available for this video.'
 */
export async function fetchTranscriptForVideo(videoId: string): Promise<FetchTranscriptResult> {
  void videoId;
  return { status: "unavailable" };
}

export const TRANSCRIPT_FETCH_TOASTS = {
  fetched: { type: "success", title: "Transcript fetched successfully!" },
  unavailable: { type: "info", title: "No transcript available for this video." },
  failed: { type: "error", title: "Failed to fetch transcript." },
} as const;
