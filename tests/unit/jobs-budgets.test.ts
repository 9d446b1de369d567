import { describe, expect, it } from "vitest";
import { parseSettings } from "~/lib/env/settings.server";
import { attemptDeadlineMs, expireInSeconds } from "~/lib/jobs/budgets.server";
import { QUEUE_NAMES } from "~/lib/jobs/queue-names";

/**
 * Each queue's expiry covers the longest attempt its settings allow, so that
 * pg-boss never expires (and retries) an attempt that is still running.
 */
const OPENAI = { OPENAI_API_KEY: "sk-test", OPENAI_TIMEOUT_MS: "120000", OPENAI_MAX_RETRIES: "2" };

describe("attempt deadlines and job expiries", () => {
  it("every queue's expiry is later than its attempt's deadline, with and without a model", () => {
    for (const config of [parseSettings({}), parseSettings(OPENAI)]) {
      for (const queue of QUEUE_NAMES) {
        expect(expireInSeconds(queue, config) * 1000).toBeGreaterThan(attemptDeadlineMs(queue, config));
      }
    }
  });

  it("an analysis may take every try of every chunk and the merge", () => {
    const config = parseSettings({ ...OPENAI, JOBS_MAX_CHUNKS: "4" });
    // 4 chunks + 1 merge call, each 3 tries of 120 s
    expect(attemptDeadlineMs("analysis", config)).toBeGreaterThanOrEqual(5 * 3 * 120_000);
    expect(attemptDeadlineMs("story", config)).toBeGreaterThanOrEqual(3 * 120_000);
  });

  it("follows the settings", () => {
    expect(
      attemptDeadlineMs(
        "analysis",
        parseSettings({ ...OPENAI, OPENAI_TIMEOUT_MS: "1000", OPENAI_MAX_RETRIES: "0", JOBS_MAX_CHUNKS: "1" }),
      ),
    ).toBe(1000);
    // Two clients (the first twice when the language is missing), after its turn in the caption pace.
    expect(
      attemptDeadlineMs(
        "transcript-fetch",
        parseSettings({ YOUTUBE_TIMEOUT_MS: "5000", CAPTIONS_MIN_INTERVAL_SECONDS: "2" }),
      ),
    ).toBe(17_000);
    expect(
      attemptDeadlineMs(
        "transcript-fetch",
        parseSettings({ YOUTUBE_TIMEOUT_MS: "5000", CAPTIONS_MIN_INTERVAL_SECONDS: "2", JOBS_CONCURRENCY: "2" }),
      ),
    ).toBe(34_000);
  });
});
