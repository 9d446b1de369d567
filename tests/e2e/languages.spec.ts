import { expect, test, waitForHydration } from "./fixtures";

/**
 * English and Spanish in a browser (issue 33, ADR 0087), with JavaScript on
 * and off: the footer's switch, a Spanish page whose links stay under
 * `/es` (client-side navigation keeps the basename), and back to English.
 * What the server renders is tested in tests/integration/languages.test.ts.
 */

test("the footer's switch turns the site Spanish and back, its links staying Spanish", async ({ page, js, open }) => {
  await open("/");
  await expect(page.getByRole("heading", { level: 1, name: "Democracy Made Accessible" })).toBeVisible();

  await page.getByRole("button", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "La democracia al alcance de todos" })).toBeVisible();
  if (js) await waitForHydration(page);
  // Hydration kept the server's Spanish (no English re-render).
  await expect(page.getByRole("link", { name: "Política de privacidad" })).toBeVisible();

  await page.getByRole("navigation", { name: "Pie de página" }).getByRole("link", { name: "Acerca de" }).click();
  await expect(page).toHaveURL(/\/es\/about$/);
  await expect(page.getByRole("link", { name: "Inicio" })).toBeVisible();

  await page.getByRole("button", { name: "English" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).not.toHaveURL(/\/es\//);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
});
