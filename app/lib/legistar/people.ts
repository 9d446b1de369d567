/**
 * What the people pages show and read from their address, shared by the
 * loaders and the screens (no server code here; the loaders read the
 * filters with person-filters.ts, which holds zod).
 */
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

export type PersonFilters = { type: string | null; result: ResultFilter | null; page: number };

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
