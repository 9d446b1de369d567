/**
 * How long one attempt of each queue's job may take, from the settings that
 * bound it (docs/decisions/0016-job-liveness-and-failures.md). The handler aborts its
 * work at this deadline, and the job's pg-boss expiry is the deadline plus
 * a margin, so an attempt always ends before pg-boss could start a second
 * one next to it.
 */
import { readOpenAiConfig } from "~/lib/ai/config.server";
import { type Settings, settings } from "~/lib/env/settings.server";
import type { QueueName } from "./queue-names";

/** Storing the result and queueing the next step, after the deadline. */
const EXPIRY_MARGIN_SECONDS = 60;
/** The offline analyzer runs in-process: seconds even for the longest transcripts. */
const OFFLINE_BUDGET_MS = 5 * 60_000;
/** Listing a large channel page by page and saving it in every linked city. */
const SOURCE_REFRESH_BUDGET_MS = 30 * 60_000;
/**
 * A city's official record: a request per event, voted item and matter read,
 * each within LEGISTAR_TIMEOUT_MS; a first sync of a large city is the longest.
 */
const LEGISTAR_SYNC_BUDGET_MS = 2 * 60 * 60_000;
/**
 * Speech-to-text of a recording: chunk after chunk, each within
 * TRANSCRIPTION_TIMEOUT_MS and its retries. A recording too long for one
 * attempt goes on in the next, from its checkpoint (docs/decisions/0071-speech-to-text.md).
 */
const TRANSCRIPTION_BUDGET_MS = 6 * 60 * 60_000;
/** One matching statement, or one e-mail with the mail server's timeouts (docs/decisions/0040-alerts.md). */
const ALERTS_BUDGET_MS = 2 * 60_000;
/** The SDK's longest pause between its own retries (it honors retry-after up to a minute). */
const OPENAI_RETRY_PAUSE_MS = 60_000;

/** One model call with the SDK's own retries: every try may take the whole timeout. */
function openAiCallMs(config: Settings): number | null {
  const openAi = readOpenAiConfig(config);
  if (!openAi) return null;
  return openAi.timeoutMs * (openAi.maxRetries + 1) + OPENAI_RETRY_PAUSE_MS * openAi.maxRetries;
}

/** Chunks analyzed one after the other, plus the call that merges their summaries. */
function analysisBudgetMs(config: Settings): number {
  const call = openAiCallMs(config);
  if (call === null) return OFFLINE_BUDGET_MS;
  const chunks = config.JOBS_MAX_CHUNKS;
  return call * (chunks > 1 ? chunks + 1 : 1);
}

function storyBudgetMs(config: Settings): number {
  return openAiCallMs(config) ?? OFFLINE_BUDGET_MS;
}

/**
 * A caption fetch: the first client has one timeout for all its requests
 * and retries (a second fetch follows when the language is missing), the
 * second client one more; before it, its turn in the process's pace, behind
 * the other jobs of the queue running here (docs/decisions/0049-captions-from-a-data-center.md).
 */
function transcriptBudgetMs(config: Settings): number {
  const fetch = 3 * config.YOUTUBE_TIMEOUT_MS + config.CAPTIONS_MIN_INTERVAL_SECONDS * 1000;
  return fetch * config.JOBS_CONCURRENCY;
}

/** Milliseconds one attempt of this queue's job may run before its handler gives up. */
export function attemptDeadlineMs(queue: QueueName, config: Settings = settings()): number {
  if (queue === "analysis") return analysisBudgetMs(config);
  if (queue === "story") return storyBudgetMs(config);
  if (queue === "source-refresh") return SOURCE_REFRESH_BUDGET_MS;
  if (queue === "legistar-sync") return LEGISTAR_SYNC_BUDGET_MS;
  if (queue === "transcription") return TRANSCRIPTION_BUDGET_MS;
  if (queue === "alert-match" || queue === "alert-mail" || queue === "matter-mail" || queue === "inbox-mail")
    return ALERTS_BUDGET_MS;
  if (queue === "issue-summary") return storyBudgetMs(config);
  if (queue === "backfill") return analysisBudgetMs(config) + storyBudgetMs(config);
  return transcriptBudgetMs(config);
}

/** The queue's pg-boss expiry: the attempt's deadline plus a margin. */
export function expireInSeconds(queue: QueueName, config: Settings = settings()): number {
  return Math.ceil(attemptDeadlineMs(queue, config) / 1000) + EXPIRY_MARGIN_SECONDS;
}
