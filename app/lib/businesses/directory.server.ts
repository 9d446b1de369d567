/**
 * The public business directory's queries (docs/decisions/0032-business-directory.md):
 * listings of Live cities only, every filter, the count and the page in SQL.
 */
import { and, asc, count, desc, eq, exists, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { businessCategories, businessListings, cities } from "~/lib/db/schema";
import { DIRECTORY_PAGE_SIZE, type DirectoryFilters } from "./directory";

const LIVE = "Live";

/** A LIKE pattern matching `text` anywhere, the user's % and _ (and the escape \) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Listings whose name or description contains `text`, case-insensitively (the trigram indexes of drizzle/0006). */
export function nameOrDescriptionContains(text: string): SQL {
  const pattern = containsPattern(text);
  return or(ilike(businessListings.name, pattern), ilike(businessListings.description, pattern))!;
}

export type CategoryRow = { parentCategory: string; subCategory: string | null };

/** Every category, by parent then sub-category (the filters' choices). */
export async function listCategories(): Promise<CategoryRow[]> {
  return getDb()
    .select({ parentCategory: businessCategories.parentCategory, subCategory: businessCategories.subCategory })
    .from(businessCategories)
    .orderBy(asc(businessCategories.parentCategory), asc(businessCategories.subCategory));
}

export type DirectoryCity = { id: string; name: string; state: string; locationKey: string };

/** The Live cities that have listings, by name (the city filter's choices). */
export async function listDirectoryCities(): Promise<DirectoryCity[]> {
  const db = getDb();
  return db
    .select({ id: cities.id, name: cities.name, state: cities.state, locationKey: cities.locationKey })
    .from(cities)
    .where(
      and(
        eq(cities.status, LIVE),
        exists(
          db
            .select({ one: sql`1` })
            .from(businessListings)
            .where(eq(businessListings.cityId, cities.id)),
        ),
      ),
    )
    .orderBy(asc(cities.name), asc(cities.locationKey));
}

/** The filters as SQL, with the query already validated (a sub-category only under its parent). */
export type DirectoryQuery = Pick<DirectoryFilters, "q" | "category" | "sub" | "letter" | "page"> & {
  /** A Live city's id, or null for all Live cities. */
  cityId: string | null;
};

function conditions(query: DirectoryQuery): SQL[] {
  const where: SQL[] = [eq(cities.status, LIVE)];
  if (query.cityId) where.push(eq(businessListings.cityId, query.cityId));
  if (query.q) {
    where.push(nameOrDescriptionContains(query.q));
  }
  if (query.category) where.push(eq(businessCategories.parentCategory, query.category));
  if (query.category && query.sub) where.push(eq(businessCategories.subCategory, query.sub));
  if (query.letter !== "All") where.push(eq(businessListings.nameLetter, query.letter));
  return where;
}

const listingColumns = {
  name: businessListings.name,
  businessKey: businessListings.businessKey,
  description: businessListings.description,
  streetAddress: businessListings.streetAddress,
  postalCode: businessListings.postalCode,
  telephone: businessListings.telephone,
  website: businessListings.website,
  email: businessListings.email,
  imageUrl: businessListings.imageUrl,
  listingTier: businessListings.listingTier,
  latitude: businessListings.latitude,
  longitude: businessListings.longitude,
  parentCategory: businessCategories.parentCategory,
  subCategory: businessCategories.subCategory,
  cityName: cities.name,
  cityState: cities.state,
  cityKey: cities.locationKey,
};

export type DirectoryListing = {
  name: string;
  businessKey: string;
  description: string | null;
  streetAddress: string | null;
  postalCode: string | null;
  telephone: string | null;
  website: string | null;
  email: string | null;
  imageUrl: string | null;
  listingTier: string;
  latitude: number | null;
  longitude: number | null;
  parentCategory: string | null;
  subCategory: string | null;
  cityName: string;
  cityState: string;
  cityKey: string;
};

export type DirectoryPage = {
  listings: DirectoryListing[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * One page of the directory, sorted by tier (1, 2, 3; the column holds
 * exactly those, so its text order is the rank) then name, and the total.
 * The count and the page are two statements (a window count in the page's
 * statement would read every matching row in full): side by side for page
 * 1, count first for later pages, so that a page past the end is clamped to
 * the last one before it is read (a huge OFFSET reads every row).
 */
export async function queryDirectory(query: DirectoryQuery): Promise<DirectoryPage> {
  const db = getDb();
  const where = and(...conditions(query));
  const rows = (order: "asc" | "desc", limit: number, offset: number) => {
    const by = order === "asc" ? asc : desc;
    return db
      .select(listingColumns)
      .from(businessListings)
      .innerJoin(cities, eq(cities.id, businessListings.cityId))
      .leftJoin(businessCategories, eq(businessCategories.id, businessListings.businessCategory))
      .where(where)
      .orderBy(by(businessListings.listingTier), by(businessListings.name), by(businessListings.businessKey))
      .limit(limit)
      .offset(offset);
  };
  const pageOf = (page: number) => rows("asc", DIRECTORY_PAGE_SIZE, (page - 1) * DIRECTORY_PAGE_SIZE);
  // A page in the second half is read from the end, in reverse: the last page costs what the first does.
  const pageFromEnd = async (page: number, total: number) => {
    const after = Math.max(0, total - page * DIRECTORY_PAGE_SIZE);
    const size = Math.min(DIRECTORY_PAGE_SIZE, total - (page - 1) * DIRECTORY_PAGE_SIZE);
    return (await rows("desc", size, after)).reverse();
  };
  const counting = db
    .select({ total: count() })
    .from(businessListings)
    .innerJoin(cities, eq(cities.id, businessListings.cityId))
    .leftJoin(businessCategories, eq(businessCategories.id, businessListings.businessCategory))
    .where(where);
  const firstPage = query.page <= 1 ? pageOf(1) : null;
  const [counted] = await counting;
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const listings =
    firstPage && page === 1
      ? await firstPage
      : total === 0
        ? []
        : page > pageCount / 2
          ? await pageFromEnd(page, total)
          : await pageOf(page);
  return { listings, total, page, pageCount, pageSize: DIRECTORY_PAGE_SIZE };
}

export type CategoryCard = {
  parentCategory: string;
  /** Up to 3 sub-categories, by name. */
  subCategories: string[];
  /** Whether the parent has more sub-categories than those (shown as an ellipsis). */
  more: boolean;
  /** Listings in this parent (in the city, or in all Live cities). */
  listingCount: number;
};

/** The category cards: parent categories that have listings in scope, by name. */
export async function categoryCards(cityId: string | null): Promise<CategoryCard[]> {
  const db = getDb();
  const counts = await db
    .select({ parentCategory: businessCategories.parentCategory, listingCount: count() })
    .from(businessListings)
    .innerJoin(cities, eq(cities.id, businessListings.cityId))
    .innerJoin(businessCategories, eq(businessCategories.id, businessListings.businessCategory))
    .where(and(eq(cities.status, LIVE), cityId ? eq(businessListings.cityId, cityId) : undefined))
    .groupBy(businessCategories.parentCategory)
    .orderBy(asc(businessCategories.parentCategory));
  if (counts.length === 0) return [];
  const subs = await db
    .select({
      parentCategory: businessCategories.parentCategory,
      subCategories: sql<
        string[]
      >`(array_agg(${businessCategories.subCategory} order by ${businessCategories.subCategory}))[1:4]`,
    })
    .from(businessCategories)
    .where(isNotNull(businessCategories.subCategory))
    .groupBy(businessCategories.parentCategory);
  const subsOf = new Map(subs.map((row) => [row.parentCategory, row.subCategories ?? []]));
  return counts.map(({ parentCategory, listingCount }) => {
    const all = subsOf.get(parentCategory) ?? [];
    return { parentCategory, subCategories: all.slice(0, 3), more: all.length > 3, listingCount: Number(listingCount) };
  });
}

/**
 * One listing by business_key, when its city is Live (and, with
 * `cityLocationKey`, when it is in that city); null otherwise.
 */
export async function getDirectoryListing(
  businessKey: string,
  cityLocationKey: string | null = null,
): Promise<DirectoryListing | null> {
  const [listing] = await getDb()
    .select(listingColumns)
    .from(businessListings)
    .innerJoin(cities, eq(cities.id, businessListings.cityId))
    .leftJoin(businessCategories, eq(businessCategories.id, businessListings.businessCategory))
    .where(
      and(
        eq(businessListings.businessKey, businessKey),
        eq(cities.status, LIVE),
        cityLocationKey === null ? undefined : eq(cities.locationKey, cityLocationKey),
      ),
    )
    .limit(1);
  return listing ?? null;
}
