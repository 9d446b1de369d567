import { ListingDetail } from "~/components/businesses/listing-detail";
import { DirectoryErrorBoundary } from "~/components/businesses/directory-error-boundary";
import { TopBar } from "~/components/layout/top-bar";
import { JsonLd } from "~/components/meeting/json-ld";
import { PRODUCT_NAME } from "~/lib/constants";
import { websiteHref } from "~/lib/businesses/listing";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { pageMeta } from "~/lib/document/meta";
import { loadListingPage } from "~/lib/businesses/page.server";
import type { CityRouteHandle } from "~/routes/city/city";
import type { Route } from "./+types/listing";

/**
 * A listing's page, at /businesses/{businessKey} and
 * /city/{locationKey}/businesses/{businessKey} (routes.ts registers this
 * module for both). A missing listing, one of a city that is not Live, or
 * one of another city than the path's is the not-found page (404).
 */

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadListingPage({ request, context, locationKey: params.locationKey, businessKey: params.businessKey });
}

export const headers = publicPageHeaders;

function absolute(origin: string, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith("/") ? `${origin}${url}` : url;
}

function description(listing: Route.ComponentProps["loaderData"]["listing"]): string {
  const text = listing.description?.trim();
  const where = `${listing.cityName}, ${listing.cityState}`;
  if (!text) return `${listing.name} in ${where}.`;
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `Page not found | ${PRODUCT_NAME}` }];
  const { listing, canonicalUrl, origin } = loaderData;
  const image = absolute(origin, listing.imageUrl);
  const title = `${listing.name} — ${listing.cityName}, ${listing.cityState} | ${PRODUCT_NAME}`;
  return [
    ...pageMeta({ title, description: description(listing), canonicalUrl }).map((tag) =>
      tag.property === "og:type" ? { property: "og:type", content: "business.business" } : tag,
    ),
    { property: "og:site_name", content: PRODUCT_NAME },
    ...(image
      ? [
          { property: "og:image", content: image },
          { name: "twitter:image", content: image },
        ]
      : []),
  ];
};

function localBusiness(data: Route.ComponentProps["loaderData"]) {
  const { listing, canonicalUrl, origin } = data;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": canonicalUrl,
    name: listing.name,
    url: websiteHref(listing.website) ?? canonicalUrl,
    ...(listing.description ? { description: listing.description } : {}),
    ...(listing.imageUrl ? { image: absolute(origin, listing.imageUrl) } : {}),
    ...(listing.telephone ? { telephone: listing.telephone } : {}),
    ...(listing.email ? { email: listing.email } : {}),
    address: {
      "@type": "PostalAddress",
      ...(listing.streetAddress ? { streetAddress: listing.streetAddress } : {}),
      ...(listing.postalCode ? { postalCode: listing.postalCode } : {}),
      addressLocality: listing.cityName,
      addressRegion: listing.cityState,
      addressCountry: "US",
    },
    ...(listing.latitude !== null && listing.longitude !== null
      ? { geo: { "@type": "GeoCoordinates", latitude: listing.latitude, longitude: listing.longitude } }
      : {}),
  };
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.inCity ? null : <TopBar />}
      <JsonLd data={localBusiness(loaderData)} />
      <ListingDetail listing={loaderData.listing} directoryPath={loaderData.directoryPath} />
    </>
  );
}

export const ErrorBoundary = DirectoryErrorBoundary;
