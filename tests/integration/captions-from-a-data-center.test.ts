import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captionPause, resetCaptionPace } from "~/lib/captions/pace.server";
import { readCaptionState } from "~/lib/captions/state.server";
import { queueTranscriptFetch, runNextJob } from "~/lib/jobs/index.server";
import { getVideoPipelineStatus, toPublicStatus } from "~/lib/jobs/status.server";
import { bossJobs } from "~/lib/jobs/tables.server";
import { fetchTranscriptForVideo } from "~/lib/transcripts/fetch.server";
import { listSourceVideos } from "~/lib/youtube/sources.server";
import { action as retryAction } from "~/routes/resources/captions-retry";
import { callAction, dbTag, execSql, getTestDb, TEST_ORIGIN } from "../setup";
import { createMeeting, createSignedInUser } from "../support/factories";
import { FAKE_MEETING_CAPTIONS, startFakeYoutubeServer, type FakeYoutubeServer } from "../support/fake-youtube-server";
import { startFakeProxyServer, type FakeProxyServer } from "../support/fake-proxy-server";
import { withPipelineServices } from "../support/pipeline-services";

/**
 * Captions from a server in a data center (docs/decisions/0049-captions-from-a-data-center.md):
 * the video site's bot checks and rate limits become a per-video failure
 * state with its reason, retried with back-off (never for a video without
 * captions), at a pace that does not hammer the site; a second caption
 * client gets through where the first is stopped; every request can go
 * through a proxy.
 */

withPipelineServices();
let youtube: FakeYoutubeServer;

const ENGLISH = [{ lang: "en", name: "English", captions: FAKE_MEETING_CAPTIONS }];
/** The short meeting three times over: a transcript long enough to count as one. */
const LONG_CAPTIONS = [0, 200, 400].flatMap((offset) =>
  FAKE_MEETING_CAPTIONS.map((caption) => ({ ...caption, start: caption.start + offset })),
);
const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

beforeAll(async () => {
  // The second client's library is loaded on first use: load it here, once, not inside the first test's time.
  await import("youtubei.js");
  youtube = await startFakeYoutubeServer();
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  process.env.YOUTUBE_API_BASE_URL = youtube.apiBaseUrl;
  process.env.YOUTUBE_RETRIES = "0";
});

afterAll(async () => {
  await youtube.close();
});

beforeEach(() => {
  youtube.requests.length = 0;
  resetCaptionPace();
  process.env.CAPTIONS_RETRY_DELAY_SECONDS = "60";
  delete process.env.CAPTIONS_RETRY_LIMIT;
  delete process.env.CAPTIONS_PAUSE_SECONDS;
  process.env.CAPTIONS_MIN_INTERVAL_SECONDS = "0"; // the pace's own test sets it
  delete process.env.YOUTUBE_PROXY_URL;
  delete process.env.YOUTUBE_API_KEY;
});

/** A meeting on the video site without a transcript, its captions queued. */
async function queuedMeeting(youtubeId: string) {
  const video = await createMeeting({ transcript: null, videoId: youtubeId, videoUrl: watchUrl(youtubeId) });
  expect(await queueTranscriptFetch(video.id)).toMatchObject({ queued: true });
  return video;
}

/** The video's transcript-fetch jobs still waiting, with when they start. */
async function waitingJobs(cityVideoId: string) {
  return getTestDb()
    .select({ id: bossJobs.id, startAfter: bossJobs.startAfter, state: bossJobs.state })
    .from(bossJobs)
    .where(
      and(eq(bossJobs.name, "transcript-fetch"), eq(bossJobs.singletonKey, cityVideoId), eq(bossJobs.state, "created")),
    );
}

/** The planned attempt's time comes now (instead of waiting out the back-off). */
async function makeDue(cityVideoId: string) {
  await execSql(
    "update pgboss.job set start_after = now() - interval '1 second' where name = 'transcript-fetch' and singleton_key = $1 and state = 'created'",
    [cityVideoId],
  );
}

async function runCaptionJob() {
  const ran = await runNextJob("transcript-fetch");
  expect(ran, "a transcript-fetch job was due").not.toBeNull();
  expect(ran!.error).toBeUndefined();
  return ran!.output;
}

/** The requests about one video, in the order they arrived (`METHOD path`). */
function requestsOf(youtubeId: string): string[] {
  return youtube.requests.filter((r) => r.videoId === youtubeId).map((r) => `${r.method} ${r.path}`);
}

describe(`a video's caption state through bot checks and rate limits ${dbTag}`, () => {
  it("bot check, then 429 with Retry-After, then captions: failed (reason, next retry) → fetched, in a bounded number of requests", async () => {
    const id = "botthen4290";
    youtube.setVideo(id, { kind: "bot-check" });
    const video = await queuedMeeting(id);

    // 1. A bot check: both clients asked once, a retry planned.
    expect(await runCaptionJob()).toMatchObject({ outcome: "retrying", reason: "bot-check" });
    const afterBotCheck = await readCaptionState(video.id);
    expect(afterBotCheck).toMatchObject({ status: "failed", reason: "bot-check", attempts: 1 });
    expect(afterBotCheck!.message).toMatch(/does not trust this server/);
    expect(afterBotCheck!.nextRetryAt).not.toBeNull();
    const planned = await waitingJobs(video.id);
    expect(planned).toHaveLength(1);
    expect(planned[0]!.startAfter.toISOString()).toBe(afterBotCheck!.nextRetryAt);
    expect(requestsOf(id).sort()).toEqual(
      ["GET /watch", "POST /youtubei/v1/player", "POST /youtubei/v1/player", "POST /youtubei/v1/next"].sort(),
    );
    // Waiting for a retry planned later is not "queued": the meeting page does not poll for it.
    const status = await getVideoPipelineStatus(video.id);
    expect(status).toMatchObject({ transcript: "failed", refresh: false });
    expect(toPublicStatus(status!)).not.toHaveProperty("captions");

    // 2. A 429 with Retry-After: one request, no second client, the next try not before the site asked.
    // The site's wait outlasts the test: step 3 runs inside it however slow the machine (step 4 ends it).
    youtube.setVideo(id, { kind: "rate-limited", retryAfter: 600 });
    youtube.requests.length = 0;
    await makeDue(video.id);
    expect(await runCaptionJob()).toMatchObject({ outcome: "retrying", reason: "rate-limited" });
    const afterRateLimit = await readCaptionState(video.id);
    expect(afterRateLimit).toMatchObject({ status: "failed", reason: "rate-limited", attempts: 2 });
    expect(afterRateLimit!.message).toMatch(/HTTP 429.*wait 600 s/);
    expect(Date.parse(afterRateLimit!.nextRetryAt!) - Date.parse(afterRateLimit!.lastAttemptAt)).toBeGreaterThanOrEqual(
      600_000,
    );
    expect(requestsOf(id)).toEqual(["GET /watch"]);

    // 3. Within the Retry-After every caption fetch of the process waits: the job moves, the site is not asked.
    youtube.setVideo(id, { kind: "captions", tracks: ENGLISH });
    youtube.requests.length = 0;
    await makeDue(video.id);
    const paused = await runCaptionJob();
    expect(paused).toMatchObject({ outcome: "paused" });
    expect(youtube.requests).toHaveLength(0);
    const pause = captionPause();
    expect(pause).not.toBeNull();
    expect((await waitingJobs(video.id))[0]!.startAfter.getTime()).toBe(pause!.until.getTime());

    // 4. After the pause (a new process, or the wait over): fetched, by the first client, the attempts it took kept.
    resetCaptionPace();
    await makeDue(video.id);
    expect(await runCaptionJob()).toMatchObject({ outcome: "fetched", segmentCount: 5 });
    expect(await readCaptionState(video.id)).toMatchObject({
      status: "fetched",
      reason: null,
      attempts: 3,
      nextRetryAt: null,
      client: "player",
    });
    expect(requestsOf(id)).toEqual(["GET /watch", "POST /youtubei/v1/player", "GET /api/timedtext"]);
    expect(await waitingJobs(video.id)).toHaveLength(0);
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({ transcript: "present" });
  });

  it("no captions, captions turned off, a private or removed video: one attempt, never retried", async () => {
    const cases = [
      ["nocaptions1", { kind: "no-captions" }, "no-captions"],
      ["capsoff0001", { kind: "captions-disabled" }, "captions-disabled"],
      ["private0001", { kind: "private" }, "unavailable"],
      ["removed0001", { kind: "removed" }, "unavailable"],
    ] as const;
    for (const [id, fake, reason] of cases) {
      youtube.setVideo(id, fake);
      const video = await queuedMeeting(id);
      expect(await runCaptionJob()).toMatchObject({ outcome: "unavailable" });
      expect(await readCaptionState(video.id)).toMatchObject({
        status: "failed",
        reason,
        attempts: 1,
        nextRetryAt: null,
      });
      expect(await waitingJobs(video.id), id).toHaveLength(0);
      // The first client only: a permanent reason is the video's, not the client's.
      expect(
        requestsOf(id).filter((r) => r.includes("/next") || r.includes("get_transcript")),
        id,
      ).toEqual([]);
      expect(requestsOf(id).length, id).toBeLessThanOrEqual(2);
    }
    expect(await runNextJob("transcript-fetch")).toBeNull();
  });

  it("a transient reason is retried up to CAPTIONS_RETRY_LIMIT attempts, then waits for an admin", async () => {
    process.env.CAPTIONS_RETRY_LIMIT = "3";
    const id = "alwaysbot01";
    youtube.setVideo(id, { kind: "bot-check" });
    const video = await queuedMeeting(id);
    const outcomes: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      resetCaptionPace(); // this test is about one video's limit, not the breaker
      await makeDue(video.id);
      const ran = await runNextJob("transcript-fetch");
      if (!ran) break;
      outcomes.push(ran.output?.outcome);
    }
    expect(outcomes).toEqual(["retrying", "retrying", "failed"]);
    expect(await readCaptionState(video.id)).toMatchObject({
      status: "failed",
      reason: "bot-check",
      attempts: 3,
      nextRetryAt: null,
    });
    expect(requestsOf(id).filter((r) => r === "GET /watch")).toHaveLength(3);
  });

  it("after three bot checks in a row every caption fetch pauses: the next videos are not asked for, their jobs move to the end of the pause", async () => {
    process.env.CAPTIONS_PAUSE_SECONDS = "900";
    const ids = ["breaker0001", "breaker0002", "breaker0003", "breaker0004", "breaker0005"];
    const videos = [];
    for (const id of ids) {
      youtube.setVideo(id, { kind: "bot-check" });
      videos.push(await queuedMeeting(id));
    }
    const outcomes = [];
    for (let run = 0; run < ids.length; run++) outcomes.push((await runCaptionJob())?.outcome);
    expect(outcomes).toEqual(["retrying", "retrying", "retrying", "paused", "paused"]);
    const asked = new Set(youtube.requests.map((r) => r.videoId));
    expect([...asked].sort()).toEqual(ids.slice(0, 3));
    const pause = captionPause()!;
    expect(pause.until.getTime()).toBeGreaterThanOrEqual(Date.now() + 800_000);
    for (const video of videos.slice(3)) {
      const [job] = await waitingJobs(video.id);
      expect(job!.startAfter.getTime()).toBe(pause.until.getTime());
      expect(await readCaptionState(video.id)).toBeNull(); // never tried: nothing to report
    }
    // The third video's retry comes after the pause, not during it.
    const [third] = await waitingJobs(videos[2]!.id);
    expect(third!.startAfter.getTime()).toBeGreaterThanOrEqual(pause.until.getTime());
    // An admin's Fetch Transcript does not reach the site either, and says why.
    const inline = await fetchTranscriptForVideo(videos[4]!.id);
    expect(inline).toMatchObject({ status: "failed", pausedUntil: pause.until });
    expect(youtube.requests.filter((r) => r.videoId === ids[4])).toHaveLength(0);
  });
});

describe(`a planned retry ${dbTag}`, () => {
  it("asks the site for nothing once the transcript arrived meanwhile (an admin's Fetch Transcript)", async () => {
    const id = "fetchedmean";
    youtube.setVideo(id, { kind: "bot-check" });
    const video = await queuedMeeting(id);
    expect(await runCaptionJob()).toMatchObject({ outcome: "retrying" });
    youtube.setVideo(id, { kind: "captions", tracks: [{ lang: "en", captions: LONG_CAPTIONS }] });
    expect(await fetchTranscriptForVideo(video.id)).toMatchObject({ status: "fetched" });
    youtube.requests.length = 0;
    await makeDue(video.id);
    expect(await runCaptionJob()).toMatchObject({ outcome: "skipped" });
    expect(youtube.requests).toHaveLength(0);
    expect(await readCaptionState(video.id)).toMatchObject({ status: "fetched", attempts: 2 });
  });
});

describe(`the second caption client ${dbTag}`, () => {
  it("when the player asks to sign in, the transcript panel (youtubei.js) gets the captions", async () => {
    const id = "panelonly01";
    youtube.setVideo(id, { kind: "captions", tracks: ENGLISH, signInOnPlayer: true });
    const video = await queuedMeeting(id);
    expect(await runCaptionJob()).toMatchObject({ outcome: "fetched", segmentCount: 5 });
    expect(await readCaptionState(video.id)).toMatchObject({
      status: "fetched",
      client: "transcript-panel",
      attempts: 1,
    });
    const [stored] = await execSql<{ transcript: string }>("select transcript from city_videos where id = $1", [
      video.id,
    ]);
    expect(stored!.transcript.split("\n")[0]).toBe(
      "[00:00:03] MAYOR LOPEZ: Good evening, I call this meeting of the Riverton City Council to order. Item four is the Oak Street resurfacing contract.",
    );
    expect(stored!.transcript).toContain("I move that we approve the contract & report back by March 15.");
    const requests = youtube.requests.filter((r) => r.videoId === id);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain("POST /youtubei/v1/get_transcript");
    // The first client asked as ANDROID, the second as WEB.
    expect(
      requests
        .filter((r) => r.path === "/youtubei/v1/player")
        .map((r) => r.clientName)
        .sort(),
    ).toEqual(["ANDROID", "WEB"]);
    expect(requests.some((r) => r.path === "/api/timedtext")).toBe(false);
  });
});

describe(`the pace of caption fetches ${dbTag}`, () => {
  it("one fetch at a time, each starting at least CAPTIONS_MIN_INTERVAL_SECONDS after the previous one ended", async () => {
    process.env.CAPTIONS_MIN_INTERVAL_SECONDS = "0.3";
    const ids = ["paced000001", "paced000002", "paced000003"];
    const videos = [];
    for (const id of ids) {
      youtube.setVideo(id, { kind: "captions", tracks: ENGLISH });
      videos.push(await createMeeting({ transcript: null, videoId: id, videoUrl: watchUrl(id) }));
    }
    const outcomes = await Promise.all(videos.map((video) => fetchTranscriptForVideo(video.id)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fetched", "fetched", "fetched"]);
    const spans = ids.map((id) => {
      const times = youtube.requests.filter((r) => r.videoId === id).map((r) => r.at);
      return { first: Math.min(...times), last: Math.max(...times) };
    });
    spans.sort((a, b) => a.first - b.first);
    // The site sees the quiet between two videos (a timer may fire a millisecond or two early by the wall clock).
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.first - spans[i - 1]!.last).toBeGreaterThanOrEqual(295);
  });
});

describe(`YOUTUBE_PROXY_URL ${dbTag}`, () => {
  let proxy: FakeProxyServer;
  beforeAll(async () => {
    proxy = await startFakeProxyServer({ credentials: "gavel:s3cret" });
  });
  afterAll(async () => {
    await proxy.close();
  });
  beforeEach(() => {
    proxy.requests.length = 0;
    proxy.tunneled.length = 0;
  });

  const fakeHost = () => new URL(youtube.baseUrl).host;

  it("captions go through the proxy, with its credentials", async () => {
    process.env.YOUTUBE_PROXY_URL = proxy.urlWith("gavel:s3cret");
    const id = "viaproxy001";
    youtube.setVideo(id, { kind: "captions", tracks: ENGLISH });
    const video = await createMeeting({ transcript: null, videoId: id, videoUrl: watchUrl(id) });
    expect(await fetchTranscriptForVideo(video.id)).toMatchObject({ status: "fetched" });
    expect(proxy.requests.length).toBeGreaterThan(0);
    for (const request of proxy.requests)
      expect(request).toMatchObject({
        method: "CONNECT",
        target: fakeHost(),
        authorization: `Basic ${Buffer.from("gavel:s3cret").toString("base64")}`,
        answered: 200,
      });
    expect(proxy.tunneled.map((line) => line.split("?")[0])).toEqual([
      "GET /watch",
      "POST /youtubei/v1/player",
      "GET /api/timedtext",
    ]);
  });

  it("channel and playlist listings go through it too: the keyless feeds and the Data API", async () => {
    process.env.YOUTUBE_PROXY_URL = proxy.urlWith("gavel:s3cret");
    youtube.setChannel({
      id: "UCproxychannel00000000aa",
      handle: "ProxyCity",
      title: "Proxy City",
      uploads: [{ videoId: "proxyvid001", title: "Council meeting", publishedAt: "2026-11-01T18:00:00Z" }],
    });
    expect(await listSourceVideos("https://www.youtube.com/@ProxyCity")).toHaveLength(1);
    process.env.YOUTUBE_API_KEY = "test-key";
    expect(await listSourceVideos("https://www.youtube.com/@ProxyCity")).toHaveLength(1);
    const paths = proxy.tunneled.map((line) => line.split("?")[0]);
    expect(paths).toEqual([
      "GET /@ProxyCity",
      "GET /feeds/videos.xml",
      "GET /youtube/v3/channels",
      "GET /youtube/v3/playlistItems",
    ]);
    expect(proxy.requests.every((r) => r.target === fakeHost() && r.answered === 200)).toBe(true);
  });

  it("a proxy that refuses gives a clear reason, for captions and listings, and the site is not reached", async () => {
    const refusing = await startFakeProxyServer({ credentials: "gavel:s3cret" });
    try {
      process.env.YOUTUBE_PROXY_URL = refusing.urlWith("gavel:wrong-password");
      const id = "proxyno0001";
      youtube.setVideo(id, { kind: "captions", tracks: ENGLISH });
      const video = await createMeeting({ transcript: null, videoId: id, videoUrl: watchUrl(id) });
      const outcome = await fetchTranscriptForVideo(video.id);
      const host = new URL(refusing.url).host;
      expect(outcome).toMatchObject({
        status: "failed",
        code: "proxy-refused",
        error: `The proxy ${host} refused the connection: it asks for credentials (HTTP 407).`,
      });
      const state = await readCaptionState(video.id);
      expect(state).toMatchObject({ status: "failed", reason: "proxy-refused", attempts: 1 });
      expect(state!.nextRetryAt).not.toBeNull(); // fixed proxy settings heal it
      expect(JSON.stringify(state)).not.toContain("wrong-password");
      await expect(listSourceVideos("https://www.youtube.com/channel/UCproxychannel00000000aa")).rejects.toThrow(
        `The proxy ${host} refused the connection: it asks for credentials (HTTP 407).`,
      );
      refusing.set({ refuse: 403 });
      process.env.YOUTUBE_PROXY_URL = refusing.url;
      await expect(listSourceVideos("https://www.youtube.com/channel/UCproxychannel00000000aa")).rejects.toThrow(
        `The proxy ${host} refused the connection (HTTP 403).`,
      );
      expect(refusing.requests.map((r) => r.answered)).toEqual([407, 407, 403]);
      expect(youtube.requests).toHaveLength(0);
    } finally {
      await refusing.close();
    }
    process.env.YOUTUBE_PROXY_URL = "http://127.0.0.1:9";
    await expect(listSourceVideos("https://www.youtube.com/channel/UCproxychannel00000000aa")).rejects.toThrow(
      "The proxy 127.0.0.1:9 could not be reached (ECONNREFUSED).",
    );
  });
});

describe(`Retry captions ${dbTag}`, () => {
  it("an admin's retry starts the count again, cancels the planned attempt and queues one now; others are refused", async () => {
    const id = "retrynow001";
    youtube.setVideo(id, { kind: "bot-check" });
    const video = await queuedMeeting(id);
    await runCaptionJob();
    const [planned] = await waitingJobs(video.id);
    expect(planned!.startAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);
    const back = `/admin/city-management?city=${video.cityId}&url=x`;
    const form = { meetingId: video.id, redirectTo: back };

    for (const role of [null, "member"] as const) {
      const cookie = role ? (await createSignedInUser({ role, origin: TEST_ORIGIN })).cookie : undefined;
      const refused = await callAction(retryAction, "/resources/captions-retry", form, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      expect(refused.status).toBe(role ? 403 : 401);
    }
    expect(await waitingJobs(video.id)).toEqual([planned]);

    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    const result = await callAction(retryAction, "/resources/captions-retry", form, {
      headers: { Cookie: admin.cookie },
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(back);
    expect(result.headers.get("Set-Cookie")).toMatch(/toast/);
    expect(await readCaptionState(video.id)).toMatchObject({ attempts: 0, nextRetryAt: null, reason: "bot-check" });
    const waiting = await waitingJobs(video.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.id).not.toBe(planned!.id);
    expect(waiting[0]!.startAfter.getTime()).toBeLessThanOrEqual(Date.now());

    youtube.setVideo(id, { kind: "captions", tracks: ENGLISH });
    expect(await runCaptionJob()).toMatchObject({ outcome: "fetched" });
    expect(await readCaptionState(video.id)).toMatchObject({ status: "fetched", attempts: 1 });

    // Another site is no place to go back to.
    const elsewhere = await callAction(
      retryAction,
      "/resources/captions-retry",
      { meetingId: video.id, redirectTo: "https://elsewhere.example/" },
      { headers: { Cookie: admin.cookie } },
    );
    expect(elsewhere.headers.get("Location")).toBe("/admin/city-management");
  });
});
