import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { addSessionCookie } from "./fixtures";
import { testDataClient, type TestData } from "./test-data";
import { freePort } from "../support/free-port";
import { e2eServerEnv } from "../support/local-server-env";

/**
 * A second app server with its own language model: same build, same demo
 * data, its own database and its own test-data door; retries follow each
 * other without delay. `startFailingAiServer` gives it a model that cannot
 * be reached (a closed port on 127.0.0.1), so analyses and stories fail for
 * real, as with the provider down; `startSecondServer` takes the
 * OPENAI_BASE_URL of a fake model started in the Playwright worker
 * (tests/support/fake-openai-server.ts). Its database starts from the
 * migrated snapshot, as the first server's does (web-server.ts).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The timeout of a hook that starts a second server: a ceiling for one that
 * hangs, not a measure of speed (a loaded machine takes over a minute).
 */
export const SECOND_SERVER_START_CEILING_MS = 300_000;

export type SecondServer = { baseURL: string; testData: TestData; stop: () => Promise<void> };
/** The name a second server uses for the server whose model cannot be reached. */
export type FailingAiServer = SecondServer;

export function startFailingAiServer(): Promise<SecondServer> {
  // No demo data: its specs create what they open, and the server starts in half the time.
  return startSecondServer({ openaiBaseURL: "http://127.0.0.1:9/v1" }, { SEED_DEMO_DATA: "false" });
}

/**
 * `openaiBaseURL`: its language model (none: the offline analyzer);
 * `env`: more of its environment (a fake video site's YOUTUBE_BASE_URL, say).
 */
export async function startSecondServer(
  model: { openaiBaseURL?: string; openaiModel?: string },
  env: Record<string, string> = {},
): Promise<SecondServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-e2e-second-"));
  const door = { port: await freePort(), token: randomBytes(32).toString("hex") };
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "tests/e2e/web-server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...e2eServerEnv(port, dataDir),
      ...(model.openaiBaseURL ? { OPENAI_API_KEY: "sk-e2e", OPENAI_BASE_URL: model.openaiBaseURL } : {}),
      ...(model.openaiModel ? { OPENAI_MODEL: model.openaiModel } : {}),
      OPENAI_MAX_RETRIES: "0",
      JOBS_RETRY_DELAY_SECONDS: "0",
      JOBS_POLL_SECONDS: "0.5",
      E2E_TEST_DATA_PORT: String(door.port),
      E2E_TEST_DATA_TOKEN: door.token,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  /** SIGTERM, and SIGKILL if it has not exited after its shutdown deadline: no server outlives its test. */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(killer);
  };
  // A Playwright worker that ends (a hook's timeout, say) takes its server with it.
  const stopOnExit = () => child.kill("SIGTERM");
  process.once("exit", stopOnExit);
  child.once("exit", () => process.off("exit", stopOnExit));
  try {
    await untilHealthy(baseURL, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseURL,
    testData: testDataClient({ url: `http://127.0.0.1:${door.port}`, token: door.token }),
    stop,
  };
}

/**
 * Waits for the server's /healthz to answer 200, as long as that takes: a
 * loaded machine starts a server in a minute or more. A server that exits
 * fails at once; one that hangs meets the calling hook's timeout.
 */
async function untilHealthy(baseURL: string, child: ChildProcess): Promise<void> {
  const exited = once(child, "exit").then(([code, signal]) => {
    throw new Error(`The second server exited (${String(code ?? signal)}) before /healthz answered 200`);
  });
  exited.catch(() => {});
  for (;;) {
    const status = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 500)), exited]);
  }
}

/** A context on that server; its requests for other hosts fail at the browser's closed local proxy (playwright.config.ts). */
export async function localContext(
  browser: Browser,
  server: SecondServer,
  options: { javaScriptEnabled: boolean; storageState?: Awaited<ReturnType<BrowserContext["storageState"]>> },
) {
  return browser.newContext({ baseURL: server.baseURL, ...options });
}

/** A browser context on that server signed in as a new admin. */
export async function adminContext(
  browser: Browser,
  server: SecondServer,
  javaScriptEnabled: boolean,
): Promise<BrowserContext> {
  const context = await localContext(browser, server, { javaScriptEnabled });
  await addSessionCookie(context, await server.testData.createUser("admin"), server.baseURL);
  return context;
}
