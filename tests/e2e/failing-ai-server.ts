import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { expect } from "./fixtures";
import { freePort } from "../support/free-port";
import { e2eServerEnv } from "../support/local-server-env";

/**
 * A second app server whose language model cannot be reached (its
 * OPENAI_BASE_URL is a closed port on 127.0.0.1), so that analyses and
 * stories fail for real, as with the provider down. Same build, same demo
 * data, its own database; retries follow each other without delay.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

export type FailingAiServer = { baseURL: string; dataDir: string; stop: () => Promise<void> };

export async function startFailingAiServer(): Promise<FailingAiServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-e2e-failing-ai-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "tests/e2e/web-server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...e2eServerEnv(port, dataDir),
      OPENAI_API_KEY: "sk-e2e",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      OPENAI_MAX_RETRIES: "0",
      JOBS_RETRY_DELAY_SECONDS: "0",
      JOBS_POLL_SECONDS: "0.5",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${baseURL}/healthz`).catch(() => null))?.status ?? 0, {
      timeout: 90_000,
      intervals: [500],
    })
    .toBe(200);
  return {
    baseURL,
    dataDir,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function codeFromOutbox(dataDir: string, address: string, after: number): string | null {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return null;
  const last = fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(`-${address}.eml`))
    .map((name) => path.join(outbox, name))
    .filter((file) => fs.statSync(file).mtimeMs > after)
    .sort()
    .at(-1);
  return last ? (/^\s{4}(\d{6})\s*$/m.exec(fs.readFileSync(last, "utf8"))?.[1] ?? null) : null;
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A context on that server whose requests never leave the machine (video embeds are aborted), as in fixtures.ts. */
export async function localContext(
  browser: Browser,
  server: FailingAiServer,
  options: { javaScriptEnabled: boolean; storageState?: Awaited<ReturnType<BrowserContext["storageState"]>> },
) {
  const context = await browser.newContext({ baseURL: server.baseURL, ...options });
  await context.route(
    (url) => url.protocol.startsWith("http") && !LOCAL_HOSTS.has(url.hostname),
    (route) => route.abort("blockedbyclient"),
  );
  return context;
}

/** A browser context signed in as the demo admin on that server (signed in without JavaScript, used as asked). */
export async function adminContext(
  browser: Browser,
  server: FailingAiServer,
  javaScriptEnabled: boolean,
): Promise<BrowserContext> {
  const signing = await localContext(browser, server, { javaScriptEnabled: false });
  const page = await signing.newPage();
  await page.goto("/auth?mode=login&method=code");
  await page.getByLabel("Email").fill("admin@gavel.local");
  const sentAt = Date.now() - 1;
  await page.getByRole("button", { name: "Send Code" }).click();
  let code: string | null = null;
  await expect
    .poll(() => (code = codeFromOutbox(server.dataDir, "admin@gavel.local", sentAt)), { timeout: 10_000 })
    .not.toBeNull();
  await page.getByLabel("Verification code").fill(code!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Success!" })).toBeVisible();
  const storageState = await signing.storageState();
  await signing.close();
  return localContext(browser, server, { javaScriptEnabled, storageState });
}
