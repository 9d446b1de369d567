import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OFFLINE_MODEL } from "~/lib/ai/offline-provider.server";
import { parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import { createUser } from "~/lib/auth/users.server";
import { seedVideo } from "#demo/meetings";
import { analysisRevisions, cityVideos, storyRevisions } from "~/lib/db/schema";
import { backfill, UnknownCityError } from "~/lib/pipeline/backfill.server";
import {
  analyzeVideo,
  listRevisions,
  NEED_ANALYSIS,
  NEED_TRANSCRIPT,
  PipelineError,
  restoreRevision,
  VIDEO_NOT_FOUND,
  writeVideoStory,
} from "~/lib/pipeline/index.server";
import { loadComparison } from "~/lib/pipeline/overview.server";
import { dbTag, getTestDb, truncateAllTables } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import { useFakeModel } from "../support/fake-openai-server";
import { fakeModelPerFile } from "../support/fake-model-hooks";
import { LABELED_MEETING, modelAnalysis, modelStory } from "../unit/ai/fixtures";

/**
 * analyzeVideo and writeVideoStory: one revision per run, the video's
 * current analysis/story in the same transaction, nothing stored on failure,
 * and restoring appends.
 */

const SEEDED = seedVideo("ac-cc-2025-07-15");
const fakeModel = fakeModelPerFile();

beforeEach(async () => {
  await truncateAllTables();
});

/** A meeting of the demo's, in a city of its own unless given. */
function createSeededMeeting(transcript: string | null = SEEDED.transcript, cityId?: string) {
  return createMeeting({ transcript, cityId, title: SEEDED.title, description: SEEDED.description });
}

async function videoRow(id: string) {
  const [row] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, id));
  return row!;
}

async function analysesOf(id: string) {
  return getTestDb()
    .select()
    .from(analysisRevisions)
    .where(eq(analysisRevisions.cityVideoId, id))
    .orderBy(asc(analysisRevisions.createdAt));
}

async function storiesOf(id: string) {
  return getTestDb()
    .select()
    .from(storyRevisions)
    .where(eq(storyRevisions.cityVideoId, id))
    .orderBy(asc(storyRevisions.createdAt));
}

async function rejection(promise: Promise<unknown>): Promise<PipelineError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PipelineError);
  return error as PipelineError;
}

describe(`analyzeVideo ${dbTag}`, () => {
  it("analyses a seeded transcript offline: one revision and the video's analysis_results, together", async () => {
    const video = await createSeededMeeting();
    const admin = await createUser({ email: "editor@example.com", emailConfirmed: true });
    const result = await analyzeVideo(video.id, { requestedBy: admin.id });
    expect(result).toMatchObject({ status: "written", provider: "offline", model: OFFLINE_MODEL });
    const revisions = await analysesOf(video.id);
    expect(revisions).toHaveLength(1);
    const [revision] = revisions;
    expect(revision).toMatchObject({ provider: "offline", model: OFFLINE_MODEL, createdBy: admin.id });
    expect(result.status === "written" && result.revisionId).toBe(revision!.id);
    expect(revision!.verification).toMatchObject({ kind: "analysis", passed: expect.any(Boolean) });
    const stored = (await videoRow(video.id)).analysisResults;
    expect(stored).toEqual(revision!.analysis);
    const analysis = parseStoredAnalysis(stored);
    expect(analysis && "summary" in analysis && analysis.summary.length).toBeGreaterThan(40);
    expect(analysis && "highlights" in analysis && analysis.highlights.length).toBeGreaterThan(0);
  });

  it("keeps an existing analysis unless forced, and keeps every revision", async () => {
    const video = await createSeededMeeting();
    await analyzeVideo(video.id);
    expect(await analyzeVideo(video.id)).toEqual({ status: "skipped", reason: "present" });
    expect(await analysesOf(video.id)).toHaveLength(1);
    const forced = await analyzeVideo(video.id, { force: true });
    expect(forced.status).toBe("written");
    const revisions = await analysesOf(video.id);
    expect(revisions).toHaveLength(2);
    expect((await videoRow(video.id)).analysisResults).toEqual(revisions[1]!.analysis);
  });

  it("refuses a video without a transcript (or one too short) and an unknown video", async () => {
    const none = await createSeededMeeting(null);
    expect((await rejection(analyzeVideo(none.id))).message).toBe(NEED_TRANSCRIPT);
    const short = await createSeededMeeting("MAYOR: Hello.");
    expect((await rejection(analyzeVideo(short.id))).message).toBe(NEED_TRANSCRIPT);
    expect((await rejection(analyzeVideo("6f1c1a0e-1f8a-4c5e-9d51-000000000000"))).message).toBe(VIDEO_NOT_FOUND);
    expect((await rejection(analyzeVideo("not-a-uuid"))).message).toBe(VIDEO_NOT_FOUND);
    expect(await getTestDb().select().from(analysisRevisions)).toEqual([]);
  });

  it("records the model of an OpenAI-compatible provider", async () => {
    const video = await createSeededMeeting(LABELED_MEETING);
    useFakeModel(fakeModel());
    process.env.OPENAI_MODEL = "local-llama";
    try {
      fakeModel().otherwise(() => ({ kind: "json", body: modelAnalysis() }));
      const result = await analyzeVideo(video.id);
      expect(result).toMatchObject({ status: "written", provider: "openai-compatible", model: "local-llama" });
      expect(fakeModel().requestCount).toBeGreaterThan(0);
      const [revision] = await analysesOf(video.id);
      expect(revision).toMatchObject({ provider: "openai-compatible", model: "local-llama" });
    } finally {
      delete process.env.OPENAI_MODEL;
    }
  });

  it("leaves the previous analysis intact when the model fails", async () => {
    const video = await createSeededMeeting(LABELED_MEETING);
    await analyzeVideo(video.id);
    const before = await videoRow(video.id);
    useFakeModel(fakeModel());
    fakeModel().otherwise(() => ({ kind: "status", status: 500, message: "model crashed" }));
    const error = await rejection(analyzeVideo(video.id, { force: true }));
    expect(error.message).toMatch(/^Analysis failed: /);
    fakeModel().otherwise(() => ({ kind: "text", content: "Sorry, I cannot produce JSON today." }));
    expect((await rejection(analyzeVideo(video.id, { force: true }))).message).toMatch(/^Analysis failed: /);
    const after = await videoRow(video.id);
    expect(after.analysisResults).toEqual(before.analysisResults);
    expect(await analysesOf(video.id)).toHaveLength(1);
  });
});

describe(`writeVideoStory ${dbTag}`, () => {
  it("needs an analysis", async () => {
    const video = await createSeededMeeting();
    expect((await rejection(writeVideoStory(video.id))).message).toBe(NEED_ANALYSIS);
  });

  it("writes a story revision with its context, and the video's news_story and story_generated_at", async () => {
    const video = await createSeededMeeting();
    await analyzeVideo(video.id);
    const result = await writeVideoStory(video.id, { additionalContext: "  Lead with the water rates.  " });
    expect(result.status).toBe("written");
    const [revision] = await storiesOf(video.id);
    expect(revision).toMatchObject({ additionalContext: "Lead with the water rates.", provider: "offline" });
    expect(revision!.verification).toMatchObject({ kind: "story" });
    const row = await videoRow(video.id);
    expect(row.newsStory).toEqual(revision!.story);
    expect(row.storyGeneratedAt?.toISOString()).toBe(revision!.createdAt.toISOString());
    const story = parseStoredStory(row.newsStory);
    expect(story && "article" in story && story.article.headline.length).toBeGreaterThan(5);
    // The automatic story is written once only.
    expect(await writeVideoStory(video.id, { onlyIfMissing: true })).toEqual({ status: "skipped", reason: "present" });
    expect((await writeVideoStory(video.id)).status).toBe("written");
    expect(await storiesOf(video.id)).toHaveLength(2);
  });

  it("leaves the previous story intact when the model fails", async () => {
    const video = await createSeededMeeting(LABELED_MEETING);
    await analyzeVideo(video.id);
    await writeVideoStory(video.id);
    const before = await videoRow(video.id);
    useFakeModel(fakeModel());
    fakeModel().otherwise(() => ({ kind: "length" }));
    const error = await rejection(writeVideoStory(video.id, { additionalContext: "Shorter" }));
    expect(error.message).toMatch(/^Story generation failed: /);
    const after = await videoRow(video.id);
    expect(after.newsStory).toEqual(before.newsStory);
    expect(after.storyGeneratedAt).toEqual(before.storyGeneratedAt);
    expect(await storiesOf(video.id)).toHaveLength(1);
    fakeModel().otherwise(() => ({ kind: "json", body: modelStory() }));
    expect(await writeVideoStory(video.id)).toMatchObject({ status: "written", provider: "openai-compatible" });
  });
});

describe(`revisions ${dbTag}`, () => {
  it("restores an earlier analysis as a new revision; history only grows", async () => {
    const video = await createSeededMeeting(LABELED_MEETING);
    const admin = await createUser({ email: "restorer@example.com", emailConfirmed: true });
    await analyzeVideo(video.id);
    useFakeModel(fakeModel());
    fakeModel().otherwise(() => ({
      kind: "json",
      body: modelAnalysis({ summary: "A model-written summary of the Riverton meeting." }),
    }));
    await analyzeVideo(video.id, { force: true });
    const [first, second] = await analysesOf(video.id);
    expect((await videoRow(video.id)).analysisResults).toEqual(second!.analysis);

    const restored = await restoreRevision("analysis", first!.id, admin.id);
    expect(restored).toMatchObject({ restoredFrom: first!.id, cityVideoId: video.id });
    const all = await analysesOf(video.id);
    expect(all).toHaveLength(3);
    expect(all[2]).toMatchObject({
      id: restored.revisionId,
      analysis: first!.analysis,
      provider: "offline",
      createdBy: admin.id,
    });
    expect((await videoRow(video.id)).analysisResults).toEqual(first!.analysis);

    const listed = await listRevisions(video.id);
    expect(listed.analyses.map((r) => [r.id, r.current])).toEqual([
      [restored.revisionId, true],
      [second!.id, false],
      [first!.id, false],
    ]);
    expect(listed.analyses[0]).toMatchObject({
      createdByEmail: "restorer@example.com",
      verification: expect.objectContaining({ passed: expect.any(Boolean) }),
    });
    expect(listed.analyses[1]!.title).toBe("A model-written summary of the Riverton meeting.");

    const comparison = await loadComparison("analysis", video.id, first!.id, second!.id);
    expect(comparison.left?.parsed).toMatchObject({ summary: expect.any(String) });
    expect(comparison.right?.parsed).toMatchObject({ summary: "A model-written summary of the Riverton meeting." });
  });

  it("restores a story with its original generation time, and refuses revisions of other videos", async () => {
    const video = await createSeededMeeting();
    const other = await createSeededMeeting();
    await analyzeVideo(video.id);
    await writeVideoStory(video.id);
    await writeVideoStory(video.id, { additionalContext: "Make it shorter." });
    const [first] = await storiesOf(video.id);
    await restoreRevision("story", first!.id, null);
    const row = await videoRow(video.id);
    expect(row.newsStory).toEqual(first!.story);
    expect(row.storyGeneratedAt?.toISOString()).toBe(first!.createdAt.toISOString());
    expect(await storiesOf(video.id)).toHaveLength(3);

    await expect(restoreRevision("story", first!.id, null, { cityVideoId: other.id })).rejects.toThrow(
      "Revision not found",
    );
    await expect(restoreRevision("analysis", first!.id, null)).rejects.toThrow("Revision not found");
    expect(await storiesOf(video.id)).toHaveLength(3);
    const comparison = await loadComparison("story", other.id, first!.id, first!.id);
    expect(comparison).toEqual({ left: null, right: null });
  });

  it("restores a story as a copy with its context, verification report and model, created by the restorer", async () => {
    const video = await createSeededMeeting();
    const admin = await createUser({ email: "story-restorer@example.com", emailConfirmed: true });
    await analyzeVideo(video.id);
    await writeVideoStory(video.id, { additionalContext: "Lead with the budget." });
    await writeVideoStory(video.id);
    const [first] = await storiesOf(video.id);
    const restored = await restoreRevision("story", first!.id, admin.id);
    const copy = (await storiesOf(video.id))[2]!;
    expect(copy).toMatchObject({
      id: restored.revisionId,
      story: first!.story,
      additionalContext: "Lead with the budget.",
      verification: first!.verification,
      provider: first!.provider,
      model: first!.model,
      createdBy: admin.id,
    });
    expect(first!.verification).not.toBeNull();
  });
});

describe(`backfill ${dbTag}`, () => {
  it("analyses and writes stories for every eligible meeting of a city, once", async () => {
    const city = await createCity({ locationKey: "backfill-town" });
    await createSeededMeeting(SEEDED.transcript, city.id);
    await createSeededMeeting(LABELED_MEETING, city.id);
    await createSeededMeeting("MAYOR: Too short to analyze.", city.id);
    await createSeededMeeting(LABELED_MEETING); // another city
    const progress: number[] = [];
    const summary = await backfill({ cityKey: "backfill-town" }, { onProgress: (done) => progress.push(done) });
    expect(summary).toMatchObject({ total: 2, analysesWritten: 2, storiesWritten: 2, failures: [] });
    expect(progress).toEqual([1, 2]);
    expect(await backfill({ cityKey: "backfill-town" })).toMatchObject({
      total: 2,
      analysesWritten: 0,
      storiesWritten: 0,
    });
    expect(await backfill({ all: true })).toMatchObject({ total: 3, analysesWritten: 1, storiesWritten: 1 });
    expect(await backfill({ cityKey: "backfill-town" }, { force: true })).toMatchObject({
      analysesWritten: 2,
      storiesWritten: 2,
    });
    await expect(backfill({ cityKey: "nowhere" })).rejects.toBeInstanceOf(UnknownCityError);
  });

  it("reports failures with their messages", async () => {
    const city = await createCity({ locationKey: "failing-town" });
    await createSeededMeeting(LABELED_MEETING, city.id);
    useFakeModel(fakeModel());
    fakeModel().otherwise(() => ({ kind: "status", status: 401, message: "bad key" }));
    const summary = await backfill({ cityKey: "failing-town" });
    expect(summary.failures).toHaveLength(1);
    expect(summary.failures[0]).toMatchObject({
      analysis: "failed",
      story: "not-run",
      error: "Analysis failed: the AI service rejected the API key.",
    });
  });
});
