import type { Page } from "@playwright/test";
import { SEARCHABLE_MOMENTS } from "#demo/meetings";
import { expect, test, toast } from "./fixtures";
import { latestCodeFor } from "./mail";

/**
 * The main flows with the keyboard alone (Tab, Shift+Tab, Enter, Escape,
 * typing; no clicks), with and without JavaScript: the skip link, picking a
 * city, searching and opening a moment, signing up with an e-mailed code,
 * sending the contact form. Every control reached shows where the focus is.
 */

/** What the focused element is, for matching and for failure messages. */
type Focused = {
  tag: string;
  name: string;
  type: string;
  inMain: boolean;
  inSearchHit: boolean;
  visible: boolean;
  text: string;
};

function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none";
    const label =
      element.getAttribute("aria-label") ??
      (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null) ??
      "";
    return {
      tag: element.tagName.toLowerCase(),
      name: element.getAttribute("name") ?? "",
      type: element.getAttribute("type") ?? "",
      inMain: element.closest("main") !== null,
      inSearchHit: element.closest("li[data-result-id]") !== null,
      visible: outline || ring,
      text: `${label} ${element.textContent ?? ""}`.replace(/\s+/g, " ").trim(),
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, at most
 * `max` times, and checks that it shows its focus. Fails naming what was
 * focused on the way.
 */
async function tabTo(
  page: Page,
  matches: (element: Focused) => boolean,
  { max = 40, back = false }: { max?: number; back?: boolean } = {},
): Promise<Focused> {
  const seen: string[] = [];
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const element = await focused(page);
    if (element && matches(element)) {
      expect(element.visible, `the focus on <${element.tag}> "${element.text}" is visible`).toBe(true);
      return element;
    }
    seen.push(element ? `<${element.tag}> ${element.text.slice(0, 40)}` : "(nothing)");
  }
  throw new Error(`no matching element after ${max} Tab presses; focused in turn:\n  ${seen.join("\n  ")}`);
}

const named = (text: string) => (element: Focused) => element.text.includes(text);

test("the skip link leads into the page, and a city is picked from the home page", async ({ page, open }) => {
  await open("/");
  await page.keyboard.press("Tab");
  const skip = await focused(page);
  expect(skip?.text).toBe("Skip to main content");
  expect(skip?.visible).toBe(true);
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  const first = await tabTo(page, () => true, { max: 1 });
  expect(first.inMain, "after the skip link, Tab goes to the page's content").toBe(true);

  await tabTo(page, (element) => element.tag === "select" && element.name === "city");
  await page.keyboard.type("Alder");
  await tabTo(page, named("Go to My City"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/city\/alder-creek$/);
  await expect(page.getByRole("heading", { level: 1, name: /Alder Creek/ })).toBeVisible();
});

const moment = SEARCHABLE_MOMENTS.find((m) => m.phrase === "sea lions on the fuel dock")!;

test("a search by keyboard opens the meeting at the moment", async ({ page, open }) => {
  await open(`/city/${moment.cityKey}/search`);
  await tabTo(page, (element) => element.inMain && element.type === "search");
  await page.keyboard.type(`"${moment.phrase}"`);
  await page.keyboard.press("Enter");
  await expect(page.locator("li[data-result-id]")).toHaveCount(1);
  // Without JavaScript the results are a new page, and the Tab order starts again from its top.
  await tabTo(page, (element) => element.tag === "a" && element.inSearchHit, { max: 60 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/meeting/[0-9a-f-]{36}\\?t=${moment.startSeconds}$`));
  await expect(page.locator("iframe")).toHaveAttribute("src", new RegExp(`\\?start=${moment.startSeconds}$`));
  await expect(page.locator("iframe")).toHaveAttribute("title", /^Video: /);
});

test("signing up with an e-mailed code, and the account menu", async ({ page, open, js }, testInfo) => {
  const email = `keys-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await open("/auth?mode=signup&method=code");
  await tabTo(page, (element) => element.name === "email");
  await page.keyboard.type(email);
  const sentAt = Date.now() - 1;
  await tabTo(page, named("Send Code"));
  await page.keyboard.press("Enter");
  await expect(toast(page, "status", "OTP Sent!")).toBeVisible();
  const code = await latestCodeFor(email, sentAt);
  await tabTo(page, (element) => element.name === "code");
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
  await expect(toast(page, "status", "Account created!")).toBeVisible();

  // The account menu opens from the keyboard; with JavaScript, Escape closes it and gives the focus back.
  const menu = page.locator("summary", { hasText: "Account menu for" });
  await tabTo(page, named("Account menu for"));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();
  if (js) {
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).toBeFocused();
    await expect(menu.locator("xpath=..")).not.toHaveAttribute("open");
  }
});

test("the contact form: a missing message takes the focus, then the message is sent", async ({ page, open }) => {
  await open("/contact");
  await tabTo(page, (element) => element.inMain && element.name === "email");
  await page.keyboard.type("resident@example.com");
  await tabTo(page, (element) => element.name === "topic");
  await page.keyboard.type("Media");
  await tabTo(page, named("Send Message"));
  await page.keyboard.press("Enter");

  // The refused form puts the focus on its first invalid field, which names its message.
  await expect(toast(page, "alert", "Please fill in all required fields")).toBeVisible();
  const message = page.getByRole("textbox", { name: "Message", exact: true });
  await expect(message).toBeFocused();
  await expect(message).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await message.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`[id="${describedBy.split(" ")[0]}"]`)).not.toBeEmpty();
  expect((await focused(page))?.visible).toBe(true);

  await page.keyboard.type("When is the next budget hearing?");
  await tabTo(page, named("Send Message"));
  await page.keyboard.press("Enter");
  await expect(toast(page, "status", "Success!")).toBeVisible();
});
