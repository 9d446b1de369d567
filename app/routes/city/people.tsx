/**
 * /city/{locationKey}/people: the people of the city's official record, with
 * their bodies and roles; former members apart (issue 29, deliverable 5;
 * docs/decisions/0070-people-pages.md). A city without a legislative source
 * answers 404.
 */
import { data, href } from "react-router";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { PeopleScreen } from "~/components/people/people-screen";
import { getCurrentUser } from "~/lib/auth/session.server";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { pageMeta } from "~/lib/document/meta";
import { appUrl } from "~/lib/env/env.server";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { NO_RECORD } from "~/lib/legistar/people";
import { hasLegislativeSource, listPeople } from "~/lib/legistar/people.server";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/people";

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  if (!(await hasLegislativeSource(city.id))) throw data(NO_RECORD, { status: 404 });
  const [user, people] = await Promise.all([getCurrentUser(request), listPeople(city.id)]);
  const path = href("/city/:locationKey/people", { locationKey: city.locationKey });
  return data(
    {
      city: { name: city.name, locationKey: city.locationKey },
      people,
      meta: pageMeta({
        title: `People of ${city.name}, ${city.state} | ${PRODUCT_NAME}`,
        description: `Who sits on ${city.name}'s council and committees, from the city's official record, with each person's votes.`,
        canonicalUrl: `${appUrl()}${path}`,
      }),
    },
    { headers: cacheHeaders(user) },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? loaderData.meta : [{ title: `No Official Record | ${PRODUCT_NAME}` }];

export default function People({ loaderData }: Route.ComponentProps) {
  return <PeopleScreen city={loaderData.city} people={loaderData.people} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorMessage {...NO_RECORD} /> }} />;
}
