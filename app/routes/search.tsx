import { data, href, Link } from "react-router";
import { SelectField } from "~/components/forms/fields";
import { PageShell } from "~/components/layout/page-shell";
import { SearchDigestView } from "~/components/search/search-digest";
import { SearchForm } from "~/components/search/search-form";
import { SaveSearchPanel } from "~/components/alerts/save-search";
import { SearchResults } from "~/components/search/search-results";
import { getCurrentUser } from "~/lib/auth/session.server";
import { getCityByKey, listLiveCities } from "~/lib/cities/cities.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { buildSearchDigest, type SearchDigest } from "~/lib/search/digest.server";
import { normalizeQuery, parseSearchView, type SearchView } from "~/lib/search/query";
import { runMeetingSearch } from "~/lib/search/run.server";
import { cacheHeaders, NO_STORE_HEADERS, publicPageHeaders } from "~/lib/http/cache.server";
import { noResultsSignal, withAnalyticsSignal } from "~/lib/analytics/signal";
import type { Route } from "./+types/search";

/**
 * /search?q=&city=&view=: meeting videos of every Live city (or one city,
 * whatever its status), as a
 * result list (traditional) or as a digest of their stored analyses (summary).
 */

export async function loader({ request, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const q = normalizeQuery(params.get("q"));
  const cityKey = params.get("city")?.trim() || null;
  const view = parseSearchView(params.get("view"));
  const [user, liveCities, chosenCity, search] = await Promise.all([
    getCurrentUser(request),
    listLiveCities(),
    cityKey ? getCityByKey(cityKey) : null,
    runMeetingSearch(q, cityKey, request.url),
  ]);
  // A non-Live city searched from its own page is offered too, so that it shows as selected.
  const cities =
    chosenCity && !liveCities.some((city) => city.id === chosenCity.id) ? [...liveCities, chosenCity] : liveCities;
  let digest: SearchDigest | null = null;
  if (view === "summary" && search.outcome.status === "ok") {
    try {
      digest = await buildSearchDigest(search.outcome.results);
    } catch (error) {
      console.error("Building the search digest failed:", error);
    }
  }
  return data(
    {
      q,
      cityKey,
      view,
      cities: cities.map(({ name, state, locationKey }) => ({ name, state, locationKey })),
      search,
      toast: search.toast,
      digest,
      canonicalUrl: `${appUrl()}${href("/search")}`,
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

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.q ? `${loaderData.q} — Search meetings | ${PRODUCT_NAME}` : `Search meetings | ${PRODUCT_NAME}`,
  },
  {
    name: "description",
    content: "Search city council meeting videos and transcripts across every city Gavel covers.",
  },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonicalUrl }] : []),
  ...(loaderData?.q ? [{ name: "robots", content: "noindex" }] : []),
];

function searchHref(q: string, cityKey: string | null, view: SearchView): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (cityKey) params.set("city", cityKey);
  if (view !== "traditional") params.set("view", view);
  const search = params.toString();
  return `${href("/search")}${search ? `?${search}` : ""}`;
}

function ViewTabs({ q, cityKey, view }: { q: string; cityKey: string | null; view: SearchView }) {
  const tabs: { view: SearchView; label: string }[] = [
    { view: "traditional", label: "Traditional" },
    { view: "summary", label: "AI summary" },
  ];
  return (
    <nav aria-label="Result views" className="flex gap-2 border-b border-slate-200">
      {tabs.map((tab) => (
        <Link
          key={tab.view}
          to={searchHref(q, cityKey, tab.view)}
          aria-current={tab.view === view ? "page" : undefined}
          preventScrollReset
          className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, cityKey, view, cities, search, digest } = loaderData;
  const outcome = search.outcome;
  return (
    <PageShell>
      <h1 className="text-3xl font-bold">Search meetings</h1>
      <p className="mt-2 text-slate-600">Find the moment a topic came up in any council meeting we cover.</p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <SearchForm
          action={href("/search")}
          label="Search meeting videos"
          defaultValue={q}
          hidden={{ view: view === "traditional" ? null : view }}
          clearHref={searchHref("", cityKey, view)}
          id="search-page-query"
        >
          <SelectField
            className="mt-3 max-w-xs"
            label="City"
            name="city"
            defaultValue={cityKey ?? ""}
            key={cityKey ?? ""}
            options={[
              { value: "", label: "All cities" },
              ...cities.map((c) => ({ value: c.locationKey, label: `${c.name}, ${c.state}` })),
            ]}
          />
        </SearchForm>
      </div>
      <div className="mt-6 space-y-4">
        <ViewTabs q={q} cityKey={cityKey} view={view} />
        <div aria-live="polite">
          {view === "summary" && outcome.status === "ok" && outcome.results.length > 0 ? (
            digest ? (
              <SearchDigestView digest={digest} query={q} />
            ) : (
              <p role="alert" className="text-red-700">
                Search failed
              </p>
            )
          ) : (
            <SearchResults outcome={outcome} showCity />
          )}
        </div>
      </div>
      <SaveSearchPanel q={q} cities={cities} defaultCityKey={cityKey} />
    </PageShell>
  );
}
