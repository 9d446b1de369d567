import type { Page } from "@playwright/test";
import { expect, jsIndependent, test } from "./fixtures";

/**
 * The prototype pages with JavaScript on and off: every tab, chip, toggle,
 * previous/next, draft operation and directory filter is a link or GET form,
 * so both projects walk the same steps. With JavaScript the page is never
 * reloaded (a marker set on window survives every step).
 */

async function markPage(page: Page, js: boolean) {
  if (js) await page.evaluate(() => ((window as unknown as { protoMarker: number }).protoMarker = 1));
}

async function expectNoReload(page: Page, js: boolean) {
  if (js) expect(await page.evaluate(() => (window as unknown as { protoMarker?: number }).protoMarker)).toBe(1);
}

test("the admin panel lists the prototypes, each marked as sample data", async ({ page, open, signedInAs }) => {
  await signedInAs("admin");
  await open("/admin");
  await expect(page.getByRole("heading", { name: "Prototypes", level: 2 })).toBeVisible();
  for (const [name, path] of [
    ["Frontend Components", "/admin/proto/frontend-components"],
    ["Directory Tiers", "/admin/proto/business-directory-tiers"],
    ["Sample Directory", "/admin/proto/business-directory"],
    ["Pricing", "/admin/proto/pricing"],
  ] as const) {
    await page.getByRole("link", { name }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByTestId("prototype-banner")).toContainText("sample data for the fictional town of Oakdale");
    await page.goBack();
  }
});

test("component showcase: timeline chips, issue key, search variants", async ({ page, open, js, signedInAs }) => {
  await signedInAs("admin");
  await open("/admin/proto/frontend-components");
  await markPage(page, js);
  const components = page.getByRole("navigation", { name: "Components" });
  await expect(components.getByRole("link", { name: "Issue Timeline" })).toHaveAttribute("aria-current", "page");

  // Timeline: the default issue, every chip on.
  await expect(page.getByLabel("Issue key")).toHaveValue("oakdale-creek-development");
  const items = page.getByTestId("timeline").locator("> li");
  await expect(items).toHaveCount(13);
  for (const name of ["City (8)", "School (3)", "County (2)"])
    await expect(page.getByRole("switch", { name })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("switch", { name: "School (3)" }).click();
  await expect(page.getByRole("switch", { name: "School (3)" })).toHaveAttribute("aria-checked", "false");
  await expect(items).toHaveCount(10);
  await page.getByRole("switch", { name: "County (2)" }).click();
  await expect(items).toHaveCount(8);
  await expect(page).toHaveURL(/\?hide=school%2Ccounty$/);
  await page.getByRole("switch", { name: "City (8)" }).click();
  await expect(page.getByText("No meetings for the chosen entities. Turn a chip back on.")).toBeVisible();
  await page.getByRole("switch", { name: "School (3)" }).click();
  await expect(items).toHaveCount(3);
  await expect(page.getByRole("switch", { name: "School (3)" })).toHaveAttribute("aria-checked", "true");
  if (js) {
    // A switch also answers the space bar.
    await page.getByRole("switch", { name: "City (8)" }).focus();
    await page.keyboard.press(" ");
    await expect(page.getByRole("switch", { name: "City (8)" })).toHaveAttribute("aria-checked", "true");
    await expect(items).toHaveCount(11);
    await page.getByRole("switch", { name: "City (8)" }).click();
    await expect(items).toHaveCount(3);
  }

  // Another issue key: none in the sample; back to the default.
  await page.getByLabel("Issue key").fill("mill-road-signal");
  await page.getByRole("button", { name: "Show timeline" }).click();
  await expect(page.getByText("No sample timeline for “mill-road-signal”.")).toBeVisible();
  await page.getByLabel("Issue key").fill("oakdale-creek-development");
  await page.getByRole("button", { name: "Show timeline" }).click();
  await expect(items).toHaveCount(3);

  // Search interface: the AI summary first, confidence as text; then traditional.
  await components.getByRole("link", { name: "Search Interface" }).click();
  const summary = page.getByTestId("ai-summary");
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId("confidence")).toHaveText("High");
  for (const heading of ["Current status", "Key developments", "Next steps", "Sources"])
    await expect(summary.getByRole("heading", { name: heading })).toBeVisible();
  const variants = page.getByRole("navigation", { name: "Search variant" });
  await variants.getByRole("link", { name: "Traditional" }).click();
  await expect(page.getByTestId("traditional-results").locator("> li")).toHaveCount(4);
  await page.getByLabel("Search meetings").fill("culvert");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("traditional-results").locator("> li")).toHaveCount(1);
  await expect(page.getByText("County flood control asks for a wider culvert")).toBeVisible();
  await page.getByLabel("Search meetings").fill("zebra");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No results found")).toBeVisible();
  await variants.getByRole("link", { name: "AI Summary" }).click();
  await expect(page).toHaveURL(/tab=search/);
  await expect(page).not.toHaveURL(/variant=/);

  // The timeline's chips are kept across tabs.
  await components.getByRole("link", { name: "Issue Timeline" }).click();
  await expect(items).toHaveCount(3);
  await expectNoReload(page, js);
});

test("journalist dashboard: trial, counts, feedback, draft add, remove and clear", async ({
  page,
  open,
  js,
  signedInAs,
}) => {
  await signedInAs("admin");
  await open("/admin/proto/frontend-components?tab=dashboard");
  await markPage(page, js);
  await expect(page.getByTestId("trial-banner")).toContainText("23 days left");
  await expect(page.getByTestId("count-city")).toHaveText("8");
  await expect(page.getByTestId("count-school")).toHaveText("3");
  await expect(page.getByTestId("count-county")).toHaveText("2");

  const tabs = page.getByRole("navigation", { name: "Dashboard" });
  await expect(tabs.getByRole("link", { name: "Alerts" })).toHaveAttribute("aria-current", "page");
  const alert = page.getByTestId("alert-a1");
  for (const option of ["Helpful", "Not helpful", "More detail"])
    await expect(alert.getByRole("link", { name: option, exact: true })).toBeVisible();
  await alert.getByRole("link", { name: "More detail" }).click();
  await expect(alert.getByRole("link", { name: "More detail" })).toHaveAttribute("aria-current", "true");
  await expect(alert.getByText("Thanks for your feedback.")).toBeVisible();
  await expect(page).toHaveURL(/feedback=a1%3Amore-detail/);

  await tabs.getByRole("link", { name: "Quotes" }).click();
  await page.getByTestId("quote-q1").getByRole("link", { name: "Add to draft" }).click();
  await expect(page.getByTestId("quote-q1").getByRole("link", { name: "Remove from draft" })).toBeVisible();
  await page.getByTestId("quote-q3").getByRole("link", { name: "Add to draft" }).click();
  await expect(tabs.getByRole("link", { name: "Draft (2)" })).toBeVisible();
  await page.getByTestId("quote-q3").getByRole("link", { name: "Remove from draft" }).click();
  await expect(tabs.getByRole("link", { name: "Draft (1)" })).toBeVisible();
  await page.getByTestId("quote-q5").getByRole("link", { name: "Add to draft" }).click();

  await tabs.getByRole("link", { name: "Draft (2)" }).click();
  const draft = page.getByTestId("draft");
  await expect(draft.locator("> li")).toHaveCount(2);
  await expect(draft.getByText("The seventeenth is the night this gets decided.")).toBeVisible();
  await draft.getByTestId("quote-q1").getByRole("link", { name: "Remove from draft" }).click();
  await expect(draft.locator("> li")).toHaveCount(1);
  await expect(page).toHaveURL(/draft=q5/);
  await page.getByRole("link", { name: "Clear draft" }).click();
  await expect(page.getByText("Your draft is empty. Add quotes from the Quotes tab.")).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Draft (0)" })).toHaveAttribute("aria-current", "page");
  // The feedback given on the alerts tab is still there.
  await tabs.getByRole("link", { name: "Alerts" }).click();
  await expect(alert.getByText("Thanks for your feedback.")).toBeVisible();
  await expectNoReload(page, js);
});

test("directory tiers: toggles with their prices, previous and next through 11 businesses", async ({
  page,
  open,
  js,
  signedInAs,
}) => {
  await signedInAs("admin");
  await open("/admin/proto/business-directory-tiers");
  await markPage(page, js);
  const phone = page.getByTestId("phone-preview");
  const card = phone.getByTestId("proto-business");
  await expect(page.getByText("Business 1 of 11")).toBeVisible();
  await expect(phone.getByText("147 more local businesses")).toBeVisible();
  await expect(card).toHaveAttribute("data-presentation", "premium");
  await expect(page.getByTestId("tier-price")).toHaveText("Premium: $149/month");

  const tiers = page.getByRole("navigation", { name: "Listing tier" });
  await tiers.getByRole("link", { name: /Basic/ }).click();
  await expect(page.getByTestId("tier-price")).toHaveText("Basic: $29/month");
  await expect(card).toHaveAttribute("data-presentation", "basic");
  await expect(card.getByRole("list", { name: "Services" })).toHaveCount(0);
  await tiers.getByRole("link", { name: /Featured/ }).click();
  await expect(page.getByTestId("tier-price")).toHaveText("Featured: $79/month");
  await expect(card).toHaveAttribute("data-presentation", "enhanced");
  await expect(card.getByText("+3 more")).toBeVisible(); // Oakdale Creek Bakery: 6 services

  const browse = page.getByRole("navigation", { name: "Sample businesses" });
  await browse.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByText("Business 2 of 11")).toBeVisible();
  await expect(card.getByRole("heading", { name: "Riverside Dental Care" })).toBeVisible();
  await expect(card).toHaveAttribute("data-presentation", "enhanced");
  await browse.getByRole("link", { name: "← Previous" }).click();
  // Each link points from the business shown: the second click waits for the first's page.
  await expect(page.getByText("Business 1 of 11")).toBeVisible();
  await browse.getByRole("link", { name: "← Previous" }).click();
  await expect(page.getByText("Business 11 of 11")).toBeVisible();
  await expect(card.getByRole("heading", { name: "3 Sisters Coffee" })).toBeVisible();
  await browse.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByText("Business 1 of 11")).toBeVisible();
  await expectNoReload(page, js);
});

test("public sample directory: search, category, letter, clear, List My Business", async ({ page, open, js }) => {
  await open("/proto/business-directory");
  await markPage(page, js);
  await expect(page.getByTestId("prototype-banner")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const count = page.getByRole("status").filter({ hasText: "Showing" });
  await expect(count).toHaveText("Showing 11 of 11 businesses");
  const cards = page.getByTestId("proto-business");
  await expect(cards.first().getByRole("heading")).toHaveText("Maple Street Hardware");
  await expect(cards.first()).toHaveAttribute("data-presentation", "premium");
  await expect(cards.last()).toHaveAttribute("data-presentation", "basic");
  const yoga = cards.filter({ has: page.getByRole("heading", { name: "Blue Heron Yoga" }) });
  await expect(yoga).toHaveAttribute("data-presentation", "enhanced");
  await expect(yoga.getByRole("list", { name: "Services" }).locator("> li")).toHaveCount(4);
  await expect(yoga.getByText("+2 more")).toBeVisible();
  await expect(page.getByRole("link", { name: "Clear all filters" })).toHaveCount(0);

  // Search reaches services, in any case.
  await page.getByLabel("Search businesses").fill("SMOG");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(count).toHaveText("Showing 1 of 11 businesses");
  await expect(cards.getByRole("heading")).toHaveText(["Pinecrest Auto Repair"]);
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(count).toHaveText("Showing 11 of 11 businesses");
  await expect(page.getByLabel("Search businesses")).toHaveValue("");

  // Category, then a letter on top of it.
  await page.getByLabel("Category").selectOption("Food & Drink");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(count).toHaveText("Showing 3 of 11 businesses");
  await expect(cards.getByRole("heading")).toHaveText([
    "Oakdale Creek Bakery",
    "Golden Spoon Diner",
    "3 Sisters Coffee",
  ]);
  const letters = page.getByRole("navigation", { name: "Filter by first letter" });
  await letters.getByRole("link", { name: "G", exact: true }).click();
  await expect(count).toHaveText("Showing 1 of 11 businesses");
  await expect(page.getByLabel("Category")).toHaveValue("Food & Drink");
  await letters.getByRole("link", { name: "Z", exact: true }).click();
  await expect(page.getByText("No businesses found matching your criteria.")).toBeVisible();
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(count).toHaveText("Showing 11 of 11 businesses");
  await expect(page.getByLabel("Category")).toHaveValue("");
  await expectNoReload(page, js);

  await page.getByRole("link", { name: "List My Business" }).click();
  await expect(page).toHaveURL("/proto/pricing");
});

test(
  "public pricing: three plans, Enhanced most popular, Premium on request, previews",
  jsIndependent,
  async ({ page, open }) => {
    const response = await open("/proto/pricing");
    expect(response?.headers()["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    await expect(page).toHaveTitle(/Pricing \(prototype\)/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByTestId("prototype-banner")).toBeVisible();
    const basic = page.getByTestId("plan-basic");
    const enhanced = page.getByTestId("plan-enhanced");
    const premium = page.getByTestId("plan-premium");
    await expect(basic).toContainText("$29/month");
    await expect(enhanced).toContainText("$79/month");
    await expect(enhanced).toContainText("Most Popular");
    await expect(basic).not.toContainText("Most Popular");
    await expect(premium).toContainText("Contact Us");
    await expect(premium).toContainText("Custom pricing");
    await expect(premium).not.toContainText("$149");
    await expect(basic.getByRole("list", { name: "Basic features" })).toContainText("Basic visibility");
    await expect(enhanced.getByRole("list", { name: "Enhanced features" })).toContainText("Better ranking");
    await expect(premium.getByRole("list", { name: "Premium features" })).toContainText("Top placement");
    for (const [plan, presentation] of [
      [basic, "basic"],
      [enhanced, "enhanced"],
      [premium, "premium"],
    ] as const)
      await expect(plan.getByTestId("proto-business")).toHaveAttribute("data-presentation", presentation);
  },
);

test("a member is refused the admin prototypes", jsIndependent, async ({ page, open, signedInAs }) => {
  await signedInAs("member");
  const response = await open("/admin/proto/frontend-components");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
});
