import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "#demo/seed.server";
import { SEED_LISTINGS } from "#demo/businesses";
import { businessCategories, businessListings, cities } from "~/lib/db/schema";
import { DIRECTORY_PAGE_SIZE, directorySearch, type DirectoryFilters } from "~/lib/businesses/directory";
import type { DirectoryPageData } from "~/components/businesses/directory-page";
import { loader as directoryLoader } from "~/routes/businesses/directory";
import { loader as listingLoader } from "~/routes/businesses/listing";
import { callLoader, dbTag, execSql, getTestDb } from "../setup";

/**
 * The public directory on the demo data: every filter combination's count
 * is the count an independent SQL query gives, the order is tier then name,
 * paging covers every row once, and listings outside Live cities are 404s.
 */

const LIVE_KEYS = ["alder-creek", "port-halvern", "cinder-bluff", "lake-wendell"];
const HIDDEN_CITY = "hiddenville";

beforeAll(async () => {
  await seedDemoData();
  const db = getTestDb();
  // Literal % and _ in names, and a listing of a city that is not Live.
  const [alder] = await db.select().from(cities).where(eq(cities.locationKey, "alder-creek"));
  const [category] = await db.select().from(businessCategories).where(eq(businessCategories.subCategory, "Bakery"));
  await db.insert(businessListings).values([
    { name: "100% Rye Bakery", businessKey: "rye-100", cityId: alder!.id, businessCategory: category!.id },
    { name: "Snake_Case Bakes", businessKey: "snake-case", cityId: alder!.id, businessCategory: category!.id },
  ]);
  const [hidden] = await db
    .insert(cities)
    .values({ name: "Hiddenville", locationKey: HIDDEN_CITY, state: "OR", status: "Test" })
    .returning();
  await db.insert(businessListings).values({
    name: "Hidden Bakery",
    businessKey: "hidden-bakery",
    cityId: hidden!.id,
    businessCategory: category!.id,
  });
}, 120_000);

type Combination = { city: string | null; category: string | null; sub: string | null; letter: string; q: string };

/** The expected count, by SQL written independently of the app's query (strpos, not ILIKE). */
async function expectedCount(c: Combination & { subApplies: boolean }): Promise<number> {
  const params: unknown[] = [];
  const where = ["c.status = 'Live'"];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (c.city) where.push(`c.location_key = ${param(c.city)}`);
  if (c.category) where.push(`bc.parent_category = ${param(c.category)}`);
  if (c.category && c.sub && c.subApplies) where.push(`bc.sub_category = ${param(c.sub)}`);
  if (c.letter !== "All") where.push(`l.name_letter = ${param(c.letter)}`);
  if (c.q) {
    const q = param(c.q.toLowerCase());
    where.push(`(strpos(lower(l.name), ${q}) > 0 or strpos(lower(coalesce(l.description, '')), ${q}) > 0)`);
  }
  const [row] = await execSql<{ n: string | number }>(
    `select count(*) as n from business_listings l join cities c on c.id = l.city_id
     left join business_categories bc on bc.id = l.business_category where ${where.join(" and ")}`,
    params,
  );
  return Number(row!.n);
}

async function directory(path: string, locationKey?: string) {
  const result = await callLoader(directoryLoader, path, { params: locationKey ? { locationKey } : {} });
  return { ...result, page: result.data as DirectoryPageData };
}

function query(c: Partial<DirectoryFilters>): string {
  return directorySearch({ q: "", city: null, category: null, sub: null, letter: "All", page: 1, ...c });
}

describe(`business directory ${dbTag}`, () => {
  it("counts every filter combination as SQL does, on both routes", async () => {
    const cityChoices = [null, ...LIVE_KEYS];
    const categoryChoices: [string | null, string | null, boolean][] = [
      [null, null, false],
      ["Food & Drink", null, false],
      ["Food & Drink", "Bakery", true],
      // A sub-category of another parent is ignored (the parent changed without JavaScript).
      ["Pets", "Bakery", false],
      ["Home Services", "Plumbing", true],
    ];
    const letters = ["All", "0-9", "B", "S"];
    const queries = ["", "bak", "BAKERY", "%", "_", "e_c", "family"];
    let checked = 0;
    let nonEmpty = 0;
    for (const city of cityChoices) {
      for (const [category, sub, subApplies] of categoryChoices) {
        for (const letter of letters) {
          for (const q of queries) {
            const combination = { city, category, sub, letter, q };
            const expected = await expectedCount({ ...combination, subApplies });
            const search = query({ ...combination, city: null, letter: letter as DirectoryFilters["letter"] });
            // The same filters, with the city in the path or as the city filter.
            const viaPath = city ? await directory(`/city/${city}/businesses${search}`, city) : null;
            const viaFilter = await directory(
              `/businesses${query({ ...combination, letter: letter as DirectoryFilters["letter"] })}`,
            );
            for (const result of [viaFilter, ...(viaPath ? [viaPath] : [])]) {
              expect(result.status).toBe(200);
              expect([combination, result.page.page.total]).toEqual([combination, expected]);
              expect(result.page.page.listings.length).toBe(Math.min(expected, DIRECTORY_PAGE_SIZE));
              expect(result.page.filters.sub).toBe(subApplies ? sub : null);
            }
            checked++;
            if (expected > 0) nonEmpty++;
          }
        }
      }
    }
    expect(checked).toBe(5 * 5 * 4 * 7);
    expect(nonEmpty).toBeGreaterThan(100);
  }, 180_000);

  it("takes % and _ literally in a search", async () => {
    expect((await directory(`/businesses?q=${encodeURIComponent("%")}`)).page.page.listings.map((l) => l.name)).toEqual(
      ["100% Rye Bakery"],
    );
    expect((await directory(`/businesses?q=_`)).page.page.listings.map((l) => l.name)).toEqual(["Snake_Case Bakes"]);
  });

  it("lists every Live listing once across the pages, by tier then name", async () => {
    const first = await directory("/businesses");
    const { total, pageCount } = first.page.page;
    expect(total).toBe(SEED_LISTINGS.length + 2);
    expect(pageCount).toBe(Math.ceil(total / DIRECTORY_PAGE_SIZE));
    const seen: { name: string; listingTier: string }[] = [];
    for (let page = 1; page <= pageCount; page++)
      seen.push(...(await directory(`/businesses?page=${page}`)).page.page.listings);
    expect(seen).toHaveLength(total);
    const expected = await execSql<{ name: string; listing_tier: string }>(
      `select l.name, l.listing_tier from business_listings l join cities c on c.id = l.city_id
       where c.status = 'Live' order by l.listing_tier, l.name, l.business_key`,
    );
    expect(seen.map((l) => [l.listingTier, l.name])).toEqual(expected.map((r) => [r.listing_tier, r.name]));
    expect(seen.some((l) => l.name === "Hidden Bakery")).toBe(false);
    // A page past the end shows the last page (read from the end, like every page in the second half).
    const pastEnd = (await directory("/businesses?page=999")).page.page;
    expect(pastEnd.page).toBe(pageCount);
    expect(pastEnd.listings.map((l) => l.name)).toEqual(
      seen.slice((pageCount - 1) * DIRECTORY_PAGE_SIZE).map((l) => l.name),
    );
  });

  it("shows category cards only without a filter or search, up to 3 sub-categories then more", async () => {
    const plain = await directory("/businesses");
    expect(plain.page.active).toBe(false);
    expect(plain.page.cards.length).toBeGreaterThan(0);
    const food = plain.page.cards.find((card) => card.parentCategory === "Food & Drink")!;
    expect(food.subCategories).toEqual(["Bakery", "Brewery & Winery", "Cafe"]);
    expect(food.more).toBe(true);
    const automotive = plain.page.cards.find((card) => card.parentCategory === "Automotive");
    if (automotive) expect(automotive.more).toBe(false);
    const [row] = await execSql<{ n: string | number }>(
      `select count(*) as n from business_listings l join cities c on c.id = l.city_id
       join business_categories bc on bc.id = l.business_category
       where c.status = 'Live' and bc.parent_category = 'Food & Drink'`,
    );
    expect(food.listingCount).toBe(Number(row!.n));
    for (const filtered of ["?q=bak", "?letter=B", "?category=Pets", "?city=alder-creek"]) {
      expect((await directory(`/businesses${filtered}`)).page.cards).toEqual([]);
    }
    const inCity = await directory("/city/alder-creek/businesses", "alder-creek");
    expect(inCity.page.active).toBe(false);
    expect(inCity.page.cards.length).toBeGreaterThan(0);
    expect(inCity.page.city).toEqual({ name: "Alder Creek", state: "CA", locationKey: "alder-creek" });
    expect(inCity.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=600");
  });

  it("ignores an unknown city filter and is a 404 under an unknown or non-Live city", async () => {
    const unknownFilter = await directory("/businesses?city=hiddenville");
    expect(unknownFilter.page.filters.city).toBeNull();
    // The city filter offers the Live cities that have listings, by name.
    expect(unknownFilter.page.cityOptions.map((city) => city.locationKey)).toEqual([
      "alder-creek",
      "cinder-bluff",
      "lake-wendell",
      "port-halvern",
    ]);
    expect(unknownFilter.page.page.total).toBe(SEED_LISTINGS.length + 2);
    expect((await directory(`/city/${HIDDEN_CITY}/businesses`, HIDDEN_CITY)).status).toBe(404);
    expect((await directory("/city/nowhere/businesses", "nowhere")).status).toBe(404);
  });
});

describe(`business listing page ${dbTag}`, () => {
  const sample = SEED_LISTINGS.find((listing) => listing.listingTier === "Tier 1")!;

  async function listing(businessKey: string, locationKey?: string) {
    const path = locationKey ? `/city/${locationKey}/businesses/${businessKey}` : `/businesses/${businessKey}`;
    return callLoader(listingLoader, path, { params: { businessKey, ...(locationKey ? { locationKey } : {}) } });
  }

  it("loads a listing with and without its city, canonical under its city", async () => {
    for (const result of [await listing(sample.businessKey), await listing(sample.businessKey, sample.cityKey)]) {
      expect(result.status).toBe(200);
      const data = result.data as {
        listing: { name: string; latitude: number | null; postalCode: string };
        canonicalUrl: string;
      };
      expect(data.listing.name).toBe(sample.name);
      expect(data.listing.latitude).toBe(sample.latitude);
      expect(data.listing.postalCode).toBe(sample.postalCode);
      expect(data.canonicalUrl).toMatch(new RegExp(`/city/${sample.cityKey}/businesses/${sample.businessKey}$`));
      expect(result.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=600");
    }
  });

  it("is a 404 when missing, in a city that is not Live, or under another city", async () => {
    expect((await listing("no-such-business")).status).toBe(404);
    expect((await listing("hidden-bakery")).status).toBe(404);
    expect((await listing("hidden-bakery", HIDDEN_CITY)).status).toBe(404);
    const other = LIVE_KEYS.find((key) => key !== sample.cityKey)!;
    expect((await listing(sample.businessKey, other)).status).toBe(404);
    expect((await listing(sample.businessKey, "nowhere")).status).toBe(404);
  });
});
