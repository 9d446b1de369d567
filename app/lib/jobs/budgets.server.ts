/**
 * How long one attempt of each queue's job may take, from the settings that
 * bound it (docs/decisions/0016-job-liveness.md). The handler aborts its
 * work at this deadline, and the job's pg-boss expiry is the deadline plus
 * a margin, so an attempt always ends before pg-boss could start a second
 * one next to it.
 */
import { readOpenAiConfig } from "~/lib/ai/config.server";
import type { QueueName } from "./queues";

type Env = Record<string, string | undefined>;

/** Storing the result and queueing the next step, after the deadline. */
const EXPIRY_MARGIN_SECONDS = 60;
/** The offline analyser runs in-process: seconds even for the longest transcripts. */
const OFFLINE_BUDGET_MS = 5 * 60_000;
/** The SDK's longest pause between its own retries (it honours retry-after up to a minute). */
const OPENAI_RETRY_PAUSE_MS = 60_000;
const DEFAULT_MAX_CHUNKS = 8;
const DEFAULT_YOUTUBE_TIMEOUT_MS = 30_000;

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value?.trim() && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** One model call with the SDK's own retries: every try may take the whole timeout. */
function openAiCallMs(env: Env): number | null {
  const config = readOpenAiConfig(env);
  if (!config) return null;
  return config.timeoutMs * (config.maxRetries + 1) + OPENAI_RETRY_PAUSE_MS * config.maxRetries;
}

/** Chunks analysed one after the other, plus the call that merges their summaries. */
function analysisBudgetMs(env: Env): number {
  const call = openAiCallMs(env);
  if (call === null) return OFFLINE_BUDGET_MS;
  const chunks = Math.floor(positive(env.JOBS_MAX_CHUNKS, DEFAULT_MAX_CHUNKS));
  return call * (chunks > 1 ? chunks + 1 : 1);
}

function storyBudgetMs(env: Env): number {
  return openAiCallMs(env) ?? OFFLINE_BUDGET_MS;
}

/** The caption fetch has one timeout for all its requests and retries; a second fetch follows when the language is missing. */
function transcriptBudgetMs(env: Env): number {
  return 2 * positive(env.YOUTUBE_TIMEOUT_MS, DEFAULT_YOUTUBE_TIMEOUT_MS);
}

/** Milliseconds one attempt of this queue's job may run before its handler gives up. */
export function attemptDeadlineMs(queue: QueueName, env: Env = process.env): number {
  if (queue === "analysis") return analysisBudgetMs(env);
  if (queue === "story") return storyBudgetMs(env);
  return transcriptBudgetMs(env);
}

/** The queue's pg-boss expiry: the attempt's deadline plus a margin. */
export function expireInSeconds(queue: QueueName, env: Env = process.env): number {
  return Math.ceil(attemptDeadlineMs(queue, env) / 1000) + EXPIRY_MARGIN_SECONDS;
}
