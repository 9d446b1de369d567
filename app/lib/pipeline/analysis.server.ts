/**
 * Analyzing a meeting: the transcript and its segments go to the AI
 * provider; the result is stored as a new analysis revision and as the
 * video's analysis_results, in one transaction. The verification report
 * stays with the revision. A failure stores nothing, so the previous
 * analysis stays in place.
 */
import { getAiProvider, isAiError, type AiProvider, type AnalysisResult } from "~/lib/ai/index.server";
import { getDb } from "~/lib/db/client.server";
import { ANALYSIS_FAILED, NEED_TRANSCRIPT, PipelineError, VIDEO_NOT_FOUND } from "./messages";
import { appendRevision } from "./revisions.server";
import {
  hasAnalysableTranscript,
  loadPipelineVideo,
  loadSegments,
  lockVideo,
  type PipelineVideo,
} from "./video.server";
import { skipReason, type SkipReason, type WriteGuard } from "./write-guard.server";

export type AnalyzeVideoOptions = {
  /** users.id of whoever asked (stored as the revision's created_by). */
  requestedBy?: string | null;
  /** Analyze even when an analysis exists (default: skip then). */
  force?: boolean;
  /** See WriteGuard; set by jobs. */
  ifCurrentRevision?: string | null;
  /** Default: getAiProvider(). */
  provider?: AiProvider;
  /** Gives up at this signal (a job's deadline) with a timeout error. */
  signal?: AbortSignal;
};

export type PipelineWriteResult =
  | { status: "written"; revisionId: string; provider: string; model: string | null; createdAt: string }
  | { status: "skipped"; reason: SkipReason };

function toAnalysisError(error: unknown): PipelineError {
  if (error instanceof PipelineError) return error;
  if (isAiError(error))
    return new PipelineError("analysis", error.message, { cause: error, permanent: error.code === "input" });
  return new PipelineError("analysis", ANALYSIS_FAILED, { cause: error });
}

async function requireVideo(cityVideoId: string): Promise<PipelineVideo & { transcript: string }> {
  const video = await loadPipelineVideo(cityVideoId);
  if (!video) throw new PipelineError("analysis", VIDEO_NOT_FOUND, { permanent: true });
  if (!hasAnalysableTranscript(video.transcript))
    throw new PipelineError("analysis", NEED_TRANSCRIPT, { permanent: true });
  return { ...video, transcript: video.transcript };
}

async function runAnalysis(
  provider: AiProvider,
  video: PipelineVideo & { transcript: string },
  signal?: AbortSignal,
): Promise<AnalysisResult> {
  try {
    const segments = await loadSegments(video.id);
    return await provider.analyzeTranscript({
      transcript: video.transcript,
      segments,
      title: video.title,
      description: video.description,
      signal,
    });
  } catch (error) {
    throw toAnalysisError(error);
  }
}

async function storeAnalysis(
  cityVideoId: string,
  result: AnalysisResult,
  guard: WriteGuard,
  requestedBy: string | null,
): Promise<PipelineWriteResult> {
  return getDb().transaction(async (tx) => {
    const locked = await lockVideo(tx, cityVideoId);
    if (!locked) throw new PipelineError("analysis", VIDEO_NOT_FOUND, { permanent: true });
    const reason = await skipReason(tx, "analysis", cityVideoId, guard, locked.hasAnalysis);
    if (reason) return { status: "skipped", reason };
    const row = await appendRevision(tx, "analysis", {
      cityVideoId,
      content: result.analysis,
      verification: result.verification,
      provider: result.provider,
      model: result.model,
      createdBy: requestedBy,
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
 * Analyses a city video (by city_videos.id). Throws a PipelineError whose
 * message can be shown: 'Video must have a transcript to run analysis',
 * the AI provider's message, or 'Analysis failed'.
 */
export async function analyzeVideo(
  cityVideoId: string,
  options: AnalyzeVideoOptions = {},
): Promise<PipelineWriteResult> {
  const video = await requireVideo(cityVideoId);
  const guard: WriteGuard = { onlyIfMissing: !options.force, ifCurrentRevision: options.ifCurrentRevision };
  const early = await skipReason(getDb(), "analysis", cityVideoId, guard, video.analysisResults !== null);
  if (early) return { status: "skipped", reason: early };
  const result = await runAnalysis(options.provider ?? getAiProvider(), video, options.signal);
  try {
    return await storeAnalysis(cityVideoId, result, guard, options.requestedBy ?? null);
  } catch (error) {
    throw toAnalysisError(error);
  }
}
