import { expect, jsIndependent, test } from "./fixtures";

/** Unknown pages and unknown cities answer 404 with the same friendly page. */

test("an unknown city is a 404 that says so", jsIndependent, async ({ page, open }) => {
  const response = await open("/city/no-such-city");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "City Not Found" })).toBeVisible();
  await expect(page.getByText("The city you're looking for doesn't exist or has been removed.")).toBeVisible();
});

for (const path of ["/no-such-page", "/no/such/deep/path"]) {
  test(`${path} is a 404 with a way home`, jsIndependent, async ({ page, open }) => {
    const response = await open(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    const home = page.getByRole("main").locator('a[href="/"]');
    await expect(home.first()).toBeVisible();
  });
}
