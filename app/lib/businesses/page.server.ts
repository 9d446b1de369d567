/**
 * The loaders of the directory and listing pages, shared by their routes
 * with and without a city in the path (routes.ts registers each module twice).
 */
import { data, type RouterContextProvider } from "react-router";
import { getCurrentUser } from "~/lib/auth/session.server";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { appUrl } from "~/lib/env/env.server";
import { cacheHeaders } from "~/lib/http/cache.server";
import { safeImageUrl } from "~/lib/meetings/meetings.server";
import { type DirectoryFilters, directoryPath, hasActiveFilter, listingPath, parseDirectoryFilters } from "./directory";
import {
  categoryCards,
  type DirectoryCity,
  type DirectoryListing,
  getDirectoryListing,
  listCategories,
  listDirectoryCities,
  queryDirectory,
} from "./directory.server";

const NOT_FOUND = { message: "Page not found" };

function notFound(): never {
  throw data(NOT_FOUND, { status: 404 });
}

/** The Live city of a /city/:locationKey path (404 when unknown or not Live), or null without one. */
async function cityOfPath(
  context: Readonly<RouterContextProvider>,
  locationKey: string | undefined,
): Promise<DirectoryCity | null> {
  if (locationKey === undefined) return null;
  const city = await cityFromContext(context, locationKey);
  if (city.status !== "Live") notFound();
  return { id: city.id, name: city.name, state: city.state, locationKey: city.locationKey };
}

/** What the pages may show of a listing: its image only when it is an http(s) or site path. */
function publicListing(listing: DirectoryListing): DirectoryListing {
  return { ...listing, imageUrl: safeImageUrl(listing.imageUrl) };
}

export async function loadDirectoryPage({
  request,
  url,
  context,
  locationKey,
}: {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
  locationKey: string | undefined;
}) {
  const parsed = parseDirectoryFilters(url.searchParams);
  const [user, pathCity, categories, cityOptions] = await Promise.all([
    getCurrentUser(request),
    cityOfPath(context, locationKey),
    listCategories(),
    locationKey === undefined ? listDirectoryCities() : Promise.resolve([]),
  ]);
  // Only choices that exist: an unknown city or category is no filter, and a
  // sub-category not under the chosen parent is dropped (the parent changed).
  const filterCity = pathCity ? null : (cityOptions.find((city) => city.locationKey === parsed.city) ?? null);
  const category = categories.some((row) => row.parentCategory === parsed.category) ? parsed.category : null;
  const sub =
    category && categories.some((row) => row.parentCategory === category && row.subCategory === parsed.sub)
      ? parsed.sub
      : null;
  const filters: DirectoryFilters = { ...parsed, city: filterCity?.locationKey ?? null, category, sub };
  const scopeCity = pathCity ?? filterCity;
  const active = hasActiveFilter(filters);
  const [page, cards] = await Promise.all([
    queryDirectory({ ...filters, cityId: scopeCity?.id ?? null }),
    active ? Promise.resolve([]) : categoryCards(scopeCity?.id ?? null),
  ]);
  const path = directoryPath(pathCity?.locationKey ?? null);
  return data(
    {
      city: pathCity ? { name: pathCity.name, state: pathCity.state, locationKey: pathCity.locationKey } : null,
      canonicalUrl: `${appUrl()}${path}`,
      path,
      filters: { ...filters, page: page.page },
      active,
      categories,
      cityOptions: cityOptions.map(({ name, state, locationKey: key }) => ({ name, state, locationKey: key })),
      cards,
      page: { ...page, listings: page.listings.map(publicListing) },
    },
    { headers: cacheHeaders(user) },
  );
}

export async function loadListingPage({
  request,
  context,
  locationKey,
  businessKey,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  locationKey: string | undefined;
  businessKey: string;
}) {
  const [user, pathCity] = await Promise.all([getCurrentUser(request), cityOfPath(context, locationKey)]);
  const listing = await getDirectoryListing(businessKey, pathCity?.locationKey ?? null);
  if (!listing) notFound();
  const cityKey = pathCity?.locationKey ?? null;
  return data(
    {
      listing: publicListing(listing),
      inCity: cityKey !== null,
      directoryPath: directoryPath(cityKey),
      // The city's own page is the canonical one: one URL per listing for search engines.
      canonicalUrl: `${appUrl()}${listingPath(listing.businessKey, listing.cityKey)}`,
      origin: appUrl(),
    },
    { headers: cacheHeaders(user) },
  );
}
