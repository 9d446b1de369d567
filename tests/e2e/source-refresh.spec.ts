import { expect, test, toast } from "./fixtures";

/**
 * Refresh Videos with the video site down (it says "Refresh queued", never
 * "Videos refreshed successfully") (the e2e server's YouTube is a
 * closed local port): the videos table follows the refresh by itself, with
 * JavaScript (revalidation) and without (a `<noscript>` reload), until it
 * reads "Error refreshing videos" with the reason; the stored videos stay.
 */

test("Refresh Videos offline ends in 'Error refreshing videos' with the reason, nothing lost", async ({
  page,
  open,
  signedInAs,
  testData,
}) => {
  test.setTimeout(60_000);
  await signedInAs("admin");
  const city = await testData.createCity();
  const source = await testData.createSource(city, { title: "Council playlist" });
  await testData.createMeeting({ city, cityUrlsId: source.id, title: "Stored council meeting" });

  await open(`/admin/city-management?city=${city.id}&url=${source.id}`);
  const videos = page.getByRole("region", { name: "Videos of Council playlist" });
  await expect(videos).toContainText("Stored council meeting");
  await videos.getByRole("button", { name: "Refresh Videos" }).click();
  // Queued is not refreshed (issue 26): never "Videos refreshed successfully" for a refresh that has not run.
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Refresh queued" }),
  ).toBeVisible();
  await expect(toast(page, "status", "Videos refreshed successfully")).toHaveCount(0);

  const failure = videos.getByRole("alert");
  await expect(failure).toContainText("Error refreshing videos", { timeout: 30_000 });
  await expect(failure).toContainText("YouTube could not be reached.");
  await expect(videos).toContainText("Stored council meeting");
  await expect(toast(page, "status", "Videos refreshed successfully")).toHaveCount(0);
  // Without a YouTube API key the table says what a key changes.
  await expect(videos.getByRole("note")).toContainText("only the 15 newest videos");
});
