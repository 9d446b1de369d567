import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The public business directory on the demo data, on a 375 px phone, with
 * JavaScript on and off (the two projects): browse and page, the letter,
 * category and search filters (a GET form: state in the URL), a listing's
 * page with its map link, the empty state and the 404.
 */

test.use({ viewport: { width: 375, height: 800 } });

function cards(page: Page) {
  return page.getByRole("article");
}

/** Applies the filter form: with JavaScript it applies itself; without, the Search button. */
async function applyFilters(page: Page, js: boolean) {
  if (!js)
    await page.getByRole("search", { name: "Filter businesses" }).getByRole("button", { name: "Search" }).click();
}

test("browse the directory: category cards, tiers first, and paging", async ({ page, open }) => {
  const response = await open("/businesses");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business Directory");
  await expect(page.getByRole("heading", { name: "Browse by category" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Food & Drink/ })).toContainText("…");
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first()).toHaveAttribute("data-tier", "premium");
  await expect(
    cards(page)
      .first()
      .getByRole("link", { name: /View Full Details/ }),
  ).toBeVisible();
  // Standard: description, address and actions, no details link; Basic: name and category only.
  const standard = page.locator('article[data-tier="standard"]').first();
  await expect(standard.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:/);
  await expect(standard.getByRole("link", { name: /View Full Details/ })).toHaveCount(0);
  await expect(standard.locator("p.line-clamp-3")).toHaveCount(1);
  await page.goto("/businesses?page=4");
  const basic = page.locator('article[data-tier="basic"]').first();
  await expect(basic.getByRole("link")).toHaveCount(0);
  await expect(basic.locator("p")).toHaveCount(1);
  await open("/businesses");
  const paging = page.getByRole("navigation", { name: "Pagination" });
  await expect(paging.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await paging.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(
    page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("status")).toContainText("Showing 13–24 of");
});

test("the letter filter links narrow the list and mark the current letter", async ({ page, open }) => {
  await open("/city/alder-creek/businesses");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Businesses in Alder Creek, CA");
  const letters = page.getByRole("navigation", { name: "Filter by first letter" });
  await expect(letters.getByRole("link", { name: "All letters" })).toHaveAttribute("aria-current", "page");
  await letters.getByRole("link", { name: "M", exact: true }).click();
  await expect(page).toHaveURL(/\/city\/alder-creek\/businesses\?letter=M$/);
  await expect(letters.getByRole("link", { name: "M", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Browse by category" })).toHaveCount(0);
  await expect(cards(page).locator("h3")).toHaveText(["Mill Street Plumbing", "Mendall Title & Escrow"]);
  await letters.getByRole("link", { name: "Names starting with a digit" }).click();
  await expect(page).toHaveURL(/letter=0-9/);
  await expect(cards(page).locator("h3")).toHaveText(["3 Sisters Bakery"]);
});

test("the category filters: a parent, its sub-category, and a new parent resets the sub-category", async ({
  page,
  open,
  js,
}) => {
  await open("/businesses");
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption("Food & Drink");
  await applyFilters(page, js);
  await expect(page).toHaveURL(/category=Food\+%26\+Drink/);
  await page.getByRole("combobox", { name: "Subcategory" }).selectOption("Bakery");
  await applyFilters(page, js);
  await expect(page).toHaveURL(/sub=Bakery/);
  await expect(cards(page).locator("h3")).toHaveText(["3 Sisters Bakery"]);
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption("Pets");
  await applyFilters(page, js);
  await expect(page).toHaveURL(/category=Pets/);
  await expect(page.getByRole("combobox", { name: "Subcategory" })).toHaveValue("");
  // With JavaScript the address changes before the new list is drawn: wait for the list, not the address.
  const allPets = (texts: string[]) => texts.length > 1 && texts.every((text) => text.includes("Pets"));
  await expect.poll(async () => allPets(await cards(page).allTextContents())).toBe(true);
  const texts = await cards(page).allTextContents();
  expect(texts.length).toBeGreaterThan(1);
  for (const text of texts) expect(text).toContain("Pets");
});

test("search over name and description; with JavaScript the results follow the typing", async ({ page, open, js }) => {
  await open("/businesses");
  if (js) await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const box = page.getByRole("searchbox", { name: "Search businesses" });
  await box.fill("CHOWDER");
  if (js) {
    // Only the filters that are set reach the URL.
    await expect(page).toHaveURL(/\/businesses\?q=CHOWDER$/);
  } else {
    await box.press("Enter");
  }
  await expect(cards(page).locator("h3")).toHaveText(["Harbor Light Chowder House"]);
  await expect(page.getByRole("heading", { name: "Browse by category" })).toHaveCount(0);
  if (js) expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await box.fill("no such business anywhere");
  if (!js) await box.press("Enter");
  await expect(page.getByRole("status")).toHaveText("No businesses found matching your criteria.");
  await expect(cards(page)).toHaveCount(0);
});

test("a listing's page: details, map link, JSON-LD and a 404 for a missing one", async ({ page, open, js }) => {
  await open("/city/alder-creek/businesses");
  await page.getByRole("link", { name: "View Full Details for 3 Sisters Bakery" }).click();
  await expect(page).toHaveURL(/\/city\/alder-creek\/businesses\/3-sisters-bakery-alder-creek$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("3 Sisters Bakery");
  await expect(page.locator("address")).toContainText("118 Main Street");
  await expect(page.locator("address")).toContainText("95488");
  await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\d+$/);
  await expect(page.getByRole("link", { name: /^Website/ })).toHaveAttribute("href", "https://3sistersbakery.example/");
  const mapLink = page.getByRole("link", { name: /View on OpenStreetMap/ });
  await expect(mapLink).toHaveAttribute(
    "href",
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=-?[\d.]+&mlon=-?[\d.]+#map=15\/-?[\d.]+\/-?[\d.]+$/,
  );
  await expect(page.locator("iframe[title='Map of 3 Sisters Bakery']")).toHaveCount(js ? 1 : 0);
  if (js) {
    await expect(page.locator("iframe[title='Map of 3 Sisters Bakery']")).toHaveAttribute(
      "src",
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=.+&layer=mapnik&marker=/,
    );
  }
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "LocalBusiness", name: "3 Sisters Bakery" });
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /^3 Sisters Bakery/);

  const missing = await open("/businesses/no-such-business");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
});

test("the Businesses links: the top bar to all cities, the city header to its city", async ({ page, open }) => {
  await open("/about");
  await page.getByRole("banner").getByRole("link", { name: "Businesses" }).click();
  await expect(page).toHaveURL(/\/businesses$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Businesses" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await open("/city/port-halvern");
  await page.getByRole("banner").getByRole("link", { name: "Businesses" }).click();
  await expect(page).toHaveURL(/\/city\/port-halvern\/businesses$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Businesses in Port Halvern, OR");
});
