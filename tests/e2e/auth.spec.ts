import type { Page } from "@playwright/test";
import { expect, jsIndependent, jsOnly, test, toast } from "./fixtures";
import { confirmationPathFor, latestCodeFor } from "./mail";

/** A unique address per test and project, so runs never share an account. */
function address(name: string, project: string) {
  return `${name}-${project}-${Date.now().toString(36)}@example.com`;
}

async function requestCode(
  page: Page,
  open: (p: string) => Promise<unknown>,
  email: string,
  mode: "login" | "signup",
  homeCity?: string,
) {
  await open(`/auth?mode=${mode}&method=code`);
  await page.getByLabel("Email").fill(email);
  if (homeCity) await page.getByLabel("Home city (optional)").selectOption({ label: homeCity });
  const sentAt = Date.now() - 1;
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(toast(page, "status", "OTP Sent!")).toContainText("Please check your email for the verification code.");
  return latestCodeFor(email, sentAt);
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** Opens the avatar menu (a details element) and returns it. */
async function openUserMenu(page: Page, email: string) {
  const menu = page
    .getByRole("group")
    .filter({ has: page.getByText(email.slice(0, 2).toUpperCase(), { exact: true }) });
  await menu.getByText(email.slice(0, 2).toUpperCase(), { exact: true }).click();
  return menu;
}

async function signUpWithCode(page: Page, open: (p: string) => Promise<unknown>, email: string) {
  await enterCode(page, await requestCode(page, open, email, "signup"));
  await expect(toast(page, "status", "Account created!")).toBeVisible();
}

test("sign up with a code and a home city lands on that city", async ({ page, open }, testInfo) => {
  const email = address("signup", testInfo.project.name);
  const code = await requestCode(page, open, email, "signup", "Alder Creek, CA");
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/city\/alder-creek$/);
  await expect(toast(page, "status", "Account created!")).toContainText("Welcome to Gavel");
  await expect(
    page
      .getByRole("button", { name: `Account menu for ${email}` })
      .or(page.getByText(email.slice(0, 2).toUpperCase(), { exact: true }).first()),
  ).toBeVisible();
});

test("the Verify button waits for six digits", jsOnly, async ({ page, open }, testInfo) => {
  const email = address("digits", testInfo.project.name);
  await requestCode(page, open, email, "signup");
  const verify = page.getByRole("button", { name: "Verify" });
  await page.getByLabel("Verification code").fill("12a4");
  await expect(page.getByLabel("Verification code")).toHaveValue("124");
  await expect(verify).toBeDisabled();
  await page.getByLabel("Verification code").fill("123456");
  await expect(verify).toBeEnabled();
});

test("a code dies after three wrong tries", async ({ page, open }, testInfo) => {
  const email = address("wrong", testInfo.project.name);
  const code = await requestCode(page, open, email, "signup");
  const wrong = code === "000000" ? "111111" : "000000";
  await enterCode(page, wrong);
  await expect(toast(page, "alert", "Error")).toContainText("2 attempts left.");
  await enterCode(page, wrong);
  await expect(toast(page, "alert", "Error")).toContainText("1 attempt left.");
  await enterCode(page, wrong);
  await expect(toast(page, "alert", "Error")).toContainText("Too many incorrect attempts. Please request a new code.");
  await enterCode(page, code);
  await expect(toast(page, "alert", "Error")).toContainText("Too many incorrect attempts. Please request a new code.");
  await expect(page).toHaveURL(/\/auth/);
});

test("Resend Code sends a new code even with a wrong one in the box, and stays on the verify step", async ({
  page,
  open,
  js,
}, testInfo) => {
  const email = address("resend", testInfo.project.name);
  const first = await requestCode(page, open, email, "signup");
  const wrong = first === "000000" ? "111111" : "000000";
  await enterCode(page, wrong);
  await expect(toast(page, "alert", "Error")).toContainText("2 attempts left.");
  // With JavaScript the wrong code stays in the box; without, the reloaded page empties it.
  await page.getByLabel("Verification code").fill(wrong);
  const resentAt = Date.now();
  await page.getByRole("button", { name: "Resend Code" }).click();
  const second = await latestCodeFor(email, resentAt);
  await expect(page).toHaveURL(/step=verify/);
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  if (js) await expect(page.getByLabel("Verification code")).toHaveValue("");
  await enterCode(page, second);
  await expect(toast(page, "status", "Account created!")).toBeVisible();
});

test("sign up with a password, confirm the address, sign out, sign in with the password", async ({
  page,
  open,
}, testInfo) => {
  const email = address("password", testInfo.project.name);
  await open("/auth?mode=signup&method=password");
  await expect(page.getByText("At least 8 characters.")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long passphrase");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(toast(page, "status", "Success!")).toContainText("Please check your email to confirm your account.");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long passphrase");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "alert", "Error")).toContainText("confirm your email address");

  await open(await confirmationPathFor(email));
  await page.getByRole("button", { name: "Confirm my account" }).click();
  await expect(toast(page, "status", "Account created!")).toBeVisible();

  await open("/about");
  await (await openUserMenu(page, email)).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

  await open("/auth?mode=login&method=password");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long passphrase");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "status", "Welcome back!")).toContainText("You have successfully signed in.");
});

test("a member changes the home city on the profile", async ({ page, open }, testInfo) => {
  await open("/profile");
  await expect(page.getByText("Access Denied - Please sign in to view your profile.")).toBeVisible();
  const email = address("profile", testInfo.project.name);
  await signUpWithCode(page, open, email);
  await open("/profile");
  await expect(page.getByText("Member", { exact: true })).toBeVisible();
  await page.getByLabel("Change home city").selectOption({ label: "Alder Creek, CA" });
  await page.getByRole("button", { name: "Update Home City" }).click();
  await expect(toast(page, "status", "Home city updated successfully")).toBeVisible();
  await expect(page.getByText("Alder Creek, CA").first()).toBeVisible();
});

test(
  "a member does not see the admin links and is refused by the server",
  jsIndependent,
  async ({ page, open }, testInfo) => {
    const email = address("member", testInfo.project.name);
    await signUpWithCode(page, open, email);
    await open("/about");
    const memberMenu = await openUserMenu(page, email);
    await expect(memberMenu.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(memberMenu.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
    const refused = await page.request.post("/admin", {
      form: { intent: "anything" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(403);
    const adminPage = await open("/admin");
    expect(adminPage?.status()).toBe(403);
    await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
  },
);

test("an admin sees the admin links and the admin panel", jsIndependent, async ({ page, open, signedInAs }) => {
  const admin = await signedInAs("admin");
  await open("/about");
  const adminMenu = await openUserMenu(page, admin.email);
  await expect(adminMenu.getByRole("link", { name: "Admin Panel" })).toBeVisible();
  await expect(adminMenu.getByRole("link", { name: "Story Playground" })).toBeVisible();
  const adminPage = await open("/admin");
  expect(adminPage?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
  await open("/profile");
  await expect(page.getByText("Administrator", { exact: true })).toBeVisible();
});
