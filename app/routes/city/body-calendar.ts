/** /city/{locationKey}/calendar/{bodyId}.ics: one body's meetings as an iCalendar feed; 404 for a body not in the city's record. */
import { cityFromContext } from "~/lib/cities/city-context.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { parseBodyFile } from "~/lib/legistar/calendar";
import { calendarResponse } from "~/lib/legistar/calendar-response.server";
import { calendarEvents, findBody } from "~/lib/legistar/calendar.server";
import type { Route } from "./+types/body-calendar";

export async function loader({ params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  const bodyId = parseBodyFile(params.bodyFile);
  const body = bodyId === null ? null : await findBody(city.id, bodyId);
  if (!body) return calendarResponse(null);
  const events = await calendarEvents(city, { bodyId: body.id, now: new Date(), origin: appUrl() });
  return calendarResponse({ name: `${body.name}, ${city.name} | ${PRODUCT_NAME}`, events });
}
