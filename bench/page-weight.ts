/**
 * Page weight and reading speed in a real Chromium (`npm run bench -- --only weight`).
 *
 * Starts the production build (`npm run build` first) on a throwaway
 * embedded database with the demo data (or measures `--url <base>`, a server
 * already running), and for each page:
 *
 * 1. First-load JavaScript: the gzip size of every script the page requests
 *    on a cold load (bodies from the network, gzipped here at level 9 so the
 *    number does not depend on the server's compression), next to the goal
 *    of 125 KB; and the HTML and CSS, also gzipped.
 * 2. Lite mode (`Save-Data: on`): the JavaScript of the reading pages, goal 0.
 * 3. DOMContentLoaded of the city and story pages with JavaScript on and off,
 *    on a 4× slower CPU and DevTools' "Slow 3G" (2 s latency, 50 KB/s), cold
 *    cache, runs interleaved, median of `--weight-runs` (default 3). Goal:
 *    with JavaScript within 20% of without.
 *
 * Chromium is /usr/bin/chromium, or CHROMIUM_PATH.
 */
import zlib from "node:zlib";
import { chromium, type Browser, type BrowserContextOptions } from "@playwright/test";
import { hasBuild, startBuiltServer } from "./soak";

export type WeightOptions = { url?: string; runs: number };

const JS_GOAL_KB = 125;
const DCL_GOAL_RATIO = 1.2;
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const CPU_SLOWDOWN = 4;

type Page = { label: string; path: string; reading: boolean };
type Weight = { js: number; scripts: number; html: number; css: number };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;

async function pagesToMeasure(baseUrl: string): Promise<Page[]> {
  const home = await (await fetch(baseUrl)).text();
  const cityKey = [...home.matchAll(/<option value="([a-z0-9-]+)"/g)].map((m) => m[1]!).find((k) => k !== "other");
  const cityPath = cityKey ? `/city/${cityKey}` : null;
  const cityHtml = cityPath ? await (await fetch(`${baseUrl}${cityPath}`)).text() : "";
  const meeting = cityHtml.match(/\/city\/[a-z0-9-]+\/meeting\/[0-9a-f-]{36}/)?.[0] ?? null;
  return [
    { label: "landing /", path: "/", reading: true },
    ...(cityPath ? [{ label: "city", path: cityPath, reading: true }] : []),
    ...(meeting
      ? [
          { label: "meeting", path: meeting, reading: true },
          { label: "story", path: meeting.replace("/meeting/", "/meeting-story/"), reading: true },
        ]
      : []),
    { label: "about", path: "/about", reading: true },
    { label: "privacy", path: "/privacy", reading: true },
    { label: "search", path: "/search?q=budget", reading: true },
    { label: "auth", path: "/auth?mode=login&method=code", reading: false },
    { label: "contact", path: "/contact", reading: false },
    { label: "not found", path: "/no-such-page", reading: false },
  ];
}

/** What a cold load of the page fetches, by kind, gzipped. */
async function measureWeight(browser: Browser, url: string, options: BrowserContextOptions = {}): Promise<Weight> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const bodies: Array<Promise<{ kind: string; size: number }>> = [];
  page.on("response", (response) => {
    const kind = response.request().resourceType();
    if (kind === "script" || kind === "stylesheet" || kind === "document")
      bodies.push(response.body().then((body) => ({ kind, size: gzipSize(body) })));
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const weight: Weight = { js: 0, scripts: 0, html: 0, css: 0 };
  for (const { kind, size } of await Promise.all(bodies)) {
    if (kind === "script") {
      weight.js += size;
      weight.scripts++;
    } else if (kind === "stylesheet") weight.css += size;
    else weight.html += size;
  }
  await context.close();
  return weight;
}

/** DOMContentLoaded (ms from navigation start) of a cold load on a slow phone and network. */
async function slowDomContentLoaded(browser: Browser, url: string, javaScriptEnabled: boolean): Promise<number> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: "domcontentloaded", timeout: 120_000 });
  const dcl = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return entry?.domContentLoadedEventEnd ?? NaN;
  });
  await context.close();
  return dcl;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function printWeights(browser: Browser, baseUrl: string, pages: Page[]): Promise<void> {
  console.log(`First-load JavaScript per page (gzip; goal ≤ ${JS_GOAL_KB} KB), and HTML + CSS:`);
  let over = 0;
  for (const page of pages) {
    const weight = await measureWeight(browser, baseUrl + page.path);
    const ok = weight.js <= JS_GOAL_KB * 1024;
    if (!ok) over++;
    console.log(
      `  ${page.label.padEnd(10)} JS ${kb(weight.js).padStart(9)} in ${String(weight.scripts).padStart(2)} files ${ok ? "ok  " : "OVER"}  HTML ${kb(weight.html)} + CSS ${kb(weight.css)}`,
    );
  }
  console.log(`  ${over} page(s) over ${JS_GOAL_KB} KB (goal 0)`);
}

async function printLite(browser: Browser, baseUrl: string, pages: Page[]): Promise<void> {
  console.log("\nLite mode (Save-Data: on), reading pages: JavaScript (goal 0 B), and HTML + CSS:");
  for (const page of pages.filter((p) => p.reading)) {
    const weight = await measureWeight(browser, baseUrl + page.path, { extraHTTPHeaders: { "Save-Data": "on" } });
    console.log(
      `  ${page.label.padEnd(10)} JS ${weight.js} B in ${weight.scripts} files ${weight.js === 0 ? "ok  " : "OVER"}  HTML ${kb(weight.html)} + CSS ${kb(weight.css)}`,
    );
  }
}

async function printReadingSpeed(browser: Browser, baseUrl: string, pages: Page[], runs: number): Promise<void> {
  console.log(
    `\nDOMContentLoaded, ${CPU_SLOWDOWN}× slower CPU, Slow 3G, cold cache, median of ${runs} interleaved runs (goal: with JS ≤ ${DCL_GOAL_RATIO}× without):`,
  );
  for (const page of pages.filter((p) => p.label === "city" || p.label === "story")) {
    const withJs: number[] = [];
    const withoutJs: number[] = [];
    for (let run = 0; run < runs; run++) {
      withJs.push(await slowDomContentLoaded(browser, baseUrl + page.path, true));
      withoutJs.push(await slowDomContentLoaded(browser, baseUrl + page.path, false));
    }
    const on = median(withJs);
    const off = median(withoutJs);
    const ratio = on / off;
    console.log(
      `  ${page.label.padEnd(10)} with JS ${(on / 1000).toFixed(2)} s, without ${(off / 1000).toFixed(2)} s: ${ratio.toFixed(2)}× ${ratio <= DCL_GOAL_RATIO ? "ok" : "OVER"}`,
    );
  }
}

export async function runWeightBench({ url, runs }: WeightOptions): Promise<void> {
  if (!url && !hasBuild()) {
    console.log("Page weight skipped: build/ is missing; run `npm run build` first.");
    return;
  }
  const server = url ? null : await startBuiltServer();
  const baseUrl = url ?? server!.baseUrl;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
    const pages = await pagesToMeasure(baseUrl);
    await printWeights(browser, baseUrl, pages);
    await printLite(browser, baseUrl, pages);
    await printReadingSpeed(browser, baseUrl, pages, runs);
  } finally {
    await browser?.close();
    await server?.stop();
  }
}
