import { listCityPeople } from "~/lib/api/record.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/people";

/** GET /api/v1/cities/{locationKey}/people: the people of the city's official record with their seats. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiResponse(request, () => listCityPeople(params.locationKey));
}
