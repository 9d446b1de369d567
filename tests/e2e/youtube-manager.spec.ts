import { expect, jsIndependent, test, toast } from "./fixtures";

/**
 * /admin/youtube-manager with JavaScript on and off. The e2e server's video
 * site is a closed local port, so Analyze fails: the page must say so
 * clearly and keep what was typed. Analyze to Save against a fake of the
 * video site is covered by tests/integration/youtube-manager.test.ts.
 */

const PAGE = "/admin/youtube-manager";

test("the form's rules, and a clear message when the video site cannot be reached", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  const city = await testData.createCity();
  await signedInAs("admin");
  await open(`${PAGE}?city=${city.id}`);
  await expect(page.getByRole("heading", { name: "YouTube Channel Manager" })).toBeVisible();
  await expect(page.getByLabel("City", { exact: true })).toHaveValue(city.id);
  await expect(page.getByLabel("Source type")).toHaveValue("YouTube");
  await expect(page.getByLabel("Content type")).toHaveValue("Playlist");
  const analyze = page.getByRole("button", { name: "Analyze Channel" });

  if (js) {
    // Blank URL: the button stays disabled until something is typed.
    await expect(analyze).toBeDisabled();
    await page.getByLabel("Channel or playlist URL").fill("   ");
    await expect(analyze).toBeDisabled();
  } else {
    await analyze.click();
    await expect(toast(page, "alert", "Please enter a YouTube URL")).toBeVisible();
  }

  const url = "https://www.youtube.com/@UnreachableCouncil";
  await page.getByLabel("Channel or playlist URL").fill(url);
  await expect(analyze).toBeEnabled();
  await analyze.click();
  await expect(toast(page, "alert", "Failed to analyze channel. Please check the URL and try again.")).toContainText(
    "YouTube could not be reached.",
  );
  await expect(page.getByLabel("Channel or playlist URL")).toHaveValue(url);
  await expect(page.getByRole("button", { name: "Save Selected URLs" })).toHaveCount(0);
});

test("a member is refused the page", jsIndependent, async ({ page, signedInAs }) => {
  await signedInAs("member");
  const response = await page.goto(PAGE);
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});
