import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_OFFLINE_PROXY, CHROMIUM_PATH } from "./tests/support/chromium";
import { freePort } from "./tests/support/free-port";
import { e2eServerEnv } from "./tests/support/local-server-env";

/**
 * Browser tests against the BUILT app (run `npm run build` first;
 * scripts/test-all.sh does). The server gets a free port on 127.0.0.1 and a
 * fresh data directory, migrates and seeds its demo data on start, and is
 * stopped (and the directory removed) at the end: tests/e2e/web-server.ts.
 *
 * Port and directory are chosen once, in the runner process, and passed on
 * through the environment, because Playwright loads this file again in every
 * worker process. So are the port and token of the server's test-data door,
 * through which specs create what they change (tests/e2e/fixtures.ts); the
 * token reaches the server through the inherited environment, not its
 * command line.
 */

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "gavel-e2e-"));
process.env.E2E_TEST_DATA_PORT ??= String(await freePort());
process.env.E2E_TEST_DATA_TOKEN ??= randomBytes(32).toString("hex");
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;

const serverEnv = Object.entries(e2eServerEnv(port, dataDir))
  .map(([name, value]) => `${name}=${value}`)
  .join(" ");

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A ceiling for a hung case, not a measure of speed: the longest cases take
  // 20-30 s on the idle 2-core machine and twice that when it is busy.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "playwright-report/results.json" }]],
  outputDir: "test-results",
  use: {
    baseURL,
    // Traces keep each action's DOM snapshot but no screencast: the screencast ran
    // for every case, passing or not, and cost Chromium about half its CPU per case
    // (docs/decisions/0074-playwright-phase-time.md).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      proxy: CHROMIUM_OFFLINE_PROXY,
    },
  },
  // Each case runs where its subject varies (docs/decisions/0056-e2e-each-case-once.md,
  // tests/e2e/README.md): untagged cases in both projects; `@js-independent`
  // (what the server renders or answers, the same with or without scripts) and
  // `@no-js-only` without JavaScript; `@js-only` (what JavaScript adds) and
  // `@second-server` (cases that open their own contexts with JavaScript on
  // and off, on a second server started once) with it.
  projects: [
    {
      name: "js",
      use: { browserName: "chromium", javaScriptEnabled: true },
      grepInvert: /@js-independent|@no-js-only/,
    },
    {
      name: "no-js",
      use: { browserName: "chromium", javaScriptEnabled: false },
      grepInvert: /@js-only|@second-server/,
    },
  ],
  webServer: {
    // `node --import tsx`, not the tsx CLI: the CLI relays SIGTERM to a child
    // process and SIGKILLs it when it does not acknowledge within ~60 ms,
    // which skips the server's clean shutdown and the data-dir cleanup.
    command: `${serverEnv} node --import tsx tests/e2e/web-server.ts`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A ceiling for a server that never answers: migrating and seeding the demo
    // data takes ~20 s idle and minutes on a loaded machine.
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
