/**
 * Captions from YouTube through youtube-transcript-plus. Its three fetch
 * hooks (watch page, Innertube player, caption track) are pointed at
 * YOUTUBE_BASE_URL (default https://www.youtube.com), so tests serve them
 * from a local fake (tests/support/fake-youtube-server.ts).
 *
 *   const result = await fetchCaptions("https://youtu.be/abcdefghijk");
 *   // { status: "ok", segments, text } | { status: "unavailable", reason } | { status: "failed", message }
 */
import {
  fetchTranscript,
  type FetchParams,
  type TranscriptSegment as CaptionCue,
  YoutubeTranscriptDisabledError,
  YoutubeTranscriptNotAvailableError,
  YoutubeTranscriptNotAvailableLanguageError,
  YoutubeTranscriptTooManyRequestError,
  YoutubeTranscriptVideoUnavailableError,
} from "youtube-transcript-plus";
import { settings } from "~/lib/env/settings.server";
import { mergeCues, type MergeOptions } from "~/lib/transcripts/cues";
import { formatTranscriptText } from "~/lib/transcripts/format";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { youtubeVideoId } from "./video-id";

export type CaptionsResult =
  | { status: "ok"; segments: TranscriptSegment[]; text: string; language: string | null }
  | { status: "unavailable"; reason: string }
  | { status: "failed"; message: string };

export type CaptionOptions = {
  /** Where YouTube is; default YOUTUBE_BASE_URL or https://www.youtube.com. */
  baseUrl?: string;
  /** Preferred caption language (default YOUTUBE_CAPTION_LANG or "en"); any other track is used when it is missing. */
  lang?: string;
  /** Retries of 429 and 5xx answers (default YOUTUBE_RETRIES or 2). */
  retries?: number;
  retryDelayMs?: number;
  /** For the whole fetch (default YOUTUBE_TIMEOUT_MS or 30 s). */
  timeoutMs?: number;
  /** The meeting's title and description: how they write names and acronyms guides true casing of captions in capitals. */
  context?: string;
  /** Names known for certain (the city's): written as given in captions in capitals. */
  properNouns?: readonly string[];
};

function resolveOptions(options: CaptionOptions): Required<Omit<CaptionOptions, "context" | "properNouns">> {
  const config = settings();
  return {
    baseUrl: options.baseUrl || config.YOUTUBE_BASE_URL,
    lang: options.lang || config.YOUTUBE_CAPTION_LANG,
    retries: options.retries ?? config.YOUTUBE_RETRIES,
    retryDelayMs: options.retryDelayMs ?? config.YOUTUBE_RETRY_DELAY_MS,
    timeoutMs: options.timeoutMs ?? config.YOUTUBE_TIMEOUT_MS,
  };
}

/** Sends requests meant for youtube.com to the configured base, and notes server errors. */
function createHttp(baseUrl: string) {
  const base = new URL(baseUrl);
  const seen = { serverError: false };
  const rebase = (url: string) => {
    const target = new URL(url);
    if (target.hostname === "youtube.com" || target.hostname.endsWith(".youtube.com")) {
      target.protocol = base.protocol;
      target.host = base.host;
      target.pathname = `${base.pathname.replace(/\/$/, "")}${target.pathname}`;
    }
    return target.toString();
  };
  const hook = async ({ url, method = "GET", body, headers, lang, userAgent, signal }: FetchParams) => {
    const response = await fetch(rebase(url), {
      method,
      body: method === "POST" ? body : undefined,
      headers: {
        ...(userAgent ? { "User-Agent": userAgent } : {}),
        ...(lang ? { "Accept-Language": lang } : {}),
        ...headers,
      },
      signal,
    });
    if (response.status === 429 || response.status >= 500) seen.serverError = true;
    return response;
  };
  return { hook, seen };
}

function isUnavailable(error: unknown): boolean {
  return (
    error instanceof YoutubeTranscriptDisabledError ||
    error instanceof YoutubeTranscriptNotAvailableError ||
    error instanceof YoutubeTranscriptNotAvailableLanguageError ||
    error instanceof YoutubeTranscriptVideoUnavailableError
  );
}

function failureMessage(error: unknown): string {
  if (error instanceof YoutubeTranscriptTooManyRequestError)
    return "YouTube is rate limiting requests; try again later.";
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "YouTube did not answer in time.";
  if (error instanceof YoutubeTranscriptVideoUnavailableError) return "YouTube answered with a server error.";
  if (error instanceof TypeError) return `YouTube could not be reached (${error.message}).`;
  return error instanceof Error ? error.message : String(error);
}

async function fetchCues(id: string, options: ReturnType<typeof resolveOptions>, lang: string | undefined) {
  const http = createHttp(options.baseUrl);
  try {
    const cues = await fetchTranscript(id, {
      lang,
      retries: options.retries,
      retryDelay: options.retryDelayMs,
      signal: AbortSignal.timeout(options.timeoutMs),
      videoFetch: http.hook,
      playerFetch: http.hook,
      transcriptFetch: http.hook,
    });
    return { cues, error: null, serverError: false };
  } catch (error) {
    return { cues: null, error, serverError: http.seen.serverError };
  }
}

function toResult(cues: CaptionCue[], casing: MergeOptions): CaptionsResult {
  const segments = mergeCues(
    cues.map((cue) => ({ startSeconds: cue.offset, endSeconds: cue.offset + cue.duration, text: cue.text })),
    casing,
  );
  if (segments.length === 0) return { status: "unavailable", reason: "The captions are empty." };
  return { status: "ok", segments, text: formatTranscriptText(segments), language: cues[0]?.lang ?? null };
}

/** The captions of a YouTube video (id or URL), cut into timed segments. Never throws. */
export async function fetchCaptions(videoIdOrUrl: string, options: CaptionOptions = {}): Promise<CaptionsResult> {
  const id = youtubeVideoId(videoIdOrUrl);
  if (!id) return { status: "failed", message: `Not a YouTube video id or URL: ${videoIdOrUrl}` };
  const resolved = resolveOptions(options);
  let attempt = await fetchCues(id, resolved, resolved.lang);
  // No track in the preferred language: take whatever track the video has.
  if (attempt.error instanceof YoutubeTranscriptNotAvailableLanguageError)
    attempt = await fetchCues(id, resolved, undefined);
  if (attempt.cues) return toResult(attempt.cues, { context: options.context, properNouns: options.properNouns });
  if (!attempt.serverError && isUnavailable(attempt.error)) {
    return { status: "unavailable", reason: attempt.error instanceof Error ? attempt.error.message : "No captions." };
  }
  return { status: "failed", message: failureMessage(attempt.error) };
}
