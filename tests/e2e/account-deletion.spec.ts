import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test, toast } from "./fixtures";
import { latestCodeFor } from "./mail";

/**
 * A member exports their data and deletes their account from the profile
 * page, with JavaScript (a dialog) and without (the /profile/delete page);
 * the address is then free: signing up with it creates a fresh account
 * (docs/decisions/0038-privacy-promises.md).
 */

function address(project: string) {
  return `leaving-${project}-${Date.now().toString(36)}@example.com`;
}

async function signUp(page: Page, open: (p: string) => Promise<unknown>, email: string) {
  await open("/auth?mode=signup&method=code");
  await page.getByLabel("Email").fill(email);
  const sentAt = Date.now() - 1;
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(toast(page, "status", "OTP Sent!")).toBeVisible();
  await page.getByLabel("Verification code").fill(await latestCodeFor(email, sentAt));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "status", "Account created!")).toBeVisible();
}

async function userIdOnProfile(page: Page, open: (p: string) => Promise<unknown>) {
  await open("/profile");
  return (await page.getByText(/^[0-9a-f]{8}-[0-9a-f]{4}-/).textContent())?.trim();
}

test("a member downloads their data, deletes their account, and can sign up afresh", async ({
  page,
  open,
  js,
}, testInfo) => {
  const email = address(testInfo.project.name);
  await signUp(page, open, email);
  const firstId = await userIdOnProfile(page, open);
  expect(firstId).toBeTruthy();

  // Export: a JSON download of their own data.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^gavel-my-data-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(await fs.readFile((await download.path())!, "utf8")) as {
    account: { id: string; email: string };
  };
  expect(exported.account).toMatchObject({ id: firstId, email });

  // Delete: the confirm step is a dialog with JavaScript, a page without.
  await page.getByRole("link", { name: "Delete my account" }).click();
  const confirmStep = js ? page.getByRole("dialog", { name: "Delete your account?" }) : page.locator("main");
  if (js) await expect(confirmStep).toBeVisible();
  else await expect(page).toHaveURL(/\/profile\/delete$/);
  await expect(confirmStep.getByText("Deleting your account cannot be undone.")).toBeVisible();

  const confirm = confirmStep.getByLabel(/To confirm, type your e-mail address/);
  await confirm.fill("someone-else@example.com");
  await confirmStep.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("That is not the e-mail address of this account.")).toBeVisible();

  await page.getByLabel(/To confirm, type your e-mail address/).fill(email.toUpperCase());
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "status", "Your account has been deleted")).toBeVisible();
  await expect(
    page
      .getByRole("link", { name: "Sign In" })
      .or(page.getByRole("button", { name: "Sign In" }))
      .first(),
  ).toBeVisible();

  // The profile is gone with the session.
  await open("/profile");
  await expect(page.getByText("Access Denied - Please sign in to view your profile.")).toBeVisible();

  // The address is free again: signing up creates a new account.
  await signUp(page, open, email);
  const secondId = await userIdOnProfile(page, open);
  expect(secondId).toBeTruthy();
  expect(secondId).not.toBe(firstId);
});
