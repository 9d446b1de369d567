import type { ConsoleMessage, Page } from "@playwright/test";

/**
 * What a page reports while a test uses it: uncaught errors (React's
 * hydration errors among them: #418, the server's HTML thrown away) and
 * console errors. A resource that failed to load is not the page's error:
 * the fixtures block outside hosts on purpose, and a page that answers 4xx
 * (not found, a refused form) says so by design.
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() !== "error" || message.text().startsWith("Failed to load resource")) return;
    errors.push(`${page.url()}: console: ${message.text()}`);
  });
  return errors;
}
