import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cityVideos, transcriptSegments } from "~/lib/db/schema";
import { stopBoss } from "~/lib/jobs/boss.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { listRecentJobs } from "~/lib/jobs/status.server";
import { runNextJob } from "~/lib/jobs/worker.server";
import { fileStorage } from "~/lib/storage/storage.server";
import { queueTranscription, transcribeWithoutCaptions } from "~/lib/transcription/job.server";
import { handleTranscriptJob } from "~/lib/jobs/handlers.server";
import { checkpointKey, transcribeRecording, TranscriptionError } from "~/lib/transcription/transcribe.server";
import { storeTranscript } from "~/lib/transcripts/store.server";
import type { MeetingView } from "~/lib/meetings/view";
import { loader as meetingLoader } from "~/routes/meeting/meeting";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cancelKey } from "~/lib/transcription/transcribe.server";
import type { TranscriptionPanel } from "~/lib/transcription/control.server";
import { action as recordingAction, loader as recordingLoader } from "~/routes/admin/meeting-recording";
import { callAction, callLoader, dbTag, getTestDb, TEST_ORIGIN, truncateAllTables } from "../setup";
import { createMeeting, createSignedInUser } from "../support/factories";
import { startFakeTranscriptionServer, type FakeTranscriptionServer } from "../support/fake-transcription-server";
import { makeSpokenMeeting, missingAudioTools, type SpokenMeeting } from "../support/spoken-meeting";

/**
 * Speech-to-text of a real recording (issue 30; docs/decisions/0071-speech-to-text.md):
 * espeak-ng speaks a short council meeting with several voices, silences
 * and a vote into an MP4 video; the app extracts its sound with ffmpeg,
 * cuts it into chunks at silences and sends each to a fake server on
 * 127.0.0.1 that answers with the times it hears in each chunk. The stored
 * transcript's times are checked against where the lines were put in the
 * recording.
 */

const missing = missingAudioTools();
if (missing) console.warn(`transcription-recording: skipped: ${missing}`);

let meeting: SpokenMeeting;
let server: FakeTranscriptionServer;
/** Serves the recording at /meeting.mp4, as a city's site would. */
let mediaServer: Server;
let mediaBase: string;

beforeAll(async () => {
  if (missing) return;
  meeting = makeSpokenMeeting();
  server = await startFakeTranscriptionServer(meeting.lines);
  process.env.TRANSCRIPTION_BASE_URL = server.baseUrl;
  process.env.TRANSCRIPTION_MODEL = "whisper-test";
  // A 93-second meeting in chunks of 15 to 30 seconds.
  process.env.TRANSCRIPTION_CHUNK_MIN_SECONDS = "15";
  process.env.TRANSCRIPTION_CHUNK_MAX_SECONDS = "30";
  process.env.TRANSCRIPTION_RETRY_DELAY_MS = "0";
  process.env.JOBS_RETRY_DELAY_SECONDS = "0"; // before the job queue starts: a failed job's retry runs at once
  const size = (await stat(meeting.video)).size;
  mediaServer = createServer((request, response) => {
    if (request.url !== "/meeting.mp4") return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "video/mp4", "content-length": size });
    createReadStream(meeting.video).pipe(response);
  });
  await new Promise<void>((resolve) => mediaServer.listen(0, "127.0.0.1", resolve));
  mediaBase = `http://127.0.0.1:${(mediaServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => mediaServer?.close(resolve));
  await stopBoss();
  await server?.close();
});
beforeEach(async () => {
  if (missing) return;
  await truncateAllTables();
  server.reset();
  process.env.TRANSCRIPTION_RETRIES = "0";
  process.env.TRANSCRIPTION_TIMEOUT_MS = "30000";
  delete process.env.TRANSCRIPTION_API_KEY;
});

async function segmentsOf(cityVideoId: string) {
  return getTestDb()
    .select({
      start: transcriptSegments.startSeconds,
      end: transcriptSegments.endSeconds,
      speaker: transcriptSegments.speaker,
      text: transcriptSegments.text,
    })
    .from(transcriptSegments)
    .where(eq(transcriptSegments.cityVideoId, cityVideoId))
    .orderBy(asc(transcriptSegments.position));
}

async function meetingPage(meetingId: string): Promise<MeetingView> {
  const result = await callLoader(meetingLoader, `/meeting/${meetingId}`, { params: { meetingId } });
  return (result.data as { meeting: MeetingView }).meeting;
}

async function newMeeting() {
  return (await createMeeting({ transcript: null })).id;
}

async function failureOf(run: Promise<unknown>): Promise<TranscriptionError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TranscriptionError);
  return error as TranscriptionError;
}

/** Each line of the meeting once, in order, each within 1 s of where it was spoken. */
function expectTheMeeting(stored: Awaited<ReturnType<typeof segmentsOf>>) {
  expect(stored.map((segment) => segment.text)).toEqual(meeting.lines.map((line) => line.text));
  for (const [index, segment] of stored.entries()) {
    const line = meeting.lines[index]!;
    expect(Math.abs(segment.start! - line.start), `start of "${line.text}"`).toBeLessThan(1);
    expect(Math.abs(segment.end! - line.end), `end of "${line.text}"`).toBeLessThan(1);
  }
}

describe.skipIf(missing)(`speech-to-text of a recording ${dbTag}`, () => {
  it("cuts the recording at silences, sends each chunk on its own and stores the lines at their true times", async () => {
    const id = await newMeeting();
    const progress: number[] = [];
    const result = await transcribeRecording(id, meeting.video, { onProgress: ({ done }) => progress.push(done) });

    // Several chunks, each 15 to 30 seconds (the last may be shorter), none cutting a line in two.
    expect(result.chunks).toBeGreaterThanOrEqual(3);
    expect(server.requests).toHaveLength(result.chunks);
    expect(progress).toEqual([...Array(result.chunks + 1).keys()]);
    for (const request of server.requests.slice(0, -1)) {
      expect(request.seconds).toBeGreaterThanOrEqual(15 - 0.1);
      expect(request.seconds).toBeLessThanOrEqual(30 + 0.1);
    }
    const heard = server.requests.flatMap((request) => request.lineIndexes);
    expect(heard).toEqual(meeting.lines.map((line) => line.index));
    // The contract: the model, verbose_json with segment times, a FLAC file per chunk.
    for (const request of server.requests) {
      expect(request).toMatchObject({
        authorization: null,
        model: "whisper-test",
        responseFormat: "verbose_json",
        granularities: ["segment"],
        fileType: "audio/flac",
      });
    }

    const stored = await segmentsOf(id);
    expectTheMeeting(stored);
    expect(stored.every((segment) => segment.speaker === null)).toBe(true);
    const [video] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, id));
    expect(video!.transcript).toContain("[00:00:33] All those in favor, say aye.");
    // Which engine and model made it, on the transcript and on the meeting page; a pasted transcript is no one's.
    expect(video).toMatchObject({ transcriptEngine: "127.0.0.1", transcriptModel: "whisper-test" });
    expect((await meetingPage(id)).transcriptNotice).toBe(
      "Transcribed automatically by 127.0.0.1 (whisper-test); names and numbers may be misheard.",
    );
    await storeTranscript(id, "[00:00:01] CLERK: Typed by the clerk.");
    expect((await meetingPage(id)).transcriptNotice).toBeNull();
    expect(result).toMatchObject({ resumed: 0, segmentCount: meeting.lines.length, dropped: 0 });
    // Done: no checkpoint is left behind.
    expect(await fileStorage().exists(checkpointKey(id))).toBe(false);
  });

  it("keeps the server's speaker labels as anonymous speakers, never as names", async () => {
    server.options({ labels: true });
    const id = await newMeeting();
    await transcribeRecording(id, meeting.video);
    const stored = await segmentsOf(id);
    expectTheMeeting(stored);
    for (const segment of stored) expect(segment.speaker).toMatch(/^Speaker \d+$/);
    // The vote: two voices answering "Aye." one after the other are two speakers.
    const ayes = stored.filter((segment) => segment.text === "Aye.");
    expect(ayes).toHaveLength(2);
    expect(new Set(stored.map((segment) => segment.speaker)).size).toBeGreaterThanOrEqual(4);
  });

  it("drops what the model makes up on silence and a line repeated in a loop; long silences give no text", async () => {
    server.options({ hallucinate: true });
    const id = await newMeeting();
    const result = await transcribeRecording(id, meeting.video);
    const stored = await segmentsOf(id);
    expectTheMeeting(stored);
    const text = stored.map((segment) => segment.text).join("\n");
    expect(text).not.toMatch(/Amara|Subtitles/);
    // Spoken "Thank you." (line 14) stays; the one heard in the 12-second recess does not.
    expect(stored.filter((segment) => /^Thank you\.$/.test(segment.text))).toHaveLength(0);
    const recess = meeting.lines[11]!;
    const back = meeting.lines[12]!;
    expect(stored.filter((segment) => segment.start! > recess.end + 0.5 && segment.start! < back.start - 0.5)).toEqual(
      [],
    );
    expect(result.dropped).toBeGreaterThanOrEqual(5);
  });

  it("retries a chunk alone after a server error", async () => {
    process.env.TRANSCRIPTION_RETRIES = "2";
    server.script({ kind: "speech" }, { kind: "status", status: 500 }, { kind: "status", status: 503 });
    const id = await newMeeting();
    const result = await transcribeRecording(id, meeting.video);
    expect(server.requests).toHaveLength(result.chunks + 2);
    // The second chunk was sent three times, every other chunk once.
    const firstLines = server.requests.map((request) => request.lineIndexes[0]);
    expect(firstLines[1]).toBe(firstLines[2]);
    expect(firstLines[2]).toBe(firstLines[3]);
    expectTheMeeting(await segmentsOf(id));
  });

  it("resumes after a failure at the chunk after the last finished one, without sending the finished ones again", async () => {
    server.script({ kind: "speech" }, { kind: "speech" }, { kind: "status", status: 500 });
    const id = await newMeeting();
    const error = await failureOf(transcribeRecording(id, meeting.video));
    expect(error.message).toMatch(
      /^Transcribing chunk 3 of \d+ failed: The transcription server failed \(HTTP 500\)\.$/,
    );
    expect(await fileStorage().exists(checkpointKey(id))).toBe(true);
    expect(await segmentsOf(id)).toEqual([]);
    const firstRun = server.requests.map((request) => request.lineIndexes);
    server.reset();

    const result = await transcribeRecording(id, meeting.video);
    expect(result.resumed).toBe(2);
    expect(server.requests).toHaveLength(result.chunks - 2);
    // The resumed run starts with the chunk that failed.
    expect(server.requests[0]!.lineIndexes).toEqual(firstRun[2]);
    expectTheMeeting(await segmentsOf(id));
  });

  it("refuses a chunk whose segment ends after the chunk or runs backwards, with a clear error", async () => {
    process.env.TRANSCRIPTION_RETRIES = "2";
    server.script({ kind: "past-end" });
    const id = await newMeeting();
    const past = await failureOf(transcribeRecording(id, meeting.video));
    expect(past.message).toMatch(
      /^Transcribing chunk 1 of \d+ failed: the server's answer was refused: segment \d+ \("And so"\) ends at \d+\.\d s, after the end of its \d+\.\d s chunk\.$/,
    );
    expect(server.requests).toHaveLength(1); // not retried: the server's times are wrong

    await getTestDb().delete(cityVideos);
    server.reset();
    server.script({ kind: "backwards" });
    const other = await newMeeting();
    const backwards = await failureOf(transcribeRecording(other, meeting.video));
    expect(backwards.message).toMatch(
      /^Transcribing chunk 1 of \d+ failed: the server's answer was refused: segment 1 \("Good evening\. I call this meeting of the"\) runs backwards: it ends at -\d+\.\d s before it starts at \d+\.\d s\.$/,
    );
    expect(await segmentsOf(other)).toEqual([]);
  });

  it("says plainly what went wrong: a refused key, a wrong address, a timeout, an answer without segments", async () => {
    const id = await newMeeting();
    process.env.TRANSCRIPTION_RETRIES = "2";
    process.env.TRANSCRIPTION_API_KEY = "sk-wrong";
    server.script({ kind: "status", status: 401 });
    const refused = await failureOf(transcribeRecording(id, meeting.video));
    expect(refused.message).toMatch(
      /failed: The transcription server refused the key \(HTTP 401\): check TRANSCRIPTION_API_KEY\.$/,
    );
    expect(server.requests).toHaveLength(1); // a wrong key is not retried
    expect(server.requests[0]!.authorization).toBe("Bearer sk-wrong");

    process.env.TRANSCRIPTION_RETRIES = "0";
    process.env.TRANSCRIPTION_BASE_URL = `${server.baseUrl}/nothing-here`;
    try {
      const wrong = await failureOf(transcribeRecording(id, meeting.video));
      expect(wrong.message).toContain("(HTTP 404): check TRANSCRIPTION_BASE_URL");
    } finally {
      process.env.TRANSCRIPTION_BASE_URL = server.baseUrl;
    }

    server.script({ kind: "not-json" });
    expect((await failureOf(transcribeRecording(id, meeting.video))).message).toMatch(
      /failed: The transcription server's answer is not JSON \(expected verbose_json\)\.$/,
    );
    server.script({ kind: "no-segments" });
    expect((await failureOf(transcribeRecording(id, meeting.video))).message).toMatch(
      /failed: The transcription server's answer has no timed segments/,
    );

    process.env.TRANSCRIPTION_TIMEOUT_MS = "1000";
    server.script({ kind: "hang" });
    expect((await failureOf(transcribeRecording(id, meeting.video))).message).toMatch(
      /failed: The transcription server did not answer within 1 s \(TRANSCRIPTION_TIMEOUT_MS\)\.$/,
    );
    expect(await segmentsOf(id)).toEqual([]);
  });

  it("does nothing while transcription is off, and names an unknown meeting", async () => {
    const id = await newMeeting();
    delete process.env.TRANSCRIPTION_BASE_URL;
    try {
      expect((await failureOf(transcribeRecording(id, meeting.video))).message).toBe(
        "Transcription is off: set TRANSCRIPTION_BASE_URL.",
      );
    } finally {
      process.env.TRANSCRIPTION_BASE_URL = server.baseUrl;
    }
    expect(server.requests).toHaveLength(0);
    const unknown = await failureOf(transcribeRecording("00000000-0000-4000-8000-000000000000", meeting.video));
    expect(unknown.message).toBe("Meeting not found.");
  });

  it("as a job: the queue's retry after a failure mid-way resumes at the chunk that failed", async () => {
    server.script({ kind: "speech" }, { kind: "speech" }, { kind: "status", status: 500 });
    const id = await newMeeting();
    expect(await queueTranscription(id, meeting.video)).toEqual(expect.any(String));
    const first = await runNextJob(QUEUES.transcription);
    expect(first?.error).toBeInstanceOf(TranscriptionError);
    expect(server.requests).toHaveLength(3);

    // pg-boss's back-off holds a retry for a second or two at least.
    let second: Awaited<ReturnType<typeof runNextJob>> = null;
    while (!second) {
      second = await runNextJob(QUEUES.transcription);
      if (!second) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const sent = JSON.stringify(server.requests.map((request) => [request.reply, request.lineIndexes]));
    expect(second?.output, `requests: ${sent}`).toMatchObject({
      outcome: "transcribed",
      resumed: 2,
      segmentCount: meeting.lines.length,
    });
    const chunks = (second?.output as { chunks: number }).chunks;
    expect(server.requests).toHaveLength(chunks + 1); // the third chunk twice, the others once
    expect(server.requests[3]!.lineIndexes).toEqual(server.requests[2]!.lineIndexes);
    expectTheMeeting(await segmentsOf(id));
    // /admin/jobs shows what it did, its cost in audio minutes included.
    const [job] = await listRecentJobs({ queue: QUEUES.transcription, cityVideoId: id });
    expect(job!.outcome).toBe(
      `transcribed: ${Math.round(meeting.duration / 6) / 10} audio minutes in ${chunks} chunks (2 resumed), ${meeting.lines.length} segments, 0 dropped as hallucinations`,
    );
  });

  it("as a job: a failure no retry can fix completes the job as failed", async () => {
    server.script({ kind: "past-end" });
    const id = await newMeeting();
    await queueTranscription(id, meeting.video);
    const run = await runNextJob(QUEUES.transcription);
    expect(run?.output).toMatchObject({
      outcome: "failed",
      error: expect.stringMatching(/^Transcribing chunk 1 of \d+ failed: the server's answer was refused: /),
    });
    expect(await runNextJob(QUEUES.transcription)).toBeNull();
  });

  it("from a media URL on the meeting's recording page: refused at a private address, fetched, its progress and cost shown, canceled, retried", async () => {
    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    const id = await newMeeting();
    const page = `/admin/content-management/meetings/${id}/recording`;
    const headers = { Cookie: admin.cookie };
    const post = (fields: Record<string, string>) =>
      callAction(recordingAction, page, fields, { params: { meetingId: id }, headers });
    const panel = async () =>
      (
        (await callLoader(recordingLoader, page, { params: { meetingId: id }, headers })).data as {
          panel: TranscriptionPanel;
        }
      ).panel;
    const mediaUrl = `${mediaBase}/meeting.mp4`;

    delete process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS;
    const refused = await post({ intent: "url", mediaUrl });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.data)).toContain(
      "The media URL points at a private address (127.0.0.1 is 127.0.0.1)",
    );
    expect((await panel()).job).toBeNull();

    process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS = "127.0.0.1";
    try {
      expect((await post({ intent: "url", mediaUrl })).status).toBe(302);
      server.script({ kind: "speech" }, { kind: "speech" }, { kind: "status", status: 500 });
      expect((await runNextJob(QUEUES.transcription))?.error).toBeInstanceOf(TranscriptionError);
      const halfway = await panel();
      expect(halfway).toMatchObject({
        source: { kind: "url", url: mediaUrl },
        progress: { done: 2, total: expect.any(Number), audioMinutes: Math.round(meeting.duration / 6) / 10 },
        canCancel: true,
      });
      const total = halfway.progress!.total;

      // Cancel: the waiting retry is canceled; Retry queues it again.
      expect((await post({ intent: "cancel" })).status).toBe(302);
      expect(await panel()).toMatchObject({ job: { state: "cancelled" }, canCancel: false, canRetry: true }); // spelling-ok: pg-boss names the state
      expect((await post({ intent: "retry" })).status).toBe(302);
      // A running transcription asked to stop stops before its next chunk.
      await fileStorage().put(cancelKey(id), new TextEncoder().encode("cancel"), "text/plain");
      expect((await runNextJob(QUEUES.transcription))?.output).toEqual({
        outcome: "failed",
        error: `Canceled by an admin after 2 of ${total} chunks (Retry resumes at chunk 3).`,
      });
      expect((await post({ intent: "retry" })).status).toBe(302);
      expect((await runNextJob(QUEUES.transcription))?.output).toMatchObject({ outcome: "transcribed", resumed: 2 });
      expect(await panel()).toMatchObject({
        job: {
          state: "completed",
          outcome: expect.stringMatching(/^transcribed: [\d.]+ audio minutes in \d+ chunks \(2 resumed\)/),
        },
        progress: null,
        canRetry: true,
      });
      expectTheMeeting(await segmentsOf(id));
      // Fetched once: the retries used the recording on disk.
      expect(server.requests.length).toBe(total + 1);
    } finally {
      delete process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS;
    }
  });

  it("a meeting without captions whose video is a direct media link is queued for speech-to-text", async () => {
    process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS = "127.0.0.1";
    try {
      const meetingId = (
        await createMeeting({ transcript: null, videoId: "granicus-1", videoUrl: `${mediaBase}/meeting.mp4` })
      ).id;
      const output = await handleTranscriptJob({ id: "captions", data: { cityVideoId: meetingId, mode: "auto" } });
      expect(output).toEqual({
        outcome: "unavailable",
        reason: "The video is not on YouTube. Its recording is queued for speech-to-text.",
      });
      const [job] = await listRecentJobs({ queue: QUEUES.transcription, cityVideoId: meetingId });
      expect(job?.state).toBe("created");
      // A YouTube video has no direct media link: nothing is queued.
      const youtube = (
        await createMeeting({ transcript: null, videoUrl: "https://www.youtube.com/watch?v=abcdefghijk" })
      ).id;
      expect(await transcribeWithoutCaptions(youtube)).toBe(false);
    } finally {
      delete process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS;
    }
  });
});
