import type { Page } from "@playwright/test";
import { expect, jsIndependent, jsOnly, test } from "./fixtures";

/**
 * The city page: header banner, recent meetings 10 at a time with Load More
 * (a fetcher with JavaScript, a link without), the source filter, the search
 * toggle, side cards, and the unknown-city state. Runs on the demo data.
 */

const CITY = "alder-creek";
const CITY_PATH = `/city/${CITY}`;

function cards(page: Page) {
  return page.getByRole("list", { name: "Meeting videos" }).getByRole("article");
}

async function totalMeetings(page: Page): Promise<number> {
  return Number(await page.getByTestId("total-meetings").textContent());
}

async function publishedDates(page: Page): Promise<string[]> {
  return cards(page)
    .locator("time")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime") ?? ""));
}

test(
  "the header banner shows the city, its colors, tag line, search box and Sign In",
  jsIndependent,
  async ({ page, open }) => {
    const response = await open(CITY_PATH);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alder Creek, CA");
    await expect(page.getByText("Where the redwoods meet Main Street")).toBeVisible();
    const banner = page.locator("header[data-primary-color]");
    await expect(banner).toHaveAttribute("style", /linear-gradient/);
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    const search = page.getByRole("search").filter({ has: page.locator('input[name="city"]') });
    await expect(search).toHaveAttribute("action", "/search");
    await expect(search.locator('input[name="city"]')).toHaveValue(CITY);
  },
);

test("the header search goes to /search for this city", async ({ page, open }) => {
  await open(CITY_PATH);
  await page.getByLabel("Search Alder Creek meetings").fill("  footbridge  ");
  await page
    .getByRole("search")
    .filter({ has: page.locator('input[name="city"]') })
    .getByRole("button", { name: "Search" })
    .click();
  await expect(page).toHaveURL(/\/search\?q=footbridge&city=alder-creek$|\/search\?city=alder-creek&q=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search meetings");
});

test("the first 10 meetings show newest first, with the side cards", jsIndependent, async ({ page, open }) => {
  await open(CITY_PATH);
  await expect(cards(page)).toHaveCount(10);
  const dates = await publishedDates(page);
  expect(dates).toEqual([...dates].sort().reverse());
  for (const title of ["About", "Quick Info", "Statistics"]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  const chart = page.getByTestId("meetings-chart");
  await expect(chart).toHaveAttribute("role", "img");
  await expect(chart.locator("title")).toContainText("Meetings per month");
  // Seeded videos have no thumbnails: a placeholder is drawn, nothing is fetched.
  await expect(cards(page).first().locator("[data-placeholder-thumbnail]")).toHaveCount(1);
});

test("video cards follow the transcript rules", jsIndependent, async ({ page, open }) => {
  await open(`${CITY_PATH}?page=3`);
  const all = cards(page);
  const count = await all.count();
  expect(count).toBeGreaterThan(20);
  let storyLinks = 0;
  let disabledAnalysis = 0;
  for (let i = 0; i < count; i++) {
    const card = all.nth(i);
    const story = card.getByRole("link", { name: "View Story" });
    if ((await story.count()) > 0) storyLinks++;
    else await expect(card.getByRole("button", { name: "View Story" })).toBeDisabled();
    if ((await card.getByRole("button", { name: "Analysis" }).count()) > 0) {
      disabledAnalysis++;
      await expect(card.getByText("Transcript insufficient - excluded from analysis")).toBeVisible();
    }
    // Visitors never see the admin button.
    await expect(card.getByRole("button", { name: "Fetch Transcript" })).toHaveCount(0);
  }
  expect(storyLinks).toBeGreaterThan(0);
  expect(disabledAnalysis).toBeGreaterThan(0);
});

test("Load More shows the next 10 until none remain, and the URL keeps the count", async ({ page, open, js }) => {
  await open(CITY_PATH);
  const total = await totalMeetings(page);
  expect(total, "the demo city needs more than 20 meetings").toBeGreaterThan(20);
  await expect(cards(page)).toHaveCount(10);
  const firstTitle = await cards(page).first().getByRole("heading").textContent();
  if (js) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const fetched = js
    ? page.waitForResponse((r) => /\/resources\/city-videos(\.data)?\?/.test(r.url()) && r.url().includes("page=2"))
    : null;
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(cards(page)).toHaveCount(20);
  await expect(page).toHaveURL(/[?&]page=2(&|#|$)/);
  // With JavaScript only the next page is fetched, by the fetcher.
  if (fetched) expect((await fetched).status()).toBe(200);
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(cards(page)).toHaveCount(Math.min(total, 30));
  await expect(page).toHaveURL(/[?&]page=3(&|#|$)/);
  if (total <= 30) await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);

  await expect(cards(page).first().getByRole("heading")).toHaveText(firstTitle ?? "");
  const dates = await publishedDates(page);
  expect(dates).toEqual([...dates].sort().reverse());
  expect(
    new Set(await cards(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-video-id")))).size,
  ).toBe(Math.min(total, 30));
  if (js) {
    // Appended in place: the document was never reloaded.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  }
});

test("a shared ?page=2 link shows 20 meetings", jsIndependent, async ({ page, open }) => {
  await open(`${CITY_PATH}?page=2`);
  await expect(cards(page)).toHaveCount(20);
});

test("the source filter lists only that source and starts again at the first 10", async ({ page, open, js }) => {
  await open(`${CITY_PATH}?page=2`);
  const filter = page.getByLabel("Source");
  await filter.selectOption({ label: "Alder Creek Planning Commission" });
  if (!js) await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]source=[0-9a-f-]{36}/);
  await expect(page).not.toHaveURL(/page=/);
  // With JavaScript the address changes before the new list is drawn: wait for the list, not the address.
  const onlyThatSource = (titles: string[]) =>
    titles.length > 0 && titles.length <= 10 && titles.every((title) => title.includes("Planning Commission"));
  await expect.poll(async () => onlyThatSource(await cards(page).getByRole("heading").allTextContents())).toBe(true);
  const titles = await cards(page).getByRole("heading").allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.length).toBeLessThanOrEqual(10);
  for (const title of titles) expect(title).toContain("Planning Commission");
  await expect(page.getByLabel("Source")).toHaveValue(/[0-9a-f-]{36}/);
});

test("the search toggle opens a search panel, hides the filter, and hiding clears it", async ({ page, open }) => {
  await open(CITY_PATH);
  await expect(page.getByLabel("Source")).toBeVisible();
  await page.getByRole("link", { name: "Search Videos" }).click();
  await expect(page).toHaveURL(/[?&]search=1/);
  await expect(page.getByLabel("Source")).toHaveCount(0);
  await expect(page.getByText("Enter a search term to find videos")).toBeVisible();

  await page.getByLabel("Search Alder Creek meeting videos").fill("footbridge");
  await page.locator("#city-search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=footbridge/);
  await expect(page.locator("#city-search li[data-result-id]").first()).toBeVisible();
  await expect(page.locator("#city-search mark").first()).toBeVisible();

  await page.getByRole("link", { name: "Hide Search" }).click();
  await expect(page).not.toHaveURL(/search=1|q=/);
  await expect(page.locator("#city-search")).toHaveCount(0);
  await expect(page.getByLabel("Source")).toBeVisible();
});

test("with JavaScript the search button is disabled while the query is blank", jsOnly, async ({ page, open }) => {
  await open(`${CITY_PATH}?search=1`);
  const button = page.locator("#city-search").getByRole("button", { name: "Search" });
  await expect(button).toBeDisabled();
  await page.getByLabel("Search Alder Creek meeting videos").fill("   ");
  await expect(button).toBeDisabled();
  await page.getByLabel("Search Alder Creek meeting videos").fill("parking");
  await expect(button).toBeEnabled();
});

test("zero results say so", jsIndependent, async ({ page, open }) => {
  await open(`${CITY_PATH}?search=1&q=zeppelinhangar`);
  await expect(page.getByText("No results found for the query.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "No Results" })).toBeVisible();
});

test("an unknown city is a 404 saying City Not Found", jsIndependent, async ({ page, open }) => {
  const response = await open("/city/no-such-city");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "City Not Found" })).toBeVisible();
  await expect(page.getByText("The city you're looking for doesn't exist or has been removed.")).toBeVisible();
});

test(
  "anonymous pages are publicly cacheable with an ETag, and a matching If-None-Match gets 304",
  jsIndependent,
  async ({ request }) => {
    const first = await request.get(CITY_PATH);
    expect(first.headers()["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await request.get(CITY_PATH, { headers: { "If-None-Match": etag! } });
    expect(again.status()).toBe(304);
  },
);
