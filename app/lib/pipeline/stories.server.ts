/**
 * Writing a meeting's news story from its stored analysis (and, from the
 * story playground or Rewrite Story, an editor's additional context). Stored
 * as a new story revision and as the video's news_story and
 * story_generated_at, in one transaction, after the verification pass; a
 * failure stores nothing.
 */
import {
  getAiProvider,
  isPlainText,
  parseStoredAnalysis,
  verifyStory,
  withBackedHeadline,
  type AiProvider,
  type Analysis,
} from "~/lib/ai/index.server";
import { NEED_ANALYSIS, PipelineError, VIDEO_NOT_FOUND } from "./messages";
import {
  generateRevision,
  type PipelineWriteResult,
  type RevisionContent,
  type WriteGuard,
} from "./revision-store.server";
import { loadPipelineVideo, loadSegments, type PipelineVideo } from "./video.server";
import { ensureSegments } from "~/lib/ai/segments";

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

/** The stored analysis as the writer needs it; a legacy plain-text analysis becomes its summary. */
function analysisOf(video: PipelineVideo): Analysis {
  const stored = parseStoredAnalysis(video.analysisResults);
  if (!stored) throw new PipelineError("story", NEED_ANALYSIS, { permanent: true });
  if (isPlainText(stored))
    return { summary: stored.plainText, highlights: [], action_items: [], entities: [], decisions: [] };
  return stored;
}

async function runStory(
  provider: AiProvider,
  video: PipelineVideo,
  input: { analysis: Analysis; additionalContext: string | null; signal?: AbortSignal },
): Promise<RevisionContent> {
  const segments = await loadSegments(video.id);
  const result = await provider.writeStory({
    ...input,
    segments,
    title: video.title,
    source: video.source,
    transcript: video.transcript,
  });
  // A vote's verb or tally no verified decision backs: the offline writer's headline instead (0060).
  const backed = withBackedHeadline(result.story, {
    analysis: input.analysis,
    segments: ensureSegments(segments, video.transcript),
    title: video.title,
    additionalContext: input.additionalContext,
    source: video.source,
  });
  const verified = verifyStory(backed.story, {
    segments,
    transcript: video.transcript,
    title: video.title,
    analysis: input.analysis,
  });
  const report = backed.replaced ? { ...verified.report, headline: backed.replaced, passed: false } : verified.report;
  return {
    provider: result.provider,
    model: result.model,
    content: verified.story,
    verification: report,
  };
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
  const additionalContext = options.additionalContext?.trim() || null;
  return generateRevision(
    "story",
    cityVideoId,
    { guard, hasCurrent: video.newsStory !== null, requestedBy: options.requestedBy ?? null, additionalContext },
    () => runStory(options.provider ?? getAiProvider(), video, { analysis, additionalContext, signal: options.signal }),
  );
}
