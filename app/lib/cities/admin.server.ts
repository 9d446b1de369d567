/** Cities as the back office reads and writes them (/admin/city-management). */
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities, citiesUrls, cityUrls } from "~/lib/db/schema";
import { countOf } from "~/lib/format/count";
import { notifyCityRequestersIfLive } from "~/lib/inbox/notices.server";
import type { CityFields } from "./city-management-forms";
import { rowsOf } from "~/lib/db/rows.server";

export type AdminCity = typeof cities.$inferSelect;
export type AdminCityListEntry = { id: string; name: string; state: string; locationKey: string };

/** Another city already has this location key. */
export class LocationKeyTakenError extends Error {
  override readonly name = "LocationKeyTakenError";
  constructor() {
    super("This location key is already used by another city.");
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export async function listCitiesForAdmin(): Promise<AdminCityListEntry[]> {
  return getDb()
    .select({ id: cities.id, name: cities.name, state: cities.state, locationKey: cities.locationKey })
    .from(cities)
    .orderBy(asc(cities.name), asc(cities.state));
}

export async function getCityForAdmin(cityId: string): Promise<AdminCity | null> {
  const [city] = await getDb().select().from(cities).where(eq(cities.id, cityId));
  return city ?? null;
}

/** "San Mateo" → "san-mateo"; "city" when the name has no letter or digit. */
export function locationKeyFor(name: string): string {
  const key = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return key || "city";
}

/**
 * A new city with the schema's defaults (status New, state CA, the blue
 * colors). Its location key comes from the name, with "-2", "-3"… when a
 * city already has it; the admin can change it in the details card.
 */
export async function createCityByAdmin(input: { name: string; county: string }): Promise<AdminCity> {
  const base = locationKeyFor(input.name);
  for (let attempt = 1; ; attempt++) {
    const locationKey = attempt === 1 ? base : `${base}-${attempt}`;
    const [created] = await getDb()
      .insert(cities)
      .values({ name: input.name, county: input.county, locationKey })
      .onConflictDoNothing({ target: cities.locationKey })
      .returning();
    if (created) return created;
  }
}

/** Throws LocationKeyTakenError when another city has the key; null when the city is gone. */
export async function updateCityByAdmin(cityId: string, fields: CityFields): Promise<AdminCity | null> {
  try {
    const [updated] = await getDb().update(cities).set(fields).where(eq(cities.id, cityId)).returning();
    // A city saved as Live: its requesters hear it, each once (docs/decisions/0053-admin-inbox.md).
    await notifyCityRequestersIfLive(updated ?? null);
    return updated ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) throw new LocationKeyTakenError();
    throw error;
  }
}

/** What deleting a city would take with it, or what keeps it from being deleted. */
export type CityDeletionImpact = {
  name: string;
  /** Content: while any of these is there, the city is not deleted. */
  videos: number;
  listings: number;
  alerts: number;
  issues: number;
  /** Goes with the city. */
  urls: number;
  removedVideos: number;
  /** Members whose home city it is: they get none. */
  homeCityMembers: number;
};

type Queryable = Pick<ReturnType<typeof getDb>, "execute">;

async function impactOf(db: Queryable, cityId: string): Promise<CityDeletionImpact | null> {
  const result = await db.execute(sql`
    select c.name,
      (select count(*) from city_videos where city_id = c.id) as videos,
      (select count(*) from business_listings where city_id = c.id) as listings,
      (select count(*) from saved_searches where c.id = any(city_ids)) as alerts,
      (select count(*) from tracked_issues where c.id = any(city_ids)) as issues,
      (select count(*) from cities_urls where city_id = c.id) as urls,
      (select count(*) from deleted_videos where city_id = c.id) as removed_videos,
      (select count(*) from profiles where home_city_key = c.location_key) as home_city_members
    from cities c where c.id = ${cityId}::uuid`);
  const row = rowsOf<Record<string, string | number>>(result)[0];
  if (!row) return null;
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    name: String(row.name),
    videos: n("videos"),
    listings: n("listings"),
    alerts: n("alerts"),
    issues: n("issues"),
    urls: n("urls"),
    removedVideos: n("removed_videos"),
    homeCityMembers: n("home_city_members"),
  };
}

/** Null when there is no such city. */
export async function cityDeletionImpact(cityId: string): Promise<CityDeletionImpact | null> {
  return impactOf(getDb(), cityId);
}

/** The content that keeps a city: "12 videos, 1 business listing", or null when there is none. */
export function contentOf(impact: CityDeletionImpact): string | null {
  const parts = [
    countOf(impact.videos, "video"),
    countOf(impact.listings, "business listing"),
    countOf(impact.alerts, "member alert"),
    countOf(impact.issues, "tracked issue"),
  ].filter((_, index) => [impact.videos, impact.listings, impact.alerts, impact.issues][index]! > 0);
  return parts.length > 0 ? parts.join(", ") : null;
}

/** The city has content; deleting it would lose it. */
export class CityHasContentError extends Error {
  override readonly name = "CityHasContentError";
}

/**
 * Deletes a city made by mistake, with its source links (and the URLs no
 * other city uses) and its removed-video memories; members who chose it
 * as their home city get none. A city with content (videos, business
 * listings, alerts or tracked issues naming it) is refused with
 * CityHasContentError: it is archived, not deleted. Null when there is no
 * such city.
 */
export async function deleteCityByAdmin(cityId: string): Promise<{ name: string } | null> {
  return getDb().transaction(async (tx) => {
    const [locked] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).for("update");
    if (!locked) return null;
    const impact = (await impactOf(tx, cityId))!;
    const content = contentOf(impact);
    if (content)
      throw new CityHasContentError(
        `${impact.name} has ${content}, so it is not deleted. Set its status to Archive to take it off the site.`,
      );
    const links = await tx.delete(citiesUrls).where(eq(citiesUrls.cityId, cityId)).returning();
    for (const { urlId } of links) {
      const [elsewhere] = await tx.select().from(citiesUrls).where(eq(citiesUrls.urlId, urlId)).limit(1);
      if (!elsewhere) await tx.delete(cityUrls).where(eq(cityUrls.id, urlId));
    }
    await tx.delete(cities).where(eq(cities.id, cityId));
    return { name: impact.name };
  });
}
