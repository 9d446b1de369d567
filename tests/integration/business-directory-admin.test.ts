import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_CATEGORIES, SEED_LISTINGS } from "#demo/businesses";
import { seedDemoData } from "#demo/seed.server";
import { getDirectoryListing } from "~/lib/businesses/directory.server";
import { businessImageFileName, smallImageName } from "~/lib/businesses/images";
import { uploadBusinessImage } from "~/lib/businesses/images.server";
import { letterOf } from "~/lib/businesses/listing";
import { businessCategories, businessListings, cities } from "~/lib/db/schema";
import { localStorageDirectory } from "~/lib/storage/storage.server";
import { getToast } from "~/lib/toast/toast.server";
import { loader as listLoader } from "~/routes/admin/business-directory/index";
import { action as editAction, loader as editLoader } from "~/routes/admin/business-directory/edit";
import { loader as previewLoader } from "~/routes/admin/business-directory/preview";
import { action as newAction, loader as newLoader } from "~/routes/admin/business-directory/new";
import { action as deleteAction, loader as deleteLoader } from "~/routes/admin/business-directory/delete";
import { callAction, callLoader, cookiesFrom, dbTag, getTestDb, TEST_ORIGIN, type RouteResult } from "../setup";
import { createSignedInUser } from "../support/factories";

/**
 * /admin/business-directory on the demo data: every filter and its count
 * against the 44 demo listings, the pages, the edit action's outcomes, and
 * a member's and a visitor's forged posts refused with nothing changed.
 */

const LIST = "/admin/business-directory";
let admin: { cookie: string };
let member: { cookie: string };
const cityIdByKey = new Map<string, string>();

beforeAll(async () => {
  await seedDemoData();
  for (const row of await getTestDb().select({ id: cities.id, key: cities.locationKey }).from(cities))
    cityIdByKey.set(row.key, row.id);
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
}, 120_000);

type ListData = {
  listings: { id: string; name: string; cityName: string; cityState: string; listingTier: string }[];
  total: number;
  page: number;
  pageCount: number;
};

const headers = (cookie: string | null): { headers: HeadersInit } => ({ headers: cookie ? { Cookie: cookie } : {} });

async function list(query: string, cookie: string | null = admin.cookie): Promise<ListData> {
  const result = await callLoader(listLoader, `${LIST}${query ? `?${query}` : ""}`, headers(cookie));
  expect(result.status).toBe(200);
  return result.data as ListData;
}

/** The listing's own city unless the fields name one (the form always sends its city select). */
async function cityOfListing(id: string): Promise<string> {
  const [row] = await getTestDb()
    .select({ cityId: businessListings.cityId })
    .from(businessListings)
    .where(eq(businessListings.id, id));
  return row?.cityId ?? cityIdByKey.values().next().value!;
}

const edit = async (id: string, fields: Record<string, string>, cookie: string | null = admin.cookie) =>
  callAction(
    editAction,
    `${LIST}/${id}/edit`,
    { cityId: await cityOfListing(id), ...fields },
    { ...headers(cookie), params: { businessId: id } },
  );

async function toastOf(result: RouteResult) {
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookiesFrom(result) } }))).toast;
}

async function listingNamed(name: string) {
  const [row] = await getTestDb().select().from(businessListings).where(eq(businessListings.name, name));
  if (!row) throw new Error(`no listing ${name}`);
  return row;
}

const VALID = {
  name: "Lake Street Hardware & Garden",
  description: "Tools, paint, keys cut while you wait.",
  streetAddress: "12 Lake Street",
  postalCode: "97001",
  telephone: "(555) 010-2233",
  email: "shop@lakestreet.example",
  website: "lakestreet.example",
  listingTier: "Tier 1",
  latitude: "45.52",
  longitude: "-122.68",
};

describe(`business directory admin: the list ${dbTag}`, () => {
  it("shows 12 a page by name, 44 in all over 4 pages, every listing once", async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const data = await list(page === 1 ? "" : `page=${page}`);
      expect(data).toMatchObject({ total: 44, page, pageCount: 4 });
      expect(data.listings).toHaveLength(page < 4 ? 12 : 8);
      seen.push(...data.listings.map((listing) => listing.name));
    }
    expect(new Set(seen).size).toBe(44);
    expect([...seen].sort()).toEqual(SEED_LISTINGS.map((listing) => listing.name).sort());
    const first = (await list("")).listings[0]!;
    expect(first.cityName).toBeTruthy();
    expect(first.cityState).toMatch(/^[A-Z]{2}$/);
  });

  it("answers a page past the last with the last page", async () => {
    const data = await list("page=99");
    expect(data.page).toBe(4);
    expect(data.listings).toHaveLength(8);
  });

  it("filters by first letter, city and search, alone and together, with their counts", async () => {
    const expected = (test: (listing: (typeof SEED_LISTINGS)[number]) => boolean) => SEED_LISTINGS.filter(test).length;
    for (const letter of ["B", "S", "W", "Z"]) {
      const data = await list(`letter=${letter}`);
      expect(data.total, letter).toBe(expected((listing) => letterOf(listing.name) === letter));
      for (const listing of data.listings) expect(letterOf(listing.name)).toBe(letter);
    }
    for (const [key, id] of cityIdByKey) {
      const data = await list(`city=${id}`);
      expect(data.total, key).toBe(expected((listing) => listing.cityKey === key));
    }
    const contains = (text: string | null, term: string) => (text ?? "").toLowerCase().includes(term);
    for (const term of ["bakery", "TIRE", "fitness", "coffee"]) {
      const data = await list(`q=${encodeURIComponent(term)}`);
      const lower = term.toLowerCase();
      expect(data.total, term).toBe(
        expected((listing) => contains(listing.name, lower) || contains(listing.description, lower)),
      );
      expect(data.total, term).toBeGreaterThan(0);
    }
    const alder = cityIdByKey.get("alder-creek")!;
    const combined = await list(`city=${alder}&letter=A&q=bike`);
    expect(combined.total).toBe(
      expected(
        (listing) =>
          listing.cityKey === "alder-creek" &&
          letterOf(listing.name) === "A" &&
          (contains(listing.name, "bike") || contains(listing.description, "bike")),
      ),
    );
    expect(combined.listings.map((listing) => listing.name)).toEqual(["Alder Bikes & Trail Supply"]);
  });

  it("takes % and _ in a search literally, and shows nothing for no match", async () => {
    expect((await list("q=%25")).total).toBe(0);
    expect((await list("q=_")).total).toBe(0);
    const none = await list("q=zzzz-no-such-business");
    expect(none).toMatchObject({ total: 0, listings: [], pageCount: 0, page: 1 });
  });

  it("ignores a malformed city or letter instead of failing", async () => {
    expect((await list("city=not-a-uuid&letter=%3F")).total).toBe(44);
  });
});

describe(`business directory admin: editing ${dbTag}`, () => {
  it("saves every field but the image, with updated_at, and says so", async () => {
    const before = await listingNamed("Lake Street Hardware");
    const saved = await edit(before.id, { ...VALID, returnTo: `${LIST}?letter=L&page=1` });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${LIST}?letter=L`);
    expect(await toastOf(saved)).toMatchObject({ type: "success", title: "Business updated successfully" });
    const after = await listingNamed(VALID.name);
    expect(after).toMatchObject({
      id: before.id,
      description: VALID.description,
      streetAddress: VALID.streetAddress,
      postalCode: VALID.postalCode,
      telephone: VALID.telephone,
      email: VALID.email,
      website: VALID.website,
      listingTier: "Tier 1",
      latitude: 45.52,
      longitude: -122.68,
      imageUrl: before.imageUrl,
      nameLetter: "L",
    });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    // Blank optional fields become empty; the list shows the new name.
    const cleared = await edit(before.id, {
      name: VALID.name,
      listingTier: "Tier 2",
      returnTo: "https://evil.example",
    });
    expect(cleared.headers.get("Location")).toBe(LIST);
    expect(await listingNamed(VALID.name)).toMatchObject({
      description: null,
      email: null,
      website: null,
      latitude: null,
      longitude: null,
      listingTier: "Tier 2",
    });
    const preview = await callLoader(previewLoader, `${LIST}/${before.id}`, {
      ...headers(admin.cookie),
      params: { businessId: before.id },
    });
    expect(preview.data).toMatchObject({ listing: { name: VALID.name }, back: LIST });
  });

  it("refuses invalid input with field messages, keeps what was typed and changes nothing", async () => {
    const before = await listingNamed("Mesa Auto Care");
    const refused = await edit(before.id, {
      ...VALID,
      name: "   ",
      email: "not-an-email",
      website: "javascript:alert(1)",
      listingTier: "Tier 9",
      latitude: "91",
      longitude: "",
    });
    expect(refused.status).toBe(400);
    const data = refused.data as {
      toast: { type: string; title: string };
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(data.toast).toMatchObject({ type: "error", title: "Failed to update business" });
    expect(Object.keys(data.result.error)).toEqual(
      expect.arrayContaining(["name", "email", "website", "listingTier", "latitude"]),
    );
    expect(data.result.error.name).toEqual(["Name is required"]);
    expect(data.result.initialValue).toMatchObject({ email: "not-an-email", description: VALID.description });
    const half = await edit(before.id, { ...VALID, longitude: "" });
    expect(half.status).toBe(400);
    expect((half.data as typeof data).result.error.longitude).toEqual([
      "Enter both latitude and longitude, or neither.",
    ]);
    expect(await listingNamed("Mesa Auto Care")).toEqual(before);
  });

  it("answers a missing listing with not found", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const result = await edit(missing, VALID);
    expect(result.status).toBe(404);
    expect(result.data).toMatchObject({ toast: { title: "Failed to update business" } });
    const page = await callLoader(editLoader, `${LIST}/${missing}/edit`, {
      ...headers(admin.cookie),
      params: { businessId: missing },
    });
    expect(page.status).toBe(404);
  });
});

describe(`business directory admin: only for admins ${dbTag}`, () => {
  it("refuses a member's and a visitor's forged update and changes nothing", async () => {
    const before = await listingNamed("Sun Valley Tire");
    for (const [cookie, status] of [
      [member.cookie, 403],
      [null, 401],
    ] as const) {
      const forged = await edit(before.id, { ...VALID, name: "Hijacked" }, cookie);
      expect(forged.status).toBe(status);
      expect(forged.thrown).toBe(true);
    }
    expect(await listingNamed("Sun Valley Tire")).toEqual(before);
  });

  it("refuses the list, preview and edit pages to a member and a visitor", async () => {
    const { id } = await listingNamed("Sun Valley Tire");
    for (const [cookie, status] of [
      [member.cookie, 403],
      [null, 401],
    ] as const) {
      expect((await callLoader(listLoader, LIST, headers(cookie))).status).toBe(status);
      for (const [loader, path] of [
        [previewLoader, `${LIST}/${id}`],
        [editLoader, `${LIST}/${id}/edit`],
      ] as const)
        expect((await callLoader(loader, path, { ...headers(cookie), params: { businessId: id } })).status).toBe(
          status,
        );
    }
  });
});

// ---------------------------------------------------------------- issue 26, item 14: create, delete, city and category

const create = (fields: Record<string, string>, cookie: string | null = admin.cookie) =>
  callAction(newAction, `${LIST}/new`, fields, headers(cookie));
const remove = (id: string, cookie: string | null = admin.cookie, back = "") =>
  callAction(
    deleteAction,
    `${LIST}/${id}/delete${back ? `?back=${encodeURIComponent(back)}` : ""}`,
    {},
    {
      ...headers(cookie),
      params: { businessId: id },
    },
  );

async function categoryId(parent: string) {
  const [row] = await getTestDb()
    .select({ id: businessCategories.id })
    .from(businessCategories)
    .where(eq(businessCategories.parentCategory, parent))
    .limit(1);
  return row!.id;
}

const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

describe(`business directory admin: a new listing ${dbTag}`, () => {
  it("creates a listing in a city and category, with a business key from its name and city, then opens its edit page", async () => {
    const cityId = cityIdByKey.get("alder-creek")!;
    const category = await categoryId(SEED_CATEGORIES[0]!.parentCategory);
    const back = `${LIST}?letter=R`;
    const created = await create({
      ...VALID,
      name: "Riverbend Books & Café",
      cityId,
      businessCategory: category,
      returnTo: back,
    });
    expect(created.status).toBe(302);
    expect(await toastOf(created)).toMatchObject({ type: "success", title: "Business created successfully" });
    const row = await listingNamed("Riverbend Books & Café");
    expect(created.headers.get("Location")).toBe(`${LIST}/${row.id}/edit?back=${encodeURIComponent(back)}`);
    expect(row).toMatchObject({
      cityId,
      businessCategory: category,
      businessKey: "riverbend-books-and-cafe-alder-creek",
      listingTier: "Tier 1",
      email: VALID.email,
      latitude: 45.52,
      imageUrl: null,
      nameLetter: "R",
    });
    // The public directory shows it at once, under its key.
    expect(await getDirectoryListing(row.businessKey)).toMatchObject({ name: "Riverbend Books & Café" });

    // The same name in the same city gets a key of its own.
    const again = await create({ name: "Riverbend Books & Cafe", listingTier: "Tier 3", cityId });
    expect(again.status).toBe(302);
    const twin = await listingNamed("Riverbend Books & Cafe");
    expect(twin.businessKey).toBe("riverbend-books-and-cafe-alder-creek-2");
    expect(twin.businessCategory).toBeNull();
    expect((await list("q=Riverbend")).total).toBe(2);
  });

  it("checks a new listing as an edit is checked, city required, and stores nothing refused", async () => {
    const before = (await list("")).total;
    const refused = await create({ ...VALID, name: " ", email: "not-an-email", latitude: "91", cityId: "" });
    expect(refused.status).toBe(400);
    const data = refused.data as {
      toast: { title: string };
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(data.toast).toMatchObject({ title: "Failed to create business" });
    expect(data.result.error).toMatchObject({
      name: ["Name is required"],
      email: ["Enter an email address like name@example.com."],
      cityId: ["Choose a city."],
    });
    expect(data.result.initialValue).toMatchObject({ description: VALID.description });
    const unknownCity = await create({ ...VALID, cityId: "00000000-0000-4000-8000-000000000000" });
    expect(unknownCity.status).toBe(400);
    expect((unknownCity.data as typeof data).result.error.cityId).toEqual(["Choose a city from the list."]);
    const unknownCategory = await create({
      ...VALID,
      cityId: cityIdByKey.get("alder-creek")!,
      businessCategory: "00000000-0000-4000-8000-000000000000",
    });
    expect((unknownCategory.data as typeof data).result.error.businessCategory).toEqual([
      "Choose a category from the list.",
    ]);
    expect((await list("")).total).toBe(before);
  });
});

describe(`business directory admin: city and category of a listing ${dbTag}`, () => {
  it("moves a listing to another city and category, keeping its key", async () => {
    const before = await listingNamed("Sun Valley Tire");
    const [otherCity] = [...cityIdByKey.values()].filter((id) => id !== before.cityId);
    const category = await categoryId(SEED_CATEGORIES.at(-1)!.parentCategory);
    const saved = await edit(before.id, {
      name: before.name,
      listingTier: before.listingTier,
      cityId: otherCity!,
      businessCategory: category,
    });
    expect(saved.status).toBe(302);
    expect(await listingNamed("Sun Valley Tire")).toMatchObject({
      cityId: otherCity,
      businessCategory: category,
      businessKey: before.businessKey,
    });
    const cleared = await edit(before.id, { name: before.name, listingTier: before.listingTier, cityId: otherCity! });
    expect(cleared.status).toBe(302);
    expect((await listingNamed("Sun Valley Tire")).businessCategory).toBeNull();
    const unknown = await edit(before.id, {
      name: before.name,
      listingTier: before.listingTier,
      cityId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(400);
    expect((await listingNamed("Sun Valley Tire")).cityId).toBe(otherCity);
    const restored = await edit(before.id, {
      name: before.name,
      listingTier: before.listingTier,
      cityId: before.cityId,
    });
    expect(restored.status).toBe(302);
  });
});

describe(`business directory admin: deleting ${dbTag}`, () => {
  it("asks first, then deletes the listing and both sizes of its stored image", async () => {
    const cityId = cityIdByKey.get("alder-creek")!;
    await create({ name: "Doomed Diner", listingTier: "Tier 1", cityId });
    const listing = await listingNamed("Doomed Diner");
    await uploadBusinessImage(listing.id, { name: "diner.png", bytes: await png() });
    const { imageUrl } = await listingNamed("Doomed Diner");
    const name = businessImageFileName(imageUrl)!;
    const files = () => fs.readdirSync(path.join(localStorageDirectory(), "businesses"));
    expect(files()).toEqual(expect.arrayContaining([name, smallImageName(name)]));

    const page = await callLoader(deleteLoader, `${LIST}/${listing.id}/delete`, {
      ...headers(admin.cookie),
      params: { businessId: listing.id },
    });
    expect(page.data).toMatchObject({ listing: { name: "Doomed Diner", imageUrl }, back: LIST });

    const deleted = await remove(listing.id, admin.cookie, `${LIST}?letter=D`);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`${LIST}?letter=D`);
    expect(await toastOf(deleted)).toMatchObject({ type: "success", title: "Business deleted successfully" });
    expect(await getTestDb().select().from(businessListings).where(eq(businessListings.id, listing.id))).toEqual([]);
    expect(files()).not.toContain(name);
    expect(files()).not.toContain(smallImageName(name));
    expect(await getDirectoryListing(listing.businessKey)).toBeNull();

    const again = await remove(listing.id);
    expect(await toastOf(again)).toMatchObject({ type: "error", title: "Failed to delete business" });
    const gone = await callLoader(deleteLoader, `${LIST}/${listing.id}/delete`, {
      ...headers(admin.cookie),
      params: { businessId: listing.id },
    });
    expect(gone.status).toBe(404);
  });

  it("refuses a member's and a visitor's create and delete, and changes nothing", async () => {
    const target = await listingNamed("Mesa Auto Care");
    const total = (await list("")).total;
    for (const [cookie, status] of [
      [member.cookie, 403],
      [null, 401],
    ] as const) {
      const forged = await create({ ...VALID, name: "Forged", cityId: target.cityId }, cookie);
      expect([forged.status, forged.thrown]).toEqual([status, true]);
      const removed = await remove(target.id, cookie);
      expect([removed.status, removed.thrown]).toEqual([status, true]);
      expect((await callLoader(newLoader, `${LIST}/new`, headers(cookie))).status).toBe(status);
      const page = await callLoader(deleteLoader, `${LIST}/${target.id}/delete`, {
        ...headers(cookie),
        params: { businessId: target.id },
      });
      expect(page.status).toBe(status);
    }
    expect(await listingNamed("Mesa Auto Care")).toEqual(target);
    expect((await list("")).total).toBe(total);
  });
});
