import { expect, jsIndependent, test, toast } from "./fixtures";
import { latestMailTo } from "./mail";

/**
 * Alerts, with JavaScript on and off: a member saves a search from a city's
 * search page, a new meeting is analyzed (opening it queues the analysis;
 * the e2e server's worker runs it with the offline analyzer, then the
 * matching and the mail), the e-mail lands in the outbox, and its link
 * opens the meeting at the second the words were said. The e-mail's
 * unsubscribe link works from a browser that is not signed in.
 */

/** "sidewalk repairs" is said at 00:02:13 in the factories' sample transcript. */
const PHRASE = "sidewalk repairs";
const SECONDS = 133;

test("save a search, get the e-mail, follow its link to the second, unsubscribe", async ({
  page,
  open,
  testData,
  signedInAs,
  browser,
  js,
}) => {
  test.setTimeout(120_000);
  // A city of its own, so that meetings other tests analyze never match this search.
  const city = await testData.createCity({ status: "Live" });
  const member = await signedInAs("member");
  const meeting = await testData.createMeeting({
    city,
    analysis: false,
    title: "Sidewalk session",
    videoId: "alertsE2E01",
    videoUrl: "https://www.youtube.com/watch?v=alertsE2E01",
  });

  await open(`${city.path}/search?q=${encodeURIComponent(PHRASE)}`);
  await page.getByText("Save this search and get alerts").click();
  await page.getByLabel("E-mail me").selectOption("immediate");
  const started = Date.now();
  await page.getByRole("button", { name: "Save this search" }).click();
  await expect(toast(page, "status", "Search saved")).toBeVisible();

  await open("/profile");
  const row = page.locator(`li[data-alert="${PHRASE}"]`);
  await expect(row).toContainText(city.name);
  await expect(row).toContainText("On");

  // Opening the new meeting queues its analysis; the worker matches it and mails.
  await open(meeting.path);
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 60_000 });
  const mail = await latestMailTo(member.email, started - 1000).catch(async () =>
    latestMailTo(member.email, started - 1000),
  );
  // (mail.ts decodes bytes one by one: check ASCII only)
  expect(mail).toContain(PHRASE);
  expect(mail).toContain("Sidewalk session");
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const link = new RegExp(`https?://[^/\\s"]+(/city/${city.locationKey}/meeting/${meeting.meetingId}\\?t=(\\d+))`).exec(
    mail,
  );
  expect(link?.[2]).toBe(String(SECONDS));

  await open(link![1]!);
  await expect(page).toHaveURL(new RegExp(`\\?t=${SECONDS}$`));
  await expect(page.locator("iframe")).toHaveAttribute(
    "src",
    `https://www.youtube-nocookie.com/embed/alertsE2E01?start=${SECONDS}`,
  );

  // The unsubscribe link, from another browser that is not signed in.
  const unsubscribe = /^List-Unsubscribe:\s*<https?:\/\/[^/\s]+(\/alerts\/unsubscribe\/[^>]+)>/m.exec(
    mail.replace(/\r?\n[ \t]+/g, " "),
  );
  expect(unsubscribe).not.toBeNull();
  const stranger = await browser.newContext({ javaScriptEnabled: js });
  try {
    const other = await stranger.newPage();
    await other.goto(unsubscribe![1]!);
    await expect(other.getByRole("heading", { name: "Unsubscribe from alerts" })).toBeVisible();
    await other.getByRole("button", { name: "Turn off this alert" }).click();
    await expect(other.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  } finally {
    await stranger.close();
  }
  await open("/profile");
  await expect(page.locator(`li[data-alert="${PHRASE}"]`)).toContainText("Off");
  await expect(page.locator(`li[data-alert="${PHRASE}"]`)).toContainText("1 meeting so far");
});

test("visitors are offered to sign in instead of saving a search", jsIndependent, async ({ page, open }) => {
  await open("/search?q=budget");
  await expect(page.getByRole("link", { name: "sign in to save this search" })).toHaveAttribute(
    "href",
    /^\/auth\?redirectTo=/,
  );
});

test("members manage their alerts on the profile", async ({ page, open, signedInAs }) => {
  await signedInAs("member");
  await open("/search?q=library+budget");
  await page.getByText("Save this search and get alerts").click();
  await page.getByRole("button", { name: "Save this search" }).click();
  await expect(toast(page, "status", "Search saved")).toBeVisible();

  await open("/profile");
  const row = page.locator('li[data-alert="library budget"]');
  await expect(row).toContainText("All cities");
  await row.getByLabel("How often to e-mail “library budget”").selectOption("weekly");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "status", "Alert frequency updated")).toBeVisible();
  await expect(row.getByLabel("How often to e-mail “library budget”")).toHaveValue("weekly");

  await row.getByRole("button", { name: "Turn off" }).click();
  await expect(toast(page, "status", "Alert turned off")).toBeVisible();
  await expect(row).toContainText("Off");
  await row.getByRole("button", { name: "Turn on" }).click();
  await expect(toast(page, "status", "Alert turned on")).toBeVisible();
  await expect(row).toContainText("On");

  await row.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "status", "Alert deleted")).toBeVisible();
  await expect(page.locator('li[data-alert="library budget"]')).toHaveCount(0);
});
