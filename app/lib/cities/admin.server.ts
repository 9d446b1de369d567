/** Cities as the back office reads and writes them (/admin/city-management). */
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities } from "~/lib/db/schema";
import { notifyCityRequestersIfLive } from "~/lib/inbox/notices.server";
import type { CityFields } from "./city-management-forms";

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
