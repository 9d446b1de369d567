import { test as setup } from "@playwright/test";
import { expect, toast } from "./fixtures";
import { adminStorageState } from "./admin-session";
import { latestCodeFor } from "./mail";

/**
 * The demo admin signs in with an e-mail code once per run (the per-address
 * code limit is 3 per 10 minutes), and the specs that act as an admin reuse
 * the session.
 */
setup("sign in as the demo admin", async ({ page }) => {
  await page.goto("/auth?mode=login&method=code");
  await page.getByLabel("Email").fill("admin@gavel.local");
  const sentAt = Date.now() - 1;
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(toast(page, "status", "OTP Sent!")).toBeVisible();
  await page.getByLabel("Verification code").fill(await latestCodeFor("admin@gavel.local", sentAt));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "status", "Success!")).toContainText("You have successfully signed in.");
  await page.context().storageState({ path: adminStorageState() });
});
