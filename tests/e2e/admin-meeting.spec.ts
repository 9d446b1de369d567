import { adminStorageState } from "./admin-session";
import { expect, test, toast } from "./fixtures";

/**
 * The admin buttons of the public pages, with JavaScript on and off. The
 * e2e server's YOUTUBE_BASE_URL is a closed local port, so a transcript
 * fetch fails as it would with the site down; analyses and stories go
 * through the queues of the in-process worker.
 */
test.use({ storageState: adminStorageState() });

test("Fetch Transcript shows for a missing transcript and reports the outcome", async ({ page, open }) => {
  await open("/city/alder-creek");
  const fetchButton = page.getByRole("button", { name: "Fetch Transcript" }).first();
  await expect(fetchButton).toBeVisible();
  await fetchButton.click();
  await expect(toast(page, "alert", "Failed to fetch transcript.")).toBeVisible();
  await expect(page).toHaveURL(/\/city\/alder-creek$/);
});

test("visitors do not see the admin buttons", async ({ browser, baseURL }) => {
  const visitor = await browser.newPage({ storageState: { cookies: [], origins: [] }, baseURL });
  await visitor.goto("/city/alder-creek");
  await expect(visitor.getByRole("button", { name: "Fetch Transcript" })).toHaveCount(0);
  await visitor.close();
});

test("Re-Analyze Meeting and Rewrite Story queue new versions", async ({ page, open }) => {
  await open("/city/alder-creek");
  await page.getByRole("link", { name: "View Story" }).first().click();
  await expect(page).toHaveURL(/\/meeting-story\//);
  const storyUrl = page.url();

  await page.getByLabel("Rewrite instructions (optional)").fill("Lead with the budget figures.");
  await page.getByRole("button", { name: "Rewrite Story" }).click();
  await expect(toast(page, "status", "A new story")).toBeVisible();

  await open(storyUrl.replace("/meeting-story/", "/meeting/"));
  await page.getByRole("button", { name: "Re-Analyze Meeting" }).click();
  await expect(toast(page, "status", "re-analysis").or(toast(page, "status", "Re-analysis"))).toBeVisible();
  await expect(page.getByRole("link", { name: "Revisions" })).toBeVisible();
});
