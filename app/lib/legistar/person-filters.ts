/** A person page's vote filters read from its address, for the loader: zod stays out of the browser (ADR 0073). */
import { z } from "zod";
import { RESULT_FILTERS, type PersonFilters } from "./people";

const filtersSchema = z.object({
  type: z
    .string()
    .trim()
    .max(100)
    .catch("")
    .transform((value) => value || null),
  result: z.enum(RESULT_FILTERS).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The vote filters of a person's page from its query string; anything unreadable is no filter (page 1). */
export function parsePersonFilters(params: URLSearchParams): PersonFilters {
  return filtersSchema.parse({
    type: params.get("type") ?? "",
    result: params.get("result") || null,
    page: params.get("page") ?? 1,
  });
}
