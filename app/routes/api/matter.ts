import { getCityMatter } from "~/lib/api/record.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/matter";

/** GET /api/v1/cities/{locationKey}/matters/{file}: one matter by its file number, with its history across bodies. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiResponse(request, () => getCityMatter(params.locationKey, params.file));
}
