import type { Page } from "@playwright/test";
import { expect, jsIndependent, noJsOnly, test } from "./fixtures";

/** The landing page's city picker: a GET form to "/" that works with and without JavaScript. */

function picker(page: Page) {
  const form = page.locator('form[method="get" i][action="/"]').filter({ has: page.locator('select[name="city"]') });
  return {
    form,
    select: form.getByRole("combobox", { name: "Choose your city", exact: true }),
    submit: form.getByRole("button", { name: "Go to My City" }),
  };
}

/** The options naming real cities: neither the placeholder nor "Other". */
async function cityOptions(page: Page) {
  const options = await picker(page)
    .select.locator("option")
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ value: (node as HTMLOptionElement).value, label: (node.textContent ?? "").trim() })),
    );
  return options.filter((option) => option.value !== "" && option.value !== "other");
}

test("the landing page introduces Gavel", jsIndependent, async ({ page, open }) => {
  await open("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Democracy Made Accessible");
});

test("the city picker lists Live cities by name, then Other", jsIndependent, async ({ page, open }) => {
  await open("/");
  const { form, select, submit } = picker(page);
  await expect(form).toHaveCount(1);
  await expect(select).toHaveAttribute("name", "city");
  await expect(submit).toHaveCount(1);
  await expect(select.locator('option[value="other"]')).toHaveText("Other");

  const cities = await cityOptions(page);
  expect(cities.length, "the demo data should hold at least one Live city").toBeGreaterThan(0);
  const names = cities.map((city) => city.label);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  for (const city of cities) expect(city.value).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
});

test("choosing a city and pressing Go to My City opens the city's page", async ({ page, open, js }) => {
  await open("/");
  const { select, submit } = picker(page);
  const [city] = await cityOptions(page);
  if (!city) throw new Error("no Live city to choose");

  if (js) await expect(submit).toBeDisabled();
  await select.selectOption(city.value);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(new RegExp(`/city/${city.value}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(city.label.split(",")[0] ?? city.label);
});

test("without JavaScript the picker is a plain GET that redirects", noJsOnly, async ({ page }) => {
  await page.goto("/");
  const [city] = await cityOptions(page);
  if (!city) throw new Error("no Live city to choose");
  const response = await page.goto(`/?city=${encodeURIComponent(city.value)}`);
  expect(response?.request().redirectedFrom()?.url()).toContain(`city=${city.value}`);
  await expect(page).toHaveURL(new RegExp(`/city/${city.value}$`));
});
