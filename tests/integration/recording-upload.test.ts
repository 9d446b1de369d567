import http from "node:http";
import { once } from "node:events";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { stopBoss, getBoss } from "~/lib/jobs/boss.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { TranscriptionJobData } from "~/lib/jobs/queues";
import { dbTag, execSql } from "../setup";
import { type BuiltApp, loadBuild, rawRequest, signedInAs, startBuiltApp } from "../support/built-app";
import { createCity, createMeeting } from "../support/factories";

/**
 * A meeting's recording uploaded on its recording page (issue 30;
 * docs/decisions/0086-recording-uploads.md), through server.ts's stack in
 * front of the built app: the body is streamed to the disk, never held in
 * memory (300 MB made on the fly while this process's memory is watched:
 * the server and the client are this process), with a size limit
 * (MEDIA_MAX_BYTES: by Content-Length before anything is read, and by the
 * bytes counted), for admins only; a refused, cut-off or aborted upload
 * leaves no file behind.
 */

const BOUNDARY = "gavelrecording";
const MB = 1024 * 1024;

let build: ServerBuild;
let app: BuiltApp;
let meetingId: string;
let admin: string;
let member: string;
let recordings: string;

beforeAll(async () => {
  build = await loadBuild();
  // Configured, never called: queuing is the subject here, not transcribing.
  process.env.TRANSCRIPTION_BASE_URL = "http://127.0.0.1:9";
  const city = await createCity({ name: "Riverton" });
  meetingId = (await createMeeting({ cityId: city.id, title: "Budget hearing", transcript: null })).id;
  recordings = path.resolve(process.env.DATA_DIR!, "recordings");
  await getBoss();
  admin = (await signedInAs("admin@example.com", { admin: true })).cookie;
  member = (await signedInAs("member@example.com")).cookie;
  app = await startBuiltApp(build);
});

afterAll(async () => {
  delete process.env.TRANSCRIPTION_BASE_URL;
  delete process.env.MEDIA_MAX_BYTES;
  await app?.close();
  await stopBoss();
});

beforeEach(async () => {
  process.env.MEDIA_MAX_BYTES = String(400 * MB);
  await rm(recordings, { recursive: true, force: true });
  await execSql(`delete from pgboss.job where name = '${QUEUES.transcription}'`);
});

const uploadPath = () => `/admin/content-management/meetings/${meetingId}/recording/upload`;
const pagePath = () => `/admin/content-management/meetings/${meetingId}/recording`;

async function filesOnDisk(): Promise<string[]> {
  return (await readdir(recordings).catch(() => [] as string[])).sort();
}

async function transcriptionJobs() {
  const rows = await execSql<{ data: unknown }>(`select data from pgboss.job where name = '${QUEUES.transcription}'`);
  return rows.map((row) => TranscriptionJobData.parse(row.data));
}

type Upload = {
  cookie: string;
  /** The file's bytes, made on the fly in 1 MB pieces. */
  fileBytes: number;
  fileName?: string;
  type?: string;
  /** Content-Length to announce; "chunked" for none. The default: the true length. */
  length?: number | "chunked";
  /** Called once this many of the file's bytes are sent; the socket is destroyed when it resolves. */
  abortAfter?: { bytes: number; when: () => Promise<void> };
};

type Answer = { status: number; location: string | undefined; cookies: string[] };

/** A browser's multipart post of one file, written as the socket takes it. */
async function upload({
  cookie,
  fileBytes,
  fileName = "hearing.mp4",
  type = "video/mp4",
  length,
  abortAfter,
}: Upload): Promise<Answer | null> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="recording"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.length + fileBytes + tail.length;
  const headers: Record<string, string | number> = {
    Cookie: cookie,
    Origin: `http://127.0.0.1:${app.port}`,
    "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
  };
  if (length !== "chunked") headers["Content-Length"] = length ?? total;
  const request = http.request({
    host: "127.0.0.1",
    port: app.port,
    method: "POST",
    path: uploadPath(),
    headers,
    agent: false,
  });
  let answered: Answer | null = null;
  const response = new Promise<Answer | null>((resolve) => {
    request.once("response", (incoming) => {
      answered = {
        status: incoming.statusCode ?? 0,
        location: incoming.headers.location,
        cookies: incoming.headers["set-cookie"] ?? [],
      };
      incoming.resume();
      resolve(answered);
    });
    request.once("error", () => resolve(answered));
    request.once("close", () => resolve(answered));
  });
  const piece = Buffer.alloc(MB, "a");
  const write = async (bytes: Buffer) => {
    if (!request.write(bytes)) await Promise.race([once(request, "drain"), response]);
  };
  try {
    await write(head);
    for (let sent = 0; sent < fileBytes && !answered && !request.destroyed; sent += piece.length) {
      await write(piece.subarray(0, Math.min(piece.length, fileBytes - sent)));
      if (abortAfter && sent + piece.length >= abortAfter.bytes) {
        await abortAfter.when();
        request.destroy();
        return null;
      }
    }
    if (!answered && !request.destroyed) request.end(tail);
  } catch {
    // The server answered and closed while the body was still going: its answer is what counts.
  }
  const answer = await response;
  request.destroy();
  return answer;
}

/** The toast a redirect carries, as the page it leads to shows it. */
async function toastAfter(answer: Answer | null): Promise<string> {
  const toast = answer?.cookies.map((cookie) => cookie.split(";")[0]).join("; ") ?? "";
  const page = await rawRequest(app.port, { path: pagePath(), headers: { Cookie: `${admin}; ${toast}` } });
  expect(page.status).toBe(200);
  return page.body;
}

describe(`uploading a meeting's recording ${dbTag}`, () => {
  it("streams 300 MB to the disk while the process's memory grows by far less, and queues its transcription", async () => {
    const size = 300 * MB;
    const before = process.memoryUsage().rss;
    let peak = before;
    const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const answer = await upload({ cookie: admin, fileBytes: size, fileName: "Budget hearing.mp4" }).finally(() =>
      clearInterval(watch),
    );
    expect(answer?.status).toBe(302);
    expect(answer?.location).toBe(pagePath());
    // Buffered, the body alone would add 300 MB (and a copy or two more).
    expect((peak - before) / MB).toBeLessThan(120);
    expect(await filesOnDisk()).toEqual([`${meetingId}-upload`]);
    expect((await stat(path.join(recordings, `${meetingId}-upload`))).size).toBe(size);
    expect(await transcriptionJobs()).toEqual([
      expect.objectContaining({
        cityVideoId: meetingId,
        recordingPath: path.join(recordings, `${meetingId}-upload`),
        fileName: "Budget hearing.mp4",
      }),
    ]);
    const page = await toastAfter(answer);
    expect(page).toContain("Recording uploaded");
    expect(page).toContain("Uploaded: Budget hearing.mp4");
  }, 120_000);

  it("refuses a recording over MEDIA_MAX_BYTES by its Content-Length before reading it, and says so", async () => {
    process.env.MEDIA_MAX_BYTES = String(8 * MB);
    const answer = await upload({ cookie: admin, fileBytes: 4 * MB, length: 64 * MB });
    expect([answer?.status, answer?.location]).toEqual([302, pagePath()]);
    expect(await toastAfter(answer)).toContain(
      "The recording is larger than 8 MB (MEDIA_MAX_BYTES): it was not uploaded.",
    );
    expect(await filesOnDisk()).toEqual([]);
    expect(await transcriptionJobs()).toEqual([]);
  });

  it("stops a recording sent without a length once its bytes pass MEDIA_MAX_BYTES, and leaves no file", async () => {
    process.env.MEDIA_MAX_BYTES = String(8 * MB);
    const answer = await upload({ cookie: admin, fileBytes: 40 * MB, length: "chunked" });
    expect([answer?.status, answer?.location]).toEqual([302, pagePath()]);
    expect(await toastAfter(answer)).toContain("The recording is larger than 8 MB (MEDIA_MAX_BYTES)");
    await vi.waitFor(async () => expect(await filesOnDisk()).toEqual([]));
    expect(await transcriptionJobs()).toEqual([]);
  });

  it("leaves no file when the browser goes away half-way", async () => {
    const partial = async () => (await filesOnDisk()).filter((name) => name.endsWith(".part"));
    const answer = await upload({
      cookie: admin,
      fileBytes: 64 * MB,
      // Cut off once the server has begun writing the file.
      abortAfter: { bytes: 8 * MB, when: () => vi.waitFor(async () => expect(await partial()).toHaveLength(1)) },
    });
    expect(answer).toBeNull();
    await vi.waitFor(async () => expect(await filesOnDisk()).toEqual([]), { timeout: 10_000 });
    expect(await transcriptionJobs()).toEqual([]);
  });

  it("refuses a member and a visitor before reading a byte, and keeps nothing", async () => {
    for (const cookie of [member, ""]) {
      const answer = await upload({ cookie, fileBytes: 4 * MB });
      expect(answer?.status).toBe(cookie ? 403 : 401);
    }
    expect(await filesOnDisk()).toEqual([]);
    expect(await transcriptionJobs()).toEqual([]);
  });

  it("refuses a file that is not audio or video, and a form without a file", async () => {
    const notMedia = await upload({ cookie: admin, fileBytes: MB, fileName: "minutes.pdf", type: "application/pdf" });
    expect(await toastAfter(notMedia)).toContain("That file is not an audio or video recording.");
    const noFile = await upload({ cookie: admin, fileBytes: 0, fileName: "", type: "application/octet-stream" });
    expect(await toastAfter(noFile)).toContain("Choose a recording to upload.");
    expect(await filesOnDisk()).toEqual([]);
    expect(await transcriptionJobs()).toEqual([]);
  });

  it("refuses an upload while a transcription of the meeting is waiting, before reading it", async () => {
    expect((await upload({ cookie: admin, fileBytes: MB }))?.status).toBe(302);
    expect(await transcriptionJobs()).toHaveLength(1);
    const second = await upload({ cookie: admin, fileBytes: MB, fileName: "other.mp3", type: "audio/mpeg" });
    expect(await toastAfter(second)).toContain("A transcription of this meeting is already waiting or running");
    expect(await transcriptionJobs()).toEqual([expect.objectContaining({ fileName: "hearing.mp4" })]);
  });
});
