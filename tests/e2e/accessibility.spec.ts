import type { APIRequestContext, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { axeAuditor, describeViolations, sameAsItsHtml, servedHtml } from "./a11y/axe";
import { AUDITED_PAGES, findDemoData, type AuditedPage, type Audience, type DemoData } from "./a11y/pages";
import { addSessionCookie, expect, jsIndependent, test } from "./fixtures";
import { watchPageErrors } from "./page-errors";

/**
 * WCAG 2.2 AA on every page (issue 16): axe-core over every page route of
 * app/routes.ts, as a visitor, a member and an admin, at 320 and 1280 px,
 * with JavaScript on and off (the two Playwright projects). The no-js
 * project audits every page as its HTML; the js project audits what
 * JavaScript changed: a page whose document, hydrated, is still exactly its
 * HTML is not audited again, by axe nor for scrolling sideways (ADR 0056,
 * ADR 0074), and the test's annotations count them. No page may scroll
 * sideways at 320 px (reflow) nor at 200% zoom of the 1280 px window
 * (resize text). A test fails with every violation of its pages listed, not
 * only the first. With JavaScript on, a page that reports an error (a
 * hydration mismatch, an uncaught exception, a console error) fails too.
 */

/** Leaf routes whose module renders a page (resource routes are .ts). */
function pagePatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    if (entry.children?.length) return pagePatterns(entry.children, path);
    return entry.file.endsWith(".tsx") ? [path] : [];
  });
}

test("every page route of app/routes.ts is in the audit", jsIndependent, () => {
  const audited = new Set(AUDITED_PAGES.map((page) => page.pattern));
  const missing = pagePatterns(routes).filter((pattern) => !audited.has(pattern));
  expect(missing, "page routes the accessibility audit does not open (tests/e2e/a11y/pages.ts)").toEqual([]);
});

let demoData: Promise<DemoData> | null = null;

/** The demo rows to audit, looked up once per worker; admin pages are read with an admin's session. */
function demo(request: APIRequestContext, adminRequest: () => Promise<APIRequestContext>): Promise<DemoData> {
  demoData ??= adminRequest().then((admin) => findDemoData(request, admin));
  return demoData;
}

/**
 * Why the page scrolls sideways, if it does: from the body down, the child
 * whose removal ends the scrolling, as deep as one is found (an absolutely
 * positioned element escaping its scroll container is found this way too).
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
        element.getAttribute("class")
          ? `.${element.getAttribute("class")!.trim().split(/\s+/).slice(0, 5).join(".")}`
          : ""
      }`;
    const culprits: string[] = [];
    let parent: Element = document.body;
    for (;;) {
      const culprit = [...parent.children].find((child) => {
        const style = (child as HTMLElement).style;
        const display = style.display;
        style.display = "none";
        const fits = root.scrollWidth <= width;
        style.display = display;
        return fits;
      });
      if (!culprit) break;
      culprits.push(describe(culprit));
      parent = culprit;
    }
    return [`scrolls sideways: ${root.scrollWidth} px in ${width} px, because of`, culprits.slice(-3).join(" > ")];
  });
}

/**
 * The page zoomed to 200% in its 1280 px window, which lays it out in 640
 * CSS pixels: nothing may push it wider (resize text, WCAG 1.4.4).
 */
async function overflowAtDoubleZoom(page: Page): Promise<string[]> {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width / 2, height: viewport.height / 2 });
  try {
    return await overflow(page);
  } finally {
    await page.setViewportSize(viewport);
  }
}

const HEIGHT = 800;

/** Who opens which pages: the public ones in two halves, so that the two workers finish together. */
const GROUPS: { name: string; audience: Audience; pages: (page: AuditedPage) => boolean }[] = [
  { name: "city pages", audience: "visitor", pages: (page) => /^(city|meeting|businesses)/.test(page.pattern) },
  {
    name: "other public pages",
    audience: "visitor",
    pages: (page) => !/^(city|meeting|businesses)/.test(page.pattern),
  },
  { name: "member pages", audience: "member", pages: () => true },
  { name: "admin pages", audience: "admin", pages: () => true },
];

for (const group of GROUPS) {
  test(`the ${group.name} pass axe's WCAG 2.2 AA rules at 1280 and 320 px`, async ({
    page,
    open,
    js,
    browser,
    baseURL,
    request,
    testData,
    signedInAs,
  }, testInfo) => {
    test.setTimeout(300_000);
    const rows = await demo(request, async () => {
      const admin = await testData.createUser("admin");
      const adminContext = await browser.newContext({ baseURL });
      await addSessionCookie(adminContext, admin, baseURL!);
      return adminContext.request;
    });
    if (group.audience !== "visitor") await signedInAs(group.audience);
    const auditor = await axeAuditor(browser, page, js);
    const pageErrors = watchPageErrors(page);
    const failures: string[] = [];
    const pages = AUDITED_PAGES.filter((entry) => entry.audience === group.audience && group.pages(entry));
    /** With JavaScript, the audits left to the HTML pass: the document was its HTML unchanged. */
    const asHtml: string[] = [];
    try {
      for (const entry of pages) {
        // Opened once, then audited at each width: the same document, laid out again.
        await page.setViewportSize({ width: 1280, height: HEIGHT });
        const response = await open(entry.path(rows));
        if (entry.prepare) await entry.prepare(page);
        const address = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
        if (response && response.status() >= 500)
          failures.push(`  ${entry.label} (${address}): answered ${response.status()}`);
        // A page brought into a state (a form sent, a dialog opened) is not its HTML: audited whatever.
        const html = js && !entry.prepare ? await servedHtml(page) : null;
        for (const width of [1280, 320]) {
          const where = `${entry.label} at ${width} px (${address})`;
          await page.setViewportSize({ width, height: HEIGHT });
          // A document that is still its HTML is laid out as the no-js pass lays it out: axe and the
          // sideways checks are left to that pass.
          if (html !== null && (await sameAsItsHtml(page, html))) {
            asHtml.push(where);
            continue;
          }
          const violations = await auditor.audit(page);
          if (violations.length > 0) failures.push(describeViolations(where, violations));
          const sideways = width === 320 ? await overflow(page) : await overflowAtDoubleZoom(page);
          if (sideways.length > 0) failures.push(`  ${where}: ${sideways.join("\n      ")}`);
        }
      }
    } finally {
      await auditor.close();
    }
    if (js)
      testInfo.annotations.push({
        type: "audited as their HTML only (the no-js project)",
        description: `${asHtml.length} of ${pages.length * 2}: ${asHtml.join("; ")}`,
      });
    failures.push(...pageErrors.map((error) => `  page error: ${error}`));
    expect(failures.length, `accessibility failures:\n${failures.join("\n")}`).toBe(0);
  });
}
