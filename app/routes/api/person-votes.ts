import { z } from "zod";
import { cursorParameter, limitParameter, readQuery } from "~/lib/api/query.server";
import { listPersonVotes } from "~/lib/api/record.server";
import { apiResponse } from "~/lib/api/respond.server";
import { RESULT_FILTERS } from "~/lib/legistar/people";
import type { Route } from "./+types/person-votes";

const QuerySchema = z.object({
  type: z.string().trim().max(100, "type is at most 100 characters.").nullable(),
  result: z.enum(RESULT_FILTERS, { message: `result is one of: ${RESULT_FILTERS.join(", ")}.` }).nullable(),
  cursor: cursorParameter,
  limit: limitParameter,
});

/** GET /api/v1/cities/{locationKey}/people/{personId}/votes?type=&result=&cursor=&limit=: a person's votes, a page at a time. */
export function loader({ request, params, url }: Route.LoaderArgs) {
  return apiResponse(request, () =>
    listPersonVotes(params.locationKey, params.personId, readQuery(QuerySchema, url.searchParams)),
  );
}
