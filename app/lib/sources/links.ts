import { href } from "react-router";

function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Content Management for a city's source and, optionally, one of its meetings (docs/product.md#routes-admin). */
export function contentManagementHref(
  selection: { cityId?: string | null; sourceUrlId?: string | null; meetingId?: string | null } = {},
): string {
  const { cityId, sourceUrlId, meetingId } = selection;
  return withQuery(href("/admin/content-management"), { cityId, sourceUrlId, meetingId });
}

/** City Management with the city and its source selected. */
export function cityManagementHref(cityId?: string | null, sourceUrlId?: string | null): string {
  return withQuery(href("/admin/city-management"), { city: cityId, url: sourceUrlId });
}
