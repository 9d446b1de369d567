import { test as base, expect, type Page, type Response } from "@playwright/test";

/**
 * The `test` every spec uses. It
 * - keeps the browser on this machine: any request to a host other than
 *   127.0.0.1/localhost is aborted (and listed in the test's output);
 * - gives `js` (is JavaScript on in this project?) and `open(path)`, which
 *   navigates and, with JavaScript on, waits until React has hydrated the
 *   page so that clicks go to React rather than to the plain HTML form.
 */

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

type Fixtures = {
  js: boolean;
  open: (path: string) => Promise<Response | null>;
  blockedRequests: string[];
};

export const test = base.extend<Fixtures>({
  blockedRequests: [
    async ({ context }, provide, testInfo) => {
      const blocked: string[] = [];
      await context.route(
        (url) =>
          (url.protocol === "http:" ||
            url.protocol === "https:" ||
            url.protocol === "ws:" ||
            url.protocol === "wss:") &&
          !LOCAL_HOSTS.has(url.hostname),
        async (route) => {
          blocked.push(route.request().url());
          await route.abort("blockedbyclient");
        },
      );
      await provide(blocked);
      if (blocked.length > 0) {
        testInfo.annotations.push({ type: "blocked external requests", description: blocked.join("\n") });
        console.warn(`[e2e] blocked ${blocked.length} request(s) to other hosts:\n  ${blocked.join("\n  ")}`);
      }
    },
    { auto: true },
  ],

  js: async ({ javaScriptEnabled }, provide) => {
    await provide(javaScriptEnabled !== false);
  },

  open: async ({ page, js }, provide) => {
    await provide(async (path) => {
      const response = await page.goto(path);
      if (js) await waitForHydration(page);
      return response;
    });
  },
});

/**
 * Resolves once React has hydrated the document: hydrateRoot() marks the
 * container (the document) and hydration tags the elements it adopts.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const hasKey = (node: object | null, prefix: string) =>
        node !== null && Object.keys(node).some((key) => key.startsWith(prefix));
      return hasKey(document, "__reactContainer$") && hasKey(document.body, "__reactProps$");
    },
    undefined,
    { timeout: 15_000 },
  );
  // Let effects that run right after hydration (e.g. disabling a button) commit.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/** The toast with this title: role "status" for success, "alert" for errors. */
export function toast(page: Page, role: "status" | "alert", title: string) {
  return page.getByRole(role).filter({ hasText: title });
}

export { expect };
