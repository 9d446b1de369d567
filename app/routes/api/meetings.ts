import { z } from "zod";
import { listMeetings } from "~/lib/api/data.server";
import { cursorParameter, limitParameter, readQuery } from "~/lib/api/query.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/meetings";

const QuerySchema = z.object({
  city: z.string().min(1).max(100).nullable(),
  cursor: cursorParameter,
  limit: limitParameter,
});

/** GET /api/v1/meetings?city=&cursor=&limit=: Live cities' meetings, newest first, a page at a time. */
export function loader({ request, url }: Route.LoaderArgs) {
  return apiResponse(request, () => {
    const query = readQuery(QuerySchema, url.searchParams);
    return listMeetings({ cityKey: query.city, cursor: query.cursor, limit: query.limit });
  });
}
