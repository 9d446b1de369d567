import { describe, expect, it } from "vitest";
import { matterFeedHref, matterHref, outcomeLabel, parseMatterFile } from "~/lib/legistar/matters";

/** A matter's file number in an address (docs/decisions/0076-bills-and-calendars.md). */
describe("a matter's address", () => {
  it("percent-encodes the file number, and reads back what React Router decodes", () => {
    for (const [file, encoded] of [
      ["CF 2024-0123", "CF%202024-0123"],
      ["ORD 2026-14", "ORD%202026-14"],
      ["RES 12/2026", "RES%2012%2F2026"],
      ["Bill #7?", "Bill%20%237%3F"],
      ["Résolution 3", "R%C3%A9solution%203"],
    ] as const) {
      expect(matterHref("maple-falls", file)).toBe(`/city/maple-falls/matters/${encoded}`);
      expect(matterFeedHref("maple-falls", file)).toBe(`/city/maple-falls/matters/${encoded}/feed.atom`);
      expect(parseMatterFile(decodeURIComponent(encoded))).toBe(file);
    }
  });

  it("refuses an empty, over-long or unprintable file number", () => {
    expect(parseMatterFile(undefined)).toBeNull();
    expect(parseMatterFile("  ")).toBeNull();
    expect(parseMatterFile("x".repeat(65))).toBeNull();
    expect(parseMatterFile("x".repeat(64))).toBe("x".repeat(64));
    expect(parseMatterFile("CF\u00002024")).toBeNull();
    expect(parseMatterFile("CF\n2024")).toBeNull();
    expect(parseMatterFile("CF \ufffd")).toBeNull();
    expect(parseMatterFile(" CF 2024-0123 ")).toBe("CF 2024-0123");
  });

  it("reads an action's passed flag", () => {
    expect([outcomeLabel("Pass"), outcomeLabel("Fail"), outcomeLabel("Held"), outcomeLabel(null)]).toEqual([
      "Passed",
      "Failed",
      "Held",
      null,
    ]);
  });
});
