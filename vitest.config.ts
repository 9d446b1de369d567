import { defineConfig } from "vitest/config";

/**
 * Unit and integration tests. No reactRouter() plugin here: tests import
 * route modules and server code directly.
 *
 * The database is chosen by the environment, like the app itself:
 * - no DATABASE_URL: each test file gets its own in-memory PGlite, cloned
 *   from a snapshot migrated once in tests/setup/global-setup.ts;
 * - DATABASE_URL set (scripts/test-all.sh starts a throwaway server): each
 *   test file gets its own database, created from a migrated template.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    // Every test file runs in a fresh process: no module or globalThis state
    // (the db connection singleton) leaks from one file to the next.
    pool: "forks",
    isolate: true,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
