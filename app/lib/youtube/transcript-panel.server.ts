/**
 * The second caption client: youtubei.js, a maintained Innertube client,
 * reading the watch page's transcript panel (`/youtubei/v1/next` names the
 * panel, `/youtubei/v1/get_transcript` returns its timed lines). It never
 * touches the watch page or the player's caption tracks, where bot checks
 * and empty tracks stop the first client
 * (docs/decisions/0049-captions-from-a-data-center.md).
 *
 * The session is made locally (no request to fetch a visitor id or the
 * player script), and every request goes through the same watched fetch as
 * the first client: rebased onto YOUTUBE_BASE_URL, through the proxy.
 */
import type { Cue } from "~/lib/transcripts/cues";
import { classifyFailure, createSiteFetch, type CaptionFailure } from "./caption-site.server";

/** youtubei.js is large: loaded the first time the second client is needed, not with the server. */
async function loadInnertube() {
  const { Innertube, Log } = await import("youtubei.js");
  // The parser warns about every renderer it does not model; the failures that matter reach us as errors.
  Log.setLevel(Log.Level.NONE);
  return Innertube;
}

type PanelOptions = { baseUrl: string; timeoutMs: number };

type Segment = { start_ms?: string; end_ms?: string; snippet?: { toString(): string } };

function segmentsOf(transcript: unknown): Segment[] {
  const body = (transcript as { content?: { body?: { initial_segments?: unknown } } } | undefined)?.content?.body;
  const segments = body?.initial_segments;
  return Array.isArray(segments)
    ? (segments as Array<Segment & { type?: string }>).filter((s) => s.type === "TranscriptSegment")
    : [];
}

function noPanel(message: string): { failure: CaptionFailure } {
  return { failure: { code: "no-captions", message, retryAfterMs: null, secondMayHelp: false } };
}

/** The video's transcript panel as timed cues, or why not. Never throws. */
export async function fetchPanelCues(
  videoId: string,
  options: PanelOptions,
): Promise<{ cues: Cue[]; language: string | null } | { failure: CaptionFailure }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  // The player's sign-in demand is what stopped the first client: here only the panel counts.
  const { siteFetch, seen } = createSiteFetch(options.baseUrl, signal, { playerSignInStops: false });
  try {
    const Innertube = await loadInnertube();
    const innertube = await Innertube.create({
      fetch: siteFetch,
      generate_session_locally: true,
      retrieve_player: false,
      retrieve_innertube_config: false,
      lang: "en",
    });
    const info = await innertube.getInfo(videoId);
    let transcript;
    try {
      transcript = await info.getTranscript();
    } catch (error) {
      // No panel: the watch page offers no transcript (or the site left it out).
      if (error instanceof Error && /not found|no transcript/i.test(error.message))
        return noPanel("The watch page offers no transcript.");
      throw error;
    }
    const cues = segmentsOf(transcript.transcript).flatMap((segment) => {
      const start = Number(segment.start_ms) / 1000;
      const end = Number(segment.end_ms) / 1000;
      const text = segment.snippet?.toString().trim() ?? "";
      return Number.isFinite(start) && text
        ? [{ startSeconds: start, endSeconds: Number.isFinite(end) ? end : start, text }]
        : [];
    });
    if (cues.length === 0) return noPanel("The transcript panel is empty.");
    return { cues, language: null };
  } catch (error) {
    return { failure: classifyFailure(error, seen) };
  }
}
