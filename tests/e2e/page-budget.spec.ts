import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { CLIENT_BUILD_DIR, firstLoadFiles, readClientManifest, sentSize } from "../support/page-budget";
import { expect, jsIndependent, test } from "./fixtures";

/**
 * The first-load budget (tests/integration/page-budget.test.ts, ADR 0073)
 * counts from the build's manifest: here, against the real server, that it
 * counts exactly the scripts a page's HTML references (the modulepreload
 * links and the module script's imports), for a reader's, a member's and an
 * admin's pages, and each at the size the server sends it gzipped.
 */

/** Every script a page's HTML makes the browser download: modulepreload links and the inline module script's imports. */
function referencedScripts(html: string): string[] {
  const files = new Set<string>();
  for (const [, href] of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(href!);
  for (const [, script] of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, file] of script!.matchAll(/(?:from|import\()\s*"([^"]+\.js)"/g)) files.add(file!);
  }
  return [...files].sort();
}

async function demoMeetingPath(request: APIRequestContext): Promise<string> {
  const cityHtml = await (await request.get("/city/alder-creek")).text();
  const meeting = /\/city\/alder-creek\/meeting\/[0-9a-f-]{36}/.exec(cityHtml)?.[0];
  expect(meeting, "the demo city lists a meeting").toBeTruthy();
  return meeting!;
}

/** The body's length as the server sends it to a browser that accepts gzip. */
function bytesOnTheWire(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve({ bytes, encoding: response.headers["content-encoding"] }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

test(
  "the budget counts exactly the scripts each page's HTML references",
  jsIndependent,
  async ({ page, request, signedInAs }) => {
    const manifest = readClientManifest();
    const meeting = await demoMeetingPath(request);
    const pages: Array<[string, string]> = [
      ["/", "routes/home"],
      ["/about", "routes/about"],
      ["/city/alder-creek", "routes/city/index"],
      [meeting, "city-meeting"],
      [meeting.replace("/meeting/", "/meeting-story/"), "city-meeting-story"],
      ["/contact", "routes/contact"],
      ["/auth?mode=login&method=code", "routes/auth/auth"],
      ["/no-such-page", "routes/not-found"],
    ];
    for (const [url, routeId] of pages) {
      const html = await (await request.get(url)).text();
      expect(referencedScripts(html), url).toEqual(firstLoadFiles(manifest, routeId).sort());
    }

    await signedInAs("admin");
    for (const [url, routeId] of [
      ["/admin/city-management", "routes/admin/city-management"],
      [meeting, "city-meeting"],
    ] as const) {
      const html = await (await page.request.get(url)).text();
      expect(referencedScripts(html), `${url} (admin)`).toEqual(firstLoadFiles(manifest, routeId).sort());
    }
  },
);

test("each script counts at the size the server sends it", jsIndependent, async ({ baseURL }) => {
  const manifest = readClientManifest();
  const files = new Set(["city-meeting", "routes/admin/city-management"].flatMap((id) => firstLoadFiles(manifest, id)));
  let compressed = 0;
  for (const file of files) {
    const { bytes, encoding } = await bytesOnTheWire(`${baseURL}${file}`);
    const body = fs.readFileSync(path.join(CLIENT_BUILD_DIR, file));
    expect(bytes, file).toBe(sentSize(body));
    if (encoding === "gzip") compressed++;
  }
  // Both kinds were seen: gzipped bodies and small ones sent as they are.
  expect(compressed).toBeGreaterThan(0);
  expect(compressed).toBeLessThan(files.size);
});
