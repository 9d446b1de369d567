import { expect, jsIndependent, test } from "./fixtures";

/**
 * Issue timelines with JavaScript on and off: the demo issue's timeline with
 * its summary and body chips (links, so both projects walk the same steps),
 * and an admin creating an issue with the plain form.
 */

const DEMO = "/city/alder-creek/issues/oakdale-creek-development";

test("the demo issue's timeline: summary, meetings newest first, chips toggled", async ({ page, open }) => {
  await open("/city/alder-creek/issues");
  await page.getByRole("link", { name: "Oakdale Creek development" }).click();
  await expect(page).toHaveURL(DEMO);
  await expect(page.getByRole("heading", { name: "Oakdale Creek development", level: 1 })).toBeVisible();

  const summary = page.getByTestId("ai-summary");
  await expect(summary.getByRole("heading", { name: "Current status" })).toBeVisible();
  await expect(summary.getByTestId("key-developments").locator("li").first()).toBeVisible();
  await expect(summary.getByTestId("summary-sources").locator("li").first()).toBeVisible();

  const items = page.getByTestId("timeline-item");
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(3);
  const dates = await items.locator("time").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime")));
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(items.first().getByTestId("importance")).toHaveText(/importance/i);
  await expect(items.first().locator("mark").first()).toBeVisible();

  const city = page.getByRole("switch", { name: `City (${count})`, exact: true });
  for (const name of ["School district (0)", "County (0)"])
    await expect(page.getByRole("switch", { name, exact: true })).toHaveAttribute("aria-checked", "true");
  await expect(city).toHaveAttribute("aria-checked", "true");
  await city.click();
  await expect(page).toHaveURL(`${DEMO}?hide=city`);
  await expect(page.getByText("No meetings for the chosen bodies. Turn a chip back on.")).toBeVisible();
  await expect(page.getByRole("switch", { name: /City/ })).toHaveAttribute("aria-checked", "false");
  await page.getByRole("switch", { name: /City/ }).click();
  await expect(page).toHaveURL(DEMO);
  await expect(items).toHaveCount(count);

  // A meeting's title leads to the meeting at the moment it came up.
  const href = await items.first().getByRole("heading").getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/city\/(alder-creek|port-halvern|lake-wendell)\/meeting\/[0-9a-f-]+(\?t=\d+)?$/);
});

test("the issue's Atom feed is served", jsIndependent, async ({ request }) => {
  const response = await request.get(`${DEMO}/feed.atom`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/atom+xml");
  const body = await response.text();
  expect(body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  expect(body).toContain("<entry>");
});

test("an admin creates a tracked issue with the plain form", async ({ page, open, js, signedInAs }) => {
  await signedInAs("admin");
  await open("/admin");
  await page.getByRole("link", { name: /Tracked Issues/ }).click();
  await expect(page).toHaveURL("/admin/issues");
  const key = `stormwater-${js ? "js" : "nojs"}-${Date.now().toString(36)}`;

  // Refused first: no city chosen; the server says so under the field.
  await page.getByLabel("Title").fill("Stormwater fee");
  await page.getByLabel("Issue key").fill(key);
  await page.getByLabel("Search").fill("stormwater fee");
  await page.getByRole("button", { name: "Create issue" }).click();
  await expect(page.getByText("Choose at least one city")).toBeVisible();

  await page.getByLabel("Alder Creek, CA").check();
  await page.getByRole("button", { name: "Create issue" }).click();
  await expect(page.getByText("Issue created").first()).toBeVisible();
  const row = page.getByTestId("issue-row").filter({ hasText: key });
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: "Alder Creek" }).click();
  await expect(page).toHaveURL(`/city/alder-creek/issues/${key}`);
  await expect(page.getByRole("heading", { name: "Stormwater fee", level: 1 })).toBeVisible();
  await expect(page.getByTestId("timeline-item").first()).toBeVisible();
});
