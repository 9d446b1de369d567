import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "@playwright/test";

/**
 * axe-core, injected into the page (its Playwright wrapper needs a newer
 * Node than ours), with the WCAG 2.0, 2.1 and 2.2 A and AA rules and two
 * best-practice rules the issue asks for by name: headings in order and one
 * h1 per page.
 *
 * axe.run needs scripts (its work is queued on promises and timers), so a
 * page opened with JavaScript off is audited as its HTML: the document the
 * browser built without scripts, copied with its doctype into a page of a
 * scripted context of the same site and viewport, all <script> elements
 * removed so that nothing hydrates. The rules then see exactly what a
 * reader without JavaScript gets.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const NAMED_BEST_PRACTICES = ["heading-order", "page-has-heading-one"];

export type AxeNode = { target: string[]; html: string; failureSummary?: string };
export type AxeViolation = { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] };

type AxeRun = { violations: AxeViolation[] };

async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    ([tags, bestPractices]) => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeRun> } }).axe;
      return axe.run(document, {
        runOnly: { type: "tag", values: tags },
        rules: Object.fromEntries(bestPractices.map((rule) => [rule, { enabled: true }])),
        resultTypes: ["violations"],
      });
    },
    [WCAG_TAGS, NAMED_BEST_PRACTICES] as const,
  );
  return result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
    id,
    impact,
    help,
    helpUrl,
    nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
  }));
}

export type Auditor = { audit(page: Page): Promise<AxeViolation[]>; close(): Promise<void> };

/**
 * Audits pages opened with JavaScript in place, and pages opened without it
 * as their HTML, in one scripted page of its own (see above) that keeps axe
 * loaded: `setContent` replaces the document, not the window.
 */
export async function axeAuditor(browser: Browser, page: Page, js: boolean): Promise<Auditor> {
  if (js) return { audit: runAxe, close: async () => {} };
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  // The copied HTML may name images of other sites: they fail at the browser's closed local proxy (playwright.config.ts).
  const twin = await context.newPage();
  let copied = "";
  return {
    async audit(audited) {
      const origin = new URL(audited.url()).origin;
      if (new URL(twin.url()).origin !== origin) {
        // A blank page of the same site, so that the copy's images and styles resolve as on the original.
        await twin.route(`${origin}/__accessibility-audit`, (route) =>
          route.fulfill({ contentType: "text/html", body: "<!DOCTYPE html><html><body></body></html>" }),
        );
        await twin.goto(`${origin}/__accessibility-audit`);
      }
      const html = await audited.evaluate(() => {
        const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : "";
        const copy = document.documentElement.cloneNode(true) as HTMLElement;
        for (const script of copy.querySelectorAll("script, link[rel=modulepreload]")) script.remove();
        return doctype + copy.outerHTML;
      });
      await twin.setViewportSize(audited.viewportSize()!);
      // The same document at another width is laid out again, not copied again.
      if (html !== copied) await twin.setContent(html);
      copied = html;
      return runAxe(twin);
    },
    close: () => context.close(),
  };
}

/**
 * The HTML the server sends for the page's address, fetched with the page's
 * cookies (null when it does not answer 200), to compare the page with.
 */
export async function servedHtml(page: Page): Promise<string | null> {
  const get = () =>
    page.request.get(page.url(), { headers: { Accept: "text/html", Connection: "close" }, maxRedirects: 0 });
  // A pooled connection the server closed as idle (its 5 s keep-alive) just as
  // it was reused resets: a GET is retried on a new one, as browsers do (RFC 9112, 9.3.1).
  const response = await get().catch((error: Error) => {
    if (/ECONNRESET|socket hang up/.test(error.message)) return get();
    throw error;
  });
  return response.status() === 200 ? response.text() : null;
}

/**
 * Whether the page's document is, scripts and <noscript> aside, exactly the
 * document a browser builds from `html` without JavaScript: then what axe
 * finds in it is what the HTML pass of the no-js project finds, and
 * JavaScript has added nothing to audit. Nonces are left out (the browser
 * hides them); any other difference, an attribute an effect set, an element
 * rendered on the client, a text, counts.
 */
export async function sameAsItsHtml(page: Page, html: string): Promise<boolean> {
  return page.evaluate((source) => {
    const strip = (root: Element) => {
      for (const node of root.querySelectorAll("script, noscript, link[rel=modulepreload]")) node.remove();
      for (const node of root.querySelectorAll("[nonce]")) node.removeAttribute("nonce");
      return root.outerHTML;
    };
    const served = new DOMParser().parseFromString(source, "text/html").documentElement;
    return strip(served) === strip(document.documentElement.cloneNode(true) as Element);
  }, html);
}

/** One readable paragraph per violation: rule, what it asks, and up to five elements that fail it. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(" ")}\n        ${node.html.slice(0, 160)}\n        ${firstLine(node)}`)
        .join("\n");
      const more = violation.nodes.length > 5 ? `\n      … and ${violation.nodes.length - 5} more` : "";
      return `  ${where}: ${violation.id} (${violation.impact ?? "no impact given"}): ${violation.help}\n${nodes}${more}`;
    })
    .join("\n");
}

function firstLine(node: AxeNode): string {
  return (node.failureSummary ?? "").split("\n").slice(0, 2).join(" ").slice(0, 240);
}
