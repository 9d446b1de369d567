import { expect, jsIndependent, test, toast } from "./fixtures";

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
  const letters = page.getByRole("navigation", { name: "Filter by first letter" });
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

test("a member is refused the page", jsIndependent, async ({ page, open, signedInAs }) => {
  await signedInAs("member");
  const response = await open(PAGE);
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
});

test("an admin adds a listing in a city and category, moves it, and deletes it after confirming", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  test.setTimeout(90_000);
  await signedInAs("admin");
  const tag = `${Date.now().toString(36)}${js ? "js" : "nojs"}`;
  const city = await testData.createCity({ name: `Newfield ${tag}`, status: "Live" });
  const other = await testData.createCity({ name: `Otherfield ${tag}`, status: "Live" });
  await open(`${PAGE}?city=${city.id}`);
  await expect(page.getByText("Showing 0 of 0 businesses")).toBeVisible();

  // Add: refused without a name and a city, the typed values kept; then created.
  await page.getByRole("link", { name: "Add business" }).click();
  await expect(page.getByRole("heading", { name: "New Business", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "New business" });
  await form.getByLabel("Description").fill(`Fresh bread daily in Newfield ${tag}.`);
  await form.getByRole("button", { name: "Create Business" }).click();
  await expect(toast(page, "alert", "Failed to create business")).toBeVisible();
  await expect(form.getByText("Name is required")).toBeVisible();
  await expect(form.getByText("Choose a city.")).toBeVisible();
  await expect(form.getByLabel("Description")).toHaveValue(`Fresh bread daily in Newfield ${tag}.`);
  const name = `Crumb & Crust ${tag}`;
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("City").selectOption(city.id);
  await form.getByLabel("Category").selectOption({ index: 1 });
  const category = (await form.getByLabel("Category").locator("option:checked").textContent())!.trim();
  await form.getByRole("button", { name: "Create Business" }).click();
  await expect(toast(page, "status", "Business created successfully")).toBeVisible();
  // It opens on its edit page, where its image goes.
  await expect(page.getByRole("heading", { name: "Edit Business", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Image file", { exact: true })).toBeVisible();
  const edit = page.getByRole("form", { name: `Edit ${name}` });
  await expect(edit.getByLabel("City")).toHaveValue(city.id);

  // Its public page is at once at a key from its name and city.
  const listingPath = `/city/${city.locationKey}/businesses/crumb-and-crust-${tag}-${city.locationKey}`;
  await open(listingPath);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Edit: another city (the key stays).
  await open(`${PAGE}?city=${city.id}`);
  await expect(page.getByText("Showing 1 of 1 businesses")).toBeVisible();
  await page.getByRole("link", { name: `Preview ${name}` }).click();
  const preview = js ? page.getByRole("dialog", { name: "Business preview" }) : page.getByRole("main");
  await expect(preview).toContainText(`Newfield ${tag}, CA · ${category}`);
  if (js) await page.keyboard.press("Escape");
  else await open(`${PAGE}?city=${city.id}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const editForm = page.getByRole("form", { name: `Edit ${name}` });
  await editForm.getByLabel("City").selectOption(other.id);
  await editForm.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "status", "Business updated successfully")).toBeVisible();
  await expect(page.getByText("Showing 0 of 0 businesses")).toBeVisible();
  await page.getByLabel("City", { exact: true }).selectOption(other.id);
  if (!js) await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("article", { name })).toContainText(`Otherfield ${tag}`);

  // Delete: asked first (Cancel keeps it), then gone.
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  if (js) await expect(page.getByRole("dialog", { name: `Delete ${name}?` })).toBeVisible();
  else await expect(page).toHaveURL(/\/admin\/business-directory\/[0-9a-f-]{36}\/delete\?back=/);
  await expect(page.getByRole("heading", { name: `Delete ${name}?` })).toBeVisible();
  await expect(page.getByText("This cannot be undone.")).toBeVisible();
  if (js) await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  else await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("article", { name })).toBeVisible();
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await page.getByRole("button", { name: "Delete business" }).click();
  await expect(toast(page, "status", "Business deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?city=${other.id}$`));
  await expect(page.getByText("No businesses found matching your criteria")).toBeVisible();
  expect((await page.request.get(listingPath.replace(city.locationKey, other.locationKey))).status()).toBe(404);
});

test("Clear all filters clears the search, the city and the letter; the letters' Clear only the letter", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  await signedInAs("admin");
  const tag = `${Date.now().toString(36)}${js ? "js" : "nojs"}`;
  const city = await testData.createCity({ name: `Clearwater ${tag}` });
  await testData.createBusinesses(city, [{ name: `Kite Shop ${tag}` }, { name: `Lamp Store ${tag}` }]);
  await open(`${PAGE}?q=${tag}&city=${city.id}&letter=K`);
  await expect(page.getByText("Showing 1 of 1 businesses")).toBeVisible();

  await page
    .getByRole("navigation", { name: "Filter by first letter" })
    .getByRole("link", { name: "Clear letter" })
    .click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?q=${tag}&city=${city.id}$`));
  await expect(page.getByText("Showing 2 of 2 businesses")).toBeVisible();

  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("");
  await expect(page.getByRole("link", { name: "Clear all filters" })).toHaveCount(0);
  await expect(page.getByText(/Showing 12 of \d+ businesses/)).toBeVisible();
});
