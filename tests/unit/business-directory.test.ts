import { describe, expect, it } from "vitest";
import { SEED_CITIES } from "#demo/cities";
import { SEED_LISTINGS } from "#demo/businesses";
import { directorySearch, hasActiveFilter, parseDirectoryFilters } from "~/lib/businesses/directory";
import { containsPattern } from "~/lib/businesses/directory.server";
import { osmEmbedUrl, osmMapUrl, osmSearchUrl } from "~/lib/businesses/listing";

describe("directory URL state", () => {
  it("reads filters and drops what is malformed", () => {
    expect(parseDirectoryFilters(new URLSearchParams("q=%20%20bak%20%20ery&letter=b&page=3&city=x"))).toEqual({
      q: "bak ery",
      city: "x",
      category: null,
      sub: null,
      letter: "B",
      page: 3,
    });
    const odd = parseDirectoryFilters(new URLSearchParams("letter=zz&page=-2&sub=Bakery"));
    expect(odd).toMatchObject({ letter: "All", page: 1, sub: null });
    expect(parseDirectoryFilters(new URLSearchParams("q=" + "x".repeat(500))).q).toHaveLength(100);
  });

  it("writes back only what differs from the defaults", () => {
    const filters = parseDirectoryFilters(new URLSearchParams("category=Food+%26+Drink&sub=Bakery&letter=0-9&page=2"));
    expect(directorySearch(filters)).toBe("?category=Food+%26+Drink&sub=Bakery&letter=0-9&page=2");
    expect(directorySearch({ ...filters, category: null })).toBe("?letter=0-9&page=2");
    expect(directorySearch(parseDirectoryFilters(new URLSearchParams()))).toBe("");
    expect(hasActiveFilter(parseDirectoryFilters(new URLSearchParams("page=4")))).toBe(false);
    expect(hasActiveFilter(filters)).toBe(true);
  });

  it("escapes the user's LIKE wildcards", () => {
    expect(containsPattern("50% off_now\\")).toBe("%50\\% off\\_now\\\\%");
  });
});

describe("OpenStreetMap links", () => {
  it("centers the embed and the link on the point at zoom 15", () => {
    const embed = new URL(osmEmbedUrl(40.7221, -124.1437));
    expect(embed.origin + embed.pathname).toBe("https://www.openstreetmap.org/export/embed.html");
    expect(embed.searchParams.get("marker")).toBe("40.7221,-124.1437");
    expect(embed.searchParams.get("layer")).toBe("mapnik");
    const [west, south, east, north] = embed.searchParams.get("bbox")!.split(",").map(Number);
    expect((west! + east!) / 2).toBeCloseTo(-124.1437, 5);
    expect((south! + north!) / 2).toBeCloseTo(40.7221, 5);
    expect(east! - west!).toBeCloseTo((360 / 2 ** 15) * 2.5, 6);
    expect(osmMapUrl(40.7221, -124.1437)).toBe(
      "https://www.openstreetmap.org/?mlat=40.7221&mlon=-124.1437#map=15/40.7221/-124.1437",
    );
    expect(osmSearchUrl(["118 Main Street", null, "Alder Creek, CA"])).toBe(
      "https://www.openstreetmap.org/search?query=118%20Main%20Street%2C%20Alder%20Creek%2C%20CA",
    );
    expect(osmSearchUrl([" ", null])).toBeNull();
  });
});

describe("demo listing coordinates", () => {
  it("places every demo listing within 2 km of its city, the same on every run", () => {
    for (const listing of SEED_LISTINGS) {
      const city = SEED_CITIES.find((seed) => seed.key === listing.cityKey)!;
      const { latitude, longitude } = city.places.coordinates;
      const northKm = (listing.latitude - latitude) * 111;
      const eastKm = (listing.longitude - longitude) * 111 * Math.cos((latitude * Math.PI) / 180);
      expect(Math.hypot(northKm, eastKm)).toBeLessThan(2.1);
    }
    expect(new Set(SEED_LISTINGS.map((listing) => `${listing.latitude},${listing.longitude}`)).size).toBe(
      SEED_LISTINGS.length,
    );
  });
});
