/**
 * Captions from YouTube, through two clients behind one interface
 * (docs/decisions/0049-captions-from-a-data-center.md):
 *
 * - "player": youtube-transcript-plus reads the watch page, asks the
 *   Innertube player for the caption tracks and downloads one;
 * - "transcript-panel": youtubei.js asks Innertube for the watch page's
 *   transcript panel (`next`, then `get_transcript`), which does not use
 *   the player's caption tracks at all.
 *
 * The second is asked only when the first failed for a reason it might not
 * share (a bot check on the player, an unreadable answer); a 429, a network
 * error or the proxy's refusal would hit it too. Both send every request
 * to YOUTUBE_BASE_URL (default https://www.youtube.com, a local fake in the
 * tests) through youtubeFetch (YOUTUBE_PROXY_URL).
 *
 *   const result = await fetchCaptions("https://youtu.be/abcdefghijk");
 *   // { status: "ok", segments, text, client } | { status: "unavailable", reason, code } | { status: "failed", message, code, retryAfterMs }
 */
import {
  fetchTranscript,
  type FetchParams,
  YoutubeTranscriptDisabledError,
  YoutubeTranscriptNotAvailableLanguageError,
} from "youtube-transcript-plus";
import type { CaptionClientName, CaptionFailureReason } from "~/lib/captions/reasons";
import { isTransientReason } from "~/lib/captions/reasons";
import { settings } from "~/lib/env/settings.server";
import { mergeCues, type Cue, type MergeOptions } from "~/lib/transcripts/cues";
import { formatTranscriptText } from "~/lib/transcripts/format";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { classifyFailure, createSiteFetch, type CaptionFailure } from "./caption-site.server";
import { fetchPanelCues } from "./transcript-panel.server";
import { youtubeVideoId } from "./video-id";

export type CaptionsResult =
  | {
      status: "ok";
      segments: TranscriptSegment[];
      text: string;
      language: string | null;
      client: CaptionClientName;
    }
  /** Retrying will not help: no captions, captions off, a removed or private video. */
  | { status: "unavailable"; reason: string; code: CaptionFailureReason }
  /** The site refused or could not be reached: retrying later may help. */
  | { status: "failed"; message: string; code: CaptionFailureReason; retryAfterMs: number | null };

export type CaptionOptions = {
  /** Where YouTube is; default YOUTUBE_BASE_URL or https://www.youtube.com. */
  baseUrl?: string;
  /** Preferred caption language (default YOUTUBE_CAPTION_LANG or "en"); any other track is used when it is missing. */
  lang?: string;
  /** Retries of 5xx answers (default YOUTUBE_RETRIES or 2); a 429 is never retried here. */
  retries?: number;
  retryDelayMs?: number;
  /** For each client's whole fetch (default YOUTUBE_TIMEOUT_MS or 30 s). */
  timeoutMs?: number;
  /** Ask the second client when the first fails for a reason it might not share (default true). */
  secondClient?: boolean;
  /** The meeting's title and description: how they write names and acronyms guides true casing of captions in capitals. */
  context?: string;
  /** Names known for certain (the city's): written as given in captions in capitals. */
  properNouns?: readonly string[];
};

type Resolved = Required<Omit<CaptionOptions, "context" | "properNouns" | "secondClient">>;

/** One client's answer: timed cues, or why not. */
export type ClientAttempt = { cues: Cue[]; language: string | null } | { failure: CaptionFailure };

/** The interface both clients implement. */
export type CaptionClient = {
  name: CaptionClientName;
  fetchCues(videoId: string, options: Resolved): Promise<ClientAttempt>;
};

function resolveOptions(options: CaptionOptions): Resolved {
  const config = settings();
  return {
    baseUrl: options.baseUrl || config.YOUTUBE_BASE_URL,
    lang: options.lang || config.YOUTUBE_CAPTION_LANG,
    retries: options.retries ?? config.YOUTUBE_RETRIES,
    retryDelayMs: options.retryDelayMs ?? config.YOUTUBE_RETRY_DELAY_MS,
    timeoutMs: options.timeoutMs ?? config.YOUTUBE_TIMEOUT_MS,
  };
}

// ---------------------------------------------------------------- client 1: the player's caption track

async function playerCues(id: string, options: Resolved, lang: string | undefined): Promise<ClientAttempt> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const { siteFetch, seen } = createSiteFetch(options.baseUrl, signal);
  const hook = ({ url, method = "GET", body, headers, lang: language, userAgent }: FetchParams) =>
    siteFetch(url, {
      method,
      body: method === "POST" ? body : undefined,
      headers: {
        ...(userAgent ? { "User-Agent": userAgent } : {}),
        ...(language ? { "Accept-Language": language } : {}),
        ...headers,
      },
    });
  try {
    const cues = await fetchTranscript(id, {
      lang,
      retries: options.retries,
      retryDelay: options.retryDelayMs,
      signal,
      videoFetch: hook,
      playerFetch: hook,
      transcriptFetch: hook,
    });
    return {
      cues: cues.map((cue) => ({ startSeconds: cue.offset, endSeconds: cue.offset + cue.duration, text: cue.text })),
      language: cues[0]?.lang ?? null,
    };
  } catch (error) {
    if (error instanceof YoutubeTranscriptNotAvailableLanguageError && lang) return playerCues(id, options, undefined);
    if (error instanceof YoutubeTranscriptDisabledError && seen.player?.status === "OK" && seen.player.hasCaptions)
      return { failure: { ...classifyFailure(error, seen), code: "captions-disabled" } };
    return { failure: classifyFailure(error, seen) };
  }
}

export const PLAYER_CLIENT: CaptionClient = {
  name: "player",
  fetchCues: (id, options) => playerCues(id, options, options.lang),
};

// ---------------------------------------------------------------- client 2: the transcript panel

export const TRANSCRIPT_PANEL_CLIENT: CaptionClient = {
  name: "transcript-panel",
  fetchCues: (id, options) => fetchPanelCues(id, options),
};

// ---------------------------------------------------------------- both

function toResult(
  attempt: { cues: Cue[]; language: string | null },
  client: CaptionClientName,
  casing: MergeOptions,
): CaptionsResult {
  const segments = mergeCues(attempt.cues, casing);
  if (segments.length === 0) return { status: "unavailable", reason: "The captions are empty.", code: "no-captions" };
  return { status: "ok", segments, text: formatTranscriptText(segments), language: attempt.language, client };
}

function fromFailure({ code, message, retryAfterMs }: CaptionFailure): CaptionsResult {
  return isTransientReason(code)
    ? { status: "failed", message, code, retryAfterMs }
    : { status: "unavailable", reason: message, code };
}

/** The captions of a YouTube video (id or URL), cut into timed segments. Never throws. */
export async function fetchCaptions(videoIdOrUrl: string, options: CaptionOptions = {}): Promise<CaptionsResult> {
  const id = youtubeVideoId(videoIdOrUrl);
  if (!id)
    return {
      status: "failed",
      message: `Not a YouTube video id or URL: ${videoIdOrUrl}`,
      code: "unavailable",
      retryAfterMs: null,
    };
  const resolved = resolveOptions(options);
  const casing = { context: options.context, properNouns: options.properNouns };
  const first = await PLAYER_CLIENT.fetchCues(id, resolved);
  if ("cues" in first) return toResult(first, PLAYER_CLIENT.name, casing);
  if (!first.failure.secondMayHelp || options.secondClient === false) return fromFailure(first.failure);
  const second = await TRANSCRIPT_PANEL_CLIENT.fetchCues(id, resolved);
  if ("cues" in second) return toResult(second, TRANSCRIPT_PANEL_CLIENT.name, casing);
  // The first client's reason stands; a 429 from the second tells how long to wait.
  if (second.failure.code === "rate-limited") return fromFailure(second.failure);
  return fromFailure({
    ...first.failure,
    message: `${first.failure.message} The transcript panel did not help either: ${second.failure.message}`,
  });
}
