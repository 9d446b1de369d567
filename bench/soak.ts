/**
 * Soak benchmark (not a test): the built server under steady load.
 *
 * Starts the production build (`npm run build` first) on a throwaway
 * embedded database with the demo data, crawls its public pages from the
 * home page, then keeps `--clients` concurrent clients (default 50) reading
 * random public pages for `--seconds` (default 600), in `--soak-rounds`
 * rounds (default 1). It reports errors (status >= 400 or no answer),
 * latency percentiles and the server's resident memory, sampled every 5 s,
 * from after a warm-up minute to the end; and after the crawl and after
 * each round, the server's memory once its garbage is collected
 * (`--expose-gc`, BENCH_MEMORY_REPORT): resident set, V8 heap, memory
 * outside it, and the embedded database's WebAssembly memory.
 *
 * Goals: 0 errors, memory growth under 10%, heap after GC flat from round to round.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "../tests/support/free-port";
import { localServerEnv } from "../tests/support/local-server-env";
import { snapshotEnv } from "../tests/support/pglite-snapshot";

export type SoakOptions = { clients: number; seconds: number; rounds?: number };

/** The server's own account of its memory, in MB (app/lib/http/memory-report.server.ts). */
export type ServerMemory = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number | null;
  collected: boolean;
};

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

/** Asks the server for its memory after a garbage collection (SIGUSR2; it prints a `[memory]` line). */
function memoryOf(server: ChildProcess): Promise<ServerMemory | null> {
  return new Promise((resolve) => {
    let buffer = "";
    const timer = setTimeout(() => finish(null), 30_000);
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = /\[memory\] (\{.*\})\n/.exec(buffer)?.[1];
      if (line) finish(JSON.parse(line) as ServerMemory);
    };
    const finish = (value: ServerMemory | null) => {
      clearTimeout(timer);
      server.stdout?.off("data", onData);
      resolve(value);
    };
    server.stdout?.on("data", onData);
    server.kill("SIGUSR2");
  });
}

export type BuiltServer = {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
  /** The server's memory after a garbage collection; null when it did not answer. */
  memory: () => Promise<ServerMemory | null>;
};

/** The built server (`npm run build` first) on a free port and a throwaway embedded database with the demo data. */
export async function startBuiltServer(): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-bench-"));
  const server = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...localServerEnv(port, dataDir),
      // The migrated snapshot instead of initdb and every migration: the soak measures the running server.
      ...(await snapshotEnv()),
      DATABASE_URL: "",
      BENCH_MEMORY_REPORT: "true",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout.resume(); // its log is not shown; memory lines are read from it
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
  return { baseUrl, pid: server.pid!, stop, memory: () => memoryOf(server) };
}

export function describeMemory(label: string, memory: ServerMemory | null): string {
  if (!memory) return `  ${label}: the server did not report its memory`;
  const wasm = memory.wasm === null ? "" : `, PGlite WebAssembly ${memory.wasm.toFixed(0)} MB`;
  return (
    `  ${label}: RSS ${memory.rss.toFixed(0)} MB, V8 heap ${memory.heapUsed.toFixed(1)} MB used of ${memory.heapTotal.toFixed(0)} MB` +
    `${memory.collected ? " after GC" : " (no GC: --expose-gc missing)"}, external ${memory.external.toFixed(0)} MB` +
    ` (array buffers ${memory.arrayBuffers.toFixed(0)} MB)${wasm}`
  );
}

export function hasBuild(): boolean {
  return fs.existsSync(path.join(ROOT, "build/server/index.js"));
}

export async function runSoak({ clients, seconds, rounds = 1 }: SoakOptions): Promise<void> {
  if (!hasBuild()) {
    console.log("Soak skipped: build/ is missing; run `npm run build` first.");
    return;
  }
  const server = await startBuiltServer();
  try {
    const pages = await crawlPublicPages(server.baseUrl);
    console.log(
      `Soak: ${clients} clients for ${rounds} × ${seconds} s over ${pages.length} public pages of the demo data`,
    );
    console.log(describeMemory("after the crawl", await server.memory()));
    for (let round = 1; round <= rounds; round++) {
      await soakRound(server, pages, { clients, seconds });
      console.log(describeMemory(`after round ${round}`, await server.memory()));
    }
  } finally {
    await server.stop();
  }
}

async function soakRound(
  { baseUrl, pid }: BuiltServer,
  pages: string[],
  { clients, seconds }: { clients: number; seconds: number },
): Promise<void> {
  {
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
  }
}
