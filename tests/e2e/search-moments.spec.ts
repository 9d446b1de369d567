import { HTML_TEXT_VIDEO_ID, SEARCHABLE_MOMENTS } from "#demo/meetings";
import { expect, jsIndependent, test } from "./fixtures";

/**
 * Searching lands on the moment: a result links to the meeting with `?t=`
 * and the player starts there. Snippets mark matches and never render
 * transcript text as HTML.
 */

const moment = SEARCHABLE_MOMENTS.find((m) => m.phrase === "sea lions on the fuel dock")!;

test("a city search result opens the meeting at the second the words were said", async ({ page, open }) => {
  await open(`/city/${moment.cityKey}/search`);
  await page.getByLabel(/meeting videos$/).fill(`"${moment.phrase}"`);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  const result = page.locator("li[data-result-id]").first();
  await expect(result.locator("mark").first()).toBeVisible();
  await expect(page.locator("li[data-result-id]")).toHaveCount(1);
  await result.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/city/${moment.cityKey}/meeting/[0-9a-f-]{36}\\?t=${moment.startSeconds}$`));
  const player = page.locator("iframe");
  await expect(player).toHaveAttribute(
    "src",
    `https://www.youtube-nocookie.com/embed/${moment.videoId}?start=${moment.startSeconds}`,
  );
  await expect(player).toHaveAttribute("loading", "lazy");
});

test("the city page's search panel finds every demo moment", jsIndependent, async ({ page, open }) => {
  for (const m of SEARCHABLE_MOMENTS) {
    await open(`/city/${m.cityKey}?search=1&q=${encodeURIComponent(m.phrase)}`);
    const first = page.locator("#city-search li[data-result-id]").first();
    await expect(first.getByRole("link").first()).toHaveAttribute("href", new RegExp(`\\?t=${m.startSeconds}$`));
    await expect(first.locator("mark").first()).toBeVisible();
  }
});

test("/search finds a moment across cities, in both views", async ({ page, open }) => {
  await open(`/search?q=${encodeURIComponent(`"${moment.phrase}"`)}`);
  const result = page.locator("li[data-result-id]");
  await expect(result).toHaveCount(1);
  await expect(result.first()).toContainText(/Relevance \d+%/);
  await expect(result.first().getByRole("link").first()).toHaveAttribute(
    "href",
    new RegExp(`^/city/${moment.cityKey}/meeting/[0-9a-f-]{36}\\?t=${moment.startSeconds}$`),
  );

  await page.getByRole("link", { name: "AI summary" }).click();
  await expect(page).toHaveURL(/view=summary/);
  await expect(page.getByRole("heading", { name: /AI summary/ })).toBeVisible();
  await expect(page.locator("li[data-digest-id]")).toHaveCount(1);
  await page.getByRole("link", { name: "Traditional" }).click();
  await expect(page).not.toHaveURL(/view=summary/);
  await expect(page.locator("li[data-result-id]")).toHaveCount(1);
});

test("/search without a query asks for one, and filters by city", async ({ page, open }) => {
  await open("/search");
  await expect(page.getByText("Enter a search term to find videos")).toBeVisible();
  await page.getByLabel("Search meeting videos").fill("council");
  await page.getByLabel("City").selectOption(moment.cityKey);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`city=${moment.cityKey}`));
  // With JavaScript the URL can change a moment before the results render.
  await expect(page.locator("li[data-result-id] h2 a").first()).toBeVisible();
  const links = await page
    .locator("li[data-result-id] h2 a")
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href")));
  expect(links.length).toBeGreaterThan(0);
  for (const href of links) expect(href).toContain(`/city/${moment.cityKey}/meeting/`);
});

test("transcript text that looks like HTML is shown as text in snippets", async ({ page, open }) => {
  // Listening from before the page loads: markup rendered as HTML would run its alert while the page parses.
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The meeting with markup in its transcript is in Cinder Bluff; search all Live cities.
  await open(`/search?q=${encodeURIComponent("typed alert comment form")}`);
  const result = page.locator("li[data-result-id]").filter({ hasText: '<script>alert("x")</script>' });
  await expect(result).toHaveCount(1);
  await expect(result.getByText('<script>alert("x")</script>', { exact: false })).toBeVisible();
  expect(
    await page.locator("main li[data-result-id] script, main li[data-result-id] b, main li[data-result-id] i").count(),
  ).toBe(0);
  // The snippet is the one of the meeting with markup in its transcript.
  await result.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/city\/cinder-bluff\/meeting\/[0-9a-f-]{36}\?t=\d+$/);
  await expect(page.locator("iframe")).toHaveAttribute("src", new RegExp(`/embed/${HTML_TEXT_VIDEO_ID}\\?start=\\d+$`));
  expect(dialogs).toEqual([]);
});
