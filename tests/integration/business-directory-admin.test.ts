import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_LISTINGS } from "#demo/businesses";
import { seedDemoData } from "#demo/seed.server";
import { letterOf } from "~/lib/businesses/listing";
import { businessListings, cities } from "~/lib/db/schema";
import { getToast } from "~/lib/toast/toast.server";
import { loader as listLoader } from "~/routes/admin/business-directory/index";
import { action as editAction, loader as editLoader } from "~/routes/admin/business-directory/edit";
import { loader as previewLoader } from "~/routes/admin/business-directory/preview";
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

const edit = (id: string, fields: Record<string, string>, cookie: string | null = admin.cookie) =>
  callAction(editAction, `${LIST}/${id}/edit`, fields, { ...headers(cookie), params: { businessId: id } });

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
