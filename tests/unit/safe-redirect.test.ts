import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/auth/session.server";

/** Where a browser lands when it follows `Location: value` from https://gavel.example/auth. */
function landing(value: string): URL {
  return new URL(value, "https://gavel.example/auth");
}

describe("safeRedirect", () => {
  const refused = [
    "",
    "city/alder-creek",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\r\n/evil.example",
    "/\t\\evil.example",
    "/\\\t\\evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/x/..//evil.example",
    "https://evil.example",
    "http://gavel.invalid/admin",
    "javascript:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
  ];
  it.each(refused.map((value) => [JSON.stringify(value), value]))("refuses %s", (_, value) => {
    expect(safeRedirect(value)).toBe("/");
    expect(safeRedirect(value, "/fallback")).toBe("/fallback");
  });

  it("refuses nothing at all", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
  });

  const kept: Array<[string, string]> = [
    ["/", "/"],
    ["/city/alder-creek", "/city/alder-creek"],
    ["/search?q=budget&city=alder-creek#m-3", "/search?q=budget&city=alder-creek#m-3"],
    // Encoded characters stay encoded: the browser does not decode them into the host.
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/%0d%0aSet-Cookie:%20x=y", "/%0d%0aSet-Cookie:%20x=y"],
    // A raw control character inside a path is dropped, as a browser would.
    ["/city/alder\t-creek", "/city/alder-creek"],
    ["/search?q=a b", "/search?q=a%20b"],
  ];
  it.each(kept)("keeps %j as %j", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it("only ever answers a same-origin path without control characters", () => {
    for (const value of [...refused, ...kept.map(([v]) => v)]) {
      const answer = safeRedirect(value);
      expect([...answer].some((c) => c.charCodeAt(0) < 0x20 || c === "\u007f" || c === "\\")).toBe(false);
      expect(landing(answer).origin).toBe("https://gavel.example");
    }
  });
});
