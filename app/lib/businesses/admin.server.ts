/**
 * Business listings as the back office reads and writes them
 * (/admin/business-directory; spec: admin-and-prototypes.md section 7,
 * getBusinessListings and updateBusinessListing). Filtering, counting and
 * paging happen in SQL. The image is not written here: the image upload
 * owns image_url.
 */
import { and, asc, count, eq, type SQL } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { businessListings, cities } from "~/lib/db/schema";
import { nameOrDescriptionContains } from "./directory.server";
import { ADMIN_PAGE_SIZE, type AdminDirectoryQuery, type BusinessFields } from "./admin-forms";

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
    .where(eq(businessListings.id, id));
  return listing ?? null;
}

/** Saves the edited fields (not the image) and updated_at; false when the listing is gone. */
export async function updateListingByAdmin(id: string, fields: BusinessFields): Promise<boolean> {
  const updated = await getDb()
    .update(businessListings)
    .set(fields) // updated_at: set by the schema on every update
    .where(eq(businessListings.id, id))
    .returning({ id: businessListings.id });
  return updated.length > 0;
}
