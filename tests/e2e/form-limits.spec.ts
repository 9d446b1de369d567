import crypto from "node:crypto";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The per-address limits of the contact form and the city request (five an
 * hour from one client address): the sixth is refused on the page itself,
 * with JavaScript and without, in the form, which keeps what was typed.
 *
 * Every browser of the e2e run comes from 127.0.0.1; the server trusts its
 * loopback proxy, so each test takes an address of its own through
 * X-Forwarded-For and fills its five through the same door first.
 */

function ownAddress(testInfo: TestInfo): string {
  const byte = (n: number) => crypto.createHash("sha256").update(`${testInfo.testId} ${n}`).digest()[0]!;
  return `10.${byte(1)}.${byte(2)}.${byte(3)}`;
}

async function useAddress(page: Page, address: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
}

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
}, testInfo) => {
  const address = ownAddress(testInfo);
  await sendFive(request, address, "/contact", { email: "flood@example.com", topic: "Other", message: "Hello" });
  await useAddress(page, address);
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
}, testInfo) => {
  const address = ownAddress(testInfo);
  await sendFive(request, address, "/?index", { state: "OR", cityName: "Bend", email: "flood@example.com" });
  await useAddress(page, address);
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
