import path from "node:path";

/**
 * The environment of a built Gavel server started by the tests or the
 * benchmarks: production mode on 127.0.0.1, its own throwaway embedded
 * database, no access log, and nothing that leaves the machine (captions
 * come from a closed local port, so a Fetch Transcript fails as it would
 * with the video site down).
 */
export function localServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    LOG_REQUESTS: "false",
    YOUTUBE_BASE_URL: "http://127.0.0.1:9",
    YOUTUBE_API_BASE_URL: "http://127.0.0.1:9/youtube/v3",
    SOURCE_REFRESH_INTERVAL_HOURS: "0",
  };
}

/** What the e2e servers add: their data directory goes when they stop, and room for every test's sign-ins (all browsers come from 127.0.0.1). */
export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    ...localServerEnv(port, dataDir),
    E2E_REMOVE_DATA_DIR: "true",
    AUTH_IP_LIMIT_MULTIPLIER: "20",
    // Parallel specs' caption fetches need not wait for each other (docs/decisions/0049-captions-from-a-data-center.md).
    CAPTIONS_MIN_INTERVAL_SECONDS: "0",
    // Speech-to-text on, at a closed local port: the recording page's forms work; nothing is transcribed.
    TRANSCRIPTION_BASE_URL: "http://127.0.0.1:9",
  };
}
