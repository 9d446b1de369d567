/**
 * `npm run ingest -- --transcribe FILE --meeting ID`: a meeting's transcript
 * from a local recording by speech-to-text, here and now
 * (docs/decisions/0071-speech-to-text.md). A progress line per chunk on
 * standard error; after a failure the checkpoint stays, and running the
 * same command again sends only the chunks not yet done.
 */
import { prepareDatabase } from "../app/lib/db/startup.server";
import { DatabaseStartError } from "../app/lib/db/start-error.server";
import { SettingsError } from "../app/lib/env/settings.server";
import { AudioError, FfmpegMissingError } from "../app/lib/transcription/audio.server";
import { transcribeRecording, TranscriptionError } from "../app/lib/transcription/transcribe.server";

function bar(done: number, total: number): string {
  const width = 20;
  const filled = Math.round((done / Math.max(total, 1)) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} chunks`;
}

export async function transcribeCommand(file: string, meetingId: string): Promise<number> {
  try {
    await prepareDatabase();
  } catch (error) {
    if (error instanceof DatabaseStartError || error instanceof SettingsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const result = await transcribeRecording(meetingId, file, {
      onProgress: ({ done, total, resumed }) =>
        process.stderr.write(`${bar(done, total)}${resumed > 0 ? ` (${resumed} from the last run)` : ""}\n`),
    });
    const minutes = (result.audioSeconds / 60).toFixed(1);
    console.log(
      `Transcribed ${minutes} minutes of audio in ${result.chunks} chunk(s): ${result.segmentCount} segments stored, ${result.dropped} dropped as hallucinations.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof TranscriptionError || error instanceof FfmpegMissingError || error instanceof AudioError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
