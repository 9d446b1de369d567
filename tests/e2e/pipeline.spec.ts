import { expect, test } from "./fixtures";

/**
 * Opening a meeting that has a transcript but no analysis queues the
 * analysis (then the story) and the page shows the waiting state until the
 * result is there: with JavaScript through live updates, without it through
 * a page that refreshes itself. The e2e server runs the worker in process
 * with the offline analyser.
 */
test("a meeting without an analysis is analysed on first open, and its story follows", async ({ page, open }) => {
  test.setTimeout(90_000);
  await open("/city/alder-creek?page=3");
  const analysisLinks = await page.getByRole("link", { name: "Analysis", exact: true }).evaluateAll((links) =>
    links.map((link) => (link as HTMLAnchorElement).getAttribute("href") ?? ""),
  );
  let waiting = false;
  for (const href of analysisLinks) {
    await open(href);
    const notice = page.getByRole("status").filter({ hasText: /Analysis queued|Analyzing meeting…/ });
    if (await notice.count()) {
      waiting = true;
      break;
    }
  }
  expect(waiting, "some demo meeting starts without an analysis").toBe(true);
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Highlights" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the story" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("link", { name: "Read the story" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Quick Facts")).toBeVisible();
});
