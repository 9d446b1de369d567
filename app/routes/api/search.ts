import { searchMeetings } from "~/lib/api/data.server";
import { ApiProblem, apiResponse } from "~/lib/api/respond.server";
import { normalizeQuery } from "~/lib/search/query";
import type { Route } from "./+types/search";

/** GET /api/v1/search?q=&city=: the site's own search over Live cities' meetings. */
export function loader({ request, url }: Route.LoaderArgs) {
  return apiResponse(request, () => {
    const query = normalizeQuery(url.searchParams.get("q"));
    if (!query) throw new ApiProblem("bad-request", "q is required: the words or phrase to search for.");
    return searchMeetings(query, url.searchParams.get("city") || null);
  });
}
