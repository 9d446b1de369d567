import type { Page } from "@playwright/test";
import { expect, jsIndependent, test } from "./fixtures";

/**
 * /admin/content-management with JavaScript on and off: the source's
 * header, the collapsible Videos for Source table, the four cards with
 * content and empty, the breadcrumbs, and the way back to City Management.
 */

function card(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

test("an admin picks a source, then a video, and sees its four cards", async ({ page, open, signedInAs, testData }) => {
  await signedInAs("admin");
  // Its own name: the js and no-js projects share the server's database.
  const cityName = `Juniper Bay ${Math.random().toString(36).slice(2, 8)}`;
  const city = await testData.createCity({ name: cityName });
  const source = await testData.createSource(city, { title: "Council playlist", sourceType: "youtube" });
  const full = await testData.createMeeting({
    city,
    cityUrlsId: source.id,
    title: "Budget hearing",
    channelTitle: "Juniper Bay TV",
    description: "The yearly budget.",
    analysis: true,
    story: true,
    publishedAt: "2026-03-05T18:00:00Z",
  });
  const bare = await testData.createMeeting({
    city,
    cityUrlsId: source.id,
    title: "Special session",
    transcript: null,
    publishedAt: "2026-02-01T18:00:00Z",
  });

  await open("/admin");
  await page.getByRole("link", { name: /Content Management/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Content Management" })).toBeVisible();
  const cityEntry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `${cityName}, CA` }) });
  await cityEntry.getByRole("link", { name: "Council playlist" }).click();
  await expect(page).toHaveURL(`/admin/content-management?cityId=${city.id}&sourceUrlId=${source.id}`);

  const header = page.getByRole("region", { name: "Source" });
  await expect(header).toContainText(`${cityName}, CA`);
  await expect(header).toContainText("Content type: video");
  await expect(header).toContainText("Source type: youtube");
  await expect(header.getByRole("link", { name: "Back to City Management" })).toHaveAttribute(
    "href",
    `/admin/city-management?city=${city.id}&url=${source.id}`,
  );

  const videos = page.getByRole("group").filter({ hasText: "Videos for Source (2)" });
  const rows = videos.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Budget hearing");
  await expect(rows.nth(2)).toContainText("Special session");

  // The table folds away and opens again, with or without JavaScript (a <details>).
  await page.getByText("Videos for Source (2)").click();
  await expect(videos.getByRole("table")).toBeHidden();
  await page.getByText("Videos for Source (2)").click();
  await expect(videos.getByRole("table")).toBeVisible();

  await videos.getByRole("link", { name: "Budget hearing" }).click();
  await expect(page).toHaveURL(new RegExp(`meetingId=${full.meetingId}$`));
  const details = card(page, "Details");
  await expect(details).toContainText("Juniper Bay TV");
  await expect(details).toContainText("The yearly budget.");
  await expect(details).toContainText("Mar 5, 2026");
  await expect(details).toContainText(full.videoId);
  await expect(details.getByRole("link", { name: "Watch on YouTube" })).toHaveAttribute(
    "href",
    `https://www.youtube.com/watch?v=${full.videoId}`,
  );
  // Line breaks kept: the transcript's lines are lines on the page.
  const transcript = card(page, "Transcript");
  const text = await transcript.locator("[tabindex='0']").innerText();
  expect(text.split("\n").length).toBeGreaterThan(5);
  await expect(card(page, "Analysis").getByRole("heading", { name: "Highlights" })).toBeVisible();
  await expect(card(page, "Story")).toContainText("Generated");
  await expect(card(page, "Story").getByRole("heading", { level: 3 })).toBeVisible();

  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail.getByRole("listitem")).toHaveText([
    "Admin Panel",
    /Content Management$/,
    new RegExp(`${cityName} · Council playlist$`),
    /Budget hearing$/,
  ]);
  await expect(trail.getByText("Budget hearing")).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "Special session" }).click();
  await expect(page).toHaveURL(new RegExp(`meetingId=${bare.meetingId}$`));
  await expect(card(page, "Transcript")).toContainText("No transcript available");
  await expect(card(page, "Analysis")).toContainText("No analysis available");
  await expect(card(page, "Story")).toContainText("No story available");

  await trail.getByRole("link", { name: "Content Management" }).click();
  await expect(page).toHaveURL("/admin/content-management");
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Admin Panel" }).click();
  await expect(page).toHaveURL("/admin");
});

test(
  "unknown ids and empty sources say so on the page",
  jsIndependent,
  async ({ page, open, signedInAs, testData }) => {
    await signedInAs("admin");
    const city = await testData.createCity({ name: "Kestrel Point" });
    const source = await testData.createSource(city, { title: "Empty playlist" });
    await open(`/admin/content-management?cityId=${city.id}&sourceUrlId=${source.id}`);
    await expect(page.getByText("No videos found for this URL")).toBeVisible();

    const response = await open(`/admin/content-management?cityId=${crypto.randomUUID()}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("City not found")).toBeVisible();

    await open(`/admin/content-management?cityId=${city.id}&sourceUrlId=${source.id}&meetingId=nope`);
    await expect(card(page, "Details")).toContainText("No video details found");

    await open(`/admin/content-management?cityId=${city.id}`);
    await expect(page.getByRole("link", { name: "Empty playlist" })).toBeVisible();
  },
);

test("a member is refused", jsIndependent, async ({ page, open, signedInAs }) => {
  await signedInAs("member");
  const response = await open("/admin/content-management");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
});

test("the other admin pages carry the breadcrumbs", jsIndependent, async ({ page, open, signedInAs }) => {
  await signedInAs("admin");
  for (const [path, section] of [
    ["/admin/jobs", "Jobs"],
    ["/admin/story-playground", "Story Playground"],
  ] as const) {
    await open(path);
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trail.getByRole("listitem")).toHaveText(["Admin Panel", new RegExp(`${section}$`)]);
    await expect(trail.getByRole("link", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
  }
  await open("/admin");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Admin Panel")).toHaveAttribute(
    "aria-current",
    "page",
  );
});
