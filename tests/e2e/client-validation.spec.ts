import type { Page } from "@playwright/test";
import { expect, jsIndependent, jsOnly, test, toast } from "./fixtures";

/**
 * Forms are checked by the action's schema on the server, with or without
 * JavaScript (docs/decisions/0005-forms.md, 0029): no validator ships to the
 * browser, and a refused form shows the server's messages under its fields,
 * the same words either way.
 */

/** Every POST the page sends from now on (form submissions, with or without JavaScript). */
function watchPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test("password sign-in with empty fields", async ({ page, open }) => {
  await open("/auth?mode=login&method=password");
  const posts = watchPosts(page);
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(page.getByText("Please enter your email address", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter your password", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveAttribute("aria-invalid", "true");
  await expect(toast(page, "alert", "Error")).toContainText("Please enter your email address and password.");
  expect(posts).toHaveLength(1);
});

test("the sign-in form keeps its native constraints in the server's HTML", jsIndependent, async ({ request }) => {
  const html = await (await request.get("/auth?mode=signup&method=password")).text();
  expect(html).toMatch(/<input[^>]*type="email"[^>]*required=""|<input[^>]*required=""[^>]*type="email"/);
  expect(html).toMatch(/<input[^>]*minLength="8"|<input[^>]*minlength="8"/);
});

test("an e-mail code for a malformed address", async ({ page, open }) => {
  await open("/auth?mode=login&method=code");
  const posts = watchPosts(page);
  await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await page.getByRole("button", { name: "Send Code" }).click();

  await expect(page.getByText("Please enter a valid email address", { exact: true }).first()).toBeVisible();
  await expect(toast(page, "alert", "Error")).toContainText("Please enter a valid email address");
  expect(posts).toHaveLength(1);
});

test(
  "a field's message goes once it is edited, and the corrected form goes through",
  jsOnly,
  async ({ page, open }) => {
    await open("/auth?mode=login&method=code");
    const email = page.getByRole("textbox", { name: "Email" });
    await email.fill("resident@");
    await page.getByRole("button", { name: "Send Code" }).click();
    await expect(page.getByText("Please enter a valid email address", { exact: true }).first()).toBeVisible();
    await expect(email).toHaveValue("resident@");
    await email.fill("resident@example.com");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
  },
);

test("the contact form with nothing filled in", async ({ page, open }) => {
  await open("/contact");
  const posts = watchPosts(page);
  await page.getByRole("button", { name: "Send Message" }).click();

  await expect(toast(page, "alert", "Please fill in all required fields")).toBeVisible();
  await expect(page.getByText("This field is required", { exact: true })).toHaveCount(3);
  expect(posts).toHaveLength(1);
});

test.describe("signed in as the admin", () => {
  test("the profile's home city picker left empty", async ({ page, open, js, signedInAs }) => {
    await signedInAs("admin");
    await open("/profile");
    const posts = watchPosts(page);
    const picker = page.getByRole("combobox", { name: "Change home city" });
    if (js) {
      // Update Home City waits for a choice.
      await expect(picker).toHaveValue("");
      await expect(page.getByRole("button", { name: "Update Home City" })).toBeDisabled();
      expect(posts).toEqual([]);
    } else {
      await page.getByRole("button", { name: "Update Home City" }).click();
      await expect(toast(page, "alert", "Failed to update home city")).toBeVisible();
      expect(posts).toHaveLength(1);
    }
  });

  test("the story playground refuses over-long instructions", async ({ page, open, signedInAs }) => {
    await signedInAs("admin");
    await open("/admin/story-playground?city=alder-creek");
    const analyzed = await page
      .getByRole("combobox", { name: "Meeting" })
      .locator("option")
      .evaluateAll((options) =>
        options
          .filter((option) => / · (analyzed|story)$/.test(option.textContent ?? ""))
          .map((option) => (option as HTMLOptionElement).value),
      );
    expect(analyzed.length, "some demo meeting has an analysis").toBeGreaterThan(0);
    await open(`/admin/story-playground?city=alder-creek&video=${analyzed[0]}`);
    const posts = watchPosts(page);
    await page.getByRole("textbox", { name: "Additional context" }).fill("x".repeat(2001));
    await page.getByRole("button", { name: "Generate Story" }).click();

    await expect(
      page.getByText("Please keep the additional context under 2,000 characters", { exact: true }),
    ).toBeVisible();
    await expect(toast(page, "alert", "Please check the highlighted fields")).toBeVisible();
    expect(posts).toHaveLength(1);
  });
});
