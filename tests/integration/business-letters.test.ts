import { describe, expect, it } from "vitest";
import { businessListings, cities } from "~/lib/db/schema";
import { letterOf } from "~/lib/businesses/listing";
import { dbTag, execSql, getTestDb } from "../setup";

/** The database's letter bucket (business_listings.name_letter) is the app's letterOf(). */

const NAMES = [
  "Alder Bakery",
  "  zinc works",
  "Élan Café",
  "Ñandú Tours",
  "über Repairs",
  "1st Street Books",
  "9 Lives Pet Care",
  "@Home Repairs",
  "Øresund Imports",
  "Ångström Optics",
  "ß Bakery",
];

describe(`business name letters ${dbTag}`, () => {
  it("computes the same bucket as letterOf for every name", async () => {
    const [city] = await getTestDb()
      .insert(cities)
      .values({ name: "Lettertown", locationKey: "lettertown", state: "OR" })
      .returning();
    await getTestDb()
      .insert(businessListings)
      .values(NAMES.map((name, index) => ({ name, businessKey: `letter-${index}`, cityId: city!.id })));
    const rows = await execSql<{ name: string; name_letter: string | null }>(
      "select name, name_letter from business_listings where business_key like 'letter-%' order by length(business_key), business_key",
    );
    expect(rows.map((row) => [row.name, row.name_letter])).toEqual(NAMES.map((name) => [name, letterOf(name)]));
    expect(rows.map((row) => row.name_letter)).toEqual(["A", "Z", "E", "N", "U", "0-9", "0-9", null, null, "A", null]);
  });

  it("refuses half a coordinate pair and impossible coordinates", async () => {
    const [city] = await getTestDb()
      .insert(cities)
      .values({ name: "Maptown", locationKey: "maptown", state: "OR" })
      .returning();
    const insert = (key: string, latitude: number | null, longitude: number | null) =>
      getTestDb()
        .insert(businessListings)
        .values({ name: "Map Shop", businessKey: key, cityId: city!.id, latitude, longitude });
    await insert("map-ok", 45.52, -122.68);
    await insert("map-none", null, null);
    await expect(insert("map-half", 45.52, null)).rejects.toThrow();
    await expect(insert("map-far", 95, 10)).rejects.toThrow();
  });
});
