import { data, href, Link } from "react-router";
import { Main } from "~/components/layout/main";
import { CitySearchPanel } from "~/components/search/city-search-panel";
import { getCurrentUser } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { normalizeQuery } from "~/lib/search/query";
import { runCitySearch } from "~/lib/search/run.server";
import { cacheHeaders, NO_STORE_HEADERS, publicPageHeaders } from "~/lib/http/cache.server";
import { noResultsSignal, withAnalyticsSignal } from "~/lib/analytics/signal";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { CityHeaderSearch } from "~/components/search/search-form";
import { SaveSearchPanel } from "~/components/alerts/save-search";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/search";

export const handle: CityRouteHandle = { citySearch: (city) => <CityHeaderSearch city={city} /> };

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const q = normalizeQuery(url.searchParams.get("q"));
  const city = await cityFromContext(context, params.locationKey);
  const [user, search] = await Promise.all([getCurrentUser(request), runCitySearch(city.id, q, request.url)]);
  return data(
    {
      city: { name: city.name, state: city.state, locationKey: city.locationKey },
      canonicalUrl: `${appUrl()}${href("/city/:locationKey/search", { locationKey: city.locationKey })}`,
      q,
      search,
      toast: search.toast,
    },
    {
      headers: {
        ...(search.outcome.status === "error" ? NO_STORE_HEADERS : cacheHeaders(user)),
        ...noResultsSignal(search.outcome),
      },
    },
  );
}

export const headers = withAnalyticsSignal(publicPageHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `City Not Found | ${PRODUCT_NAME}` }];
  const { city, q, canonicalUrl } = loaderData;
  return [
    {
      title: q
        ? `${q} — ${city.name} meeting search | ${PRODUCT_NAME}`
        : `Search ${city.name} meetings | ${PRODUCT_NAME}`,
    },
    {
      name: "description",
      content: `Search the council meeting videos and transcripts of ${city.name}, ${city.state}.`,
    },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    // Result pages are for people; the city page is what search engines should index.
    ...(q ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function CitySearch({ loaderData }: Route.ComponentProps) {
  const { city, q, search } = loaderData;
  const path = href("/city/:locationKey/search", { locationKey: city.locationKey });
  return (
    <Main className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl font-bold">Search {city.name} meetings</h2>
        <Link
          to={href("/city/:locationKey", { locationKey: city.locationKey })}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          Back to recent meetings
        </Link>
      </div>
      <CitySearchPanel
        cityName={city.name}
        action={path}
        query={q}
        clearHref={path}
        outcome={search.outcome}
        headingLevel={3}
      />
      <SaveSearchPanel q={q} cities={[city]} defaultCityKey={city.locationKey} />
    </Main>
  );
}
