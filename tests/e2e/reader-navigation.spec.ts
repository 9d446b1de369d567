import type { Page } from "@playwright/test";
import { expect, jsIndependent, jsOnly, test, toast } from "./fixtures";
import { latestCodeFor } from "./mail";

/** Getting around as a reader: header, error pages, toasts, Load More, links, search and share meta. */

const CITY_PATH = "/city/alder-creek";

function cards(page: Page) {
  return page.getByRole("list", { name: "Meeting videos" }).getByRole("article");
}

async function firstMeetingPath(page: Page, open: (path: string) => Promise<unknown>): Promise<string> {
  await open(CITY_PATH);
  const href = await cards(page).first().getByRole("heading").getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/city\/alder-creek\/meeting\/[0-9a-f-]{36}$/);
  return href!;
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the account menu opens above the city banner on meeting and story pages", async ({
      page,
      open,
      signedInAs,
    }) => {
      const admin = await signedInAs("admin");
      const initials = admin.email.slice(0, 2).toUpperCase();
      const meeting = await firstMeetingPath(page, open);
      for (const path of [meeting, meeting.replace("/meeting/", "/meeting-story/")]) {
        await open(path);
        await page.getByText(initials, { exact: true }).first().click();
        for (const name of ["Profile", "Admin Panel", "Story Playground"]) {
          const item = page.getByRole("group").getByRole("link", { name, exact: true });
          await expect(item).toBeVisible();
          // The item itself receives the click: nothing clips or covers it.
          const box = (await item.boundingBox())!;
          const hit = await page.evaluate(
            ([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? "",
            [box.x + box.width / 2, box.y + box.height / 2],
          );
          expect(hit).toBe(name);
        }
        await expect(page.getByRole("group").getByRole("button", { name: "Sign Out" })).toBeVisible();
      }
      await page.getByRole("group").getByRole("link", { name: "Admin Panel" }).click();
      await expect(page).toHaveURL(/\/admin$/);
    });

    test(
      "a 404 page keeps the top bar, the navigation bar and the footer",
      jsIndependent,
      async ({ page, open, signedInAs }) => {
        const admin = await signedInAs("admin");
        for (const path of ["/no-such-page", "/city/no-such-city"]) {
          await open(path);
          await expect(page.getByText(admin.email.slice(0, 2).toUpperCase(), { exact: true }).first()).toBeVisible();
          await expect(
            page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }),
          ).toBeVisible();
          await expect(page.getByRole("contentinfo")).toBeVisible();
        }
      },
    );
  });
}

test("a member on /admin is refused and still looks signed in", async ({ page, open }, testInfo) => {
  const email = `member-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await open("/auth?mode=signup&method=code");
  await page.getByLabel("Email").fill(email);
  const sentAt = Date.now() - 1;
  await page.getByRole("button", { name: "Send Code" }).click();
  const sent = toast(page, "status", "OTP Sent!");
  await expect(sent).toBeVisible();

  // The toast never covers the header, and it can be dismissed with JavaScript on or off.
  const header = (await page.getByRole("link", { name: "Gavel" }).first().boundingBox())!;
  const toastBox = (await sent.boundingBox())!;
  expect(toastBox.y).toBeGreaterThan(header.y + header.height);
  await page
    .getByRole("button", { name: "Dismiss notification" })
    .or(page.getByTitle("Dismiss notification"))
    .first()
    .click();
  await expect(sent).toBeHidden();

  await page.getByLabel("Verification code").fill(await latestCodeFor(email, sentAt));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "status", "Account created!")).toBeVisible();

  const response = await open("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(
    page
      .getByRole("button", { name: `Account menu for ${email}` })
      .or(page.getByText(email.slice(0, 2).toUpperCase(), { exact: true }).first()),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  // The city picker stays reachable for a member.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All cities" }).click();
  await expect(page).toHaveURL(/\/\?cities$/);
});

test("a failed Load More keeps the cards, says so, and can be retried", jsOnly, async ({ page, open }) => {
  await open(CITY_PATH);
  await expect(cards(page)).toHaveCount(10);
  await page.route("**/resources/city-videos?**", (route) => route.abort("connectionfailed"));
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(page.getByText("An error occurred while loading more videos.").first()).toBeVisible();
  await expect(cards(page)).toHaveCount(10);
  await page.unroute("**/resources/city-videos?**");
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByText("An error occurred while loading more videos.")).toHaveCount(0);
});

test("Load More lands on the first new card", async ({ page, open, js }) => {
  await open(CITY_PATH);
  await expect(page.getByRole("link", { name: "Load More" })).toHaveAttribute("href", /\?page=2#meeting-11$/);
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(cards(page)).toHaveCount(20);
  if (!js) await expect(page).toHaveURL(/#meeting-11$/);
  await expect(page.locator("#meeting-11")).toBeInViewport({ ratio: js ? 0 : 0.3 });
});

test("card titles and thumbnails link to the meeting; the player links to the video site", async ({ page, open }) => {
  await open(CITY_PATH);
  const card = cards(page).first();
  const title = card.getByRole("heading").getByRole("link");
  const href = await title.getAttribute("href");
  await expect(card.locator(`a[href="${href}"] [data-placeholder-thumbnail]`)).toHaveCount(1);
  await title.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const watch = page.getByRole("link", { name: /Watch on the video site/ });
  await expect(watch).toHaveAttribute("href", /^https:\/\/(www\.)?youtu/);
  await expect(watch).toHaveAttribute("target", "_blank");
});

test("a meeting opened at a moment keeps it in the share meta", jsIndependent, async ({ page, open }) => {
  const meeting = await firstMeetingPath(page, open);
  await open(`${meeting}?t=754`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`${meeting}\\?t=754$`));
  await expect(page.locator('meta[name="twitter:url"]')).toHaveAttribute("content", new RegExp(`${meeting}\\?t=754$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${meeting}$`));
  await expect(page).toHaveTitle(/at 00:12:34/);
});

test(
  "the header search of a non-Live city searches that city and shows it selected",
  jsIndependent,
  async ({ page, open }) => {
    await open("/search?q=council&city=old-millbrook");
    await expect(page.getByLabel("City")).toHaveValue("old-millbrook");
    await expect(page.getByText("No results found for the query.")).toHaveCount(0);
    await expect(
      page
        .getByRole("list", { name: /Results for/ })
        .getByRole("listitem")
        .first(),
    ).toBeVisible();
    await expect(page.getByText("Relevance 0%")).toHaveCount(0);
  },
);
