import { expect, jsOnly, test } from "./fixtures";

/**
 * The Content-Security-Policy lets the app run: with JavaScript on, every
 * page hydrates and Chromium reports no violation; with it off, the pages
 * still carry the policy. (The headers and nonces in detail:
 * tests/integration/http-hardening.test.ts.)
 */

test("pages hydrate under the Content-Security-Policy with no violation", jsOnly, async ({ page, open, js }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Permissions-Policy/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  const paths = ["/", "/contact", "/auth", "/about", "/city/alder-creek"];
  for (const path of paths) {
    const response = await open(path);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  }
  const meetingLink = page.locator('a[href*="/meeting/"]').first();
  const meetingHref = await meetingLink.getAttribute("href");
  expect(meetingHref).toBeTruthy();
  await open(meetingHref!);
  if (js) {
    // A client navigation loads route modules through the nonced entry ('strict-dynamic').
    await page.getByRole("link", { name: "Contact" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(violations).toEqual([]);
});
