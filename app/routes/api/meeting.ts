import { getMeetingDetail } from "~/lib/api/data.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/meeting";

/** GET /api/v1/meetings/{id}: one meeting with its transcript segments, analysis and story. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiResponse(request, () => getMeetingDetail(params.meetingId));
}
