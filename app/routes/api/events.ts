import { z } from "zod";
import { isDay } from "~/lib/api/cursor";
import { cursorParameter, limitParameter, readQuery } from "~/lib/api/query.server";
import { listCityEvents } from "~/lib/api/record.server";
import { apiResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/events";

const day = (name: string) =>
  z
    .string()
    .refine(isDay, { message: `${name} is a day, YYYY-MM-DD.` })
    .nullable();

const QuerySchema = z
  .object({
    from: day("from"),
    to: day("to"),
    order: z
      .enum(["newest", "oldest"], { message: "order is newest or oldest." })
      .nullable()
      .transform((order) => order ?? "newest"),
    cursor: cursorParameter,
    limit: limitParameter,
  })
  .refine((query) => query.from === null || query.to === null || query.from <= query.to, {
    message: "from is a day before or on to.",
  });

/** GET /api/v1/cities/{locationKey}/events?from=&to=&order=&cursor=&limit=: the city's events, past and upcoming. */
export function loader({ request, params, url }: Route.LoaderArgs) {
  return apiResponse(request, () => listCityEvents(params.locationKey, readQuery(QuerySchema, url.searchParams)));
}
