import { DirectoryPage } from "~/components/businesses/directory-page";
import { DirectoryErrorBoundary } from "~/components/businesses/directory-error-boundary";
import { TopBar } from "~/components/layout/top-bar";
import { PRODUCT_NAME } from "~/lib/constants";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { pageMeta } from "~/lib/document/meta";
import { listingPath } from "~/lib/businesses/directory";
import { loadDirectoryPage } from "~/lib/businesses/page.server";
import type { CityRouteHandle } from "~/routes/city/city";
import type { Route } from "./+types/directory";

/**
 * The business directory, at /businesses and /city/{locationKey}/businesses
 * (routes.ts registers this module for both; docs/decisions/0032-business-directory.md).
 */

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  return loadDirectoryPage({ request, url, context, locationKey: params.locationKey });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `Page not found | ${PRODUCT_NAME}` }];
  const { city, canonicalUrl, active } = loaderData;
  const title = city
    ? `Businesses in ${city.name}, ${city.state} | ${PRODUCT_NAME}`
    : `Business Directory | ${PRODUCT_NAME}`;
  return [
    ...pageMeta({
      title,
      description: city
        ? `Local businesses of ${city.name}, ${city.state}: search by name, category or first letter.`
        : "Local businesses in the cities Gavel covers: search by name, city, category or first letter.",
      canonicalUrl,
    }),
    // Filtered and searched pages are for people; the plain directory is what search engines index.
    ...(active ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function Directory({ loaderData, params }: Route.ComponentProps) {
  const inCity = "locationKey" in params;
  return (
    <>
      {inCity ? null : <TopBar />}
      <DirectoryPage
        data={loaderData}
        detailHref={(businessKey, cityKey) => listingPath(businessKey, inCity ? cityKey : null)}
      />
    </>
  );
}

export const ErrorBoundary = DirectoryErrorBoundary;
