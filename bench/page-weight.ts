/**
 * Page weight and reading speed in a real Chromium (`npm run bench -- --only weight`).
 *
 * Starts the production build (`npm run build` first) on a throwaway
 * embedded database with the demo data (or measures `--url <base>`, a server
 * already running), and for each page:
 *
 * 1. First-load JavaScript: every script the page requests on a cold load,
 *    at the size the budget counts (gzip at the server's level, a file under
 *    the compression threshold as it is: tests/support/page-budget.ts,
 *    ADR 0073), next to the goal of 125 KB (1,000 bytes a KB); and what
 *    Chromium really received (its encoded body sizes: brotli, which the
 *    server sends to browsers that ask for it); the HTML and CSS the same.
 * 2. Lite mode (`Save-Data: on`): the JavaScript of the reading pages, goal 0.
 * 3. DOMContentLoaded of the city and story pages with JavaScript on and off,
 *    on a 4× slower CPU and DevTools' "Slow 3G" (2 s latency, 50 KB/s), cold
 *    cache, runs interleaved, median of `--weight-runs` (default 3). Goal:
 *    with JavaScript within 20% of without.
 * 4. The inline stylesheet's cost to a reader who opens several pages (each
 *    a full page load: from a link elsewhere, in a new tab, without
 *    JavaScript; client-side navigations fetch no HTML): the bytes of a
 *    5-page visit (home → city → meeting → story → city) in one browser,
 *    and DOMContentLoaded on the slow phone with a warm cache, with the
 *    stylesheet inline (as built) and as a cached external file
 *    (bench/stylesheet-proxy.ts), runs interleaved.
 *
 * The browser is the tests' (tests/support/chromium.ts).
 */
import { chromium, type Browser, type BrowserContextOptions } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { KB, sentSize } from "../tests/support/page-budget";
import { hasBuild, startBuiltServer } from "./soak";
import { startStylesheetProxy, type StylesheetMode } from "./stylesheet-proxy";

export type WeightOptions = { url?: string; runs: number };

const JS_GOAL_KB = 125;
const DCL_GOAL_RATIO = 1.2;
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const CPU_SLOWDOWN = 4;

type Page = { label: string; path: string; reading: boolean };
type Weight = { js: number; jsReceived: number; scripts: number; html: number; css: number };

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

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
    { label: "directory", path: "/businesses", reading: true },
    { label: "auth", path: "/auth?mode=login&method=code", reading: false },
    { label: "contact", path: "/contact", reading: false },
    { label: "not found", path: "/no-such-page", reading: false },
  ];
}

/** What a cold load of the page fetches, by kind, gzipped. */
async function measureWeight(browser: Browser, url: string, options: BrowserContextOptions = {}): Promise<Weight> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const bodies: Array<Promise<{ kind: string; size: number; received: number }>> = [];
  page.on("response", (response) => {
    const kind = response.request().resourceType();
    if (kind === "script" || kind === "stylesheet" || kind === "document")
      bodies.push(
        Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
          kind,
          size: sentSize(body),
          received: sizes.responseBodySize,
        })),
      );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const weight: Weight = { js: 0, jsReceived: 0, scripts: 0, html: 0, css: 0 };
  for (const { kind, size, received } of await Promise.all(bodies)) {
    if (kind === "script") {
      weight.js += size;
      weight.jsReceived += received;
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
  console.log(
    `First-load JavaScript per page (gzip as the budget counts it; goal ≤ ${JS_GOAL_KB} KB; in brackets what Chromium received), and HTML + CSS:`,
  );
  let over = 0;
  for (const page of pages) {
    const weight = await measureWeight(browser, baseUrl + page.path);
    const ok = weight.js <= JS_GOAL_KB * KB;
    if (!ok) over++;
    console.log(
      `  ${page.label.padEnd(10)} JS ${kb(weight.js).padStart(9)} (${kb(weight.jsReceived)}) in ${String(weight.scripts).padStart(2)} files ${ok ? "ok  " : "OVER"}  HTML ${kb(weight.html)} + CSS ${kb(weight.css)}`,
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

type Visit = { bytes: number[]; dcl: number[]; fcp: number[] };

/**
 * A reader's visit of `paths`, each a full page load, in one browser (a
 * shared HTTP cache): bytes received, DOMContentLoaded and first contentful
 * paint per page (without scripts DOMContentLoaded does not wait for a
 * stylesheet, the first paint does).
 */
async function visit(browser: Browser, baseUrl: string, paths: string[], js: boolean, slow: boolean): Promise<Visit> {
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (slow) {
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  }
  let received = 0;
  cdp.on("Network.loadingFinished", (event) => (received += event.encodedDataLength));
  const result: Visit = { bytes: [], dcl: [], fcp: [] };
  for (const path of paths) {
    const before = received;
    await page.goto(baseUrl + path, { waitUntil: slow ? "load" : "networkidle", timeout: 120_000 });
    // The paint entry can come after the load event; a page restored without painting anything new has none (NaN).
    await page
      .waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    const timings = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const [paint] = performance.getEntriesByName("first-contentful-paint");
      return { dcl: entry?.domContentLoadedEventEnd ?? NaN, fcp: paint?.startTime ?? NaN };
    });
    result.dcl.push(timings.dcl);
    result.fcp.push(timings.fcp);
    result.bytes.push(received - before);
  }
  await context.close();
  return result;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "n/a");

async function printStylesheetCost(browser: Browser, baseUrl: string, pages: Page[], runs: number): Promise<void> {
  const path = (label: string) => pages.find((page) => page.label === label)?.path;
  const paths = [path("landing /"), path("city"), path("meeting"), path("story"), path("city")];
  if (paths.some((p) => p === undefined)) return;
  const proxies = {
    inline: await startStylesheetProxy(baseUrl, "inline"),
    external: await startStylesheetProxy(baseUrl, "external"),
  };
  const modes: StylesheetMode[] = ["inline", "external"];
  try {
    console.log(
      "\nStylesheet inline vs cached external file, a 5-page visit (home → city → meeting → story → city), each a full page load:",
    );
    for (const js of [true, false]) {
      const bytes = Object.fromEntries(
        await Promise.all(
          modes.map(async (mode) => [
            mode,
            (await visit(browser, proxies[mode].baseUrl, paths as string[], js, false)).bytes,
          ]),
        ),
      ) as Record<StylesheetMode, number[]>;
      console.log(
        `  JS ${js ? "on " : "off"}: bytes received, inline ${kb(sum(bytes.inline))} (first page ${kb(bytes.inline[0]!)}, then ${bytes.inline.slice(1).map(kb).join(", ")})`,
      );
      console.log(
        `          external ${kb(sum(bytes.external))} (first page ${kb(bytes.external[0]!)}, then ${bytes.external.slice(1).map(kb).join(", ")}): ${(sum(bytes.external) / sum(bytes.inline)).toFixed(2)}× inline`,
      );
    }
    console.log(
      `  DOMContentLoaded / first contentful paint, ${CPU_SLOWDOWN}× slower CPU, Slow 3G, median of ${runs} interleaved visits:`,
    );
    for (const js of [true, false]) {
      const visits: Record<StylesheetMode, Visit[]> = { inline: [], external: [] };
      for (let run = 0; run < runs; run++) {
        for (const mode of run % 2 === 0 ? modes : [...modes].reverse()) {
          visits[mode].push(await visit(browser, proxies[mode].baseUrl, paths as string[], js, true));
        }
      }
      const timings = (mode: StylesheetMode) =>
        paths
          .map((_, index) => {
            const dcl = median(visits[mode].map((v) => v.dcl[index]!));
            const fcp = median(visits[mode].map((v) => v.fcp[index]!));
            return `${seconds(dcl)} / ${seconds(fcp)}`;
          })
          .join(", ");
      console.log(`    JS ${js ? "on " : "off"}: inline   ${timings("inline")}`);
      console.log(`            external ${timings("external")}`);
    }
  } finally {
    await proxies.inline.stop();
    await proxies.external.stop();
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
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const pages = await pagesToMeasure(baseUrl);
    await printWeights(browser, baseUrl, pages);
    await printLite(browser, baseUrl, pages);
    await printReadingSpeed(browser, baseUrl, pages, runs);
    await printStylesheetCost(browser, baseUrl, pages, runs);
  } finally {
    await browser?.close();
    await server?.stop();
  }
}
