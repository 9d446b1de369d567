/**
 * A transcript uploaded as a file (City Management's transcript page): a
 * .txt, .vtt or .srt file of UTF-8 text, parsed as pasted text is
 * (`storeTranscript`: WebVTT, SRT, timestamped lines or plain text). The
 * request's size is bounded by the body gate (UPLOAD_BODY_LIMIT, 5 MB).
 */
import { formatBytes, UPLOAD_BODY_LIMIT } from "~/lib/http/body-limits";

export const TRANSCRIPT_FILE_TYPES = [".txt", ".vtt", ".srt"] as const;
/** For the file input's `accept`. */
export const TRANSCRIPT_FILE_ACCEPT = [...TRANSCRIPT_FILE_TYPES, "text/plain", "text/vtt", "application/x-subrip"].join(
  ",",
);
/** The file and the rest of its form (a few hundred bytes) must fit the request's limit. */
export const MAX_TRANSCRIPT_FILE_BYTES = UPLOAD_BODY_LIMIT - 16 * 1024;

export const TRANSCRIPT_FILE_MESSAGES = {
  missing: "Choose a transcript file to upload.",
  type: "Choose a .txt, .vtt or .srt file.",
  tooLarge: `The file is too large: a transcript file must be under ${formatBytes(UPLOAD_BODY_LIMIT)}.`,
  notText: "The file is not UTF-8 text.",
  empty: "The file is empty.",
} as const;

export class TranscriptFileError extends Error {
  override readonly name = "TranscriptFileError";
}

/** The file's text; throws TranscriptFileError with a message for the page. */
export async function readTranscriptFile(file: unknown): Promise<string> {
  if (!(file instanceof Blob) || file.size === 0) {
    const named = file instanceof File && file.name !== "";
    throw new TranscriptFileError(named ? TRANSCRIPT_FILE_MESSAGES.empty : TRANSCRIPT_FILE_MESSAGES.missing);
  }
  const name = file instanceof File ? file.name.toLowerCase() : "";
  if (!TRANSCRIPT_FILE_TYPES.some((type) => name.endsWith(type)))
    throw new TranscriptFileError(TRANSCRIPT_FILE_MESSAGES.type);
  if (file.size > MAX_TRANSCRIPT_FILE_BYTES) throw new TranscriptFileError(TRANSCRIPT_FILE_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new TranscriptFileError(TRANSCRIPT_FILE_MESSAGES.notText);
  }
  text = text.replace(/^\uFEFF/, "");
  if (text.includes("\u0000")) throw new TranscriptFileError(TRANSCRIPT_FILE_MESSAGES.notText);
  if (!text.trim()) throw new TranscriptFileError(TRANSCRIPT_FILE_MESSAGES.empty);
  return text;
}
