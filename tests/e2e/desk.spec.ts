import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test, toast } from "./fixtures";
import { DECISIONS_MADE_QUOTE_VERIFIED, DECISIONS_TRANSCRIPT, DENY_ITEM, VETO_ITEM } from "../support/decision-content";

/**
 * The journalist's desk, with JavaScript on and off: a draft built with
 * "Add to draft" on two meeting pages, reordered, downloaded as plain text
 * and Markdown; "Copy link to this moment" on a highlight's quote.
 * Demo meetings are only read; the draft belongs to a member of the test's own.
 */

const CITY_PATH = "/city/alder-creek";

/** The analysis pages of the first two demo meetings with a story (their quotes are verified). */
async function twoMeetingPaths(page: Page, open: (path: string) => Promise<unknown>): Promise<[string, string]> {
  await open(`${CITY_PATH}?page=3`);
  const hrefs = await page
    .getByRole("article")
    .getByRole("link", { name: /^View Story for / })
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const paths = [...new Set(hrefs.filter(Boolean))].map((href) => href.replace("/meeting-story/", "/meeting/"));
  if (paths.length < 2) throw new Error("fewer than two demo meetings with a story");
  return [paths[0]!, paths[1]!];
}

/** Adds the first quote the page offers to the draft; returns its text. */
async function addFirstQuote(page: Page, open: (path: string) => Promise<unknown>, path: string): Promise<string> {
  await open(path);
  const quote = page
    .locator("[data-quote]")
    .filter({ has: page.locator("[data-add-to-draft]") })
    .first();
  const text = await quoteText(quote.locator("blockquote"));
  expect(text.length).toBeGreaterThan(10);
  await quote.getByRole("button", { name: "Add to draft" }).click();
  await expect(page.getByText("Added to your draft")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return text;
}

/** A quote's words as shown, without the quotation marks and the moment chip after them. */
async function quoteText(blockquote: ReturnType<Page["locator"]>): Promise<string> {
  return ((await blockquote.textContent()) ?? "").split("▶")[0]!.replace(/[“”]/g, "").trim();
}

async function download(page: Page, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return fs.readFile((await file.path())!, "utf8");
}

test("build a draft from two meetings, reorder it and export it", async ({ page, open, signedInAs }) => {
  await signedInAs("member");
  const [first, second] = await twoMeetingPaths(page, open);
  const quoteA = await addFirstQuote(page, open, first);
  const quoteB = await addFirstQuote(page, open, second);

  // The user menu leads to the desk.
  await open("/");
  await page.locator("summary", { hasText: "Account menu for" }).click();
  await page.getByRole("link", { name: "Journalist's desk" }).click();
  await expect(page).toHaveURL(/\/desk$/);
  await page.getByRole("link", { name: "Draft", exact: true }).click();
  await expect(page).toHaveURL(/\/desk\?tab=draft$/);

  const drafted = page.locator("[data-draft-quote] blockquote");
  await expect(drafted).toHaveCount(2);
  await expect(drafted.nth(0)).toContainText(quoteA);
  await expect(drafted.nth(1)).toContainText(quoteB);
  await page.locator("[data-draft-quote]").nth(0).getByRole("button", { name: "Move down" }).click();
  await expect(page.getByText("Quote moved down")).toBeVisible();
  await expect(drafted.nth(0)).toContainText(quoteB);
  await expect(drafted.nth(1)).toContainText(quoteA);

  const text = await download(page, "Export as plain text");
  const lines = text.split("\n");
  expect(lines[0]).toMatch(/^Draft quotes, exported from Gavel on /);
  expect(text.indexOf(quoteB)).toBeGreaterThan(0);
  expect(text.indexOf(quoteB)).toBeLessThan(text.indexOf(quoteA));
  const meetingB = second.split("/").pop()!;
  expect(text).toMatch(
    new RegExp(`Watch at \\d+:\\d\\d: http://[^\\s]+/city/alder-creek/meeting/${meetingB}\\?t=\\d+`),
  );
  expect(text).toContain(", Alder Creek, ");

  const markdown = await download(page, "Export as Markdown");
  expect(markdown).toMatch(/^# Draft quotes\n/);
  expect(markdown).toMatch(new RegExp(`\\[Watch at \\d+:\\d\\d\\]\\(http://[^)]+/meeting/${meetingB}\\?t=\\d+\\)`));

  // Clearing asks first.
  await page.getByRole("link", { name: "Clear draft" }).click();
  await page.getByRole("button", { name: "Yes, clear the draft" }).click();
  await expect(page.getByText("Draft cleared")).toBeVisible();
  await expect(page.getByText("Your draft is empty")).toBeVisible();
});

test("copy a link to a quote's moment; its preview is the quote", async ({ page, context, open, js, baseURL }) => {
  const [first] = await twoMeetingPaths(page, open);
  await open(first);
  const quote = page
    .locator("[data-quote]")
    .filter({ has: page.locator("[data-copy-moment]") })
    .first();
  const text = await quoteText(quote.locator("blockquote"));
  const link = quote.getByRole("link", { name: "Copy link to this moment" });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(new RegExp(`^${first}\\?t=\\d+$`));
  // Visitors get no "Add to draft".
  await expect(page.locator("[data-add-to-draft]")).toHaveCount(0);
  if (js) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await link.click();
    await expect(page.getByText("Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${href}`);
    await open(href);
  } else {
    await link.click();
    await expect(page).toHaveURL(`${baseURL}${href}`);
  }
  const description = await page.locator('meta[property="og:description"]').getAttribute("content");
  expect(description).toContain(text.slice(0, 60));
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`\\?t=\\d+$`));
});

test("the Draft tab lists what its meetings decided; a decision joins the draft with its result's words and moment", async ({
  page,
  open,
  signedInAs,
  testData,
}) => {
  await signedInAs("member");
  const meeting = await testData.createMeeting({
    analysis: true,
    transcript: DECISIONS_TRANSCRIPT,
    made: DECISIONS_MADE_QUOTE_VERIFIED,
    title: "Harbor Point council, November 17",
  });
  await addFirstQuote(page, open, meeting.path);
  await open("/desk?tab=draft");

  const section = page.getByRole("region", { name: "Decisions of these meetings" });
  const decisions = section.locator("[data-desk-decision]");
  await expect(decisions).toHaveCount(3);
  await expect(decisions.nth(0)).toContainText(
    `${VETO_ITEM}: Override the veto. Failed: veto sustained, 6-6 (roll call)`,
  );
  const denial = decisions.nth(1);
  await expect(denial).toContainText(`${DENY_ITEM}: Deny. Carried: denied, 8-4`);
  await expect(denial.locator("blockquote")).toHaveText("“Eight ayes, four nays. The motion to deny carries.”");
  await expect(denial.getByRole("link", { name: /^Result at 00:04:05/ })).toHaveAttribute(
    "href",
    `${meeting.path}?t=245`,
  );

  await denial.getByRole("button", { name: "Add to draft this decision" }).click();
  await expect(toast(page, "status", "Decision added to your draft")).toBeVisible();
  await expect(page).toHaveURL(/\/desk\?tab=draft$/);
  const drafted = page.locator("[data-draft-quote]");
  await expect(drafted).toHaveCount(2);
  const decision = page.locator("[data-draft-decision]");
  await expect(decision).toHaveCount(1);
  await expect(decision.locator("blockquote")).toHaveText("“Eight ayes, four nays. The motion to deny carries.”");
  await expect(decision).toContainText(`— Decision: ${DENY_ITEM}: Deny. Carried: denied, 8-4`);
  await expect(decision.getByRole("link", { name: meeting.title })).toHaveAttribute("href", `${meeting.path}?t=245`);
  await expect(section.locator("[data-desk-decision]").nth(1)).toContainText("In your draft");
  await expect(section.locator("[data-desk-decision]").nth(1).getByRole("button")).toHaveCount(0);
});
