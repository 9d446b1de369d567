import { expect, test, toast } from "./fixtures";

/**
 * A video's caption state and Retry captions, JavaScript on and off
 * (docs/decisions/0049-captions-from-a-data-center.md). The e2e server's
 * video site is a closed local port: a caption fetch fails with a network
 * error, a transient reason, so a next attempt is planned.
 */

test("a failed caption fetch shows its reason in City Management and Content Management, and Retry captions queues it again", async ({
  page,
  open,
  signedInAs,
  testData,
}) => {
  test.setTimeout(60_000);
  await signedInAs("admin");
  const city = await testData.createCity();
  const source = await testData.createSource(city, { title: "Council uploads" });
  const meeting = await testData.createMeeting({
    city,
    cityUrlsId: source.id,
    transcript: null,
    title: "Budget hearing without captions",
  });

  // The city page's Fetch Transcript says why it failed.
  await open(city.path);
  await page.getByRole("button", { name: "Fetch Transcript" }).click();
  const failed = toast(page, "alert", "Failed to fetch transcript.");
  await expect(failed).toBeVisible();
  await expect(failed).toContainText("YouTube could not be reached");

  const management = `/admin/city-management?city=${city.id}&url=${source.id}`;
  await open(management);
  const row = page.getByRole("listitem").filter({ hasText: "Budget hearing without captions" });
  await expect(row).toContainText("Captions failed: Network error or timeout.");
  await expect(row).toContainText("1 of 6 attempts");
  await expect(row).toContainText("Next try");

  await row.getByRole("button", { name: "Retry captions for Budget hearing without captions" }).click();
  await expect(toast(page, "status", "Captions queued")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${management.replace(/[?]/g, "\\?")}$`));
  await expect(page.getByRole("listitem").filter({ hasText: "Budget hearing without captions" })).toContainText(
    "Captions failed",
  );

  await open(`/admin/content-management?cityId=${city.id}&sourceUrlId=${source.id}&meetingId=${meeting.meetingId}`);
  const details = page.getByRole("region", { name: "Details" });
  await expect(details).toContainText("Captions failed: Network error or timeout.");
  await details.getByRole("button", { name: /Retry captions/ }).click();
  await expect(toast(page, "status", "Captions queued")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content-management\?cityId=.*&meetingId=/);
});
