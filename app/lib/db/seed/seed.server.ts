import { getDb } from "../client.server";
import { cities } from "../schema";

/** Loads the demo data when the database holds no city yet. */
export async function seedIfEmpty(): Promise<boolean> {
  const [anyCity] = await getDb().select({ id: cities.id }).from(cities).limit(1);
  if (anyCity) return false;
  await seedDemoData();
  return true;
}

export async function seedDemoData(): Promise<void> {
  // Filled in by the demo-data work.
}
