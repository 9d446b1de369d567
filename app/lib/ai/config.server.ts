/**
 * AI configuration from the settings (docs/operating.md, "Settings"):
 * - OPENAI_API_KEY: when set, the OpenAI-compatible provider is used; otherwise the offline analyzer.
 * - OPENAI_BASE_URL: any OpenAI-compatible endpoint (default: OpenAI).
 * - OPENAI_MODEL, OPENAI_TIMEOUT_MS, OPENAI_MAX_RETRIES, OPENAI_CHUNK_TOKENS (transcript tokens per call).
 * - AI_PROVIDER=offline forces the offline analyzer even with a key.
 */
import { type Settings, settings } from "~/lib/env/settings.server";

export type OpenAiConfig = {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  chunkTokens: number;
};

/** The OpenAI-compatible configuration, or null when the offline analyzer should be used. */
export function readOpenAiConfig(config: Settings = settings()): OpenAiConfig | null {
  if (!config.OPENAI_API_KEY || config.AI_PROVIDER === "offline") return null;
  return {
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    maxRetries: config.OPENAI_MAX_RETRIES,
    chunkTokens: config.OPENAI_CHUNK_TOKENS,
  };
}
