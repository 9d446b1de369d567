import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedVideo } from "#demo/meetings";
import { getBoss } from "~/lib/jobs/boss.server";
import {
  ensureAnalysisQueued,
  openMeetingPipeline,
  queueTranscriptFetch,
  requestReanalysis,
  type QueueName,
} from "~/lib/jobs/index.server";
import { getVideoPipelineStatus } from "~/lib/jobs/status.server";
import { INSUFFICIENT_TRANSCRIPT_BADGE, isAutoAnalyzable } from "~/lib/meetings/rules";
import { analyzeVideo, writeVideoStory } from "~/lib/pipeline/index.server";
import { eligibleVideos } from "~/lib/pipeline/backfill.server";
import { loader as revisionsLoader } from "~/routes/admin/revisions";
import { action as storyAction, loader as storyLoader } from "~/routes/meeting/meeting-story";
import { callRoute, dbTag, execSql, formRequest, getRequest, TEST_ORIGIN } from "../setup";
import { createCity, createMeeting, createSignedInUser } from "../support/factories";
import { FAKE_MEETING_CAPTIONS, startFakeYoutubeServer, type FakeYoutubeServer } from "../support/fake-youtube-server";
import { withPipelineServices, workQueue } from "../support/pipeline-services";
import { useFakeModel } from "../support/fake-openai-server";

/**
 * docs/decisions/0028-failures-stop-insufficient-not-auto-analyzed.md:
 * a failure stops by itself (also when pg-boss drops its job after a month:
 * one new try, not a loop), an admin's failed re-run shows where it was
 * asked with the previous result kept, and a meeting marked "Transcript
 * insufficient" is never analyzed automatically.
 */

const TRANSCRIPT = seedVideo("ac-cc-2025-07-15").transcript!;
const HTTP_500 = "Analysis failed: the AI service returned an error (HTTP 500).";
const openai = withPipelineServices();
let youtube: FakeYoutubeServer;

/** The short meeting's captions (under 1000 characters) three times over: a sufficient transcript. */
const LONG_CAPTIONS = [0, 200, 400].flatMap((offset) =>
  FAKE_MEETING_CAPTIONS.map((caption) => ({ ...caption, start: caption.start + offset })),
);

beforeAll(async () => {
  youtube = await startFakeYoutubeServer({
    shortcaps01: { kind: "captions", tracks: [{ lang: "en", captions: FAKE_MEETING_CAPTIONS }] },
    longcaps001: { kind: "captions", tracks: [{ lang: "en", captions: LONG_CAPTIONS }] },
  });
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
});

afterAll(async () => {
  delete process.env.YOUTUBE_BASE_URL;
  await youtube.close();
});

function useFailingModel() {
  useFakeModel(openai);
  openai.otherwise(() => ({ kind: "status", status: 500, message: "model overloaded" }));
}

async function jobCount(queue: QueueName, videoId: string, table: "job" | "archive" = "job"): Promise<number> {
  const [row] = await execSql<{ count: number }>(
    `select count(*)::int as count from pgboss.${table} where name = $1 and singleton_key = $2`,
    [queue, videoId],
  );
  return row!.count;
}

/** A transcript of exactly `length` characters, in the "SPEAKER: text" form. */
function transcriptOf(length: number): string {
  return `MAYOR: ${"The council discussed the budget. ".repeat(Math.ceil(length / 34))}`.slice(0, length);
}

describe(`a failed analysis stops by itself ${dbTag}`, () => {
  it("after pg-boss drops its archived job, the next page view tries once more, and that try stops too", async () => {
    useFailingModel();
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await openMeetingPipeline(video.id);
    await workQueue("analysis");
    expect(openai.requestCount).toBe(3); // the first run and its two retries
    // A week later it is archived; a month after that, pg-boss deletes it.
    await execSql("update pgboss.job set completed_on = now() - interval '8 days' where singleton_key = $1", [
      video.id,
    ]);
    await (await getBoss()).maintain();
    expect(await jobCount("analysis", video.id, "archive")).toBe(1);
    expect(await openMeetingPipeline(video.id)).toMatchObject({ analysis: "failed", error: HTTP_500 });
    expect(await jobCount("analysis", video.id)).toBe(0);
    await execSql("update pgboss.archive set archived_on = now() - interval '31 days' where singleton_key = $1", [
      video.id,
    ]);
    await (await getBoss()).maintain();
    expect(await jobCount("analysis", video.id, "archive")).toBe(0);

    expect(await openMeetingPipeline(video.id)).toMatchObject({ analysis: "queued" });
    await workQueue("analysis");
    for (let view = 0; view < 3; view++) {
      expect(await openMeetingPipeline(video.id)).toMatchObject({ analysis: "failed", error: HTTP_500 });
      await workQueue("analysis");
    }
    expect(await jobCount("analysis", video.id)).toBe(1);
    expect(openai.requestCount).toBe(6);
  });

  it("a job archived before it ran (its retention passed) does not hold the meeting as queued", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    const { jobId } = await ensureAnalysisQueued(video.id);
    await execSql("update pgboss.job set keep_until = now() - interval '1 second' where id = $1", [jobId]);
    await (await getBoss()).maintain();
    expect(await jobCount("analysis", video.id, "archive")).toBe(1);
    const again = await ensureAnalysisQueued(video.id);
    expect(again).toMatchObject({ queued: true });
    expect(again.jobId).not.toBe(jobId);
  });
});

describe(`an admin's failed re-run shows where it was asked ${dbTag}`, () => {
  it("Rewrite Story: the story page shows the failure above the previous story, which stays", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await analyzeVideo(video.id);
    await writeVideoStory(video.id);
    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    useFailingModel();
    const posted = await callRoute(storyAction, {
      request: formRequest(
        `/meeting-story/${video.id}`,
        { intent: "rewrite-story", meetingId: video.id, additionalContext: "Lead with the budget." },
        { headers: { Cookie: admin.cookie } },
      ),
      params: { meetingId: video.id },
    });
    expect(posted.status).toBe(302);
    await workQueue("story");
    const page = await callRoute(storyLoader, {
      request: getRequest(`/meeting-story/${video.id}`, { headers: { Cookie: admin.cookie } }),
      params: { meetingId: video.id },
    });
    const data = page.data as { pipeline: { story: string; errors?: { story?: string } }; meeting: unknown };
    expect(data.pipeline).toMatchObject({
      story: "present",
      errors: { story: expect.stringMatching(/^Story generation failed: the AI service returned an error/) },
    });
    expect(JSON.stringify(data.meeting)).toContain("headline");
  });

  it("Re-Analyze from the revisions page: the page shows the failure and keeps the previous analysis", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await analyzeVideo(video.id);
    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    const headers = { Cookie: admin.cookie };
    useFailingModel();
    await requestReanalysis(video.id, admin.id);
    const view = () =>
      callRoute(revisionsLoader, {
        request: getRequest(`/admin/revisions/${video.id}`, { headers }),
        params: { meetingId: video.id },
      });
    // While it waits, the page refreshes itself (poll with JavaScript, <noscript> refresh without).
    expect((await view()).data).toMatchObject({ pipeline: { analysis: "queued", refresh: true }, failures: [] });
    await workQueue("analysis");
    const after = (await view()).data as { failures: unknown[]; revisions: { analyses: unknown[] } };
    expect(after).toMatchObject({
      pipeline: { analysis: "present", refresh: false },
      failures: [
        {
          step: "analysis",
          message: HTTP_500,
          note: "The latest re-analysis failed; the analysis shown is the previous one.",
        },
      ],
    });
    expect(after.revisions.analyses).toHaveLength(1);
  });
});

describe(`"${INSUFFICIENT_TRANSCRIPT_BADGE}" is not analyzed automatically ${dbTag}`, () => {
  it("the one rule: 1000 characters or more", () => {
    expect(isAutoAnalyzable(null)).toBe(false);
    expect(isAutoAnalyzable(999)).toBe(false);
    expect(isAutoAnalyzable(1000)).toBe(true);
  });

  it("page views and a fetched transcript queue nothing; an admin's Re-Analyze still can", async () => {
    const short = await createMeeting({ transcript: transcriptOf(999) });
    expect(await openMeetingPipeline(short.id)).toMatchObject({ analysis: "none", refresh: false });
    expect(await ensureAnalysisQueued(short.id)).toMatchObject({ queued: false, reason: "insufficient-transcript" });
    expect(await jobCount("analysis", short.id)).toBe(0);
    expect(await requestReanalysis(short.id)).toMatchObject({ queued: true, status: "queued" });

    const enough = await createMeeting({ transcript: transcriptOf(1000) });
    expect(await openMeetingPipeline(enough.id)).toMatchObject({ analysis: "queued" });
  });

  it("a transcript fetched by a job queues its analysis only when it is sufficient", async () => {
    const short = await createMeeting({ transcript: null, videoId: "shortcaps01" });
    const long = await createMeeting({ transcript: null, videoId: "longcaps001" });
    await queueTranscriptFetch(short.id);
    await queueTranscriptFetch(long.id);
    await workQueue("transcript-fetch");
    expect(await getVideoPipelineStatus(short.id)).toMatchObject({ transcript: "present", analysis: "none" });
    expect(await jobCount("analysis", short.id)).toBe(0);
    expect(await getVideoPipelineStatus(long.id)).toMatchObject({ transcript: "present", analysis: "queued" });
  });

  it("the backfill leaves insufficient transcripts out, also with force", async () => {
    const city = await createCity();
    const short = await createMeeting({ cityId: city.id, transcript: transcriptOf(500) });
    const enough = await createMeeting({ cityId: city.id, transcript: TRANSCRIPT });
    const ids = (await eligibleVideos({ cityKey: city.locationKey })).map((video) => video.id);
    expect(ids).toContain(enough.id);
    expect(ids).not.toContain(short.id);
  });
});
