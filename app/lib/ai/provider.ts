/**
 * What the meeting pipeline asks of an AI provider. Providers only return
 * values (or throw an AiError); storing results is the caller's job, so a
 * failure never overwrites an earlier analysis or story.
 */
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { Analysis, NewsStory } from "./schemas";
import type { VerificationReport } from "./verify";

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
  /** Transcript segments, used to check the story's quotes. */
  segments: TranscriptSegment[];
  title: string | null;
  additionalContext: string | null;
  /** The source the video came from (city_urls), to name the body that met. */
  source?: MeetingSource | null;
  /** The raw transcript, for checks when there are no segments. */
  transcript?: string | null;
  /** As for AnalyzeTranscriptInput. */
  signal?: AbortSignal;
};

type ResultMeta = {
  provider: ProviderName;
  model: string;
  /** ISO 8601 */
  createdAt: string;
  verification: VerificationReport;
};

/** A result's provenance (now) and its verification report. */
export function resultMeta(provider: ProviderName, model: string, verification: VerificationReport): ResultMeta {
  return { provider, model, createdAt: new Date().toISOString(), verification };
}

export type AnalysisResult = ResultMeta & { analysis: Analysis };
export type StoryResult = ResultMeta & { story: NewsStory };

export interface AiProvider {
  readonly name: ProviderName;
  readonly model: string;
  analyzeTranscript(input: AnalyzeTranscriptInput): Promise<AnalysisResult>;
  writeStory(input: WriteStoryInput): Promise<StoryResult>;
}
