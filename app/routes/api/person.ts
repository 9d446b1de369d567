import { getCityPerson } from "~/lib/api/record.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/person";

/** GET /api/v1/cities/{locationKey}/people/{personId}: one person, their office records and agreement with colleagues. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiResponse(request, () => getCityPerson(params.locationKey, params.personId));
}
