/**
 * A meeting's recording uploaded by an admin (issue 30; docs/decisions/0086-recording-uploads.md):
 * the multipart body streamed from the socket (the body gate hands this one
 * route's body on unread: app/lib/http/body-gate.server.ts) through a
 * streaming parser (@fastify/busboy) into a file in
 * `$DATA_DIR/recordings/`, never held in memory.
 *
 * - At most MEDIA_MAX_BYTES (the gate refuses a larger Content-Length
 *   before anything is read; the bytes are counted too) and
 *   MEDIA_UPLOAD_TIMEOUT_MS.
 * - Written to a temporary name of its own and renamed when complete: a
 *   refused, failed or cut-off upload leaves no file (the write stream is
 *   closed before its file is removed).
 * - One file field, `recording`, an audio or video file (forms.ts); other
 *   parts are few and small.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Busboy from "@fastify/busboy";
import { settings } from "~/lib/env/settings.server";
import { formatBytes } from "~/lib/http/body-limits";
import { RecordingFileSchema, UPLOAD_MESSAGES } from "./forms";
import { recordingPathOf } from "./media.server";

export class UploadRefusedError extends Error {
  override name = "UploadRefusedError";
}

export type UploadedRecording = { path: string; fileName: string; bytes: number };

/** Where a meeting's uploaded recording is kept: `recordings/<meeting id>-upload` (a new upload replaces it). */
export function uploadedRecordingPath(cityVideoId: string): string {
  return `${recordingPathOf(cityVideoId)}-upload`;
}

export function tooLargeUploadMessage(): string {
  return `The recording is larger than ${formatBytes(settings().MEDIA_MAX_BYTES)} (MEDIA_MAX_BYTES): it was not uploaded.`;
}

function timeoutMessage(): string {
  const minutes = Math.round(settings().MEDIA_UPLOAD_TIMEOUT_MS / 60_000);
  return `The upload took longer than ${minutes} minutes (MEDIA_UPLOAD_TIMEOUT_MS): it was not kept.`;
}

/**
 * Streams the request's recording to the meeting's upload file. Throws
 * UploadRefusedError with a plain message; nothing of a refused or failed
 * upload is left on the disk.
 */
export async function receiveRecording(request: Request, cityVideoId: string): Promise<UploadedRecording> {
  const s = settings();
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body)
    throw new UploadRefusedError(UPLOAD_MESSAGES.noFile);
  const destination = uploadedRecordingPath(cityVideoId);
  const partial = `${destination}-${randomUUID()}.part`;
  await mkdir(path.dirname(destination), { recursive: true });

  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fields: 8, parts: 9, fieldSize: 1024, fieldNameSize: 100, headerPairs: 20 },
    });
  } catch {
    throw new UploadRefusedError(UPLOAD_MESSAGES.noFile);
  }
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  let file: WriteStream | null = null;
  let received: UploadedRecording | null = null;
  let fail!: (error: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    fail = reject;
    let writing: Promise<void> | null = null;
    parser.on("file", (field, stream, fileName, _encoding, mimeType) => {
      if (writing) return void stream.resume();
      const described = RecordingFileSchema.safeParse({ field, fileName, mimeType });
      if (!described.success) {
        stream.resume();
        return reject(new UploadRefusedError(described.error.issues[0]?.message ?? UPLOAD_MESSAGES.noFile));
      }
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          if (bytes > s.MEDIA_MAX_BYTES) return callback(new UploadRefusedError(tooLargeUploadMessage()));
          callback(null, chunk);
        },
      });
      file = createWriteStream(partial);
      writing = pipeline(stream, counter, file).then(() => {
        received = { path: destination, fileName: described.data.fileName, bytes };
      });
      writing.catch(reject);
    });
    parser.on("finish", () => void (writing ?? Promise.resolve()).then(resolve, reject));
    parser.on("error", reject);
    source.on("error", reject);
  });
  const deadline = setTimeout(() => fail(new UploadRefusedError(timeoutMessage())), s.MEDIA_UPLOAD_TIMEOUT_MS);
  source.pipe(parser);
  try {
    await done;
    const uploaded = received as UploadedRecording | null;
    if (!uploaded || uploaded.bytes === 0) throw new UploadRefusedError(UPLOAD_MESSAGES.noFile);
    await rename(partial, destination);
    return uploaded;
  } catch (error) {
    // Stop reading (the request handler reads and drops the rest), close the file, then remove it.
    source.unpipe(parser);
    source.destroy();
    const open = file as WriteStream | null;
    if (open && !open.closed) await new Promise<void>((resolve) => open.once("close", () => resolve()).destroy());
    await rm(partial, { force: true });
    if (error instanceof UploadRefusedError) throw error;
    throw new UploadRefusedError(`The upload stopped before its end: ${(error as Error).message}`);
  } finally {
    clearTimeout(deadline);
  }
}
