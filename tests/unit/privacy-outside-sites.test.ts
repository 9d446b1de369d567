import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/lib/http/security-headers.server";
import { OUTSIDE_SITES } from "~/lib/privacy/outside-sites";
import { allowsHost, hostOfSource, outsideSources } from "../support/csp";

/**
 * The other sites /privacy names (app/lib/privacy/outside-sites.ts) are
 * exactly those the production Content-Security-Policy lets a page load.
 * The same comparison against the running app's page and header:
 * tests/e2e/privacy.spec.ts.
 */

describe("the privacy page's other sites", () => {
  const csp = outsideSources(contentSecurityPolicy("nonce"));

  it("name every outside host and scheme the policy allows", () => {
    for (const [directive, sources] of csp) {
      const sites = OUTSIDE_SITES.filter((site) => site.directive === directive);
      for (const source of sources) {
        const host = hostOfSource(source);
        if (host)
          expect(
            sites.flatMap((site) => site.hosts),
            `${directive} ${source}`,
          ).toContain(host);
        else
          expect(
            sites.some((site) => site.hosts.length === 0),
            `${directive} ${source}`,
          ).toBe(true);
      }
    }
  });

  it("name nothing the policy would block", () => {
    for (const site of OUTSIDE_SITES) {
      const sources = csp.get(site.directive) ?? [];
      for (const host of site.hosts) expect(allowsHost(sources, host), `${site.directive} ${host}`).toBe(true);
      if (site.hosts.length === 0) expect(sources, site.name).toContain("https:");
    }
  });

  it("reads policies as the browser would", () => {
    const sources = ["https://www.example.org", "https://*.example.net"];
    expect(allowsHost(sources, "www.example.org")).toBe(true);
    expect(allowsHost(sources, "example.org")).toBe(false);
    expect(allowsHost(sources, "i.example.net")).toBe(true);
    expect(allowsHost(sources, "*.example.net")).toBe(true);
    expect(allowsHost(sources, "*.example.org")).toBe(false);
    expect(allowsHost(["https:"], "*.example.net")).toBe(true);
    expect([
      ...outsideSources("default-src 'self'; img-src 'self' data: https:; frame-src https://a.test").entries(),
    ]).toEqual([
      ["img-src", ["https:"]],
      ["frame-src", ["https://a.test"]],
    ]);
  });
});
