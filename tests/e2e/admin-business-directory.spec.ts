import { expect, test, toast } from "./fixtures";

/**
 * /admin/business-directory with JavaScript on (search as you type, preview
 * and edit dialogs) and off (a GET form, preview and edit pages): each test
 * as a new admin on a city and listings it creates.
 */

const PAGE = "/admin/business-directory";

test("search, filter, page through, edit a listing and see the change", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  test.setTimeout(60_000);
  await signedInAs("admin");
  const tag = `${Date.now().toString(36)}${js ? "js" : "nojs"}`;
  const city = await testData.createCity({ name: `Quillon ${tag}` });
  const names = Array.from({ length: 14 }, (_, i) => `Quill ${tag} Shop ${String(i + 1).padStart(2, "0")}`);
  await testData.createBusinesses(
    city,
    names.map((name) => ({ name, description: `Made in Quillon ${tag}.` })),
  );
  await open(PAGE);
  await expect(page.getByRole("heading", { name: "Business Directory", level: 1 })).toBeVisible();

  // Search: as you type with JavaScript, with the button without.
  const search = page.getByRole("searchbox", { name: "Search" });
  if (js) {
    // Typed slower than the debounce: each pause searches, and the box keeps its text and focus.
    await search.pressSequentially("QUILL ");
    await search.pressSequentially(tag, { delay: 400 });
    await expect(search).toBeFocused();
    await expect(search).toHaveValue(`QUILL ${tag}`);
  } else {
    await search.fill(`QUILL ${tag}`);
    await page.getByRole("button", { name: "Search" }).click();
  }
  await expect(page.getByText("Showing 12 of 14 businesses")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?q=QUILL\\+${tag}(&city=)?$`));

  // Page 2 holds the last two; a filter change goes back to page 1.
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await pagination.getByRole("link", { name: "Page 2" }).click();
  await expect(page.getByText("Showing 2 of 14 businesses")).toBeVisible();
  await expect(page.getByRole("heading", { name: names[13] })).toBeVisible();
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("City", { exact: true }).selectOption(city.id);
  if (!js) await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Showing 12 of 14 businesses")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?q=QUILL\\+${tag}&city=${city.id}$`));

  // Letters: none start with Z; Clear brings them back.
  const letters = page.getByRole("navigation", { name: "First letter" });
  await letters.getByRole("link", { name: "Z", exact: true }).click();
  await expect(page.getByText("No businesses found matching your criteria")).toBeVisible();
  await expect(page.getByText("Showing 0 of 0 businesses")).toBeVisible();
  await letters.getByRole("link", { name: "Clear" }).click();
  await expect(page.getByText("Showing 12 of 14 businesses")).toBeVisible();

  // Edit: refused input keeps what was typed; then saved.
  const target = names[2]!;
  await page.getByRole("link", { name: `Edit ${target}` }).click();
  if (js) await expect(page.getByRole("dialog", { name: `Edit ${target}` })).toBeVisible();
  else await expect(page).toHaveURL(/\/admin\/business-directory\/[0-9a-f-]{36}\/edit\?back=/);
  const form = page.getByRole("form", { name: `Edit ${target}` });
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Latitude").fill("45.5");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByText("Enter an email address like name@example.com.")).toBeVisible();
  await expect(form.getByText("Enter both latitude and longitude, or neither.")).toBeVisible();
  if (js)
    await expect(page.getByRole("dialog").getByRole("alert")).toContainText(
      "Failed to update business Please correct the highlighted fields.",
    );
  else await expect(toast(page, "alert", "Failed to update business")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveValue("not-an-email");
  await form.getByLabel("Email").fill("hello@quill.example");
  await form.getByLabel("Longitude").fill("-122.6");
  await form.getByLabel("Name").fill(`${target} Deluxe`);
  await form.getByLabel("Website").fill("quill.example");
  await form.getByLabel("Listing tier").selectOption("Tier 1");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "status", "Business updated successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?q=QUILL\\+${tag}&city=${city.id}$`));
  const card = page.getByRole("article", { name: `${target} Deluxe` });
  await expect(card).toContainText("Premium");
  await expect(card).toContainText("hello@quill.example");
  await expect(card.getByRole("link", { name: "quill.example", exact: true })).toHaveAttribute(
    "href",
    "https://quill.example/",
  );

  // Preview: a dialog with JavaScript, a page without.
  await card.getByRole("link", { name: `Preview ${target} Deluxe` }).click();
  const preview = js ? page.getByRole("dialog", { name: "Business preview" }) : page.getByRole("main");
  await expect(preview.getByRole("heading", { name: `${target} Deluxe` })).toBeVisible();
  await expect(preview).toContainText("Coordinates: 45.5, -122.6");
  await expect(preview).toContainText(`Quillon ${tag}`);
});

test("a member is refused the page", async ({ page, open, signedInAs }) => {
  await signedInAs("member");
  const response = await open(PAGE);
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
});
