/**
 * The speech-to-text client: one audio file to `POST {base}/v1/audio/transcriptions`,
 * the OpenAI contract that speaches, whisper.cpp's `whisper-server` and
 * WhisperX servers also speak (docs/decisions/0071-speech-to-text.md).
 *
 * Node's own fetch and FormData: the file goes out as a Blob backed by the
 * file on disk (`fs.openAsBlob`), never read into memory whole, and every
 * answer is checked with zod. Every failure is a TranscriptionError with a
 * plain message; `retryable` says whether the same request may succeed
 * later (a server error, a timeout, an unreadable answer) or not (a wrong
 * key, a wrong address).
 */
import { openAsBlob } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { settings, type Settings } from "~/lib/env/settings.server";

export type TranscriptionConfig = {
  /** The server's address without a trailing `/v1`. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** The engine's name as the meeting page says it: TRANSCRIPTION_ENGINE, or the server's host name. */
  engine: string;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
};

/** The transcription settings, or null when TRANSCRIPTION_BASE_URL is unset (transcription off). */
export function readTranscriptionConfig(config: Settings = settings()): TranscriptionConfig | null {
  if (!config.TRANSCRIPTION_BASE_URL) return null;
  return {
    engine: config.TRANSCRIPTION_ENGINE ?? new URL(config.TRANSCRIPTION_BASE_URL).hostname,
    baseUrl: config.TRANSCRIPTION_BASE_URL.replace(/\/+$/, "").replace(/\/v1$/, ""),
    apiKey: config.TRANSCRIPTION_API_KEY ?? null,
    model: config.TRANSCRIPTION_MODEL,
    timeoutMs: config.TRANSCRIPTION_TIMEOUT_MS,
    retries: config.TRANSCRIPTION_RETRIES,
    retryDelayMs: config.TRANSCRIPTION_RETRY_DELAY_MS,
  };
}

export class TranscriptionError extends Error {
  override name = "TranscriptionError";
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export function isTranscriptionError(error: unknown): error is TranscriptionError {
  return error instanceof TranscriptionError;
}

/** One timed piece of speech, in seconds from the start of the file sent. */
export type SpokenSegment = { start: number; end: number; text: string; speaker: string | null };

const Segment = z.object({
  start: z.number().finite(),
  end: z.number().finite(),
  text: z.string(),
  speaker: z.union([z.string(), z.number()]).nullish(),
});
const VerboseJson = z.object({ segments: z.array(Segment) });

function describeStatus(status: number, address: string): string {
  if (status === 401 || status === 403)
    return `The transcription server refused the key (HTTP ${status}): check TRANSCRIPTION_API_KEY.`;
  if (status === 404)
    return `The transcription server has no ${address} (HTTP 404): check TRANSCRIPTION_BASE_URL (whisper.cpp needs --inference-path /v1/audio/transcriptions).`;
  if (status === 413) return "The transcription server refused the audio as too large (HTTP 413).";
  if (status === 429) return "The transcription server asked to slow down (HTTP 429).";
  return `The transcription server failed (HTTP ${status}).`;
}

/** 5xx and 429 may pass on a later try; any other refusal will not. */
function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

const MIME_TYPES: Record<string, string> = {
  ".flac": "audio/flac",
  ".wav": "audio/wav",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".ogg": "audio/ogg",
};

/** Sends one audio file; its segments in the server's order, times from the file's start. */
export async function transcribeFile(
  filePath: string,
  config: TranscriptionConfig,
  signal?: AbortSignal,
): Promise<SpokenSegment[]> {
  const address = `${config.baseUrl}/v1/audio/transcriptions`;
  const form = new FormData();
  const type = MIME_TYPES[path.extname(filePath).toLowerCase()] ?? "application/octet-stream";
  form.append("file", await openAsBlob(filePath, { type }), path.basename(filePath));
  form.append("model", config.model);
  form.append("response_format", "verbose_json");
  form.append("timestamp_granularities[]", "segment");
  const timeout = AbortSignal.timeout(config.timeoutMs);
  let response: Response;
  try {
    response = await fetch(address, {
      method: "POST",
      body: form,
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted)
      throw new TranscriptionError(
        `The transcription server did not answer within ${Math.round(config.timeoutMs / 1000)} s (TRANSCRIPTION_TIMEOUT_MS).`,
        true,
      );
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new TranscriptionError(`The transcription server could not be reached at ${address}: ${cause}`, true);
  }
  let body: string;
  try {
    body = await response.text();
  } catch {
    if (signal?.aborted) throw signal.reason;
    throw new TranscriptionError(
      timeout.aborted
        ? `The transcription server did not finish its answer within ${Math.round(config.timeoutMs / 1000)} s (TRANSCRIPTION_TIMEOUT_MS).`
        : "The transcription server's answer was cut off.",
      true,
    );
  }
  if (!response.ok)
    throw new TranscriptionError(describeStatus(response.status, address), isRetryableStatus(response.status));
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new TranscriptionError("The transcription server's answer is not JSON (expected verbose_json).", true);
  }
  const parsed = VerboseJson.safeParse(json);
  if (!parsed.success)
    throw new TranscriptionError(
      "The transcription server's answer has no timed segments (expected verbose_json with segments[] of start, end and text).",
      true,
    );
  return parsed.data.segments.map((segment) => ({
    start: segment.start,
    end: segment.end,
    text: segment.text.trim(),
    speaker: segment.speaker === null || segment.speaker === undefined ? null : String(segment.speaker),
  }));
}
