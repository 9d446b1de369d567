import sharp from "sharp";
import { expect, jsIndependent, noJsOnly, test, toast } from "./fixtures";

/**
 * A listing's image upload page (/admin/business-directory/:id/image), with
 * JavaScript on (a fetcher) and off (a plain multipart form): a file that
 * is not an image is refused with the spec's words, a real one is stored,
 * shown and served with long cache headers.
 */

test("an admin uploads an image and sees it served, and on the listing's public page", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  test.setTimeout(60_000);
  const city = await testData.createCity({ name: "Imageton", status: "Live" });
  const listing = await testData.createListing(city, { name: `Harbor Lights Cafe ${js ? "js" : "nojs"}` });
  await signedInAs("admin");
  await open(`/admin/business-directory/${listing.id}/image`);
  await expect(page.getByRole("heading", { name: `Image of ${listing.name}` })).toBeVisible();
  await expect(page.getByText("No image yet.")).toBeVisible();

  // A text file named like an image is refused.
  const input = page.getByLabel("Image file", { exact: true });
  await input.setInputFiles({ name: "menu.png", mimeType: "image/png", buffer: Buffer.from("just some text\n") });
  await page.getByRole("button", { name: "Upload image" }).click();
  await expect(toast(page, "alert", "Invalid file type")).toContainText("Please select an image file");
  await expect(page.locator("form").getByText("Please select an image file")).toBeVisible();

  // A real picture is stored and shown.
  const png = await sharp({ create: { width: 1500, height: 900, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Image file", { exact: true })
    .setInputFiles({ name: "Front Window.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload image" }).click();
  await expect(toast(page, "status", "Image uploaded successfully")).toBeVisible();
  const image = page.getByRole("img", { name: `Current image of ${listing.name}` });
  await expect(image).toBeVisible();
  const src = await image.getAttribute("src");
  expect(src).toMatch(new RegExp(`^/images/businesses/harbor-lights-cafe-${js ? "js" : "nojs"}-\\d{13}\\.png$`));
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByLabel("New image file")).toBeVisible();

  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await sharp(await served.body()).metadata()).width).toBe(1200);

  await open(`/businesses/${listing.businessKey}`);
  await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
  const publicImage = page.locator(`main img[src="${src}"]`);
  await expect(publicImage).toBeVisible();
  await expect.poll(() => publicImage.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
});

test("a member cannot open the upload page", jsIndependent, async ({ page, open, signedInAs, testData }) => {
  const city = await testData.createCity({ name: "Imageton" });
  const listing = await testData.createListing(city);
  await signedInAs("member");
  const response = await open(`/admin/business-directory/${listing.id}/image`);
  expect(response?.status()).toBe(403);
  await expect(page.getByLabel("Image file", { exact: true })).toHaveCount(0);
});

test(
  "without JavaScript, a file over 10 MB gets the upload page back with the spec's message, not a bare 413",
  noJsOnly,
  async ({ page, open, signedInAs, testData }) => {
    const city = await testData.createCity({ name: "Bigfile Falls", status: "Live" });
    const listing = await testData.createListing(city, { name: `Giant Poster Shop ${Date.now().toString(36)}` });
    await signedInAs("admin");
    await open(`/admin/business-directory/${listing.id}/image`);
    // Over the route's whole body limit (10 MB and 64 KB): the request gate answers, not the action.
    const bytes = Buffer.alloc(11 * 1024 * 1024, 7);
    (
      await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
        .png()
        .toBuffer()
    ).copy(bytes);
    await page
      .getByLabel("Image file", { exact: true })
      .setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: bytes });
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Upload image" }).click();
    expect((await answered).status()).toBe(413);
    await expect(page.getByRole("heading", { name: `Image of ${listing.name}`, level: 1 })).toBeVisible();
    await expect(toast(page, "alert", "File too large")).toContainText("Please select an image smaller than 10MB");
    await expect(page.locator("form").getByText("Please select an image smaller than 10MB")).toBeVisible();
    await expect(page.getByLabel("Image file", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload image" })).toBeVisible();
  },
);
