import type { Page } from "@playwright/test";
import { expect, jsIndependent, test } from "./fixtures";

/** What every page shares (the footer) and the About page. */

const FOOTER_LINKS = [
  ["Home", "/"],
  ["About", "/about"],
  ["Contact", "/contact"],
  ["Privacy Policy", "/privacy"],
  ["API", "/api"],
] as const;

for (const path of ["/", "/about", "/contact", "/privacy", "/no-such-page"]) {
  test(`the footer on ${path} shows the year and the site links`, jsIndependent, async ({ page, open }) => {
    await open(path);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toHaveCount(1);
    await expect(footer).toContainText(String(new Date().getFullYear()));
    for (const [name, href] of FOOTER_LINKS) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });
}

test("footer links navigate", async ({ page, open }) => {
  await open("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy", exact: true }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test("the About page explains the four steps and leads to the cities", jsIndependent, async ({ page, open }) => {
  await open("/about");
  await expect(page.getByRole("link", { name: "Browse Cities" })).toHaveAttribute("href", "/");
  for (const step of ["Data Collection", "AI Analysis", "Story Generation", "Community Access"]) {
    await expect(page.getByText(step, { exact: true }).first()).toBeVisible();
  }
});

/** The navigation bar (docs/product.md): signed-in users only, every page but home, the city's links on city paths. */
test.describe("the navigation bar", () => {
  const bar = (page: Page) => page.getByRole("navigation", { name: "Main" });

  test("is not shown to visitors", jsIndependent, async ({ page, open, testData }) => {
    const city = await testData.createCity();
    for (const path of ["/about", city.path]) {
      await open(path);
      await expect(bar(page)).toHaveCount(0);
    }
  });

  test(
    "shows for a member everywhere but home, with the city's name and links on city paths",
    jsIndependent,
    async ({ page, open, signedInAs, testData }) => {
      await signedInAs("member");
      const meeting = await testData.createMeeting({ city: { name: "Larkspur Glen" } });
      await open("/");
      await expect(bar(page)).toHaveCount(0);

      await open("/about");
      await expect(bar(page).getByRole("link", { name: "Search" })).toHaveAttribute("href", "/search");
      await expect(bar(page).getByRole("link", { name: "Larkspur Glen" })).toHaveCount(0);

      for (const path of [meeting.city.path, meeting.path, `${meeting.city.path}/search`]) {
        await open(path);
        await expect(bar(page).getByRole("link", { name: "Larkspur Glen" })).toHaveAttribute("href", meeting.city.path);
        await expect(bar(page).getByRole("link", { name: "Search" })).toHaveAttribute(
          "href",
          `${meeting.city.path}/search`,
        );
      }
      await open("/admin");
      await expect(bar(page).getByRole("link", { name: "Profile" })).toBeVisible();
    },
  );
});
