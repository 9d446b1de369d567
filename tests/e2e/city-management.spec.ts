import { expect, test, toast } from "./fixtures";
import type { TestCity } from "./test-data";

/**
 * /admin/city-management with JavaScript on (fetchers, in place) and off
 * (plain forms and links): each test as a new admin on a city it creates.
 */

const PAGE = "/admin/city-management";

test("create a city, add a URL, edit and delete it, and edit a video's transcript inline", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  test.setTimeout(60_000);
  await signedInAs("admin");
  await open(PAGE);
  await expect(
    page.getByText("Please select a city to manage its details and URLs, or create a new city"),
  ).toBeVisible();

  // Create: blank fields are refused with the spec's words, then the city is created and selected.
  const name = `Pacifica ${Date.now().toString(36)}${js ? "js" : "nojs"}`;
  await page.getByRole("link", { name: "Create New City" }).click();
  await page.getByLabel("County").fill("   ");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create City" }).click();
  if (!js)
    await expect(toast(page, "alert", "Please fill in required fields")).toContainText("Name and county are required");
  await page.getByLabel("County").fill("San Mateo");
  await page.getByRole("button", { name: "Create City" }).click();
  await expect(toast(page, "status", "City created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\?city=[0-9a-f-]{36}$/);
  const details = page.getByRole("region", { name: "City Details" });
  await expect(details).toContainText(name);
  await expect(details).toContainText("New");
  await expect(details).toContainText("#3B82F6");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue(/[0-9a-f-]{36}/);

  // Add a URL: the content type follows the address.
  const urls = page.getByRole("region", { name: "City URLs" });
  await expect(urls).toContainText("No URLs found for this city");
  await page.getByRole("link", { name: "Add URL" }).click();
  const newUrl = page.getByRole("form", { name: "New URL" });
  await newUrl.getByLabel("Title").fill("Council channel");
  await newUrl.getByLabel("URL").fill("https://www.youtube.com/@pacifica-council");
  if (js) await expect(newUrl.getByLabel("Content type")).toHaveValue("video");
  await newUrl.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "status", "URL created successfully")).toBeVisible();
  await expect(page).toHaveURL(/&url=[0-9a-f-]{36}$/);
  await expect(urls).toContainText("video · website · Unknown");
  const query = new URL(page.url()).searchParams;
  const cityId = query.get("city")!;
  const urlId = query.get("url")!;

  // Edit it.
  await urls.getByRole("link", { name: "Edit Council channel" }).click();
  const editUrl = page.getByRole("form", { name: "Edit URL" });
  await editUrl.getByLabel("Title").fill("Council meetings");
  await editUrl.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "status", "URL updated successfully")).toBeVisible();
  await expect(urls).toContainText("Council meetings");

  // A video of this URL: edit its transcript inline.
  const city = { id: cityId, name, locationKey: "unused", path: "/unused" } satisfies TestCity;
  const meeting = await testData.createMeeting({ city, cityUrlsId: urlId, title: "Regular meeting" });
  await open(`${PAGE}?city=${cityId}&url=${urlId}`);
  const videos = page.getByRole("region", { name: "Videos of Council meetings" });
  await expect(videos).toContainText("Regular meeting");
  await videos.getByRole("link", { name: "Edit Regular meeting" }).click();
  const editVideo = page.getByRole("form", { name: "Edit video" });
  await editVideo.getByLabel("Transcript").fill("MAYOR: We now turn to the seawall repairs.");
  await editVideo.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "status", "Video updated successfully")).toBeVisible();
  await expect(videos).toContainText("We now turn to the seawall repairs.");
  await expect(page).toHaveURL(new RegExp(`\\?city=${cityId}&url=${urlId}$`));
  expect(meeting.meetingId).toBeTruthy();

  // Delete the URL: the selection is cleared.
  await urls.getByRole("button", { name: "Delete Council meetings" }).click();
  await expect(toast(page, "status", "URL deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?city=${cityId}$`));
  await expect(urls).toContainText("No URLs found for this city");
  await expect(page.getByRole("region", { name: /^Videos of/ })).toHaveCount(0);
});

test("a member is refused the page", async ({ page, signedInAs }) => {
  await signedInAs("member");
  const response = await page.goto(PAGE);
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
});
