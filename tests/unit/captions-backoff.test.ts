import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_MS, MAX_RETRY_DELAY_MS, parseRetryAfter, retryDelayMs } from "~/lib/captions/backoff";
import { CAPTION_FAILURE_REASONS, isTransientReason } from "~/lib/captions/reasons";
import { parseSettings, SettingsError } from "~/lib/env/settings.server";

/** docs/decisions/0049-captions-from-a-data-center.md: when a video's captions are tried again. */

const MINUTE = 60_000;
const lowest = () => 0;
const highest = () => 0.999999;

describe("retryDelayMs", () => {
  it("doubles from the first delay, with jitter over the upper half", () => {
    const base = { baseMs: 10 * MINUTE, retryAfterMs: null };
    expect(retryDelayMs({ ...base, attempts: 1, random: lowest })).toBe(5 * MINUTE);
    expect(retryDelayMs({ ...base, attempts: 1, random: highest })).toBeCloseTo(10 * MINUTE, -2);
    expect(retryDelayMs({ ...base, attempts: 3, random: lowest })).toBe(20 * MINUTE);
    expect(retryDelayMs({ ...base, attempts: 3, random: highest })).toBeCloseTo(40 * MINUTE, -2);
  });

  it("never waits more than 6 hours between two attempts, unless the site asks for longer (up to a day)", () => {
    expect(
      retryDelayMs({ attempts: 20, baseMs: 10 * MINUTE, retryAfterMs: null, random: highest }),
    ).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs({ attempts: 1, baseMs: MINUTE, retryAfterMs: 8 * 60 * MINUTE, random: lowest })).toBe(
      8 * 60 * MINUTE,
    );
    expect(retryDelayMs({ attempts: 1, baseMs: MINUTE, retryAfterMs: 10 * MAX_RETRY_AFTER_MS, random: lowest })).toBe(
      MAX_RETRY_AFTER_MS,
    );
  });

  it("honors Retry-After when it is longer than the back-off, and ignores it when shorter", () => {
    expect(retryDelayMs({ attempts: 1, baseMs: 1000, retryAfterMs: 120_000, random: highest })).toBe(120_000);
    expect(retryDelayMs({ attempts: 2, baseMs: 10 * MINUTE, retryAfterMs: 1000, random: lowest })).toBe(10 * MINUTE);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Fri, 27 Nov 2026 12:05:00 GMT", now)).toBe(300_000);
    expect(parseRetryAfter("Fri, 27 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe("failure reasons", () => {
  it("retries what the site did, never what the video is", () => {
    expect(CAPTION_FAILURE_REASONS.filter(isTransientReason)).toEqual([
      "bot-check",
      "rate-limited",
      "network",
      "proxy-refused",
    ]);
  });
});

describe("the caption settings", () => {
  it("take an http:// or https:// proxy, with credentials", () => {
    expect(parseSettings({ YOUTUBE_PROXY_URL: "http://user:pass@proxy.example.net:3128" }).YOUTUBE_PROXY_URL).toBe(
      "http://user:pass@proxy.example.net:3128",
    );
    expect(parseSettings({ YOUTUBE_PROXY_URL: "https://proxy.example.net" }).YOUTUBE_PROXY_URL).toBe(
      "https://proxy.example.net",
    );
    expect(parseSettings({}).YOUTUBE_PROXY_URL).toBeUndefined();
  });

  it("stop the start with a message naming the variable, never its value (it may hold a password)", () => {
    for (const [value, message] of [
      ["socks5://user:secret@proxy:1080", "must be an http:// or https:// proxy address"],
      ["proxy.example.net:3128", "must be an http:// or https:// proxy address"],
      ["http://user:secret@proxy.example.net:3128/path", "must be a proxy address with no path or query"],
    ] as const) {
      let caught: unknown;
      try {
        parseSettings({ YOUTUBE_PROXY_URL: value });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(SettingsError);
      expect((caught as Error).message).toContain(`YOUTUBE_PROXY_URL: ${message}`);
      expect((caught as Error).message).not.toContain("secret");
    }
    expect(() => parseSettings({ CAPTIONS_RETRY_LIMIT: "0" })).toThrow(/CAPTIONS_RETRY_LIMIT="0": must be/);
    expect(() => parseSettings({ CAPTIONS_MIN_INTERVAL_SECONDS: "-1" })).toThrow(/CAPTIONS_MIN_INTERVAL_SECONDS/);
  });
});
