/**
 * Entry point of the AI library for routes and jobs:
 *
 *   const ai = getAiProvider();
 *   const { analysis } = await ai.analyzeTranscript({ transcript, segments, title, description });
 *   const { story } = await ai.writeStory({ analysis, segments, title, additionalContext });
 *
 * What a provider returns is raw: the pipeline runs verifyAnalysis /
 * verifyStory on it before storing (docs/decisions/0024-one-verification-pass.md).
 * Both throw an AiError whose message can be shown to the user; they never
 * store anything, so a failure leaves the previous result in place.
 */
import { type Settings, settings } from "~/lib/env/settings.server";
import { readOpenAiConfig } from "./config.server";
import { createOfflineProvider } from "./offline-provider.server";
import { createOpenAiProvider } from "./openai-provider.server";
import type { AiProvider } from "./provider";

/** OpenAI-compatible when OPENAI_API_KEY is set (and AI_PROVIDER is not "offline"), else the offline analyzer. */
export function getAiProvider(config: Settings = settings()): AiProvider {
  const openAi = readOpenAiConfig(config);
  return openAi ? createOpenAiProvider(openAi) : createOfflineProvider();
}

export { AiError, isAiError, type AiErrorCode } from "./errors";
export type { AiProvider, AnalysisResult, AnalyzeTranscriptInput, StoryResult, WriteStoryInput } from "./provider";
export type { Analysis, NewsStory } from "./schemas";
export { isPlainText, parseStoredAnalysis, parseStoredStory, type PlainText } from "./stored";
export { verifyAnalysis, verifyStory, type VerificationReport } from "./verify";
export { withBackedHeadline } from "./backed-headline";
