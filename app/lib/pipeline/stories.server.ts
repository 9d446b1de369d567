/**
 * Writing a meeting's news story from its stored analysis (and, from the
 * story playground or Rewrite Story, an editor's additional context). Stored
 * as a new story revision and as the video's news_story and
 * story_generated_at, in one transaction; a failure stores nothing.
 */
import {
  getAiProvider,
  isAiError,
  isPlainText,
  parseStoredAnalysis,
  type AiProvider,
  type Analysis,
  type StoryResult,
} from "~/lib/ai/index.server";
import { getDb } from "~/lib/db/client.server";
import { NEED_ANALYSIS, PipelineError, STORY_FAILED_TOAST, VIDEO_NOT_FOUND } from "./messages";
import type { PipelineWriteResult } from "./analysis.server";
import { appendRevision } from "./revisions.server";
import { loadPipelineVideo, loadSegments, lockVideo, type PipelineVideo } from "./video.server";
import { skipReason, type WriteGuard } from "./write-guard.server";

export type WriteStoryOptions = {
  /** Extra instructions for the writer (story playground, Rewrite Story). */
  additionalContext?: string | null;
  requestedBy?: string | null;
  /** Write only when the video has no story yet (the automatic story). */
  onlyIfMissing?: boolean;
  /** See WriteGuard; set by jobs. */
  ifCurrentRevision?: string | null;
  provider?: AiProvider;
  /** Gives up at this signal (a job's deadline) with a timeout error. */
  signal?: AbortSignal;
};

function toStoryError(error: unknown): PipelineError {
  if (error instanceof PipelineError) return error;
  if (isAiError(error))
    return new PipelineError("story", error.message, { cause: error, permanent: error.code === "input" });
  return new PipelineError("story", STORY_FAILED_TOAST.description, { cause: error });
}

/** The stored analysis as the writer needs it; a legacy plain-text analysis becomes its summary. */
function analysisOf(video: PipelineVideo): Analysis {
  const stored = parseStoredAnalysis(video.analysisResults);
  if (!stored) throw new PipelineError("story", NEED_ANALYSIS, { permanent: true });
  if (isPlainText(stored)) return { summary: stored.plainText, highlights: [], action_items: [], entities: [] };
  return stored;
}

async function runStory(
  provider: AiProvider,
  video: PipelineVideo,
  input: { analysis: Analysis; additionalContext: string | null; signal?: AbortSignal },
): Promise<StoryResult> {
  try {
    const segments = await loadSegments(video.id);
    return await provider.writeStory({ ...input, segments, title: video.title, transcript: video.transcript });
  } catch (error) {
    throw toStoryError(error);
  }
}

async function storeStory(
  cityVideoId: string,
  result: StoryResult,
  guard: WriteGuard,
  options: { requestedBy: string | null; additionalContext: string | null },
): Promise<PipelineWriteResult> {
  return getDb().transaction(async (tx) => {
    const locked = await lockVideo(tx, cityVideoId);
    if (!locked) throw new PipelineError("story", VIDEO_NOT_FOUND, { permanent: true });
    const reason = await skipReason(tx, "story", cityVideoId, guard, locked.hasStory);
    if (reason) return { status: "skipped", reason };
    const row = await appendRevision(tx, "story", {
      cityVideoId,
      content: result.story,
      verification: result.verification,
      provider: result.provider,
      model: result.model,
      createdBy: options.requestedBy,
      additionalContext: options.additionalContext,
    });
    return {
      status: "written",
      revisionId: row.id,
      provider: result.provider,
      model: result.model,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * Writes a new story for a city video (by city_videos.id). Throws a
 * PipelineError: 'Analysis results are required to generate a story', the
 * AI provider's message, or 'Failed to generate the news story. Please try
 * again.' The UI shows STORY_GENERATED_TOAST / STORY_FAILED_TOAST.
 */
export async function writeVideoStory(
  cityVideoId: string,
  options: WriteStoryOptions = {},
): Promise<PipelineWriteResult> {
  const video = await loadPipelineVideo(cityVideoId);
  if (!video) throw new PipelineError("story", VIDEO_NOT_FOUND, { permanent: true });
  const analysis = analysisOf(video);
  const guard: WriteGuard = { onlyIfMissing: options.onlyIfMissing, ifCurrentRevision: options.ifCurrentRevision };
  const early = await skipReason(getDb(), "story", cityVideoId, guard, video.newsStory !== null);
  if (early) return { status: "skipped", reason: early };
  const additionalContext = options.additionalContext?.trim() || null;
  const result = await runStory(options.provider ?? getAiProvider(), video, {
    analysis,
    additionalContext,
    signal: options.signal,
  });
  try {
    return await storeStory(cityVideoId, result, guard, {
      requestedBy: options.requestedBy ?? null,
      additionalContext,
    });
  } catch (error) {
    throw toStoryError(error);
  }
}
