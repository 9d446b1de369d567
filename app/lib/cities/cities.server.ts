import { asc, eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities } from "~/lib/db/schema";

export type CityOption = Pick<typeof cities.$inferSelect, "id" | "name" | "locationKey" | "state">;

/** Cities listed publicly (status Live), by name: the landing picker. */
export async function listLiveCities(): Promise<CityOption[]> {
  return getDb()
    .select({ id: cities.id, name: cities.name, locationKey: cities.locationKey, state: cities.state })
    .from(cities)
    .where(eq(cities.status, "Live"))
    .orderBy(asc(cities.name));
}

export async function getCityByKey(locationKey: string) {
  const [city] = await getDb().select().from(cities).where(eq(cities.locationKey, locationKey)).limit(1);
  return city ?? null;
}

/** The navigation bar's read: location_key and name of one city. */
export async function getCityNavByKey(locationKey: string) {
  const [city] = await getDb()
    .select({ locationKey: cities.locationKey, name: cities.name })
    .from(cities)
    .where(eq(cities.locationKey, locationKey))
    .limit(1);
  return city ?? null;
}
