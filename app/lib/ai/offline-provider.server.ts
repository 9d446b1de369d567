/**
 * The default provider when no API key is configured: extractive analysis
 * and a plain story, computed in-process in well under a second.
 */
import { missingInputError, throwIfPastDeadline } from "./errors";
import { analyzeSegments } from "./offline/analyzer.server";
import { writeOfflineStory } from "./offline/story-writer";
import {
  resultMeta,
  type AiProvider,
  type AnalysisResult,
  type AnalyzeTranscriptInput,
  type StoryResult,
  type WriteStoryInput,
} from "./provider";
import { ensureSegments } from "./segments";

export const OFFLINE_MODEL = "extractive-textrank-v1";

async function analyzeTranscript(input: AnalyzeTranscriptInput): Promise<AnalysisResult> {
  throwIfPastDeadline("analysis", input.signal);
  const segments = ensureSegments(input.segments, input.transcript);
  if (segments.every((segment) => !segment.text.trim())) {
    throw missingInputError("analysis");
  }
  return { analysis: analyzeSegments(segments, { title: input.title }), ...resultMeta("offline", OFFLINE_MODEL) };
}

async function writeStory(input: WriteStoryInput): Promise<StoryResult> {
  throwIfPastDeadline("story", input.signal);
  if (!input.analysis) throw missingInputError("story");
  const segments = ensureSegments(input.segments, input.transcript);
  const story = writeOfflineStory({
    analysis: input.analysis,
    segments,
    title: input.title,
    additionalContext: input.additionalContext,
    source: input.source,
  });
  return { story, ...resultMeta("offline", OFFLINE_MODEL) };
}

export function createOfflineProvider(): AiProvider {
  return { name: "offline", model: OFFLINE_MODEL, analyzeTranscript, writeStory };
}
