import type { Locator, Page } from "@playwright/test";
import { expect, noJsOnly, test, toast } from "./fixtures";

/**
 * "Other" in the landing picker leads to the Request City Coverage form: a
 * <dialog> with JavaScript, the page /?request-city without.
 */

const SUCCESS_DESCRIPTION = "We've received your request. We'll notify you when we add coverage for your city.";

function requestForm(scope: Locator) {
  return {
    // Accessible names: a required field's "*" marker is aria-hidden.
    state: scope.getByRole("combobox", { name: "State", exact: true }),
    cityName: scope.getByRole("textbox", { name: "City Name", exact: true }),
    email: scope.getByRole("textbox", { name: "Email", exact: true }),
    submit: scope.getByRole("button", { name: "Submit Request" }),
  };
}

/** Chooses "Other" in the picker; returns where the request form then is. */
async function chooseOther(page: Page, js: boolean): Promise<Locator> {
  const select = page.getByRole("combobox", { name: "Choose your city" });
  await select.selectOption("other");
  if (js) {
    const dialog = page.locator("dialog[open]");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Request City Coverage", { exact: true })).toBeVisible();
    return dialog;
  }
  await page.getByRole("button", { name: "Go to My City" }).click();
  await expect(page).toHaveURL(/\/\?request-city(=|&|#|$)/);
  await expect(page.getByText("Request City Coverage", { exact: true }).first()).toBeVisible();
  return page.locator("form").filter({ has: page.locator('input[name="cityName"]') });
}

test("choosing Other opens the Request City Coverage form", async ({ page, open, js }) => {
  await open("/");
  const scope = await chooseOther(page, js);
  const { state, cityName, email, submit } = requestForm(scope);

  await expect(state).toHaveAttribute("name", "state");
  await expect(cityName).toHaveAttribute("name", "cityName");
  await expect(email).toHaveAttribute("name", "email");
  await expect(email).toHaveAttribute("type", "email");
  await expect(submit).toBeVisible();

  const states = await state
    .locator("option")
    .evaluateAll((nodes) =>
      nodes
        .map((node) => ({ value: (node as HTMLOptionElement).value, label: (node.textContent ?? "").trim() }))
        .filter((option) => option.value !== ""),
    );
  expect(states).toHaveLength(50);
  for (const option of states) expect(option.value).toMatch(/^[A-Z]{2}$/);
  expect(states).toContainEqual({ value: "CA", label: "California" });
  expect(states).toContainEqual({ value: "NY", label: "New York" });
  expect(states).toContainEqual({ value: "WY", label: "Wyoming" });
});

test("without JavaScript, the request form is a page of its own", noJsOnly, async ({ page }) => {
  const response = await page.goto("/?request-city");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Request City Coverage", { exact: true }).first()).toBeVisible();
  await expect(requestForm(page.locator("body")).cityName).toBeVisible();
});

test("a complete request is received", async ({ page, open, js }) => {
  await open("/");
  const scope = await chooseOther(page, js);
  const { state, cityName, email, submit } = requestForm(scope);

  if (js) await expect(submit).toBeDisabled();
  await state.selectOption("OR");
  if (js) await expect(submit).toBeDisabled();
  await cityName.fill("Bend");
  if (js) await expect(submit).toBeDisabled();
  await email.fill("resident@example.com");
  await expect(submit).toBeEnabled();
  await submit.click();

  const received = toast(page, "status", "Request Received!");
  await expect(received).toBeVisible();
  await expect(received).toContainText(SUCCESS_DESCRIPTION);

  // The dialog closes and, opened again, starts empty.
  await expect(page.locator("dialog[open]")).toHaveCount(0);
  const again = requestForm(await chooseOther(page, js));
  await expect(again.cityName).toHaveValue("");
  await expect(again.email).toHaveValue("");
});

test("an invalid email is sent back with the server's message and the typed values", async ({ page, open, js }) => {
  await open("/");
  const form = requestForm(await chooseOther(page, js));
  await form.state.selectOption("TX");
  await form.cityName.fill("Austin");
  await form.email.fill("not-an-email");
  await form.submit.click();

  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  const again = requestForm(js ? page.locator("dialog[open]") : page.locator("body"));
  await expect(again.state).toHaveValue("TX");
  await expect(again.cityName).toHaveValue("Austin");
  await expect(again.email).toHaveValue("not-an-email");
  await expect(toast(page, "status", "Request Received!")).toHaveCount(0);
});
