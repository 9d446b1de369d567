import { expect, jsIndependent, test } from "./fixtures";

/** The /api page, the API it documents, and the city feed's link (docs/decisions/0043-feeds-and-api.md). */

const ENDPOINTS = [
  "/cities",
  "/cities/{locationKey}",
  "/meetings",
  "/meetings/{meetingId}",
  "/search",
  "/issues",
  "/issues/{issueKey}",
  "/openapi.json",
];

test(
  "the footer leads to the API page, which documents every endpoint with a curl line",
  jsIndependent,
  async ({ page, open }) => {
    await open("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "API", exact: true }).click();
    await expect(page).toHaveURL(/\/api$/);
    await expect(page.getByRole("heading", { level: 1, name: "Open API" })).toBeVisible();
    for (const path of ENDPOINTS) {
      await expect(page.getByRole("heading", { level: 3, name: `GET /api/v1${path}`, exact: true })).toBeVisible();
    }
    await expect(page.locator("pre", { hasText: "curl -s '" }).first()).toBeVisible();
    await expect(page.locator("#problem-too-many-requests")).toContainText("429 Too Many Requests");
    await expect(page.getByRole("link", { name: "/api/v1/openapi.json" })).toHaveAttribute(
      "href",
      "/api/v1/openapi.json",
    );
  },
);

test(
  "the documented API answers, and the city pages link to their feed",
  jsIndependent,
  async ({ page, open, request }) => {
    const document = await (await request.get("/api/v1/openapi.json")).json();
    expect(document.openapi).toMatch(/^3\.1\./);
    const cities = await request.get("/api/v1/cities");
    expect(cities.status()).toBe(200);
    expect(cities.headers()["access-control-allow-origin"]).toBe("*");
    const [city] = (await cities.json()).cities as { key: string; links: { feed: string } }[];
    expect(city).toBeDefined();

    await open(`/city/${city!.key}`);
    const alternate = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(alternate).toHaveCount(1);
    const feedPath = (await alternate.getAttribute("href"))!;
    expect(feedPath).toBe(`/city/${city!.key}/feed.atom`);
    const feed = await request.get(feedPath);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("application/atom+xml");
    expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  },
);
