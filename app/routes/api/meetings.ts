import { z } from "zod";
import { listMeetings } from "~/lib/api/data.server";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "~/lib/api/limits";
import { ApiProblem, apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/meetings";

const QuerySchema = z.object({
  city: z.string().min(1).max(100).nullable(),
  cursor: z.string().min(1).max(500).nullable(),
  limit: z
    .string()
    .nullable()
    .transform((value, context) => {
      if (value === null || value === "") return DEFAULT_PAGE_SIZE;
      const limit = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(limit >= 1 && limit <= MAX_PAGE_SIZE)) {
        context.addIssue({ code: "custom", message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` });
        return z.NEVER;
      }
      return limit;
    }),
});

/** GET /api/v1/meetings?city=&cursor=&limit=: Live cities' meetings, newest first, a page at a time. */
export function loader({ request, url }: Route.LoaderArgs) {
  return apiResponse(request, () => {
    const params = url.searchParams;
    const query = QuerySchema.safeParse({
      city: params.get("city") || null,
      cursor: params.get("cursor") || null,
      limit: params.get("limit"),
    });
    if (!query.success) {
      throw new ApiProblem("bad-request", query.error.issues.map((issue) => issue.message).join(" "));
    }
    return listMeetings({ cityKey: query.data.city, cursor: query.data.cursor, limit: query.data.limit });
  });
}
