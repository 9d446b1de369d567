import { getIssue } from "~/lib/api/data.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/issue";

/** GET /api/v1/issues/{issueKey}: one tracked issue, its stored summary and its meetings. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiResponse(request, () => getIssue(params.issueKey));
}
