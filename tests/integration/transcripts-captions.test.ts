import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cityVideos, transcriptSegments } from "~/lib/db/schema";
import { fetchTranscriptForVideo } from "~/lib/transcripts/fetch.server";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { storeTranscript, TranscriptInputError } from "~/lib/transcripts/store.server";
import { fetchCaptions } from "~/lib/youtube/captions.server";
import { dbTag, getTestDb, truncateAllTables } from "../setup";
import { createMeeting, type MeetingOptions } from "../support/factories";
import { FAKE_MEETING_CAPTIONS, startFakeYoutubeServer, type FakeYoutubeServer } from "../support/fake-youtube-server";

/**
 * Captions through youtube-transcript-plus against a local fake of the
 * three YouTube endpoints it calls, and transcripts stored with their
 * timed segments.
 */

const WITH_CAPTIONS = "captions001";
const SPANISH_ONLY = "spanish0001";
const NO_CAPTIONS = "nocaptions1";
const REMOVED = "removed0001";
const BROKEN = "broken00001";
const SLOW = "slowcapt001";

let youtube: FakeYoutubeServer;

beforeAll(async () => {
  youtube = await startFakeYoutubeServer({
    [WITH_CAPTIONS]: { kind: "captions", tracks: [{ lang: "en", name: "English", captions: FAKE_MEETING_CAPTIONS }] },
    [SPANISH_ONLY]: {
      kind: "captions",
      tracks: [{ lang: "es", captions: [{ start: 1, dur: 3, text: "ALCALDESA LOPEZ: Buenas noches." }] }],
    },
    [NO_CAPTIONS]: { kind: "no-captions" },
    [REMOVED]: { kind: "removed" },
    [BROKEN]: { kind: "error", status: 503 },
    [SLOW]: { kind: "hang-captions" },
  });
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  process.env.YOUTUBE_RETRIES = "0";
});
afterAll(async () => {
  await youtube.close();
});
beforeEach(async () => {
  await truncateAllTables();
  youtube.requests.length = 0;
});

/** A meeting on the video site, without a transcript unless given. */
function createVideoSiteMeeting(options: MeetingOptions = {}) {
  return createMeeting({
    transcript: null,
    videoId: WITH_CAPTIONS,
    videoUrl: `https://www.youtube.com/watch?v=${WITH_CAPTIONS}`,
    ...options,
  });
}

async function segmentsOf(cityVideoId: string) {
  return getTestDb()
    .select()
    .from(transcriptSegments)
    .where(eq(transcriptSegments.cityVideoId, cityVideoId))
    .orderBy(asc(transcriptSegments.position));
}

describe(`fetchCaptions ${dbTag}`, () => {
  it("reads the captions into timed, speaker-labeled segments and the stored text", async () => {
    const result = await fetchCaptions(`https://youtu.be/${WITH_CAPTIONS}`);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.segments.map((s) => [s.startSeconds, s.speaker])).toEqual([
      [3.2, "MAYOR LOPEZ"],
      [75, "CITY MANAGER OKAFOR"],
      [124.5, null],
      [130, "COUNCILMEMBER PARK"],
      [135, "MAYOR LOPEZ"],
    ]);
    expect(result.segments[0]!.text).toBe(
      "Good evening, I call this meeting of the Riverton City Council to order. Item four is the Oak Street resurfacing contract.",
    );
    // Entities escaped twice on the way (XML, then the caption text) come back as the character.
    expect(result.segments[2]!.text).toBe("I move that we approve the contract & report back by March 15.");
    expect(result.text.split("\n")).toEqual([
      "[00:00:03] MAYOR LOPEZ: Good evening, I call this meeting of the Riverton City Council to order. Item four is the Oak Street resurfacing contract.",
      "[00:01:15] CITY MANAGER OKAFOR: Thank you, Mayor. The contract is $2.4 million and is funded by the Measure B transportation fund.",
      "[00:02:04] I move that we approve the contract & report back by March 15.",
      "[00:02:10] COUNCILMEMBER PARK: Second.",
      "[00:02:15] MAYOR LOPEZ: All those in favor? The motion carries 5-0.",
    ]);
    // The library's three requests went to the fake, not to youtube.com.
    expect(youtube.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /watch",
      "POST /youtubei/v1/player",
      "GET /api/timedtext",
    ]);
  });

  it("falls back to another language when there is no English track", async () => {
    const result = await fetchCaptions(SPANISH_ONLY);
    expect(result).toMatchObject({ status: "ok", language: "es" });
  });

  it("says unavailable when captions are off or the video is gone", async () => {
    expect(await fetchCaptions(NO_CAPTIONS)).toMatchObject({ status: "unavailable" });
    expect(await fetchCaptions(REMOVED)).toMatchObject({ status: "unavailable" });
  });

  it("says failed when the site fails, times out, or the id is not a YouTube id", async () => {
    expect(await fetchCaptions(BROKEN)).toMatchObject({
      status: "failed",
      message: "YouTube answered with a server error.",
    });
    expect(await fetchCaptions(SLOW, { timeoutMs: 300 })).toMatchObject({
      status: "failed",
      message: "YouTube did not answer in time.",
    });
    expect(await fetchCaptions("https://vimeo.com/1234")).toMatchObject({ status: "failed" });
    const unreachable = await fetchCaptions(WITH_CAPTIONS, { baseUrl: "http://127.0.0.1:9" });
    expect(unreachable.status).toBe("failed");
  });
});

describe(`fetchTranscriptForVideo ${dbTag}`, () => {
  it("stores the transcript and replaces the video's segments, with their times", async () => {
    const video = await createVideoSiteMeeting({
      videoId: "council-2025-06-03",
      videoUrl: `https://www.youtube.com/watch?v=${WITH_CAPTIONS}`,
    });
    await getTestDb().insert(transcriptSegments).values({ cityVideoId: video.id, position: 0, text: "an old segment" });
    const outcome = await fetchTranscriptForVideo(video.id);
    expect(outcome).toMatchObject({ status: "fetched", segmentCount: 5 });
    const [stored] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, video.id));
    expect(stored!.transcript).toMatch(/^\[00:00:03\] MAYOR LOPEZ: Good evening/);
    const segments = await segmentsOf(video.id);
    expect(segments.map((s) => [s.position, s.startSeconds, s.endSeconds, s.speaker])).toEqual([
      [0, 3.2, 10.8, "MAYOR LOPEZ"],
      [1, 75, 84.5, "CITY MANAGER OKAFOR"],
      [2, 124.5, 127.5, null],
      [3, 130, 132, "COUNCILMEMBER PARK"],
      [4, 135, 139, "MAYOR LOPEZ"],
    ]);
    // The stored text and the segments agree.
    expect(parseTimestampedTranscript(stored!.transcript!).map((s) => s.text)).toEqual(segments.map((s) => s.text));
  });

  it("reports unavailable and failed without touching the stored transcript", async () => {
    const quiet = await createVideoSiteMeeting({ videoId: NO_CAPTIONS, videoUrl: null, transcript: "MAYOR: Short." });
    expect(await fetchTranscriptForVideo(quiet.id)).toMatchObject({ status: "unavailable" });
    const broken = await createVideoSiteMeeting({ videoId: BROKEN, videoUrl: null, transcript: "MAYOR: Short." });
    expect(await fetchTranscriptForVideo(broken.id)).toMatchObject({ status: "failed" });
    const notYoutube = await createVideoSiteMeeting({
      videoId: "council-42",
      videoUrl: "https://example.org/video.mp4",
    });
    expect(await fetchTranscriptForVideo(notYoutube.id)).toMatchObject({ status: "unavailable" });
    expect(await fetchTranscriptForVideo("6f1c1a0e-1f8a-4c5e-9d51-000000000000")).toEqual({
      status: "failed",
      error: "Video not found",
    });
    const rows = await getTestDb().select({ transcript: cityVideos.transcript }).from(cityVideos);
    expect(rows.filter((row) => row.transcript?.includes("MAYOR: Short."))).toHaveLength(2);
    const segments = await getTestDb().select({ text: transcriptSegments.text }).from(transcriptSegments);
    expect(segments).toEqual([{ text: "Short." }, { text: "Short." }]);
  });
});

describe(`storeTranscript ${dbTag}`, () => {
  it("detects WebVTT, SRT and plain text and stores their segments", async () => {
    const video = await createVideoSiteMeeting();
    const vtt = await storeTranscript(
      video.id,
      "WEBVTT\n\n00:01:02.500 --> 00:01:05.000\n<v Clerk>Roll call, please.\n",
    );
    expect(vtt).toMatchObject({
      format: "webvtt",
      segmentCount: 1,
      transcript: "[00:01:02] Clerk: Roll call, please.",
    });
    expect((await segmentsOf(video.id)).map((s) => [s.startSeconds, s.speaker, s.text])).toEqual([
      [62.5, "Clerk", "Roll call, please."],
    ]);

    const srt = await storeTranscript(
      video.id,
      "1\n00:00:01,000 --> 00:00:02,000\nMAYOR: Welcome.\n\n2\n00:00:40,000 --> 00:00:42,000\nCLERK: Here.\n",
    );
    expect(srt).toMatchObject({ format: "srt", segmentCount: 2 });
    expect((await segmentsOf(video.id)).map((s) => s.speaker)).toEqual(["MAYOR", "CLERK"]);

    const plain = await storeTranscript(video.id, "MAYOR: Welcome.\nCLERK: Here.\n\nThe meeting ended.");
    expect(plain).toMatchObject({
      format: "plain",
      segmentCount: 3,
      transcript: "MAYOR: Welcome.\n\nCLERK: Here.\n\nThe meeting ended.",
    });
    expect((await segmentsOf(video.id)).map((s) => [s.position, s.startSeconds])).toEqual([
      [0, null],
      [1, null],
      [2, null],
    ]);
  });

  it("refuses empty text and unknown videos", async () => {
    const video = await createVideoSiteMeeting();
    await expect(storeTranscript(video.id, "  \n ")).rejects.toBeInstanceOf(TranscriptInputError);
    await expect(storeTranscript("6f1c1a0e-1f8a-4c5e-9d51-000000000000", "Hello.")).rejects.toThrow("Video not found");
  });
});
