/**
 * Analyzing a meeting: the transcript and its segments go to the AI
 * provider; whatever it returns goes through the verification pass, and the
 * cleaned result is stored as a new analysis revision and as the video's
 * analysis_results, in one transaction. The verification report stays with
 * the revision. A failure stores nothing, so the previous
 * analysis stays in place.
 */
import { getAiProvider, verifyAnalysis, type AiProvider } from "~/lib/ai/index.server";
import { NEED_TRANSCRIPT, PipelineError, VIDEO_NOT_FOUND } from "./messages";
import {
  generateRevision,
  type PipelineWriteResult,
  type RevisionContent,
  type WriteGuard,
} from "./revision-store.server";
import { hasAnalyzableTranscript, loadPipelineVideo, loadSegments, type PipelineVideo } from "./video.server";

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

async function requireVideo(cityVideoId: string): Promise<PipelineVideo & { transcript: string }> {
  const video = await loadPipelineVideo(cityVideoId);
  if (!video) throw new PipelineError("analysis", VIDEO_NOT_FOUND, { permanent: true });
  if (!hasAnalyzableTranscript(video.transcript))
    throw new PipelineError("analysis", NEED_TRANSCRIPT, { permanent: true });
  return { ...video, transcript: video.transcript };
}

async function runAnalysis(
  provider: AiProvider,
  video: PipelineVideo & { transcript: string },
  signal?: AbortSignal,
): Promise<RevisionContent> {
  const segments = await loadSegments(video.id);
  const result = await provider.analyzeTranscript({
    transcript: video.transcript,
    segments,
    title: video.title,
    description: video.description,
    signal,
  });
  const verified = verifyAnalysis(result.analysis, segments, video.transcript, video.title);
  return {
    provider: result.provider,
    model: result.model,
    content: verified.analysis,
    verification: verified.report,
  };
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
  return generateRevision(
    "analysis",
    cityVideoId,
    { guard, hasCurrent: video.analysisResults !== null, requestedBy: options.requestedBy ?? null },
    () => runAnalysis(options.provider ?? getAiProvider(), video, options.signal),
  );
}
