import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedVideo } from "#demo/meetings";
import { analysisRevisions, storyRevisions } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import {
  ensureAnalysisQueued,
  ensurePipelineQueued,
  ensureStoryQueued,
  getVideoPipelineStatus,
  openMeetingPipeline,
  queueTranscriptFetch,
  requestReanalysis,
  requestStory,
  runNextJob,
  toPublicStatus,
} from "~/lib/jobs/index.server";
import { analyzeVideo, NEED_ANALYSIS, NEED_TRANSCRIPT } from "~/lib/pipeline/index.server";
import { dbTag, execSql, getTestDb, truncateAllTables } from "../setup";
import { startFakeOpenAiServer, type FakeOpenAiServer, useFakeModel } from "../support/fake-openai-server";
import { FAKE_MEETING_CAPTIONS, startFakeYoutubeServer, type FakeYoutubeServer } from "../support/fake-youtube-server";
import { createMeeting } from "../support/factories";

/**
 * Jobs are queued exactly once per video however many requests ask at the
 * same moment, and the queue, worked here with runNextJob, writes one
 * revision per step.
 */

const TRANSCRIPT = seedVideo("ac-cc-2025-07-15").transcript!;
let openai: FakeOpenAiServer;
let youtube: FakeYoutubeServer;

beforeAll(async () => {
  openai = await startFakeOpenAiServer();
  youtube = await startFakeYoutubeServer({
    captions001: { kind: "captions", tracks: [{ lang: "en", captions: FAKE_MEETING_CAPTIONS }] },
  });
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  process.env.YOUTUBE_RETRIES = "0";
});
afterAll(async () => {
  await stopBoss();
  await openai.close();
  await youtube.close();
});
beforeEach(async () => {
  await truncateAllTables();
  // Jobs left by a test (a story queued after its analysis) must not run in the next.
  await (await getBoss()).clearStorage();
  delete process.env.OPENAI_API_KEY;
});

type JobRow = {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  output: unknown;
  data: Record<string, unknown>;
};

async function jobsOf(cityVideoId: string, queue?: string): Promise<JobRow[]> {
  const rows = await execSql<JobRow>(
    "select id, name, state, retry_count, output, data from pgboss.job where singleton_key = $1 order by created_on",
    [cityVideoId],
  );
  return queue ? rows.filter((row) => row.name === queue) : rows;
}

async function revisionCounts(cityVideoId: string) {
  const analyses = await getTestDb()
    .select()
    .from(analysisRevisions)
    .where(eq(analysisRevisions.cityVideoId, cityVideoId));
  const stories = await getTestDb().select().from(storyRevisions).where(eq(storyRevisions.cityVideoId, cityVideoId));
  return { analyses: analyses.length, stories: stories.length };
}

describe(`exactly once ${dbTag}`, () => {
  it("10 concurrent ensureAnalysisQueued calls queue one job, which writes one revision", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    const results = await Promise.all(Array.from({ length: 10 }, () => ensureAnalysisQueued(video.id)));
    expect(results.filter((result) => result.queued)).toHaveLength(1);
    const jobId = results.find((result) => result.queued)!.jobId;
    expect(
      results
        .filter((result) => !result.queued)
        .every((result) => result.reason === "pending" && result.jobId === jobId),
    ).toBe(true);
    expect(await jobsOf(video.id)).toEqual([
      expect.objectContaining({
        id: jobId,
        name: "analysis",
        state: "created",
        data: expect.objectContaining({ mode: "auto" }),
      }),
    ]);
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({ analysis: "queued", story: "none", refresh: true });

    const ran = await runNextJob("analysis");
    expect(ran).toMatchObject({ id: jobId, output: { outcome: "written" } });
    expect(await runNextJob("analysis")).toBeNull();
    expect(await revisionCounts(video.id)).toEqual({ analyses: 1, stories: 0 });

    // The analysis job queued the story; page views asking again add nothing.
    const again = await Promise.all(Array.from({ length: 10 }, () => ensurePipelineQueued(video.id)));
    expect(
      again.every(({ analysis, story }) => !analysis.queued && analysis.reason === "present" && !story.queued),
    ).toBe(true);
    expect(await jobsOf(video.id, "story")).toHaveLength(1);
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({
      analysis: "present",
      story: "queued",
      refresh: true,
    });
    expect(await runNextJob("story")).toMatchObject({ output: { outcome: "written" } });
    expect(await revisionCounts(video.id)).toEqual({ analyses: 1, stories: 1 });
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({
      analysis: "present",
      story: "present",
      refresh: false,
    });
    expect(await ensurePipelineQueued(video.id)).toMatchObject({
      analysis: { queued: false, reason: "present" },
      story: { queued: false, reason: "present" },
    });
    expect(await jobsOf(video.id)).toHaveLength(2);
  });

  it("10 concurrent meeting page views queue the analysis once; the story follows once", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => openMeetingPipeline(video.id)));
    expect(statuses.every((status) => status?.analysis === "queued")).toBe(true);
    expect(await jobsOf(video.id)).toHaveLength(1);
    while ((await runNextJob("analysis")) || (await runNextJob("story")));
    expect(await revisionCounts(video.id)).toEqual({ analyses: 1, stories: 1 });
    expect((await jobsOf(video.id)).map((job) => [job.name, job.state])).toEqual([
      ["analysis", "completed"],
      ["story", "completed"],
    ]);
  });

  it("queues nothing for a video without a transcript, and no story without an analysis", async () => {
    const video = await createMeeting({ transcript: null });
    expect(await ensureAnalysisQueued(video.id)).toEqual({ queued: false, jobId: null, reason: "no-transcript" });
    expect(await ensureStoryQueued(video.id)).toEqual({ queued: false, jobId: null, reason: "no-analysis" });
    expect(await ensureAnalysisQueued("6f1c1a0e-1f8a-4c5e-9d51-000000000000")).toMatchObject({ reason: "not-found" });
    expect(await ensureAnalysisQueued("nope")).toMatchObject({ reason: "not-found" });
    expect(await requestReanalysis(video.id)).toMatchObject({
      queued: false,
      status: "refused",
      message: NEED_TRANSCRIPT,
    });
    expect(await requestStory(video.id)).toMatchObject({ queued: false, status: "refused", message: NEED_ANALYSIS });
    expect(await jobsOf(video.id)).toEqual([]);
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({
      transcript: "none",
      analysis: "none",
      story: "none",
      refresh: false,
      jobs: [],
    });
  });

  it("does not re-queue a failed automatic analysis on page views, and shows its error", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    useFakeModel(openai);
    openai.otherwise(() => ({ kind: "status", status: 500 }));
    const { jobId } = await ensureAnalysisQueued(video.id);
    await execSql("update pgboss.job set retry_limit = 0 where id = $1", [jobId]); // fail for good on the first error
    const ran = await runNextJob("analysis");
    expect(String((ran?.error as Error).message)).toMatch(/^Analysis failed: /);
    expect((await jobsOf(video.id))[0]).toMatchObject({ state: "failed" });
    expect(await ensureAnalysisQueued(video.id)).toEqual({ queued: false, jobId, reason: "failed-before" });
    const status = await getVideoPipelineStatus(video.id);
    expect(status).toMatchObject({
      analysis: "failed",
      error: "Analysis failed: the AI service returned an error (HTTP 500).",
      refresh: false,
    });
    expect(toPublicStatus(status!)).toEqual({
      cityVideoId: video.id,
      transcript: "present",
      analysis: "failed",
      story: "none",
      refresh: false,
      error: status!.error,
    });
    // An admin can still ask again.
    delete process.env.OPENAI_API_KEY;
    expect(await requestReanalysis(video.id)).toMatchObject({ queued: true, status: "queued" });
    expect(await runNextJob("analysis")).toMatchObject({ output: { outcome: "written" } });
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({ analysis: "present" });
  });

  it("queues one re-analysis per wait, replaces the analysis, and drops one that was overtaken", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await analyzeVideo(video.id);
    const requests = await Promise.all(Array.from({ length: 5 }, () => requestReanalysis(video.id)));
    expect(requests.filter((request) => request.status === "queued")).toHaveLength(1);
    expect(requests.filter((request) => request.status === "already-queued")).toHaveLength(4);
    expect(await runNextJob("analysis")).toMatchObject({ output: { outcome: "written" } });
    expect(await revisionCounts(video.id)).toMatchObject({ analyses: 2 });

    // A re-analysis queued, then overtaken by one written directly, is dropped.
    expect(await requestReanalysis(video.id)).toMatchObject({ queued: true });
    await analyzeVideo(video.id, { force: true });
    expect(await runNextJob("analysis")).toMatchObject({ output: { outcome: "skipped", reason: "superseded" } });
    expect(await revisionCounts(video.id)).toMatchObject({ analyses: 3 });
  });

  it("rewrites a story with instructions through the story queue", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await analyzeVideo(video.id);
    expect(await requestStory(video.id, { additionalContext: "Lead with the vote." })).toMatchObject({ queued: true });
    expect(await requestStory(video.id)).toMatchObject({ status: "already-queued" });
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({ story: "queued" });
    expect(await runNextJob("story")).toMatchObject({ output: { outcome: "written" } });
    const [story] = await getTestDb().select().from(storyRevisions).where(eq(storyRevisions.cityVideoId, video.id));
    expect(story!.additionalContext).toBe("Lead with the vote.");
  });

  it("shows a running job as analyzing", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await ensureAnalysisQueued(video.id);
    const [job] = await (await getBoss()).fetch("analysis");
    expect(job).toBeDefined();
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({
      analysis: "analyzing",
      refresh: true,
      jobs: [expect.objectContaining({ state: "active", attempts: 1 })],
    });
    // A second request while it runs is another job, waiting behind it.
    expect(await ensureAnalysisQueued(video.id)).toMatchObject({ queued: false, reason: "pending" });
    await (await getBoss()).complete("analysis", job!.id);
  });

  // These captions are under 1000 characters: "Transcript insufficient", so no analysis follows
  // (ADR 0028; the chained analysis of a sufficient one: jobs-failures-stop.test.ts).
  it("fetches a transcript in the background, once", async () => {
    const video = await createMeeting({ transcript: null, videoId: "captions001" });
    const [first, second] = await Promise.all([queueTranscriptFetch(video.id), queueTranscriptFetch(video.id)]);
    expect([first.queued, second.queued].sort()).toEqual([false, true]);
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({ transcript: "queued" });
    expect(await runNextJob("transcript-fetch")).toMatchObject({ output: { outcome: "fetched", segmentCount: 5 } });
    expect(await getVideoPipelineStatus(video.id)).toMatchObject({ transcript: "present", analysis: "none" });
    expect(await queueTranscriptFetch(video.id)).toMatchObject({ queued: false, reason: "present" });
  });
});
