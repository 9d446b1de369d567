import { afterEach, describe, expect, it } from "vitest";
import { parseSettings, SettingsError, settings } from "~/lib/env/settings.server";

function errorFrom(env: Record<string, string>): string {
  try {
    parseSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as SettingsError).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

describe("settings", () => {
  it("has the documented defaults when nothing is set", () => {
    expect(parseSettings({})).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      APP_URL: "http://localhost:3000",
      TRUST_PROXY: ["loopback"],
      LOG_REQUESTS: true,
      SESSION_SECRET: [],
      AUTH_IP_LIMIT_MULTIPLIER: 1,
      DATA_DIR: "data",
      DATABASE_URL: undefined,
      DATABASE_POOL_SIZE: 10,
      PGLITE_DATA_DIR: "data/pglite",
      SEED_DEMO_DATA: true,
      SMTP_URL: undefined,
      MAIL_FROM: "Gavel <no-reply@localhost>",
      OPENAI_API_KEY: undefined,
      OPENAI_BASE_URL: undefined,
      OPENAI_MODEL: "gpt-4o-mini",
      OPENAI_TIMEOUT_MS: 120_000,
      OPENAI_MAX_RETRIES: 2,
      OPENAI_CHUNK_TOKENS: 60_000,
      AI_PROVIDER: undefined,
      WORKER: "on",
      JOBS_POLL_SECONDS: 2,
      JOBS_CONCURRENCY: 1,
      JOBS_HEARTBEAT_SECONDS: 10,
      JOBS_MAX_CHUNKS: 8,
      YOUTUBE_BASE_URL: "https://www.youtube.com",
      YOUTUBE_CAPTION_LANG: "en",
      YOUTUBE_TIMEOUT_MS: 30_000,
      YOUTUBE_RETRIES: 2,
    });
  });

  it("takes blank values for unset ones", () => {
    expect(parseSettings({ PORT: " ", MAIL_FROM: "", OPENAI_API_KEY: "  " })).toMatchObject({
      PORT: 3000,
      MAIL_FROM: "Gavel <no-reply@localhost>",
      OPENAI_API_KEY: undefined,
    });
  });

  it("reads the values that are set", () => {
    const config = parseSettings({
      PORT: "8080",
      APP_URL: "https://gavel.example.org/",
      SEED_DEMO_DATA: "FALSE",
      WORKER: "off",
      JOBS_POLL_SECONDS: "0.5",
      TRUST_PROXY: "2",
      AI_PROVIDER: "Offline",
    });
    expect(config).toMatchObject({
      PORT: 8080,
      SEED_DEMO_DATA: false,
      WORKER: "off",
      JOBS_POLL_SECONDS: 0.5,
      TRUST_PROXY: 2,
      AI_PROVIDER: "offline",
    });
    expect(config.APP_URL).toBe("https://gavel.example.org");
    expect(parseSettings({ PORT: "8080" }).APP_URL).toBe("http://localhost:8080");
  });

  it("splits a comma-separated SESSION_SECRET, newest first, ignoring blanks", () => {
    expect(parseSettings({ SESSION_SECRET: " new-secret , old-secret,, " }).SESSION_SECRET).toEqual([
      "new-secret",
      "old-secret",
    ]);
    expect(parseSettings({ SESSION_SECRET: "only-one" }).SESSION_SECRET).toEqual(["only-one"]);
  });

  it.each([
    ["PORT", "abc", 'PORT="abc": must be a whole number from 0 to 65535'],
    ["PORT", "70000", 'PORT="70000": must be a whole number from 0 to 65535'],
    ["DATABASE_POOL_SIZE", "0", 'DATABASE_POOL_SIZE="0": must be a whole number of at least 1'],
    ["JOBS_CONCURRENCY", "1.5", 'JOBS_CONCURRENCY="1.5": must be a whole number of at least 1'],
    ["JOBS_POLL_SECONDS", "0.1", 'JOBS_POLL_SECONDS="0.1": must be a number of at least 0.5'],
    ["OPENAI_CHUNK_TOKENS", "100", 'OPENAI_CHUNK_TOKENS="100": must be a whole number of at least 200'],
    ["SEED_DEMO_DATA", "no", 'SEED_DEMO_DATA="no": must be true or false'],
    ["LOG_REQUESTS", "0", 'LOG_REQUESTS="0": must be true or false'],
    ["WORKER", "false", 'WORKER="false": must be on or off'],
    ["AI_PROVIDER", "anthropic", 'AI_PROVIDER="anthropic": must be offline'],
    ["APP_URL", "gavel.example.org", 'APP_URL="gavel.example.org": must be an http:// or https:// address'],
    [
      "YOUTUBE_BASE_URL",
      "ftp://example.org",
      'YOUTUBE_BASE_URL="ftp://example.org": must be an http:// or https:// address',
    ],
    ["TRUST_PROXY", "yes", 'TRUST_PROXY="yes" is not valid (yes)'],
  ])("rejects %s=%s, naming the variable", (name, value, message) => {
    expect(errorFrom({ [name]: value })).toContain(message);
  });

  it("names every invalid variable at once, without showing a secret's value", () => {
    const message = errorFrom({ PORT: "x", DATABASE_URL: "not a url with password hunter2", JOBS_MAX_CHUNKS: "-1" });
    expect(message).toContain('PORT="x"');
    expect(message).toContain("JOBS_MAX_CHUNKS=");
    expect(message).toContain("DATABASE_URL: must be a URL");
    expect(message).not.toContain("hunter2");
  });

  describe("from process.env", () => {
    const saved = process.env.OPENAI_MODEL;
    afterEach(() => {
      if (saved === undefined) delete process.env.OPENAI_MODEL;
      else process.env.OPENAI_MODEL = saved;
    });

    it("keeps the parsed settings, and parses again when a variable changed", () => {
      process.env.OPENAI_MODEL = "model-a";
      const first = settings();
      expect(first.OPENAI_MODEL).toBe("model-a");
      expect(settings()).toBe(first);
      process.env.OPENAI_MODEL = "model-b";
      expect(settings().OPENAI_MODEL).toBe("model-b");
    });
  });
});
