import { describe, expect, it } from "vitest";
import {
  imageFileName,
  LETTER_FILTERS,
  letterOf,
  parseLetterFilter,
  telephoneHref,
  tierLabel,
  tierLevel,
  tierRank,
  websiteHref,
} from "~/lib/businesses/listing";

describe("listing tiers", () => {
  it("maps Tier 1 to Premium, Tier 2 to Standard, and Tier 3 or anything else to Basic", () => {
    expect(["Tier 1", "Tier 2", "Tier 3", null, "", "Tier 9"].map(tierLevel)).toEqual([
      "premium",
      "standard",
      "basic",
      "basic",
      "basic",
      "basic",
    ]);
    expect(["Tier 1", "Tier 2", "Tier 3", null].map(tierLabel)).toEqual(["Premium", "Standard", "Basic", "Basic"]);
    expect(["Tier 3", null, "Tier 1", "Tier 2"].map(tierRank)).toEqual([3, 3, 1, 2]);
  });
});

describe("letter buckets", () => {
  it("offers All, 0-9 and A to Z", () => {
    expect(LETTER_FILTERS).toHaveLength(28);
    expect(LETTER_FILTERS.slice(0, 3)).toEqual(["All", "0-9", "A"]);
    expect(LETTER_FILTERS.at(-1)).toBe("Z");
  });

  it("buckets names by their first character, accents dropped", () => {
    expect(letterOf("Alder Bakery")).toBe("A");
    expect(letterOf("  zinc works")).toBe("Z");
    expect(letterOf("Élan Café")).toBe("E");
    expect(letterOf("Ñandú Tours")).toBe("N");
    expect(letterOf("1st Street Books")).toBe("0-9");
    expect(letterOf("9 Lives Pet Care")).toBe("0-9");
    expect(letterOf("@Home Repairs")).toBeNull();
    expect(letterOf("Øresund Imports")).toBeNull();
    expect(letterOf("")).toBeNull();
  });

  it("reads a letter filter from the URL, anything unknown as All", () => {
    expect(parseLetterFilter("b")).toBe("B");
    expect(parseLetterFilter("0-9")).toBe("0-9");
    expect(parseLetterFilter("All")).toBe("All");
    expect(parseLetterFilter("AB")).toBe("All");
    expect(parseLetterFilter("É")).toBe("All");
    expect(parseLetterFilter(null)).toBe("All");
  });
});

describe("website and telephone links", () => {
  it("adds https:// when the scheme is missing and keeps http(s) links", () => {
    expect(websiteHref("alderbakery.example")).toBe("https://alderbakery.example/");
    expect(websiteHref(" www.example.com/menu ")).toBe("https://www.example.com/menu");
    expect(websiteHref("http://example.com")).toBe("http://example.com/");
    expect(websiteHref("HTTPS://Example.com/a?b=c")).toBe("https://example.com/a?b=c");
  });

  it("refuses other schemes and empty values", () => {
    expect(websiteHref("javascript:alert(1)")).toBeNull();
    expect(websiteHref("data:text/html,hi")).toBeNull();
    expect(websiteHref("")).toBeNull();
    expect(websiteHref(null)).toBeNull();
  });

  it("makes tel: links of the digits", () => {
    expect(telephoneHref("(555) 010-1234")).toBe("tel:5550101234");
    expect(telephoneHref("+1 555 010 1234")).toBe("tel:+15550101234");
    expect(telephoneHref("call us")).toBeNull();
  });
});

describe("uploaded image file names", () => {
  const now = new Date(1_764_000_000_000);
  it("is the name lowercased, other characters as hyphens, a timestamp and the original extension", () => {
    expect(imageFileName("Joe's Café & Bar", "Photo.JPG", now)).toBe("joe-s-caf-bar-1764000000000.jpg");
    expect(imageFileName("Alder Creek Bakery", "storefront.png", now)).toBe("alder-creek-bakery-1764000000000.png");
    expect(imageFileName("!!!", "logo.webp", now)).toBe("business-1764000000000.webp");
    expect(imageFileName("Books", "no-extension", now)).toBe("books-1764000000000");
  });
});
