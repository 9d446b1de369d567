/**
 * What the people pages show and read from their address, shared by the
 * loaders and the screens (no server code here).
 */
import { z } from "zod";

export const RESULT_FILTERS = ["passed", "failed"] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];

/** The 404s of the people pages. */
export const NO_RECORD = {
  title: "No official record",
  description: "This city's legislative record is not on Gavel, so it has no pages of its people.",
};
export const PERSON_NOT_FOUND = {
  title: "Person not found",
  description: "This city's official record names no one at this address.",
};

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

export type PersonFilters = { type: string | null; result: ResultFilter | null; page: number };

/** The vote filters of a person's page from its query string; anything unreadable is no filter (page 1). */
export function parsePersonFilters(params: URLSearchParams): PersonFilters {
  return filtersSchema.parse({
    type: params.get("type") ?? "",
    result: params.get("result") || null,
    page: params.get("page") ?? 1,
  });
}

/** The query string of a person's page with these filters ("" when none). */
export function personSearch(filters: PersonFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set("type", filters.type);
  if (filters.result) params.set("result", filters.result);
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A Legistar person id in an address: digits only, or null. */
export function parsePersonId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

/** How a vote value reads on the page. */
export const VOTE_LABELS: Record<string, string> = {
  yes: "Yes",
  no: "No",
  abstain: "Abstained",
  absent: "Absent",
  recused: "Recused",
  present: "Present",
};
