import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, jsOnly, test } from "./fixtures";

/**
 * Readable colors whatever a city's admins choose (docs/decisions/0044-readable-colors.md):
 * a pale yellow city's public page has no contrast failures, and City
 * Management warns about the pale color and names the shade used instead.
 */

const PALE = { primaryColor: "#FFFF99", secondaryColor: "#FFF9C4" };
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

// axe runs in the page, so with JavaScript; a no-JS page's colors are the same HTML and CSS.
test(
  "a pale yellow city's page passes axe's color contrast, header and buttons included",
  jsOnly,
  async ({ page, open, testData }) => {
    const city = await testData.createCity({ ...PALE, status: "Live" });
    await testData.createMeeting({ city, title: "Budget hearing", analysis: true, story: true });
    await open(city.path);
    await expect(page.getByRole("link", { name: /View Story/ }).first()).toBeVisible();
    const header = page.locator("header[data-header-text]");
    await expect(header).toHaveAttribute("data-header-text", "#0F172A");

    await page.evaluate(axeSource);
    const run = () =>
      page.evaluate(async () => {
        const { violations } = await (
          window as unknown as { axe: { run: (options: object) => Promise<{ violations: unknown[] }> } }
        ).axe.run({ runOnly: { type: "rule", values: ["color-contrast"] } });
        return violations;
      });
    expect(await run()).toEqual([]);

    // The focus ring on the header is its text color, not the page's brand color.
    await header.getByRole("link", { name: "Businesses" }).focus();
    const ring = await header
      .getByRole("link", { name: "Businesses" })
      .evaluate((link) => getComputedStyle(link).outlineColor);
    expect(ring).toBe("rgb(15, 23, 42)");
  },
);

test("City Management shows the contrast of the chosen colors and warns below AA", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  await signedInAs("admin");
  const city = await testData.createCity(PALE);
  await open(`/admin/city-management?city=${city.id}&edit=city`);
  const primary = page.getByLabel("Primary color");
  await expect(primary).toHaveAccessibleDescription(
    /White text on #FFFF99: 1\.0\d:1\. Warning: below AA \(4\.5:1\)\. Public pages will use #7A7A00 for buttons and links instead/,
  );
  await expect(page.getByLabel("Secondary color")).toHaveAccessibleDescription(
    /Dark header text on the gradient: lowest \d+\.\d\d:1\. Meets AA/,
  );
  if (js) {
    // It follows the typing.
    await primary.fill("#0F766E");
    await expect(primary).toHaveAccessibleDescription(/White text on #0F766E: 5\.47:1\. Meets AA/);
  }
  // The saved values' report on the details view, without the form.
  await open(`/admin/city-management?city=${city.id}`);
  await expect(page.getByRole("region", { name: "City Details" })).toContainText(
    "Warning: below AA (4.5:1). Public pages will use #7A7A00",
  );
});
