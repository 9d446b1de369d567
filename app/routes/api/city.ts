import { getCity } from "~/lib/api/data.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/city";

/** GET /api/v1/cities/{locationKey}: one Live city with its counts and tracked issues. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiResponse(request, () => getCity(params.locationKey));
}
