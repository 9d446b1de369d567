import { describe, expect, it } from "vitest";
import { attemptDeadlineMs, expireInSeconds } from "~/lib/jobs/budgets.server";
import { QUEUE_NAMES } from "~/lib/jobs/queues";

/**
 * Each queue's expiry covers the longest attempt its settings allow, so that
 * pg-boss never expires (and retries) an attempt that is still running.
 */
const OPENAI = { OPENAI_API_KEY: "sk-test", OPENAI_TIMEOUT_MS: "120000", OPENAI_MAX_RETRIES: "2" };

describe("attempt deadlines and job expiries", () => {
  it("every queue's expiry is later than its attempt's deadline, with and without a model", () => {
    for (const env of [{}, OPENAI]) {
      for (const queue of QUEUE_NAMES) {
        expect(expireInSeconds(queue, env) * 1000).toBeGreaterThan(attemptDeadlineMs(queue, env));
      }
    }
  });

  it("an analysis may take every try of every chunk and the merge", () => {
    const env = { ...OPENAI, JOBS_MAX_CHUNKS: "4" };
    // 4 chunks + 1 merge call, each 3 tries of 120 s
    expect(attemptDeadlineMs("analysis", env)).toBeGreaterThanOrEqual(5 * 3 * 120_000);
    expect(attemptDeadlineMs("story", env)).toBeGreaterThanOrEqual(3 * 120_000);
  });

  it("follows the settings", () => {
    expect(attemptDeadlineMs("analysis", { ...OPENAI, OPENAI_TIMEOUT_MS: "1000", OPENAI_MAX_RETRIES: "0", JOBS_MAX_CHUNKS: "1" })).toBe(1000);
    expect(attemptDeadlineMs("transcript-fetch", { YOUTUBE_TIMEOUT_MS: "5000" })).toBe(10_000);
  });
});
