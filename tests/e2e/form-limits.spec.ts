import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The per-address limits of the contact form and the city request (five an
 * hour from one client address): the sixth is refused on the page itself,
 * with JavaScript and without, in the form, which keeps what was typed.
 *
 * Each test's browser has a client address of its own (fixtures.ts); the
 * test fills its five from that address first, through the same door.
 */

async function sendFive(request: APIRequestContext, address: string, path: string, form: Record<string, string>) {
  for (let n = 1; n <= 5; n++) {
    const response = await request.post(path, { form, headers: { "X-Forwarded-For": address }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
}

test("the sixth contact message in an hour is refused in the form, which keeps it", async ({
  page,
  open,
  request,
  clientAddress: address,
}) => {
  await sendFive(request, address, "/contact", { email: "flood@example.com", topic: "Other", message: "Hello" });
  await open("/contact");
  const form = page.locator("form").filter({ has: page.locator('textarea[name="message"]') });
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("resident@example.com");
  await form.getByRole("combobox", { name: "Topic", exact: true }).selectOption("Feedback");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("The sixth message of the hour");
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await form.getByRole("button", { name: "Send Message" }).click();
  expect((await answer).status()).toBe(429);

  const refused = page.getByRole("alert").filter({ hasText: "Too many messages from your connection" });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(/please wait (an hour|\d+ minutes|a minute) and send this one again/);
  const again = page.locator("form").filter({ has: page.locator('textarea[name="message"]') });
  await expect(again.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
    "The sixth message of the hour",
  );
  await expect(again.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("resident@example.com");
});

test("the sixth city request in an hour is refused in the form, which keeps it", async ({
  page,
  open,
  request,
  js,
  clientAddress: address,
}) => {
  await sendFive(request, address, "/?index", { state: "OR", cityName: "Bend", email: "flood@example.com" });
  await open(js ? "/" : "/?request-city");
  if (js) await page.getByRole("combobox", { name: "Choose your city" }).selectOption("other");
  const scope = js ? page.locator("dialog[open]") : page.locator("body");
  await scope.getByRole("combobox", { name: "State", exact: true }).selectOption("TX");
  await scope.getByRole("textbox", { name: "City Name", exact: true }).fill("Austin");
  await scope.getByRole("textbox", { name: "Email", exact: true }).fill("resident@example.com");
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await scope.getByRole("button", { name: "Submit Request" }).click();
  expect((await answer).status()).toBe(429);

  const form = js ? page.locator("dialog[open]") : page.locator("body");
  const refused = form.getByRole("alert").filter({ hasText: "Too many requests from your connection" });
  await expect(refused).toBeVisible();
  await expect(form.getByRole("textbox", { name: "City Name", exact: true })).toHaveValue("Austin");
  await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("resident@example.com");
});
