import crypto from "node:crypto";
import { test as base, expect, type BrowserContext, type Page, type Response } from "@playwright/test";
import { mainTestDataDoor, testDataClient, type TestData, type TestUser } from "./test-data";

/**
 * The `test` every spec uses. It
 * - lists the requests for hosts other than 127.0.0.1/localhost, which the
 *   browser sends to a closed local port (playwright.config.ts), in the
 *   test's output;
 * - gives `js` (is JavaScript on in this project?) and `open(path)`, which
 *   navigates and, with JavaScript on, waits until React has hydrated the
 *   page so that clicks go to React rather than to the plain HTML form;
 * - gives `testData`, which creates users, cities and meetings on the
 *   server (test-data.ts), so that a spec changes only what it created;
 * - gives `signedInAs(role)`, which signs the test's browser context in as a
 *   new member or admin without e-mail codes (signing in itself is what
 *   auth.spec.ts tests);
 * - gives each test's browser a client address of its own (`clientAddress`,
 *   sent as X-Forwarded-For to the server, which trusts its loopback proxy):
 *   every browser of the run comes from 127.0.0.1, and the per-address limits
 *   (five contact messages an hour, sign-ins) would otherwise be shared by
 *   every spec, as no two real readers share them.
 */

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

type Fixtures = {
  js: boolean;
  open: (path: string) => Promise<Response | null>;
  blockedRequests: string[];
  clientAddress: string;
  testData: TestData;
  signedInAs: (role: "member" | "admin") => Promise<TestUser>;
};

export const test = base.extend<Fixtures>({
  blockedRequests: [
    async ({ context }, provide, testInfo) => {
      // The browser sends every request for another host to a closed local
      // port (playwright.config.ts: the launch's proxy), where it fails at
      // once; here they are only listed.
      const blocked: string[] = [];
      context.on("requestfailed", (request) => {
        if (!LOCAL_HOSTS.has(new URL(request.url()).hostname)) blocked.push(request.url());
      });
      await provide(blocked);
      if (blocked.length > 0) {
        testInfo.annotations.push({ type: "blocked external requests", description: blocked.join("\n") });
        console.warn(`[e2e] blocked ${blocked.length} request(s) to other hosts:\n  ${blocked.join("\n  ")}`);
      }
    },
    { auto: true },
  ],

  clientAddress: [
    async ({ context }, provide, testInfo) => {
      const address = addressOf(`${testInfo.testId} ${testInfo.retry}`);
      await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
      await provide(address);
    },
    { auto: true },
  ],

  js: async ({ javaScriptEnabled }, provide) => {
    await provide(javaScriptEnabled !== false);
  },

  // Playwright reads what a fixture needs from this pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  testData: async ({}, provide) => {
    await provide(testDataClient(mainTestDataDoor()));
  },

  signedInAs: async ({ context, testData, baseURL }, provide) => {
    await provide(async (role) => {
      const user = await testData.createUser(role);
      await addSessionCookie(context, user, baseURL!);
      return user;
    });
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
 * Where a case runs, given as the second argument of `test(title, where, body)`
 * (playwright.config.ts greps the tags; tests/e2e/README.md, ADR 0056). A case
 * without one runs in both projects: its subject differs with JavaScript.
 */
/** What the server renders or answers, the same with or without scripts: once, without JavaScript. */
export const jsIndependent = { tag: "@js-independent" };
/** What JavaScript adds (hydration, enhancements): with JavaScript only. */
export const jsOnly = { tag: "@js-only" };
/** A fallback that exists only without JavaScript. */
export const noJsOnly = { tag: "@no-js-only" };
/**
 * Cases on a second server (second-server.ts) that open their own contexts
 * with JavaScript on and off: they run in one project, so that the server
 * starts once.
 */
export const secondServer = { tag: "@second-server" };

/** A private (10.x.y.z) address named by `seed`: the same seed, the same address. */
export function addressOf(seed: string): string {
  const [a, b, c] = crypto.createHash("sha256").update(seed).digest();
  return `10.${a}.${b}.${c}`;
}

/** Gives the browser context the user's session, as signing in on `baseURL` would. */
export async function addSessionCookie(context: BrowserContext, user: TestUser, baseURL: string): Promise<void> {
  await context.addCookies([{ ...user.cookie, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

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
