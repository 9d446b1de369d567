/**
 * /city/{locationKey}/people/{personId}: one person of the city's official
 * record, by their Legistar person id (docs/decisions/0070-people-pages.md):
 * their seats, their votes (filtered by matter type and result with a GET
 * form, paged), how often they voted with each colleague, the items they
 * moved or seconded, the matters they sponsor and their verified quotes.
 */
import { data, href } from "react-router";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { PersonScreen } from "~/components/people/person-screen";
import { getCurrentUser } from "~/lib/auth/session.server";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { pageMeta } from "~/lib/document/meta";
import { appUrl } from "~/lib/env/env.server";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { parsePersonId, PERSON_NOT_FOUND } from "~/lib/legistar/people";
import { parsePersonFilters } from "~/lib/legistar/person-filters";
import {
  agreementWithColleagues,
  getPerson,
  hasLegislativeSource,
  personMotions,
  personSponsorships,
  personVotes,
} from "~/lib/legistar/people.server";
import { personQuotes } from "~/lib/legistar/quotes.server";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/person";

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  const personId = parsePersonId(params.personId);
  if (personId === null || !(await hasLegislativeSource(city.id))) throw data(PERSON_NOT_FOUND, { status: 404 });
  const person = await getPerson(city.id, personId);
  if (!person) throw data(PERSON_NOT_FOUND, { status: 404 });
  const filters = parsePersonFilters(url.searchParams);
  const [user, votes, agreement, motions, sponsorships, quotes] = await Promise.all([
    getCurrentUser(request),
    personVotes(city.id, person.id, filters),
    agreementWithColleagues(city.id, person.id),
    personMotions(city.id, person),
    personSponsorships(city.id, person.id),
    personQuotes(city.id, person.id),
  ]);
  const path = href("/city/:locationKey/people/:personId", {
    locationKey: city.locationKey,
    personId: String(person.id),
  });
  return data(
    {
      city: { name: city.name, locationKey: city.locationKey },
      person,
      filters,
      votes,
      agreement,
      motions,
      sponsorships,
      quotes,
      path,
      meta: pageMeta({
        title: `${person.name}, ${city.name} | ${PRODUCT_NAME}`,
        description: `${person.name}'s seats, votes, motions and sponsored matters in ${city.name}'s official record.`,
        canonicalUrl: `${appUrl()}${path}`,
      }),
    },
    { headers: cacheHeaders(user) },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? loaderData.meta : [{ title: `Person Not Found | ${PRODUCT_NAME}` }];

export default function Person({ loaderData }: Route.ComponentProps) {
  return <PersonScreen {...loaderData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorMessage {...PERSON_NOT_FOUND} /> }} />;
}
