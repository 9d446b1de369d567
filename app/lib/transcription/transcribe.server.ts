/**
 * A meeting's transcript from its recording, by speech-to-text
 * (docs/decisions/0071-speech-to-text.md):
 *
 * 1. ffmpeg extracts the sound (mono 16 kHz), finds its silences and the
 *    chunks are planned at silences (audio.server.ts, chunks.ts);
 * 2. each chunk is sent on its own (nothing carried from one to the next),
 *    retried alone, and its checked, filtered segments are written to a
 *    checkpoint in the app's file storage before the next one starts;
 * 3. a run that finds a checkpoint of the same recording (a crash, a
 *    failure after the retries) sends only the chunks not yet done;
 * 4. the segments, at their true times (chunk offset + segment time), are
 *    stored through the transcript store; speaker labels become anonymous
 *    speakers ("Speaker 1", …), numbered per chunk: a server's labels are
 *    its own in each request, so "SPEAKER_00" of two chunks need not be
 *    the same person. Then the checkpoint is deleted.
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { settings } from "~/lib/env/settings.server";
import { fileStorage } from "~/lib/storage/storage.server";
import { formatTranscriptText } from "~/lib/transcripts/format";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { saveTranscript } from "~/lib/transcripts/store.server";
import { readVideoFlags } from "~/lib/pipeline/video.server";
import { cutChunk, prepareAudio } from "./audio.server";
import type { AudioChunk, Silence } from "./chunks";
import { readTranscriptionConfig, transcribeFile, TranscriptionError, type TranscriptionConfig } from "./client.server";
import { checkSegmentTimes, ChunkAnswerError, dropHallucinations } from "./filters";

export { TranscriptionError } from "./client.server";

/** A segment of the recording: times in seconds from its start; `speaker` the server's own label. */
const CheckpointSegment = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  speaker: z.string().nullable(),
});
type CheckpointSegment = z.infer<typeof CheckpointSegment>;

const Checkpoint = z.object({
  version: z.literal(1),
  /** What the chunks were cut from and sent to: another recording or model starts over. */
  recording: z.object({ bytes: z.number(), duration: z.number(), model: z.string() }),
  chunks: z.array(z.object({ index: z.number(), start: z.number(), end: z.number() })),
  /** Finished chunks by index: their kept segments, and how many were dropped. */
  done: z.record(z.string(), z.object({ segments: z.array(CheckpointSegment), dropped: z.number() })),
});
type Checkpoint = z.infer<typeof Checkpoint>;

export function checkpointKey(cityVideoId: string): string {
  return `transcription/${cityVideoId}.json`;
}

/** An admin's Cancel of a running transcription: read before each chunk (control.server.ts). */
export function cancelKey(cityVideoId: string): string {
  return `transcription/${cityVideoId}.cancel`;
}

export type TranscriptionProgressView = { done: number; total: number; audioMinutes: number };

/** How far the meeting's unfinished transcription got, from its checkpoint; null when there is none. */
export async function readTranscriptionProgress(cityVideoId: string): Promise<TranscriptionProgressView | null> {
  const checkpoint = await readCheckpoint(cityVideoId);
  if (!checkpoint) return null;
  return {
    done: Object.keys(checkpoint.done).length,
    total: checkpoint.chunks.length,
    audioMinutes: audioMinutes(checkpoint.recording.duration),
  };
}

/** A recording's length in minutes, to a tenth: what speech-to-text costs. */
export function audioMinutes(seconds: number): number {
  return Math.round((seconds / 60) * 10) / 10;
}

async function readCheckpoint(cityVideoId: string): Promise<Checkpoint | null> {
  const file = await fileStorage().get(checkpointKey(cityVideoId));
  if (!file) return null;
  try {
    const parsed = Checkpoint.safeParse(JSON.parse(new TextDecoder().decode(file.body)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // a damaged checkpoint: start over
  }
}

async function writeCheckpoint(cityVideoId: string, checkpoint: Checkpoint): Promise<void> {
  await fileStorage().put(
    checkpointKey(cityVideoId),
    new TextEncoder().encode(JSON.stringify(checkpoint)),
    "application/json",
  );
}

function sameRecording(checkpoint: Checkpoint, fresh: Checkpoint): boolean {
  return (
    JSON.stringify(checkpoint.recording) === JSON.stringify(fresh.recording) &&
    JSON.stringify(checkpoint.chunks) === JSON.stringify(fresh.chunks)
  );
}

/** The silences inside a chunk, in seconds from its start. */
function silencesOf(chunk: AudioChunk, silences: readonly Silence[]): Silence[] {
  return silences
    .filter((silence) => silence.end > chunk.start && silence.start < chunk.end)
    .map((silence) => ({
      start: Math.max(0, silence.start - chunk.start),
      end: Math.min(chunk.end, silence.end) - chunk.start,
    }));
}

function describeChunk(chunk: AudioChunk, total: number): string {
  return `chunk ${chunk.index + 1} of ${total}`;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** One chunk, with its own retries: its kept segments at their true times. */
async function transcribeChunk(
  file: string,
  chunk: AudioChunk,
  total: number,
  silences: readonly Silence[],
  config: TranscriptionConfig,
  signal?: AbortSignal,
): Promise<{ segments: CheckpointSegment[]; dropped: number }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await transcribeFile(file, config, signal);
      const checked = checkSegmentTimes(answer, chunk.end - chunk.start);
      const { kept, dropped } = dropHallucinations(checked, silencesOf(chunk, silences));
      const segments = kept.map((segment) => ({
        start: round(chunk.start + segment.start),
        end: round(chunk.start + segment.end),
        text: segment.text,
        speaker: segment.speaker,
      }));
      return { segments, dropped };
    } catch (error) {
      const where = `Transcribing ${describeChunk(chunk, total)} failed`;
      if (error instanceof ChunkAnswerError)
        throw new TranscriptionError(`${where}: the server's answer was refused: ${error.message}`, false);
      if (!(error instanceof TranscriptionError)) throw error;
      if (!error.retryable || attempt >= config.retries) {
        const tries = attempt + 1;
        throw new TranscriptionError(
          `${where}${tries > 1 ? ` after ${tries} tries` : ""}: ${error.message}`,
          error.retryable,
        );
      }
      await wait(config.retryDelayMs * 2 ** attempt, signal);
    }
  }
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Server labels as anonymous speakers, numbered in order of first appearance, per chunk. */
function anonymousSpeakers(checkpoint: Checkpoint): TranscriptSegment[] {
  const numbers = new Map<string, number>();
  const segments: TranscriptSegment[] = [];
  for (const chunk of checkpoint.chunks) {
    for (const segment of checkpoint.done[String(chunk.index)]!.segments) {
      let speaker: string | null = null;
      if (segment.speaker !== null) {
        const key = `${chunk.index}\u0000${segment.speaker}`;
        if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
        speaker = `Speaker ${numbers.get(key)}`;
      }
      segments.push({
        position: segments.length,
        startSeconds: segment.start,
        endSeconds: segment.end,
        speaker,
        text: segment.text,
      });
    }
  }
  return segments;
}

export type TranscriptionProgress = { done: number; total: number; resumed: number };

export type TranscriptionResult = {
  chunks: number;
  /** Chunks found finished in a checkpoint and not sent again. */
  resumed: number;
  segmentCount: number;
  /** Segments dropped as hallucinations. */
  dropped: number;
  audioSeconds: number;
};

export type TranscribeOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: TranscriptionProgress) => void;
};

/**
 * Transcribes a local recording (audio or video) into the meeting's
 * transcript, replacing the one it has. Throws TranscriptionError with a
 * plain message (transcription off, an unknown meeting, a chunk that
 * failed: its checkpoint stays for the next run), FfmpegMissingError or
 * AudioError.
 */
export async function transcribeRecording(
  cityVideoId: string,
  recordingPath: string,
  { signal, onProgress }: TranscribeOptions = {},
): Promise<TranscriptionResult> {
  const config = readTranscriptionConfig();
  if (!config) throw new TranscriptionError("Transcription is off: set TRANSCRIPTION_BASE_URL.", false);
  if (!(await readVideoFlags(cityVideoId))) throw new TranscriptionError("Meeting not found.", false);
  const bytes = await stat(recordingPath).then(
    (info) => info.size,
    () => {
      throw new TranscriptionError(`The recording ${recordingPath} cannot be read.`, false);
    },
  );
  const s = settings();
  const directory = await mkdtemp(path.join(os.tmpdir(), "gavel-transcription-"));
  try {
    const audio = await prepareAudio(
      recordingPath,
      path.join(directory, "audio.wav"),
      { minSeconds: s.TRANSCRIPTION_CHUNK_MIN_SECONDS, maxSeconds: s.TRANSCRIPTION_CHUNK_MAX_SECONDS },
      signal,
    );
    const fresh: Checkpoint = {
      version: 1,
      recording: { bytes, duration: round(audio.duration), model: config.model },
      chunks: audio.chunks,
      done: {},
    };
    const saved = await readCheckpoint(cityVideoId);
    const checkpoint = saved && sameRecording(saved, fresh) ? saved : fresh;
    const total = checkpoint.chunks.length;
    const resumed = Object.keys(checkpoint.done).length;
    onProgress?.({ done: resumed, total, resumed });
    for (const chunk of checkpoint.chunks) {
      if (checkpoint.done[String(chunk.index)]) continue;
      if (await fileStorage().exists(cancelKey(cityVideoId))) {
        await fileStorage().delete(cancelKey(cityVideoId));
        const done = Object.keys(checkpoint.done).length;
        throw new TranscriptionError(
          `Canceled by an admin after ${done} of ${total} chunks (Retry resumes at chunk ${done + 1}).`,
          false,
        );
      }
      const file = path.join(directory, `chunk-${chunk.index}.flac`);
      await cutChunk(path.join(directory, "audio.wav"), chunk, file, signal);
      checkpoint.done[String(chunk.index)] = await transcribeChunk(file, chunk, total, audio.silences, config, signal);
      await rm(file, { force: true });
      await writeCheckpoint(cityVideoId, checkpoint);
      onProgress?.({ done: Object.keys(checkpoint.done).length, total, resumed });
    }
    const segments = anonymousSpeakers(checkpoint);
    if (segments.length === 0) throw new TranscriptionError("No speech was heard in the recording.", false);
    if (
      !(await saveTranscript(
        cityVideoId,
        formatTranscriptText(segments),
        segments,
        { engine: config.engine, model: config.model },
        { kind: "speech" },
      ))
    )
      throw new TranscriptionError("Meeting not found.", false);
    await fileStorage().delete(checkpointKey(cityVideoId));
    const dropped = Object.values(checkpoint.done).reduce((sum, chunk) => sum + chunk.dropped, 0);
    return { chunks: total, resumed, segmentCount: segments.length, dropped, audioSeconds: audio.duration };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
