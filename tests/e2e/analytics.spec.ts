import { expect, test } from "./fixtures";

/**
 * Analytics without tracking (ADR 0036), with JavaScript on and off: a
 * reader picks a city on the landing page, opens a meeting, shares it,
 * searches for something that finds nothing (as two other readers did); then an admin sees all of it
 * in /admin/analytics. The reader's browser says it is an ordinary Chrome:
 * Playwright's own "HeadlessChrome" counts as a bot, and is not counted.
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test.use({ userAgent: CHROME });

test("what a reader does shows in the admin's analytics", async ({
  page,
  request,
  context,
  open,
  js,
  testData,
  signedInAs,
}, testInfo) => {
  const meeting = await testData.createMeeting({
    title: `Analytics hearing ${testInfo.project.name} ${Date.now()}`,
    city: { status: "Live" },
  });
  const city = meeting.city;
  // One long unbroken word, as a bot may search for: the admin's page must still fit a phone.
  // (The stamp in base 36: a run of seven digits or more is dropped from a search as a possible phone number.)
  const words = `quuxfrob${"x".repeat(120)} ${testInfo.project.name} ${Date.now().toString(36)}`;

  // The landing page's picker.
  await open("/");
  await page.getByLabel("Choose your city").selectOption(city.locationKey);
  await page.getByRole("button", { name: "Go to My City" }).click();
  await expect(page).toHaveURL(new RegExp(`${city.path}$`));

  // A meeting, shared.
  if (js) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // The clipboard path everywhere: no system share sheet in a test.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
  }
  await open(meeting.path);
  const share = page.getByTestId("share-link").first();
  await expect(share).toHaveAttribute("href", meeting.path);
  if (js) {
    const beacon = page.waitForRequest((request) => request.url().endsWith("/resources/analytics"));
    await share.click();
    await expect(page.getByText("Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(meeting.path, page.url()).href);
    expect((await (await beacon).response())?.status()).toBe(204);
  } else {
    // Without JavaScript the control is a link to the page itself.
    await share.click();
    await expect(page).toHaveURL(new RegExp(`${meeting.path}$`));
  }

  // A search that finds nothing. Two other readers (other browsers) asked the same words today: with
  // this reader, three, so the words are kept rather than counted as other searches (ADR 0052).
  for (const version of [1, 2]) {
    const other = await request.get(`/search?q=${encodeURIComponent(words)}`, {
      headers: { "User-Agent": CHROME.replace("131.0.0.0", `131.0.0.${version}`), Accept: "text/html" },
    });
    expect(other.status()).toBe(200);
  }
  await open(`/search?q=${encodeURIComponent(words.toUpperCase())}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await signedInAs("admin");
  await open("/admin");
  await page.getByRole("link", { name: /Analytics/ }).click();
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");

  const topCities = page.getByTestId("top-cities");
  await expect(topCities.getByRole("link", { name: city.name })).toHaveAttribute("href", city.path);
  await expect(topCities.getByRole("row").filter({ hasText: city.name })).toContainText("1 pick on the landing page");

  const topMeetings = page.getByTestId("top-meetings");
  await expect(topMeetings.getByRole("link", { name: meeting.title })).toHaveAttribute("href", meeting.path);

  await expect(page.getByTestId("top-searches").getByRole("row", { name: words })).toBeVisible();
  await expect(page.getByTestId("no-results").getByRole("row", { name: words })).toBeVisible();

  const chart = page.getByTestId("visits-chart");
  await expect(chart).toBeVisible();
  await expect(page.getByRole("img", { name: /Visits per day/ })).toBeVisible();
  await expect(page.getByTestId("event-totals").getByRole("row", { name: /Searches with no results/ })).toBeVisible();

  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
