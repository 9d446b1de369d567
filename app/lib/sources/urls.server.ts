/** A city's sources: `city_urls` rows linked through `cities_urls`. */
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities, citiesUrls, cityUrls } from "~/lib/db/schema";
import type { UrlFields } from "~/lib/cities/city-management-forms";
import { contentTypeForUrl } from "~/lib/cities/city-choices";

export type CityUrl = typeof cityUrls.$inferSelect;

const linkedTo = (cityId: string, urlId: string) => and(eq(citiesUrls.cityId, cityId), eq(citiesUrls.urlId, urlId));

function rowOf(fields: UrlFields) {
  return { ...fields, contentType: fields.contentType ?? contentTypeForUrl(fields.url) };
}

export async function listCityUrls(cityId: string): Promise<CityUrl[]> {
  const rows = await getDb()
    .select({ url: cityUrls })
    .from(cityUrls)
    .innerJoin(citiesUrls, eq(citiesUrls.urlId, cityUrls.id))
    .where(eq(citiesUrls.cityId, cityId))
    .orderBy(asc(cityUrls.createdAt), asc(cityUrls.id));
  return rows.map((row) => row.url);
}

export async function createCityUrl(cityId: string, fields: UrlFields): Promise<CityUrl> {
  return getDb().transaction(async (tx) => {
    const [created] = await tx.insert(cityUrls).values(rowOf(fields)).returning();
    await tx.insert(citiesUrls).values({ cityId, urlId: created!.id });
    return created!;
  });
}

/** Null when the URL is not one of the city's. */
export async function updateCityUrl(cityId: string, urlId: string, fields: UrlFields): Promise<CityUrl | null> {
  return getDb().transaction(async (tx) => {
    const [link] = await tx.select().from(citiesUrls).where(linkedTo(cityId, urlId));
    if (!link) return null;
    const [updated] = await tx.update(cityUrls).set(rowOf(fields)).where(eq(cityUrls.id, urlId)).returning();
    return updated ?? null;
  });
}

/** Unlinks and deletes the URL; its videos stay, without a source. False when it is not the city's. */
export async function deleteCityUrl(cityId: string, urlId: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const unlinked = await tx.delete(citiesUrls).where(linkedTo(cityId, urlId)).returning();
    if (unlinked.length === 0) return false;
    const [stillLinked] = await tx.select().from(citiesUrls).where(eq(citiesUrls.urlId, urlId));
    if (!stillLinked) await tx.delete(cityUrls).where(eq(cityUrls.id, urlId));
    return true;
  });
}

type NewCityUrl = { url: string; title: string; sourceType: string; contentType: string; entityType: string };

/**
 * Adds the URLs the city does not have yet (same address), in one
 * transaction that locks the city's row so that two saves at once cannot
 * both add one. Answers the URLs added.
 */
export async function addMissingCityUrls(cityId: string, urls: NewCityUrl[]): Promise<CityUrl[]> {
  return getDb().transaction(async (tx) => {
    await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).for("update");
    const existing = await tx
      .select({ url: cityUrls.url })
      .from(cityUrls)
      .innerJoin(citiesUrls, eq(citiesUrls.urlId, cityUrls.id))
      .where(eq(citiesUrls.cityId, cityId));
    const known = new Set(existing.map((row) => row.url));
    const added: CityUrl[] = [];
    for (const url of urls) {
      if (known.has(url.url)) continue;
      known.add(url.url);
      const [created] = await tx.insert(cityUrls).values(url).returning();
      await tx.insert(citiesUrls).values({ cityId, urlId: created!.id });
      added.push(created!);
    }
    return added;
  });
}

export async function isCityUrl(cityId: string, urlId: string): Promise<boolean> {
  const [link] = await getDb().select().from(citiesUrls).where(linkedTo(cityId, urlId));
  return Boolean(link);
}

/** The ids of the city's URLs with these addresses. */
export async function cityUrlIdsOf(cityId: string, addresses: string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const rows = await getDb()
    .select({ id: cityUrls.id })
    .from(cityUrls)
    .innerJoin(citiesUrls, eq(citiesUrls.urlId, cityUrls.id))
    .where(and(eq(citiesUrls.cityId, cityId), inArray(cityUrls.url, addresses)))
    .orderBy(asc(cityUrls.createdAt), asc(cityUrls.id));
  return rows.map((row) => row.id);
}
