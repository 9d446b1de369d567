import { Suspense } from "react";
import { Main } from "~/components/layout/main";
import { data, href, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { AboutCard, QuickInfoCard, StatisticsCard } from "~/components/city/city-side-cards";
import { SourceFilter } from "~/components/city/source-filter";
import { VideoList } from "~/components/city/video-list";
import { UpcomingMeetingsCard } from "~/components/city/upcoming-meetings";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { lazyInBrowser } from "~/components/lazy-in-browser";
import { getCurrentUser } from "~/lib/auth/session.server";
import { publicCityTheme } from "~/lib/color/city-theme";
import { PRODUCT_NAME } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { runCitySearch } from "~/lib/search/run.server";
import { upcomingMeetings } from "~/lib/legistar/agenda.server";
import { cacheHeaders, NO_STORE_HEADERS, publicPageHeaders } from "~/lib/http/cache.server";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { cityPageHref, isOnlyMorePages, pageWindow, parseCityPageState } from "~/lib/cities/page-state";
import { formatDate, lastTwelveMonths } from "~/lib/format/date";
import { pageMeta } from "~/lib/document/meta";
import { excerpt } from "~/lib/meetings/text";
import { fetchTranscriptAction } from "~/lib/meetings/actions.server";
import { getCityOverview, listCityVideos } from "~/lib/meetings/meetings.server";
import { CityHeaderSearch } from "~/components/search/search-form";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/index";

export const handle: CityRouteHandle = { citySearch: (city) => <CityHeaderSearch city={city} /> };

// The search panel is closed on most visits: its code comes when it opens.
const server = import.meta.env.SSR ? await import("~/components/search/city-search-panel") : null;
const loadSearchPanel = () => import("~/components/search/city-search-panel").then((module) => module.CitySearchPanel);
const CitySearchPanel = lazyInBrowser(server?.CitySearchPanel, loadSearchPanel);

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const state = parseCityPageState(url.searchParams);
  const months = lastTwelveMonths(new Date());
  const city = await cityFromContext(context, params.locationKey);
  const [user, list, overview, search, upcoming] = await Promise.all([
    getCurrentUser(request),
    listCityVideos({ cityId: city.id, sourceId: state.source, ...pageWindow(state.page) }),
    getCityOverview(city.id, new Date(`${months[0]}-01T00:00:00Z`)),
    state.searchOpen ? runCitySearch(city.id, state.q, request.url) : null,
    upcomingMeetings(city.id, new Date()),
  ]);
  return data(
    {
      city: {
        name: city.name,
        state: city.state,
        locationKey: city.locationKey,
        county: city.county,
        description: city.description,
        domain: city.domain,
        status: city.status,
        primaryColor: city.primaryColor,
        secondaryColor: city.secondaryColor,
      },
      theme: publicCityTheme(city.primaryColor, city.secondaryColor),
      meta: cityMeta(city),
      state,
      list: { ...list, page: state.page },
      sources: overview.sources,
      stats: {
        totalVideos: overview.totalVideos,
        analyzedVideos: overview.analyzedVideos,
        stories: overview.stories,
        withTranscript: overview.withTranscript,
        firstPublishedLabel: formatDate(overview.firstPublished),
        lastPublishedLabel: formatDate(overview.lastPublished),
        months: months.map((month) => ({ month, count: overview.perMonth[month] ?? 0 })),
      },
      isAdmin: Boolean(user?.isAdmin),
      hasPeople: overview.hasPeople,
      upcoming,
      search,
      toast: search?.toast ?? null,
    },
    { headers: search?.outcome.status === "error" ? NO_STORE_HEADERS : cacheHeaders(user) },
  );
}

export async function action({ request, url }: Route.ActionArgs) {
  return fetchTranscriptAction(request, url);
}

export const headers = publicPageHeaders;

// Load More appends the next page itself and then only updates the URL.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && isOnlyMorePages(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? [{ title: `City Not Found | ${PRODUCT_NAME}` }];

/** Made by the loader: the browser gets none of this code. */
function cityMeta(city: { name: string; state: string; description: string | null; locationKey: string }) {
  const title = `${city.name}, ${city.state} | ${PRODUCT_NAME}`;
  const description = excerpt(
    city.description ||
      `City council meetings of ${city.name}, ${city.state}: summaries, stories and searchable transcripts.`,
    160,
  );
  const canonicalUrl = `${appUrl()}${href("/city/:locationKey", { locationKey: city.locationKey })}`;
  return pageMeta({ title, description, canonicalUrl });
}

function SearchToggle({ cityKey, open, page }: { cityKey: string; open: boolean; page: number }) {
  return (
    <Link
      to={open ? cityPageHref(cityKey, { page }) : cityPageHref(cityKey, { searchOpen: true, page })}
      preventScrollReset
      // Fetches the panel's code along with the page's data.
      onClick={open ? undefined : () => void loadSearchPanel()}
      aria-controls={open ? "city-search" : undefined}
      aria-expanded={open}
      className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
    >
      {open ? "Hide Search" : "Search Videos"}
    </Link>
  );
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { city, state, list, sources, stats, isAdmin, search, upcoming, theme } = loaderData;
  const { colors, action } = theme;
  return (
    <Main className="mx-auto w-full max-w-6xl px-4 py-8">
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-2xl font-bold">Recent Council Meetings</h2>
            <SearchToggle cityKey={city.locationKey} open={state.searchOpen} page={state.page} />
          </div>
          {state.searchOpen ? (
            <Suspense fallback={null}>
              <CitySearchPanel
                cityName={city.name}
                action={href("/city/:locationKey", { locationKey: city.locationKey })}
                query={state.q}
                hidden={{ search: "1" }}
                clearHref={cityPageHref(city.locationKey, { searchOpen: true })}
                outcome={search?.outcome ?? { status: "idle" }}
                headingLevel={3}
              />
            </Suspense>
          ) : (
            <SourceFilter cityKey={city.locationKey} sources={sources} selected={state.source} />
          )}
          <VideoList
            initial={list}
            cityKey={city.locationKey}
            colors={colors}
            isAdmin={isAdmin}
            pageState={{ source: state.source, searchOpen: state.searchOpen, q: state.q }}
          />
        </div>
        <aside className="space-y-6" aria-label={`About ${city.name}`}>
          <AboutCard city={city} />
          <UpcomingMeetingsCard cityKey={city.locationKey} events={upcoming} />
          <QuickInfoCard
            city={city}
            locationKey={city.locationKey}
            sources={sources}
            lastPublishedLabel={stats.lastPublishedLabel}
            hasPeople={loaderData.hasPeople}
          />
          <StatisticsCard stats={stats} color={action} />
        </aside>
      </div>
    </Main>
  );
}

/** Under the city header: the meetings could not be read (docs/product.md#messages-city-page). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary unexpectedErrorHandler={() => <VideosFailed />} />;
}

function VideosFailed() {
  return (
    <Main className="mx-auto w-full max-w-6xl px-4 py-12">
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        <h2 className="text-lg font-semibold">Failed to load videos</h2>
        <p className="mt-1">Please reload the page or try again in a moment.</p>
      </div>
    </Main>
  );
}
