/**
 * Audio for speech-to-text, with Debian's ffmpeg (docs/decisions/0071-speech-to-text.md):
 * a recording's sound as mono 16 kHz (what speech models listen to), its
 * silences (ffmpeg's `silencedetect`), and the chunks it is cut into at
 * silences, each saved as FLAC (lossless, half the size of WAV, read by
 * every server of the contract).
 */
import { spawn } from "node:child_process";
import { planChunks, type AudioChunk, type Silence } from "./chunks";

export class FfmpegMissingError extends Error {
  override name = "FfmpegMissingError";
  constructor(program: "ffmpeg" | "ffprobe") {
    super(
      `${program} is not installed: speech-to-text needs it. Install Debian's ffmpeg package (apt-get install ffmpeg), which provides ffmpeg and ffprobe.`,
    );
  }
}

export class AudioError extends Error {
  override name = "AudioError";
}

/** Runs ffmpeg or ffprobe; its standard error (where ffmpeg logs) and output. */
function run(
  program: "ffmpeg" | "ffprobe",
  args: string[],
  signal?: AbortSignal,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (data: string) => (stdout += data));
    child.stderr.setEncoding("utf8").on("data", (data: string) => {
      stderr += data;
      // silencedetect on a long recording logs a line per silence: enough to keep, never unbounded.
      if (stderr.length > 64 * 1024 * 1024) child.kill();
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "ENOENT" ? new FfmpegMissingError(program) : error);
    });
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else {
        const last = stderr.trim().split("\n").slice(-3).join(" ").slice(0, 500);
        reject(new AudioError(`${program} failed (exit ${code}): ${last || "no message"}`));
      }
    });
  });
}

const QUIET = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"];

/** The recording's sound as mono 16 kHz 16-bit WAV, whatever the input (audio or video). */
export async function extractAudio(input: string, output: string, signal?: AbortSignal): Promise<void> {
  try {
    await run(
      "ffmpeg",
      [...QUIET, "-i", input, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", output],
      signal,
    );
  } catch (error) {
    if (error instanceof AudioError)
      throw new AudioError(`The recording has no sound ffmpeg can read: ${error.message}`);
    throw error;
  }
}

/** The file's length in seconds. */
export async function audioDuration(file: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await run(
    "ffprobe",
    ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", file],
    signal,
  );
  const duration = Number(stdout.trim());
  if (!Number.isFinite(duration) || duration <= 0)
    throw new AudioError("The recording has no length ffprobe can read.");
  return duration;
}

/** Quieter than this for at least MIN_SILENCE_SECONDS counts as silence. */
const SILENCE_NOISE_DB = -35;
const MIN_SILENCE_SECONDS = 0.5;

/** Reads silencedetect's log: `silence_start: 12.3` … `silence_end: 15.1 | silence_duration: 2.8`. */
export function parseSilences(log: string, duration: number): Silence[] {
  const silences: Silence[] = [];
  let start: number | null = null;
  for (const line of log.split("\n")) {
    const opened = /silence_start:\s*(-?[\d.]+)/.exec(line);
    if (opened) start = Math.max(0, Number(opened[1]));
    const closed = /silence_end:\s*([\d.]+)/.exec(line);
    if (closed && start !== null) {
      silences.push({ start, end: Number(closed[1]) });
      start = null;
    }
  }
  // A recording that ends in silence logs no silence_end.
  if (start !== null && duration > start) silences.push({ start, end: duration });
  return silences;
}

export async function findSilences(file: string, duration: number, signal?: AbortSignal): Promise<Silence[]> {
  const { stderr } = await run(
    "ffmpeg",
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "info",
      "-i",
      file,
      "-af",
      `silencedetect=noise=${SILENCE_NOISE_DB}dB:d=${MIN_SILENCE_SECONDS}`,
      "-f",
      "null",
      "-",
    ],
    signal,
  );
  return parseSilences(stderr, duration);
}

/** One chunk of the mono WAV as FLAC, sample-exact (the WAV is seekable). */
export async function cutChunk(wav: string, chunk: AudioChunk, output: string, signal?: AbortSignal): Promise<void> {
  await run(
    "ffmpeg",
    [
      ...QUIET,
      "-ss",
      chunk.start.toFixed(3),
      "-t",
      (chunk.end - chunk.start).toFixed(3),
      "-i",
      wav,
      "-c:a",
      "flac",
      output,
    ],
    signal,
  );
}

export type PreparedAudio = { duration: number; silences: Silence[]; chunks: AudioChunk[] };

/** Extracts the sound into `wav`, finds its silences and plans its chunks. */
export async function prepareAudio(
  input: string,
  wav: string,
  lengths: { minSeconds: number; maxSeconds: number },
  signal?: AbortSignal,
): Promise<PreparedAudio> {
  await extractAudio(input, wav, signal);
  const duration = await audioDuration(wav, signal);
  const silences = await findSilences(wav, duration, signal);
  return { duration, silences, chunks: planChunks(duration, silences, lengths) };
}
