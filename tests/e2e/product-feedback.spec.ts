import type { Page } from "@playwright/test";
import { expect, test, toast } from "./fixtures";
import { CHECKED_CONTENT, STORY_QUOTE, STORY_QUOTE_TIME } from "../support/checked-content";

/**
 * The feedback loop with JavaScript on and off: a reader flags a wrong quote
 * on a story page, the admin finds it in /admin/product-feedback and
 * triages it (status, severity, rank), and the change is still there after
 * a reload. And the footer's Feedback, from any page: a dialog with
 * JavaScript, the form page without.
 */

const ADMIN = "/admin/product-feedback";

function rowWith(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text });
}

/** With JavaScript, one field's save: the post it makes, answered. */
function saved(page: Page) {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(ADMIN),
  );
}

test("a reader flags a wrong quote on a story page; the admin triages it in the table", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  test.setTimeout(60_000);
  const tag = `${Date.now().toString(36)}${js ? "js" : "nojs"}`;
  const meeting = await testData.createMeeting({
    analysis: true,
    story: true,
    made: { ...CHECKED_CONTENT, provider: "openai-compatible", model: "gpt-4o-mini" },
  });

  // The reader, not signed in: the quote's own "Flag a mistake".
  await open(meeting.storyPath);
  await page.getByRole("link", { name: "Flag a mistake in this quote" }).click();
  await expect(page).toHaveURL(/\/feedback\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("type")).toBe("Content error");
  expect(url.searchParams.get("page")).toBe(`${meeting.storyPath}?t=${STORY_QUOTE_TIME.seconds}`);
  await expect(page.getByRole("heading", { name: "Send feedback", level: 1 })).toBeVisible();
  await expect(page.getByLabel("What is it about?")).toHaveValue("Content error");
  const text = page.getByLabel("Your feedback");
  await expect(text).toHaveValue(`About “${STORY_QUOTE}”:\n\n`);
  await expect(page.getByText("Sent anonymously: we don't ask for your e-mail address.")).toBeVisible();
  await expect(page.getByLabel(/e-?mail/i)).toHaveCount(0);

  // Sent without text: refused in place, the choices kept.
  await text.fill("");
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByText("Please tell us what you noticed")).toBeVisible();
  await expect(page.getByLabel("What is it about?")).toHaveValue("Content error");

  await text.fill(`The speaker was not Whitaker. ${tag}`);
  await page.getByLabel("How serious is it? (optional)").selectOption("4");
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page).toHaveURL(`${meeting.storyPath}?t=${STORY_QUOTE_TIME.seconds}`);
  await expect(toast(page, "status", "Thanks for your feedback")).toBeVisible();

  // The admin: the new feedback, filtered by type.
  await signedInAs("admin");
  await open(`${ADMIN}?type=Content+error`);
  await expect(page.getByRole("heading", { name: "Product Feedback", level: 1 })).toBeVisible();
  const headers = page.getByRole("columnheader");
  await expect(headers).toHaveText([
    "Type",
    "Feedback",
    "User",
    "Page",
    "Severity",
    "Rank",
    "Status",
    "Created",
    "Save",
  ]);
  const row = rowWith(page, tag);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Content error");
  await expect(row).toContainText("Anonymous");
  await expect(row.getByRole("link", { name: `${meeting.storyPath}?t=${STORY_QUOTE_TIME.seconds}` })).toBeVisible();
  await expect(row.locator("[data-severity]")).toHaveText("4 · High");
  await expect(row.getByLabel("Status")).toHaveValue("New");
  await expect(row.getByLabel("Rank")).toHaveValue("");
  await expect(row.getByRole("cell").nth(7)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  // Triage: saved on change with JavaScript, by the row's Save without it.
  if (js) {
    let response = saved(page);
    await row.getByLabel("Status").selectOption("Active");
    expect((await response).ok()).toBe(true);
    await expect(toast(page, "status", "Feedback updated")).toBeVisible();
    response = saved(page);
    await row.getByLabel("Severity").selectOption("5");
    expect((await response).ok()).toBe(true);
    await expect(row.locator("[data-severity]")).toHaveText("5 · Critical");
    response = saved(page);
    await row.getByLabel("Rank").fill("0.3");
    expect((await response).ok()).toBe(true);
    await expect(row.getByRole("button", { name: "Save" })).toHaveCount(0);
  } else {
    await row.getByLabel("Status").selectOption("Active");
    await row.getByLabel("Severity").selectOption("5");
    await row.getByLabel("Rank").fill("0.3");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "status", "Feedback updated")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${ADMIN}\\?type=Content\\+error$`));
  }

  await page.reload();
  const after = rowWith(page, tag);
  await expect(after.getByLabel("Status")).toHaveValue("Active");
  await expect(after.getByLabel("Severity")).toHaveValue("5");
  await expect(after.getByLabel("Rank")).toHaveValue("0.3");
  await expect(after.locator("[data-severity]")).toHaveText("5 · Critical");
  // Ranked 0.3, it comes first (the demo's best rank is 0.5).
  await expect(page.getByRole("row").nth(1)).toContainText(tag);

  // Filtered by a status it no longer has: gone from the list.
  await open(`${ADMIN}?type=Content+error&status=New`);
  await expect(rowWith(page, tag)).toHaveCount(0);
});

test("the footer's Feedback sends feedback about the page it is on, with the member's e-mail", async ({
  page,
  open,
  js,
  signedInAs,
}) => {
  const tag = `${Date.now().toString(36)}${js ? "js" : "nojs"}`;
  const member = await signedInAs("member");
  await open("/about");
  const link = page.getByRole("contentinfo").getByRole("link", { name: "Feedback" });
  await expect(link).toHaveAttribute("href", "/feedback?page=%2Fabout");

  if (js) {
    // Escape closes the dialog and the focus goes back to the link.
    await link.click();
    const dialog = page.getByRole("dialog", { name: "Send feedback" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();

    await link.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`We'll see that this came from ${member.email}`);
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await expect(dialog.getByText("Please choose what your feedback is about")).toBeVisible();
    await dialog.getByLabel("What is it about?").selectOption("Idea");
    await dialog.getByLabel("Your feedback").fill(`A dark mode, please. ${tag}`);
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, "status", "Thanks for your feedback")).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  } else {
    await link.click();
    await expect(page).toHaveURL(/\/feedback\?page=%2Fabout$/);
    await page.getByLabel("What is it about?").selectOption("Idea");
    await page.getByLabel("Your feedback").fill(`A dark mode, please. ${tag}`);
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(toast(page, "status", "Thanks for your feedback")).toBeVisible();
  }

  await signedInAs("admin");
  await open(`${ADMIN}?type=Idea&status=New`);
  const row = rowWith(page, tag);
  await expect(row).toContainText(member.email);
  await expect(row.getByRole("link", { name: "/about" })).toHaveAttribute("href", "/about");
  await expect(row.locator("td").nth(4)).toContainText("Not set");
});

test("at 1280 px every column of the table is in view, Save included; narrower, the table scrolls in its region", async ({
  page,
  open,
  js,
  signedInAs,
}) => {
  await signedInAs("admin");
  await page.setViewportSize({ width: 1280, height: 900 });
  // The demo's feedback: long texts, long page addresses and e-mails.
  await open(ADMIN);
  const region = page.getByRole("region", { name: "Product feedback" });
  await expect(region).toBeVisible();
  const fits = () => region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  const wide = await fits();
  expect(wide.scroll, "the table is wider than its region at 1280 px").toBeLessThanOrEqual(wide.client);
  const edge = await region.evaluate((element) => element.getBoundingClientRect().right);
  for (const name of ["Status", "Created", "Save"]) {
    const header = page.getByRole("columnheader", { name, exact: true });
    const box = (await header.boundingBox())!;
    expect(box.x + box.width, `${name} ends past the region's edge`).toBeLessThanOrEqual(edge + 1);
  }
  const firstRow = page.getByRole("row").nth(1);
  const control = js ? firstRow.getByLabel("Status") : firstRow.getByRole("button", { name: "Save" });
  const controlBox = (await control.boundingBox())!;
  expect(controlBox.x + controlBox.width).toBeLessThanOrEqual(edge + 1);

  // At 375 px the page itself does not scroll sideways: the table does, in its region.
  await page.setViewportSize({ width: 375, height: 800 });
  const narrow = await fits();
  expect(narrow.scroll).toBeGreaterThan(narrow.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
