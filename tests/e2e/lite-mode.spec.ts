import type { APIRequestContext } from "@playwright/test";
import { firstLoadScripts } from "./client-build";
import { expect, jsIndependent, test } from "./fixtures";

/**
 * Lite mode (docs/decisions/0029-page-weight-and-lite-mode.md): the reading
 * pages are sent without scripts when the request says `Save-Data: on` or
 * carries the `lite=on` cookie, which the footer's switch sets without
 * JavaScript. Pages with forms keep their scripts.
 */

async function readingPages(request: APIRequestContext): Promise<string[]> {
  const city = "/city/alder-creek";
  const cityHtml = await (await request.get(city)).text();
  const meeting = /\/city\/alder-creek\/meeting\/[0-9a-f-]{36}/.exec(cityHtml)?.[0];
  expect(meeting, "the demo city lists a meeting").toBeTruthy();
  const directory = `${city}/businesses`;
  const listing = new RegExp(`${directory}/[a-z0-9-]+`).exec(await (await request.get(directory)).text())?.[0];
  expect(listing, "the demo city's directory links a listing").toBeTruthy();
  return [
    "/",
    "/about",
    "/privacy",
    city,
    meeting!,
    meeting!.replace("/meeting/", "/meeting-story/"),
    "/businesses",
    directory,
    listing!,
    "/search?q=budget",
    `${city}/search?q=budget`,
  ];
}

/** No script the browser runs (a JSON-LD block is data). */
const EXECUTABLE_SCRIPT = /<script(?![^>]*type="application\/ld\+json")/i;

function expectNoScripts(html: string, page: string) {
  expect(html, page).not.toMatch(EXECUTABLE_SCRIPT);
  expect(html, page).not.toMatch(/modulepreload/i);
}

test(
  "reading pages send no script with Save-Data: on, nor with the lite cookie",
  jsIndependent,
  async ({ request }) => {
    for (const page of await readingPages(request)) {
      const saveData = await request.get(page, { headers: { "Save-Data": "on" } });
      expect(saveData.status(), page).toBe(200);
      expectNoScripts(await saveData.text(), page);
      expect(saveData.headers()["vary"], page).toMatch(/Save-Data/i);
      expect(saveData.headers()["vary"], page).toMatch(/Cookie/i);

      expectNoScripts(await (await request.get(page, { headers: { Cookie: "lite=on" } })).text(), page);

      const normal = await (await request.get(page)).text();
      expect(normal, page).toMatch(/<script/);
      // The reader's "off" wins over the browser's Save-Data.
      const off = await request.get(page, { headers: { "Save-Data": "on", Cookie: "lite=off" } });
      expect(await off.text(), page).toMatch(/<script/);
    }
  },
);

test("pages with forms keep their scripts in lite mode", jsIndependent, async ({ request }) => {
  for (const page of ["/contact", "/auth?mode=login&method=code"]) {
    const html = await (await request.get(page, { headers: { "Save-Data": "on" } })).text();
    expect(html, page).toMatch(/<script/);
  }
});

test("the footer's switch turns lite mode on and off", async ({ page, open }) => {
  await open("/about");
  const scripts = page.locator('script:not([type="application/ld+json"])');
  await page.getByRole("button", { name: "Lite mode: off" }).click();
  await expect(page.getByRole("button", { name: "Lite mode: on" })).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
  await expect(scripts).toHaveCount(0);

  await page.getByRole("button", { name: "Lite mode: on" }).click();
  await expect(page.getByRole("button", { name: "Lite mode: off" })).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
  expect(await scripts.count()).toBeGreaterThan(0);
});

test("the reading pages' scripts hold no validator (zod, Conform)", jsIndependent, () => {
  const readingRoutes = ["root", "routes/home", "routes/about", "routes/privacy", "routes/city/city"];
  readingRoutes.push("routes/city/index", "city-meeting", "city-meeting-story", "routes/search");
  for (const [file, code] of firstLoadScripts(readingRoutes)) {
    expect(code, file).not.toMatch(/ZodError|\$ZodType|conform/i);
  }
});
