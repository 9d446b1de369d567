import { getCityEvent } from "~/lib/api/record.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/event";

/** GET /api/v1/cities/{locationKey}/events/{eventId}: one event with its agenda items and their moments. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiResponse(request, () => getCityEvent(params.locationKey, params.eventId));
}
