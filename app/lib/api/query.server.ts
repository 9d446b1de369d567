/** The open API's query parameters, read with zod; anything not valid is a 400 problem. */
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./limits";
import { ApiProblem } from "./respond.server";

/** `limit`: items per page, 1 to MAX_PAGE_SIZE (DEFAULT_PAGE_SIZE when absent). */
export const limitParameter = z
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
  });

/** `cursor`: the opaque `nextCursor` of a previous page. */
export const cursorParameter = z.string().min(1).max(500).nullable();

/** The parameters as `schema` reads them from the query string (each name's first value, null when absent or empty), or a 400 problem. */
export function readQuery<Schema extends z.ZodObject>(schema: Schema, params: URLSearchParams): z.output<Schema> {
  const input = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, params.get(name) || null]));
  const query = schema.safeParse(input);
  if (!query.success) {
    throw new ApiProblem("bad-request", query.error.issues.map((issue) => issue.message).join(" "));
  }
  return query.data;
}

/** The "cursor is not ours" problem. */
export function badCursor(): ApiProblem {
  return new ApiProblem("bad-request", "The cursor is not one this API gave: use nextCursor from a previous page.");
}
