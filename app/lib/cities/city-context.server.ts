/**
 * The city of a /city/:locationKey request, read once by the city layout's
 * middleware and used by every loader below it (docs/decisions/0009-caching.md
 * counts the queries). Loaders called without the middleware (tests, or a
 * failed read) load it themselves.
 *
 * The middleware never throws: an error thrown there would be rendered by
 * the root's boundary, while a loader's 404 shows the city layout's
 * 'City Not Found'.
 */
import { createContext, data, type RouterContextProvider } from "react-router";
import { getCityByKey } from "~/lib/cities/cities.server";
import { CITY_NOT_FOUND } from "~/lib/cities/not-found";

export type CityRecord = NonNullable<Awaited<ReturnType<typeof getCityByKey>>>;

type CityLookup = { locationKey: string; city: CityRecord | null };

const cityContext = createContext<CityLookup | null>(null);

function notFound(): never {
  throw data({ message: CITY_NOT_FOUND.title }, { status: 404 });
}

/** The city with this key, or a thrown 404. */
export async function requireCity(locationKey: string | undefined): Promise<CityRecord> {
  const city = locationKey ? await getCityByKey(locationKey) : null;
  return city ?? notFound();
}

/** Middleware step: looks the city up for the loaders; a failure is left for them to report. */
export async function loadCityIntoContext(context: Readonly<RouterContextProvider>, locationKey: string | undefined) {
  if (!locationKey) return;
  try {
    context.set(cityContext, { locationKey, city: await getCityByKey(locationKey) });
  } catch (error) {
    console.error("Reading the city failed:", error);
  }
}

export async function cityFromContext(
  context: Readonly<RouterContextProvider>,
  locationKey: string | undefined,
): Promise<CityRecord> {
  const lookup = context.get(cityContext);
  if (lookup && lookup.locationKey === locationKey) return lookup.city ?? notFound();
  return requireCity(locationKey);
}
