import type { Page } from "@playwright/test";
import { allowsHost, hostOfSource, outsideSources } from "../support/csp";
import { expect, jsIndependent, test } from "./fixtures";

/** The privacy FAQ: exclusive <details name="privacy-faq">, one open at a time, no JavaScript needed. */

test("the privacy FAQ opens one answer at a time", jsIndependent, async ({ page, open }) => {
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
test(
  "the privacy page lists the cookies and links to the profile for deletion",
  jsIndependent,
  async ({ page, open }) => {
    await open("/privacy");
    const table = page.getByRole("table");
    for (const name of ["gavel_session", "gavel_toast", "_totp", "gavel_awaited_job", "gavel_device", "lite"])
      await expect(table.getByRole("rowheader", { name, exact: true })).toBeVisible();
    await page.getByText("How do I delete my account?").click();
    await expect(page.getByRole("link", { name: "your profile" })).toHaveAttribute("href", "/profile");
  },
);

type OutsideRow = { directive: string; hosts: string[]; anySite: boolean };

/** The "Other sites our pages load" table as the reader sees it: each row's hosts, and its policy directive. */
async function outsideRows(page: Page): Promise<OutsideRow[]> {
  await expect(page.getByRole("heading", { name: "Other sites our pages load" })).toBeVisible();
  return page.locator("[data-outside-site]").evaluateAll((rows) =>
    rows.map((row) => ({
      directive: (row as HTMLElement).dataset.csp ?? "",
      hosts: [...row.querySelectorAll("code[data-host]")].map((code) => code.textContent?.trim() ?? ""),
      anySite: row.querySelector("[data-any-https-site]") !== null,
    })),
  );
}

test(
  "the privacy page names exactly the other sites the Content-Security-Policy allows",
  jsIndependent,
  async ({ page, open }) => {
    const response = await open("/privacy");
    const csp = outsideSources(response?.headers()["content-security-policy"] ?? "");
    const rows = await outsideRows(page);
    expect(rows.length).toBeGreaterThan(0);
    expect(csp.size).toBeGreaterThan(0);
    for (const [directive, sources] of csp) {
      const named = rows.filter((row) => row.directive === directive);
      for (const source of sources) {
        const host = hostOfSource(source);
        if (host)
          expect(
            named.flatMap((row) => row.hosts),
            `${directive} ${source}`,
          ).toContain(host);
        else
          expect(
            named.some((row) => row.anySite),
            `${directive} ${source}`,
          ).toBe(true);
      }
    }
    for (const row of rows) {
      const sources = csp.get(row.directive) ?? [];
      for (const host of row.hosts) expect(allowsHost(sources, host), `${row.directive} ${host}`).toBe(true);
      if (row.anySite) expect(sources, row.directive).toContain("https:");
    }
  },
);

test("every other site the pages load is one the privacy page names", async ({ page, open, testData, js }) => {
  test.setTimeout(60_000); // five pages, each waited for until hydrated
  // Which directive lets the browser load a request of this kind.
  const loaded: { directive: string; host: string }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return;
    const directive =
      request.resourceType() === "image" ? "img-src" : request.frame() === page.mainFrame() ? "" : "frame-src";
    loaded.push({ directive: directive || request.resourceType(), host: url.hostname });
  });
  const seen = (host: string) => loaded.some((request) => request.host === host);

  const city = await testData.createCity({ status: "Live", imageUrl: "https://pictures.example.org/banner.jpg" });
  const meeting = await testData.createMeeting({
    city,
    title: "Privacy walk",
    // Analyzed and written already: opening it queues no job.
    analysis: true,
    story: true,
    videoId: "privacyE2E1",
    videoUrl: "https://www.youtube.com/watch?v=privacyE2E1",
    thumbnailUrl: "https://i.ytimg.com/vi/privacyE2E1/hqdefault.jpg",
  });
  const listing = await testData.createListing(city, {
    imageUrl: "https://images.example.net/shop.jpg",
    latitude: 45.52,
    longitude: -122.68,
  });

  await open(city.path);
  await page.locator('img[src^="https://i.ytimg.com/"]').scrollIntoViewIfNeeded();
  await expect.poll(() => seen("i.ytimg.com") && seen("pictures.example.org")).toBe(true);
  await open(meeting.path);
  await expect.poll(() => seen("www.youtube-nocookie.com")).toBe(true);
  await open(`/businesses/${listing.businessKey}`);
  await expect.poll(() => seen("images.example.net")).toBe(true);
  if (js) await expect.poll(() => seen("www.openstreetmap.org")).toBe(true);

  await open("/privacy");
  const rows = await outsideRows(page);
  for (const request of loaded) {
    const named = rows.filter((row) => row.directive === request.directive);
    const covered = named.some(
      (row) =>
        row.anySite ||
        allowsHost(
          row.hosts.map((host) => `https://${host}`),
          request.host,
        ),
    );
    expect(covered, `${request.directive} ${request.host}`).toBe(true);
  }
  // The admin-chosen pictures are covered by the "any site" row; the video site's and the map's by name.
  for (const host of ["www.youtube-nocookie.com", "i.ytimg.com"])
    expect(
      rows.some((row) =>
        allowsHost(
          row.hosts.map((name) => `https://${name}`),
          host,
        ),
      ),
      host,
    ).toBe(true);
});
