/**
 * AI configuration from the environment:
 * - OPENAI_API_KEY: when set, the OpenAI-compatible provider is used; otherwise the offline analyser.
 * - OPENAI_BASE_URL: any OpenAI-compatible endpoint (default: OpenAI).
 * - OPENAI_MODEL (default gpt-4o-mini), OPENAI_TIMEOUT_MS (default 120000),
 *   OPENAI_MAX_RETRIES (default 2), OPENAI_CHUNK_TOKENS (transcript tokens per call, default 60000).
 * - AI_PROVIDER=offline forces the offline analyser even with a key.
 */

export type OpenAiConfig = {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  chunkTokens: number;
};

export const DEFAULT_MODEL = "gpt-4o-mini";
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_CHUNK_TOKENS = 60_000;

type Env = Record<string, string | undefined>;

function positiveInteger(value: string | undefined, fallback: number, minimum = 1): number {
  const parsed = Number(value);
  return value?.trim() && Number.isInteger(parsed) && parsed >= minimum ? parsed : fallback;
}

/** The OpenAI-compatible configuration, or null when the offline analyser should be used. */
export function readOpenAiConfig(env: Env = process.env): OpenAiConfig | null {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey || env.AI_PROVIDER?.trim().toLowerCase() === "offline") return null;
  return {
    apiKey,
    baseURL: env.OPENAI_BASE_URL?.trim() || undefined,
    model: env.OPENAI_MODEL?.trim() || DEFAULT_MODEL,
    timeoutMs: positiveInteger(env.OPENAI_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
    maxRetries: positiveInteger(env.OPENAI_MAX_RETRIES, DEFAULT_MAX_RETRIES, 0),
    chunkTokens: positiveInteger(env.OPENAI_CHUNK_TOKENS, DEFAULT_CHUNK_TOKENS, 200),
  };
}
