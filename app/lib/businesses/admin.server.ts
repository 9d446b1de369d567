/**
 * Business listings as the back office reads and writes them
 * (/admin/business-directory; docs/product.md: read the listings and
 * update one; created and deleted:
 * docs/decisions/0053-admin-inbox.md). Filtering, counting and paging
 * happen in SQL. The image is not written here but deleted with its
 * listing: the image upload owns image_url.
 */
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { businessCategories, businessListings, cities } from "~/lib/db/schema";
import { nameOrDescriptionContains } from "./directory.server";
import { deleteBusinessImage } from "./images.server";
import { ADMIN_PAGE_SIZE, type AdminDirectoryQuery } from "./admin-forms";
import type { BusinessFields } from "./admin-schema";

export type AdminListing = {
  id: string;
  name: string;
  description: string | null;
  streetAddress: string | null;
  postalCode: string | null;
  telephone: string | null;
  email: string | null;
  website: string | null;
  listingTier: string;
  imageUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  businessKey: string;
  cityId: string;
  cityName: string;
  cityState: string;
  categoryId: string | null;
  /** "Parent › Sub", or the parent alone; null without a category. */
  categoryLabel: string | null;
};

const LISTING_COLUMNS = {
  id: businessListings.id,
  name: businessListings.name,
  description: businessListings.description,
  streetAddress: businessListings.streetAddress,
  postalCode: businessListings.postalCode,
  telephone: businessListings.telephone,
  email: businessListings.email,
  website: businessListings.website,
  listingTier: businessListings.listingTier,
  imageUrl: businessListings.imageUrl,
  latitude: businessListings.latitude,
  longitude: businessListings.longitude,
  businessKey: businessListings.businessKey,
  cityId: businessListings.cityId,
  cityName: cities.name,
  cityState: cities.state,
  categoryId: businessListings.businessCategory,
  categoryLabel: sql<
    string | null
  >`case when ${businessCategories.id} is null then null else ${businessCategories.parentCategory} || coalesce(' › ' || ${businessCategories.subCategory}, '') end`,
};

function whereOf(query: Omit<AdminDirectoryQuery, "page">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.letter !== "All") conditions.push(eq(businessListings.nameLetter, query.letter));
  if (query.cityId) conditions.push(eq(businessListings.cityId, query.cityId));
  if (query.q) {
    conditions.push(nameOrDescriptionContains(query.q));
  }
  return conditions.length ? and(...conditions) : undefined;
}

export type AdminListingPage = { listings: AdminListing[]; total: number; page: number; pageCount: number };

/**
 * One page of listings (12, by name) matching the filters, with the number
 * that match them all. A page past the last one answers the last page.
 */
export async function listListingsForAdmin(query: AdminDirectoryQuery): Promise<AdminListingPage> {
  const db = getDb();
  const where = whereOf(query);
  const pageOf = (page: number) =>
    db
      .select(LISTING_COLUMNS)
      .from(businessListings)
      .innerJoin(cities, eq(cities.id, businessListings.cityId))
      .leftJoin(businessCategories, eq(businessCategories.id, businessListings.businessCategory))
      .where(where)
      .orderBy(asc(businessListings.name), asc(businessListings.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE);
  const [[counted], firstTry] = await Promise.all([
    db.select({ total: count() }).from(businessListings).where(where),
    pageOf(query.page),
  ]);
  const total = counted?.total ?? 0;
  const pageCount = Math.ceil(total / ADMIN_PAGE_SIZE);
  if (firstTry.length > 0 || query.page <= Math.max(1, pageCount)) {
    return { listings: firstTry, total, page: query.page, pageCount };
  }
  return { listings: await pageOf(pageCount), total, page: pageCount, pageCount };
}

export async function getListingForAdmin(id: string): Promise<AdminListing | null> {
  const [listing] = await getDb()
    .select(LISTING_COLUMNS)
    .from(businessListings)
    .innerJoin(cities, eq(cities.id, businessListings.cityId))
    .leftJoin(businessCategories, eq(businessCategories.id, businessListings.businessCategory))
    .where(eq(businessListings.id, id));
  return listing ?? null;
}

/** A city or category chosen in the form that does not exist (any more). */
export class UnknownChoiceError extends Error {
  override readonly name = "UnknownChoiceError";
  constructor(readonly field: "cityId" | "businessCategory") {
    super(field === "cityId" ? "Unknown city" : "Unknown category");
  }
}

export type CategoryChoice = { id: string; label: string };

/** Every category, by parent then sub-category, as the form's choices. */
export async function listCategoriesForAdmin(): Promise<CategoryChoice[]> {
  const rows = await getDb()
    .select({
      id: businessCategories.id,
      parent: businessCategories.parentCategory,
      sub: businessCategories.subCategory,
    })
    .from(businessCategories)
    .orderBy(asc(businessCategories.parentCategory), sql`${businessCategories.subCategory} asc nulls first`);
  return rows.map((row) => ({ id: row.id, label: row.sub ? `${row.parent} › ${row.sub}` : row.parent }));
}

/** The city's location key; throws UnknownChoiceError when the city or category does not exist. */
async function checkChoices(fields: BusinessFields): Promise<string> {
  const db = getDb();
  const [city] = await db.select({ locationKey: cities.locationKey }).from(cities).where(eq(cities.id, fields.cityId));
  if (!city) throw new UnknownChoiceError("cityId");
  if (fields.businessCategory) {
    const [category] = await db
      .select({ id: businessCategories.id })
      .from(businessCategories)
      .where(eq(businessCategories.id, fields.businessCategory));
    if (!category) throw new UnknownChoiceError("businessCategory");
  }
  return city.locationKey;
}

/** Saves the edited fields (not the image) and updated_at; false when the listing is gone. */
export async function updateListingByAdmin(id: string, fields: BusinessFields): Promise<boolean> {
  await checkChoices(fields);
  const updated = await getDb()
    .update(businessListings)
    .set(fields) // updated_at: set by the schema on every update
    .where(eq(businessListings.id, id))
    .returning({ id: businessListings.id });
  return updated.length > 0;
}

/** "Lake Street Hardware & Garden" → "lake-street-hardware-and-garden", as the demo's keys are made. */
export function businessKeyBase(name: string, locationKey: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${slug || "business"}-${locationKey}`;
}

/**
 * A new listing with the form's fields (no image yet: it is uploaded on
 * its edit page). Its business_key, the address of its public page, comes
 * from its name and city, with "-2", "-3"… when another listing has it,
 * and does not change when the listing is renamed or moved later (links
 * to it keep working).
 */
export async function createListingByAdmin(fields: BusinessFields): Promise<{ id: string; businessKey: string }> {
  const base = businessKeyBase(fields.name, await checkChoices(fields));
  for (let attempt = 1; ; attempt++) {
    const businessKey = attempt === 1 ? base : `${base}-${attempt}`;
    const [created] = await getDb()
      .insert(businessListings)
      .values({ ...fields, businessKey })
      .onConflictDoNothing({ target: businessListings.businessKey })
      .returning({ id: businessListings.id, businessKey: businessListings.businessKey });
    if (created) return created;
  }
}

/**
 * Deletes a listing, then its stored images (both widths; an outside image
 * address is left alone). False when it was already gone.
 */
export async function deleteListingByAdmin(id: string): Promise<boolean> {
  const [deleted] = await getDb()
    .delete(businessListings)
    .where(eq(businessListings.id, id))
    .returning({ imageUrl: businessListings.imageUrl });
  if (!deleted) return false;
  await deleteBusinessImage(deleted.imageUrl);
  return true;
}
