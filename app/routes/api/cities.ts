import { listCities } from "~/lib/api/data.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/cities";

/** GET /api/v1/cities: every Live city (docs/decisions/0043-feeds-and-api.md). */
export function loader({ request }: Route.LoaderArgs) {
  return apiResponse(request, listCities);
}
