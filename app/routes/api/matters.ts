import { z } from "zod";
import { cursorParameter, limitParameter, readQuery } from "~/lib/api/query.server";
import { listCityMatters } from "~/lib/api/record.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/matters";

const QuerySchema = z.object({
  status: z.string().trim().max(100, "status is at most 100 characters.").nullable(),
  type: z.string().trim().max(100, "type is at most 100 characters.").nullable(),
  cursor: cursorParameter,
  limit: limitParameter,
});

/** GET /api/v1/cities/{locationKey}/matters?status=&type=&cursor=&limit=: the city's matters, newest first. */
export function loader({ request, params, url }: Route.LoaderArgs) {
  return apiResponse(request, () => listCityMatters(params.locationKey, readQuery(QuerySchema, url.searchParams)));
}
