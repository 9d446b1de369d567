/**
 * What the meeting pipeline asks of an AI provider. Providers only return
 * raw values (or throw an AiError); verifying them (app/lib/ai/verify.ts)
 * and storing them is the pipeline's job, so no provider can skip the
 * check, and a failure never overwrites an earlier analysis or story.
 */
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { Analysis, NewsStory } from "./schemas";

export type ProviderName = "openai-compatible" | "offline";

/** Where a meeting's video came from (city_urls), to name the body that met. */
export type MeetingSource = {
  /** city_urls.source_type: website, city, county, school_district, school, state, other */
  sourceType: string | null;
  /** city_urls.title, e.g. "Minneapolis City Council" or "Riverton School District" */
  sourceTitle: string | null;
};

export type AnalyzeTranscriptInput = {
  transcript: string;
  /** Parsed segments; empty for transcripts without timestamps (the whole text is then one untimed segment). */
  segments: TranscriptSegment[];
  title: string | null;
  description: string | null;
  /** Aborts the work at the caller's deadline (a job's time limit): the provider then throws a "timeout" AiError. */
  signal?: AbortSignal;
};

export type WriteStoryInput = {
  analysis: Analysis;
  /** Transcript segments the story is written from. */
  segments: TranscriptSegment[];
  title: string | null;
  additionalContext: string | null;
  /** The source the video came from (city_urls), to name the body that met. */
  source?: MeetingSource | null;
  /** The raw transcript, for when there are no segments. */
  transcript?: string | null;
  /** As for AnalyzeTranscriptInput. */
  signal?: AbortSignal;
};

type ResultMeta = {
  provider: ProviderName;
  model: string;
  /** ISO 8601 */
  createdAt: string;
};

/** A result's provenance (now). */
export function resultMeta(provider: ProviderName, model: string): ResultMeta {
  return { provider, model, createdAt: new Date().toISOString() };
}

export type AnalysisResult = ResultMeta & { analysis: Analysis };
export type StoryResult = ResultMeta & { story: NewsStory };

export interface AiProvider {
  readonly name: ProviderName;
  readonly model: string;
  analyzeTranscript(input: AnalyzeTranscriptInput): Promise<AnalysisResult>;
  writeStory(input: WriteStoryInput): Promise<StoryResult>;
}
