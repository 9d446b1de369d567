import { expect, jsIndependent, test, toast } from "./fixtures";
import { latestMailTo, mailTo } from "./mail";

/**
 * The admin inbox (issue 26, item 9) with JavaScript on and off: a
 * visitor's contact message and city request reach it and every admin's
 * mail; an admin opens the message from the admin panel, answers it by
 * e-mail (the e2e server writes mail to its outbox) and closes it.
 */

test("a contact message reaches the admins; one answers it by e-mail and closes it", async ({
  page,
  open,
  js,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInAs("admin");
  const tag = `${Date.now().toString(36)}${js ? "js" : "nojs"}`;
  const sender = `inbox-${tag}@example.com`;

  await open("/contact");
  const contact = page.locator("main form");
  await contact.getByRole("textbox", { name: "Email", exact: true }).fill(sender);
  await contact.getByRole("combobox", { name: "Topic" }).selectOption("Technical Support");
  await contact.getByRole("textbox", { name: "Message" }).fill(`Where is the planning meeting? (${tag})`);
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page, "status", "Success!")).toBeVisible();

  // Every admin is told at once, with the link that opens it.
  const notice = await mailTo(admin.email, `From: ${sender}`);
  expect(notice).toContain("Subject: New contact message: Technical Support");
  expect(notice).toContain(`From: ${sender}`);
  expect(notice).toMatch(/\/admin\/inbox\/messages\/[0-9a-f-]{36}/);

  await open("/admin");
  await page.getByRole("link", { name: /^Inbox/ }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Contact messages \d+ new/ })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: new RegExp(`Technical Support: ${sender}`) }).click();
  await expect(page.getByRole("heading", { name: `Technical Support from ${sender}`, level: 1 })).toBeVisible();
  await expect(page.getByText(`Where is the planning meeting? (${tag})`)).toBeVisible();
  await expect(page.getByText("No reply yet.")).toBeVisible();

  // A reply without text is refused where it is; the subject stays.
  const reply = page.getByRole("form", { name: "Reply by e-mail" });
  await expect(reply.getByLabel("Subject")).toHaveValue("Re: Technical Support");
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(reply.getByText("Please write your reply")).toBeVisible();
  await expect(reply.getByLabel("Subject")).toHaveValue("Re: Technical Support");
  await expect(reply.getByLabel("Message")).toBeFocused();

  await reply.getByLabel("Message").fill(`It is on the city page since this morning. (${tag})`);
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page, "status", "Reply sent")).toBeVisible();
  const replies = page.getByRole("region", { name: "Replies (1)" });
  await expect(replies).toContainText(`Sent by ${admin.email}`);
  await expect(replies).toContainText(`It is on the city page since this morning. (${tag})`);
  await expect(page.locator("main h1 + span")).toHaveText("Answered");
  const sent = await latestMailTo(sender);
  expect(sent).toContain("Subject: Re: Technical Support");
  expect(sent).toContain(`It is on the city page since this morning. (${tag})`);
  expect(sent).toContain(`> Where is the planning meeting? (${tag})`);
  expect(sent).not.toContain(admin.email);

  const status = page.getByRole("form", { name: "Status" });
  await status.getByLabel("Status").selectOption("Closed");
  await status.getByRole("button", { name: "Save status" }).click();
  await expect(toast(page, "status", "Status updated")).toBeVisible();
  await expect(page.locator("main h1 + span")).toHaveText("Closed");

  // Back in the list, under Closed.
  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Closed" }).click();
  await expect(page).toHaveURL(/\/admin\/inbox\?status=Closed$/);
  await expect(page.getByRole("link", { name: new RegExp(`Technical Support: ${sender}`) })).toContainText("1 reply");
});

test("a city request shows under City requests with the city it is for", async ({ page, open, js, signedInAs }) => {
  const tag = Date.now().toString(36);
  await signedInAs("admin");
  await open("/");
  await page.getByRole("combobox", { name: "Choose your city" }).selectOption("other");
  if (!js) await page.getByRole("button", { name: "Go to My City" }).click();
  const form = page.locator("form").filter({ has: page.locator('input[name="cityName"]') });
  await form.getByRole("combobox", { name: "State", exact: true }).selectOption("OR");
  await form.getByRole("textbox", { name: "City Name", exact: true }).fill(`Nowhere ${tag}`);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(`city-${tag}@example.com`);
  await form.getByRole("button", { name: "Submit Request" }).click();
  await expect(toast(page, "status", "Request Received!")).toBeVisible();

  await open("/admin/inbox?box=requests");
  const row = page.getByRole("link", { name: new RegExp(`Nowhere ${tag}, OR`) });
  await expect(row).toContainText("No such city yet");
  await row.click();
  await expect(page.getByRole("heading", { name: `Request for Nowhere ${tag}, OR`, level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Coverage" })).toContainText(
    "No city of this name and state exists yet.",
  );
});

test("a member is refused the inbox", jsIndependent, async ({ page, open, signedInAs }) => {
  await signedInAs("member");
  const response = await open("/admin/inbox");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
});
