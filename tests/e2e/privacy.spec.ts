import { expect, test } from "./fixtures";

/** The privacy FAQ: exclusive <details name="privacy-faq">, one open at a time, no JavaScript needed. */

test("the privacy FAQ opens one answer at a time", async ({ page, open }) => {
  await open("/privacy");
  const items = page.locator('details[name="privacy-faq"]');
  await expect(items).toHaveCount(10);
  for (const item of await items.all()) {
    await expect(item).not.toHaveAttribute("open");
    await expect(item.locator("summary")).toHaveCount(1);
    await expect(item.locator("summary")).not.toHaveText("");
  }

  const first = items.nth(0);
  const second = items.nth(1);

  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open");
  await expect(page.locator('details[name="privacy-faq"][open]')).toHaveCount(1);

  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open");
  await expect(first).not.toHaveAttribute("open");
  await expect(page.locator('details[name="privacy-faq"][open]')).toHaveCount(1);

  await second.locator("summary").click();
  await expect(second).not.toHaveAttribute("open");
  await expect(page.locator('details[name="privacy-faq"][open]')).toHaveCount(0);
});

/** The cookies table comes from app/lib/privacy/cookies.ts (the drift test is tests/integration/privacy.test.ts). */
test("the privacy page lists the cookies and links to the profile for deletion", async ({ page, open }) => {
  await open("/privacy");
  const table = page.getByRole("table");
  for (const name of ["gavel_session", "gavel_toast", "_totp", "gavel_awaited_job", "gavel_device", "lite"])
    await expect(table.getByRole("rowheader", { name, exact: true })).toBeVisible();
  await page.getByText("How do I delete my account?").click();
  await expect(page.getByRole("link", { name: "your profile" })).toHaveAttribute("href", "/profile");
});
