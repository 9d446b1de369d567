import type { Page } from "@playwright/test";
import { expect, jsIndependent, test } from "./fixtures";

/** The meeting analysis and story pages, with and without the city in the path. */

const CITY_PATH = "/city/alder-creek";

/** The path of the first card link with this name on the city's full list. */
async function firstCardLink(page: Page, open: (path: string) => Promise<unknown>, name: string): Promise<string> {
  await open(`${CITY_PATH}?page=3`);
  // A card's links name their meeting: "View Story for …", "Analysis of …".
  const label = new RegExp(`^${name} (for|of) `);
  const href = await page.getByRole("article").getByRole("link", { name: label }).first().getAttribute("href");
  if (!href) throw new Error(`no ${name} link`);
  return href;
}

test(
  "the analysis page shows the video, summary, highlights, action items and entities",
  jsIndependent,
  async ({ page, open }) => {
    const href = await firstCardLink(page, open, "View Story");
    const meetingPath = href.replace("/meeting-story/", "/meeting/");
    const response = await open(meetingPath);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const section of ["Summary", "Highlights", "Action Items", "Entities"]) {
      await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
    }
    await expect(page.locator("iframe")).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/,
    );
    // The compact header leads back to the city.
    await expect(page.getByRole("banner").getByRole("link", { name: "Alder Creek" })).toHaveAttribute(
      "href",
      CITY_PATH,
    );
    await expect(page.getByRole("link", { name: "Read the story" })).toHaveAttribute("href", href);
    await expect(page.getByRole("button", { name: "Re-Analyze Meeting" })).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${meetingPath}$`));
  },
);

test("a highlight's timestamp starts the video there and is shareable", async ({ page, open, js }) => {
  const href = await firstCardLink(page, open, "View Story");
  await open(href.replace("/meeting-story/", "/meeting/"));
  const moment = page
    .locator("[data-highlight]")
    .first()
    .getByRole("link", { name: /^Play from/ });
  const target = await moment.getAttribute("href");
  const seconds = /t=(\d+)/.exec(target ?? "")?.[1];
  expect(seconds).toBeTruthy();
  if (js) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await moment.click();
  await expect(page).toHaveURL(new RegExp(`\\?t=${seconds}#video$`));
  await expect(page.locator("iframe")).toHaveAttribute("src", new RegExp(`\\?start=${seconds}$`));
  if (js) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // The share meta follows the moment, in the browser too (the loader does not run again).
  await expect(page.locator('meta[name="twitter:url"]')).toHaveAttribute("content", new RegExp(`\\?t=${seconds}$`));
  await expect(page).toHaveTitle(/ at \d/);
});

test(
  "the story page shows the article, sidebar and metadata, with article meta tags",
  jsIndependent,
  async ({ page, open }) => {
    const href = await firstCardLink(page, open, "View Story");
    const response = await open(href);
    expect(response?.status()).toBe(200);
    const headline = await page.getByRole("heading", { level: 1 }).textContent();
    expect(headline?.length).toBeGreaterThan(10);
    await expect(page.getByRole("heading", { name: "About this story" })).toBeVisible();
    await expect(page.getByText("Follow-up needed")).toBeVisible();
    await expect(page.getByRole("link", { name: "View the meeting analysis" })).toHaveAttribute(
      "href",
      href.replace("/meeting-story/", "/meeting/"),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", headline ?? "");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /summary/);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(jsonLd["@type"]).toBe("NewsArticle");
    expect(jsonLd.headline).toBe(headline);
    await expect(page.getByRole("button", { name: "Rewrite Story" })).toHaveCount(0);
  },
);

test("a legacy plain-text story is shown as plain text", jsIndependent, async ({ page, open }) => {
  await open(`${CITY_PATH}?page=3`);
  const card = page.getByRole("article").filter({ hasText: "City Council Regular Meeting – February 3, 2026" });
  await card.getByRole("link", { name: "View Story" }).click();
  await expect(page.locator("[data-story-plain-text]")).toBeVisible();
  await expect(page.locator("[data-story-plain-text]")).toHaveClass(/whitespace-pre-wrap/);
});

test("the city-less routes show the same pages with a way back to the city", jsIndependent, async ({ page, open }) => {
  const href = await firstCardLink(page, open, "View Story");
  const id = href.split("/").pop();
  await open(`/meeting/${id}?t=42`);
  await expect(page.locator("iframe")).toHaveAttribute("src", /\?start=42$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Alder Creek" })).toHaveAttribute("href", CITY_PATH);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/city/alder-creek/meeting/${id}$`),
  );
  await open(`/meeting-story/${id}`);
  await expect(page.getByRole("link", { name: "View the meeting analysis" })).toHaveAttribute("href", `/meeting/${id}`);
});

for (const path of [
  "/city/alder-creek/meeting/not-a-uuid",
  "/city/alder-creek/meeting/00000000-0000-4000-8000-000000000000",
  "/meeting/00000000-0000-4000-8000-000000000000",
  "/meeting-story/12345",
  "/city/alder-creek/meeting-story/00000000-0000-4000-8000-000000000000",
]) {
  test(`${path} is a 404 saying Video Not Found`, jsIndependent, async ({ page, open }) => {
    const response = await open(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Video Not Found" })).toBeVisible();
    await expect(page.getByText("The video you're looking for doesn't exist.")).toBeVisible();
  });
}

test("a meeting whose transcript is too short says there is no analysis", jsIndependent, async ({ page, open }) => {
  await open(`${CITY_PATH}?page=3`);
  const id = await page
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: "Analysis" }) })
    .first()
    .getAttribute("data-video-id");
  await open(`${CITY_PATH}/meeting/${id}`);
  await expect(page.getByText("No analysis available")).toBeVisible();
});
