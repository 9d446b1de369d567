/**
 * Analysis and stories from any OpenAI-compatible chat-completions endpoint,
 * with structured outputs. Long transcripts are analyzed in chunks and
 * combined; every failure becomes an AiError with a message for the UI.
 */
import OpenAI from "openai";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  ContentFilterFinishReasonError,
  LengthFinishReasonError,
  PermissionDeniedError,
  RateLimitError,
} from "openai/core/error";
import { zodResponseFormat } from "openai/helpers/zod";
import { makeParseableResponseFormat } from "openai/lib/parser";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { chunkSegments, combineAnalyses, renderSegments } from "./chunking";
import type { OpenAiConfig } from "./config.server";
import { AiError, deadlineError, missingInputError, throwIfPastDeadline, type AiOperation } from "./errors";
import { parseLenientJson } from "./json";
import {
  ANALYSIS_INSTRUCTIONS,
  analysisUserMessage,
  MERGE_INSTRUCTIONS,
  mergeUserMessage,
  STORY_INSTRUCTIONS,
  storyUserMessage,
} from "./prompts";
import {
  resultMeta,
  type AiProvider,
  type AnalysisResult,
  type AnalyzeTranscriptInput,
  type StoryResult,
  type WriteStoryInput,
} from "./provider";
import { type Analysis, analysisSchema, mergedSummarySchema, type NewsStory, storySchema } from "./schemas";
import { ensureSegments } from "./segments";

/**
 * The SDK's zod response format, but its reply parser also accepts JSON in
 * ``` fences or wrapped in prose (some compatible servers ignore strict mode)
 * before validating with zod.
 */
function lenientResponseFormat<T extends z.ZodType>(schema: T, name: string) {
  return makeParseableResponseFormat(zodResponseFormat(schema, name), (content) =>
    schema.parse(parseLenientJson(content)),
  );
}

function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "";
  const path = issue.path.map(String).join(".");
  return ` (${path ? `${path}: ` : ""}${issue.message})`;
}

/** Maps SDK, JSON and validation errors to an AiError for the UI. Order matters: subclasses first. */
export function toAiError(operation: AiOperation, error: unknown): AiError {
  if (error instanceof AiError) return error;
  const cause = { cause: error };
  if (error instanceof LengthFinishReasonError) return new AiError(operation, "length", cause);
  if (error instanceof ContentFilterFinishReasonError) return new AiError(operation, "content_filter", cause);
  if (error instanceof APIConnectionTimeoutError) return new AiError(operation, "timeout", cause);
  if (error instanceof APIUserAbortError) {
    return new AiError(operation, "connection", { ...cause, detail: "the request was canceled." });
  }
  if (error instanceof APIConnectionError) return new AiError(operation, "connection", cause);
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
    return new AiError(operation, "auth", { ...cause, status: error.status });
  }
  if (error instanceof RateLimitError) return new AiError(operation, "rate_limit", { ...cause, status: 429 });
  if (error instanceof APIError) {
    const status = typeof error.status === "number" ? error.status : null;
    const detail = `the AI service returned an error${status ? ` (HTTP ${status})` : ""}.`;
    return new AiError(operation, "http", { ...cause, status, detail });
  }
  if (error instanceof SyntaxError) return new AiError(operation, "invalid_json", cause);
  if (error instanceof z.core.$ZodError) {
    const detail = `the model's reply did not have the expected structure${firstIssue(error)}.`;
    return new AiError(operation, "schema", { ...cause, detail });
  }
  return new AiError(operation, "unknown", cause);
}

type StructuredCall<T extends z.ZodType> = {
  operation: AiOperation;
  schema: T;
  schemaName: string;
  instructions: string;
  userMessage: string;
  signal?: AbortSignal;
};

export type OpenAiProviderOptions = OpenAiConfig & {
  /** Injected for tests; built from the config otherwise. */
  client?: OpenAI;
};

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const client =
    options.client ??
    new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  const model = options.model;

  async function callStructured<T extends z.ZodType>(call: StructuredCall<T>): Promise<z.output<T>> {
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: call.instructions },
      { role: "user", content: call.userMessage },
    ];
    throwIfPastDeadline(call.operation, call.signal);
    try {
      const completion = await client.chat.completions.parse(
        { model, messages, response_format: lenientResponseFormat(call.schema, call.schemaName) },
        { timeout: options.timeoutMs, maxRetries: options.maxRetries, signal: call.signal },
      );
      const message = completion.choices[0]?.message;
      if (message?.refusal)
        throw new AiError(call.operation, "refusal", { detail: `the model refused: ${message.refusal}` });
      if (message?.parsed === null || message?.parsed === undefined) throw new AiError(call.operation, "empty");
      return message.parsed as z.output<T>;
    } catch (error) {
      throw call.signal?.aborted ? deadlineError(call.operation, error) : toAiError(call.operation, error);
    }
  }

  async function analyzeChunk(
    input: AnalyzeTranscriptInput,
    chunk: TranscriptSegment[],
    part?: { index: number; count: number },
  ) {
    const transcript = renderSegments(chunk);
    return callStructured({
      operation: "analysis",
      schema: analysisSchema,
      schemaName: "meeting_analysis",
      instructions: ANALYSIS_INSTRUCTIONS,
      userMessage: analysisUserMessage({ title: input.title, description: input.description, transcript, part }),
      signal: input.signal,
    });
  }

  async function mergeSummaries(title: string | null, parts: Analysis[], signal?: AbortSignal): Promise<string> {
    const merged = await callStructured({
      operation: "analysis",
      schema: mergedSummarySchema,
      schemaName: "merged_summary",
      instructions: MERGE_INSTRUCTIONS,
      userMessage: mergeUserMessage(
        title,
        parts.map((part) => part.summary),
      ),
      signal,
    });
    return merged.summary;
  }

  async function analyzeTranscript(input: AnalyzeTranscriptInput): Promise<AnalysisResult> {
    if (!input.transcript.trim() && input.segments.length === 0) {
      throw missingInputError("analysis");
    }
    const segments = ensureSegments(input.segments, input.transcript);
    const chunks = chunkSegments(segments, options.chunkTokens);
    let analysis: Analysis;
    if (chunks.length === 1) {
      analysis = await analyzeChunk(input, chunks[0]!);
    } else {
      const parts: Analysis[] = [];
      // One chunk at a time: keeps within rate limits and keeps request order predictable.
      for (const [index, chunk] of chunks.entries())
        parts.push(await analyzeChunk(input, chunk, { index, count: chunks.length }));
      analysis = combineAnalyses(parts, await mergeSummaries(input.title, parts, input.signal));
    }
    return { analysis, ...resultMeta("openai-compatible", model) };
  }

  async function writeStory(input: WriteStoryInput): Promise<StoryResult> {
    if (!input.analysis) {
      throw missingInputError("story");
    }
    const written: NewsStory = await callStructured({
      operation: "story",
      schema: storySchema,
      schemaName: "news_story",
      instructions: STORY_INSTRUCTIONS,
      userMessage: storyUserMessage(input.analysis, input.title, input.additionalContext),
      signal: input.signal,
    });
    return { story: withCountedWords(written), ...resultMeta("openai-compatible", model) };
  }

  return { name: "openai-compatible", model, analyzeTranscript, writeStory };
}

/** Models miscount words; the count shown is the body's. */
function withCountedWords(story: NewsStory): NewsStory {
  const wordCount = story.article.body.split(/\s+/).filter(Boolean).length;
  return { ...story, article: { ...story.article, word_count: wordCount } };
}
