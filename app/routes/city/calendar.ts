/** /city/{locationKey}/calendar.ics: the city's meetings of its official record as an iCalendar feed. */
import { cityFromContext } from "~/lib/cities/city-context.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { calendarResponse } from "~/lib/legistar/calendar-response.server";
import { calendarEvents } from "~/lib/legistar/calendar.server";
import { hasLegislativeSource } from "~/lib/legistar/people.server";
import type { Route } from "./+types/calendar";

export async function loader({ params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  if (!(await hasLegislativeSource(city.id))) return calendarResponse(null);
  const events = await calendarEvents(city, { now: new Date(), origin: appUrl() });
  return calendarResponse({ name: `${city.name} meetings | ${PRODUCT_NAME}`, events });
}
