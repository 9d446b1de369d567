import { data, Outlet, type ShouldRevalidateFunctionArgs, useMatches } from "react-router";
import { CityHeader } from "~/components/city/city-header";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { TopBar } from "~/components/layout/top-bar";
import { getCurrentUser } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { cityFromContext, loadCityIntoContext } from "~/lib/cities/city-context.server";
import { CITY_NOT_FOUND } from "~/lib/cities/not-found";
import { publicCityTheme } from "~/lib/color/city-theme";
import { safeImageUrl } from "~/lib/meetings/meetings.server";
import { cityFeedPath } from "~/lib/feeds/links";
import type { Route } from "./+types/city";

/**
 * Child routes set `handle = { cityHeader: "compact" }` for the meeting
 * pages' short header; those with the full banner give its search box
 * (`citySearch`, as a breadcrumb would be given), which the other pages then
 * do not load.
 */
export type CityRouteHandle = {
  cityHeader?: "full" | "compact";
  citySearch?: (city: { name: string; locationKey: string }) => React.ReactNode;
};

export const middleware: Route.MiddlewareFunction[] = [
  // The city is read once per request, here, for this layout and every child loader.
  ({ params, context }) => loadCityIntoContext(context, params.locationKey),
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [city, user] = await Promise.all([cityFromContext(context, params.locationKey), getCurrentUser(request)]);
  return data(
    {
      city: {
        name: city.name,
        state: city.state,
        locationKey: city.locationKey,
        primaryColor: city.primaryColor,
        secondaryColor: city.secondaryColor,
        icon: city.icon,
        imageUrl: safeImageUrl(city.imageUrl),
        tagLine: city.tagLine,
        // Only Live cities have a feed (docs/decisions/0043-feeds-and-api.md).
        feedPath: city.status === "Live" ? cityFeedPath(city.locationKey) : null,
      },
      // Tailwind's brand colors become readable shades of the city's own (decision 0044), made here (decision 0073).
      theme: publicCityTheme(city.primaryColor, city.secondaryColor),
    },
    { headers: cacheHeaders(user) },
  );
}

export const headers = publicPageHeaders;

// The header depends on the city alone: query-string changes below it
// (paging, filters, search, moments) do not reload it.
export function shouldRevalidate({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  return currentParams.locationKey !== nextParams.locationKey ? defaultShouldRevalidate : false;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.city.name}, ${loaderData.city.state} | ${PRODUCT_NAME}`
      : `City Not Found | ${PRODUCT_NAME}`,
  },
];

export default function CityLayout({ loaderData }: Route.ComponentProps) {
  const handles = useMatches().map((match) => match.handle as CityRouteHandle | undefined);
  const compact = handles.some((handle) => handle?.cityHeader === "compact");
  const search = handles.findLast((handle) => handle?.citySearch)?.citySearch?.(loaderData.city);
  const { feedPath, name } = loaderData.city;
  const { style } = loaderData.theme;
  return (
    <div className="contents" style={style as React.CSSProperties}>
      {/* React puts this <link> in the document's head, on every page of the city. */}
      {feedPath ? (
        <link rel="alternate" type="application/atom+xml" title={`${name}: new stories`} href={feedPath} />
      ) : null}
      <CityHeader
        city={loaderData.city}
        theme={loaderData.theme}
        variant={compact ? "compact" : "full"}
        search={search}
      />
      <Outlet />
    </div>
  );
}

/** The city could not be shown: no city header, the top bar instead. */
export function ErrorBoundary() {
  return (
    <>
      <TopBar />
      <GeneralErrorBoundary
        statusHandlers={{ 404: () => <ErrorMessage {...CITY_NOT_FOUND} /> }}
        unexpectedErrorHandler={() => (
          <ErrorMessage
            title="City not found"
            description="An unexpected error occurred. Please try again in a moment."
          />
        )}
      />
    </>
  );
}
