/**
 * Soak benchmark (not a test): the built server under steady load.
 *
 * Starts the production build (`npm run build` first) on a throwaway
 * embedded database with the demo data, crawls its public pages from the
 * home page, then keeps `--clients` concurrent clients (default 50) reading
 * random public pages for `--seconds` (default 600). It reports errors
 * (status >= 400 or no answer), latency percentiles and the server's resident
 * memory, sampled every 5 s, from after a warm-up minute to the end.
 *
 * Goals: 0 errors, memory growth under 10%.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "../tests/support/free-port";
import { localServerEnv } from "../tests/support/local-server-env";

export type SoakOptions = { clients: number; seconds: number };

const ROOT = path.resolve(import.meta.dirname, "..");
const CRAWL_LIMIT = 150;
const MEMORY_SAMPLE_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;

function residentMemoryMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

export async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs / 1000} s`);
}

/**
 * Public pages reachable from the home page and its city picker, plus a few
 * searches, without auth, admin or resource routes.
 */
export async function crawlPublicPages(baseUrl: string): Promise<string[]> {
  const home = await (await fetch(baseUrl)).text();
  const cityPages = [...home.matchAll(/<option value="([a-z0-9-]+)"/g)]
    .map(([, key]) => key!)
    .filter((key) => key !== "other")
    .map((key) => `/city/${key}`);
  const searches = [
    "/search?q=budget",
    "/search?q=%22public+safety%22",
    ...cityPages.map((page) => `${page}/search?q=council`),
  ];
  const seen = new Set<string>(["/", ...cityPages, ...searches]);
  const queue = ["/", ...cityPages];
  const skip = /^\/(auth|admin|profile|resources|healthz)|sign-out|\.(svg|png|ico|css|js)$/;
  while (queue.length && seen.size < CRAWL_LIMIT) {
    const page = queue.shift()!;
    const html = await (await fetch(baseUrl + page)).text();
    for (const [, href] of html.matchAll(/href="(\/[^"#]*)"/g)) {
      const link = href!.replaceAll("&amp;", "&");
      if (seen.has(link) || skip.test(link) || seen.size >= CRAWL_LIMIT) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  return [...seen];
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The built server (`npm run build` first) on a free port and a throwaway embedded database with the demo data. */
export async function startBuiltServer(): Promise<{ baseUrl: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-bench-"));
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...localServerEnv(port, dataDir),
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: server.pid!, stop };
}

export function hasBuild(): boolean {
  return fs.existsSync(path.join(ROOT, "build/server/index.js"));
}

export async function runSoak({ clients, seconds }: SoakOptions): Promise<void> {
  if (!hasBuild()) {
    console.log("Soak skipped: build/ is missing; run `npm run build` first.");
    return;
  }
  const { baseUrl, pid, stop } = await startBuiltServer();
  try {
    const pages = await crawlPublicPages(baseUrl);
    console.log(`Soak: ${clients} clients for ${seconds} s over ${pages.length} public pages of the demo data`);

    const latencies: number[] = [];
    const errors = new Map<string, number>();
    const memory: Array<{ at: number; mb: number }> = [];
    const started = performance.now();
    const endAt = started + seconds * 1000;
    const sampler = setInterval(() => {
      const mb = residentMemoryMb(pid);
      if (mb !== null) memory.push({ at: (performance.now() - started) / 1000, mb });
    }, MEMORY_SAMPLE_MS);

    const client = async () => {
      while (performance.now() < endAt) {
        const page = pages[Math.floor(Math.random() * pages.length)]!;
        const t0 = performance.now();
        try {
          const response = await fetch(baseUrl + page, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
          await response.arrayBuffer();
          if (response.status >= 400)
            errors.set(`${response.status} ${page}`, (errors.get(`${response.status} ${page}`) ?? 0) + 1);
        } catch (error) {
          const key = `${(error as Error).name} ${page}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    clearInterval(sampler);

    const sorted = latencies.sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    const warm = memory.filter((sample) => sample.at >= Math.min(60, seconds / 4));
    const first = warm[0]?.mb ?? 0;
    const last = warm.at(-1)?.mb ?? 0;
    const peak = Math.max(0, ...memory.map((sample) => sample.mb));
    const growth = first ? ((last - first) / first) * 100 : 0;
    console.log(`  requests: ${sorted.length} (${(sorted.length / seconds).toFixed(0)}/s)`);
    console.log(
      `  latency ms: p50 ${percentile(sorted, 50).toFixed(0)}, p95 ${percentile(sorted, 95).toFixed(0)}, p99 ${percentile(sorted, 99).toFixed(0)}, max ${(sorted.at(-1) ?? 0).toFixed(0)}`,
    );
    console.log(
      `  errors: ${errorCount} (goal 0)${
        errorCount
          ? `: ${[...errors]
              .slice(0, 10)
              .map(([k, n]) => `${k} ×${n}`)
              .join(", ")}`
          : ""
      }`,
    );
    console.log(
      `  memory (RSS): ${first.toFixed(0)} MB after warm-up → ${last.toFixed(0)} MB at the end, peak ${peak.toFixed(0)} MB; growth ${growth.toFixed(1)}% (goal < 10%)`,
    );
  } finally {
    await stop();
  }
}
