import { listIssues } from "~/lib/api/data.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/issues";

/** GET /api/v1/issues: the tracked issues of Live cities. */
export function loader({ request }: Route.LoaderArgs) {
  return apiResponse(request, listIssues);
}
