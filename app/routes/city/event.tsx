/**
 * /city/{locationKey}/events/{eventId}: a meeting of the city's legislative
 * record (its Legistar event id) before its video exists: its agenda. Once a
 * video is matched to it, the page redirects to that meeting
 * (docs/decisions/0069-events-become-meetings.md).
 */
import { data, href, redirect } from "react-router";
import { EventPage } from "~/components/event/event-page";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { getCurrentUser } from "~/lib/auth/session.server";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { pageMeta } from "~/lib/document/meta";
import { appUrl } from "~/lib/env/env.server";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { cityEvent } from "~/lib/legistar/agenda.server";
import { meetingHref } from "~/lib/meetings/links";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/event";

export const handle: CityRouteHandle = { cityHeader: "compact" };

const EVENT_NOT_FOUND = {
  title: "Meeting not found",
  description: "This city's record has no meeting at this address.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  const eventId = /^\d{1,10}$/.test(params.eventId) ? Number(params.eventId) : NaN;
  const found = await cityEvent(city.id, eventId);
  if (!found) throw data(EVENT_NOT_FOUND, { status: 404 });
  if (found.meetingId) throw redirect(meetingHref(found.meetingId, { cityKey: city.locationKey }));
  const user = await getCurrentUser(request);
  const { event } = found.agenda;
  const path = href("/city/:locationKey/events/:eventId", { locationKey: city.locationKey, eventId: String(event.id) });
  return data(
    {
      city: { name: city.name, locationKey: city.locationKey },
      agenda: found.agenda,
      meta: pageMeta({
        title: `${event.bodyName}, ${event.when} — ${city.name} | ${PRODUCT_NAME}`,
        description: `The agenda of the ${event.bodyName} meeting of ${city.name} on ${event.when}, from the city's legislative record.`,
        canonicalUrl: `${appUrl()}${path}`,
      }),
    },
    { headers: cacheHeaders(user) },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? [{ title: `Meeting Not Found | ${PRODUCT_NAME}` }];

export default function CityEvent({ loaderData }: Route.ComponentProps) {
  return <EventPage city={loaderData.city} agenda={loaderData.agenda} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorMessage {...EVENT_NOT_FOUND} /> }} />;
}
