import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "~/lib/api/cursor";
import { atomDate, atomFeed } from "~/lib/feeds/atom";
import { escapeXml } from "~/lib/feeds/xml";
import { elementsNamed, parseXml } from "../support/xml";

/** The pure parts of the feeds and the API (docs/decisions/0043-feeds-and-api.md). */

const ID = "3f2a6c1e-8d4b-4c2a-9e1f-0a1b2c3d4e5f";

describe("escapeXml", () => {
  it("escapes markup and both quotes, and drops what XML 1.0 cannot hold", () => {
    expect(escapeXml(`<a href="x">O'Neil & co</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;O&apos;Neil &amp; co&lt;/a&gt;");
    expect(escapeXml("bell\u0007 nul\u0000 tab\t ok \uFFFE")).toBe("bell nul tab\t ok ");
    expect(escapeXml("emoji 🏛️ and é stay")).toBe("emoji 🏛️ and é stay");
    expect(escapeXml("lone \uD800 surrogate")).toBe("lone  surrogate");
  });
});

describe("atomFeed", () => {
  it("writes a well-formed feed whose texts read back exactly", () => {
    const title = `Council <votes> & "fees" ]]> for O'Neil's park`;
    const xml = atomFeed({
      id: "https://example.org/city/x/feed.atom",
      title: "X & Y",
      selfUrl: "https://example.org/city/x/feed.atom?a=1&b=2",
      pageUrl: "https://example.org/city/x",
      author: "Gavel",
      entries: [
        {
          id: "https://example.org/1",
          title,
          link: "https://example.org/1",
          updated: new Date("2026-01-02T03:04:05.678Z"),
          summary: "<b>bold</b>",
        },
      ],
    });
    const root = parseXml(xml);
    expect(root.name).toBe("feed");
    const [entry] = elementsNamed(root, "entry");
    expect(elementsNamed(entry!, "title")[0]!.text).toBe(title);
    expect(elementsNamed(entry!, "summary")[0]!.text).toBe("<b>bold</b>");
    expect(elementsNamed(entry!, "updated")[0]!.text).toBe("2026-01-02T03:04:05Z");
    expect(elementsNamed(root, "link")[0]!.attributes.href).toBe("https://example.org/city/x/feed.atom?a=1&b=2");
  });

  it("gives an empty feed the epoch as its update", () => {
    const xml = atomFeed({ id: "i", title: "t", selfUrl: "s", pageUrl: "p", author: "a", entries: [] });
    expect(elementsNamed(parseXml(xml), "updated")[0]!.text).toBe(atomDate(new Date(0)));
  });
});

describe("the meetings cursor", () => {
  it("reads back what it wrote, to the microsecond, and without a date", () => {
    const dated = { publishedAt: "2026-03-01T18:00:00.123456Z", id: ID };
    expect(decodeCursor(encodeCursor(dated))).toEqual(dated);
    expect(decodeCursor(encodeCursor({ publishedAt: null, id: ID }))).toEqual({ publishedAt: null, id: ID });
    expect(encodeCursor(dated)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["JSON that is no cursor", Buffer.from('{"a":1}').toString("base64url")],
    ["an id that is no uuid", Buffer.from('["2026-03-01T18:00:00.000000Z","1 or 1=1"]').toString("base64url")],
    ["a date that is not exact", Buffer.from(`["yesterday","${ID}"]`).toString("base64url")],
    ["three parts", Buffer.from(`[null,"${ID}",1]`).toString("base64url")],
  ])("refuses %s", (_name, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
