import { getCityByKey } from "~/lib/cities/cities.server";
import { LOAD_MORE_ERROR } from "~/lib/constants";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";
import { parsePage, singlePageWindow } from "~/lib/cities/page-state";
import { isUuid } from "~/lib/uuid";
import { listCityVideos } from "~/lib/meetings/meetings.server";
import type { Route } from "./+types/city-videos";

/**
 * GET /resources/city-videos?city=<locationKey>&page=<n>[&source=<id>]: one
 * page (10) of a city's videos, newest first, as JSON `{ videos, hasMore,
 * page }`: what the city page's Load More fetcher appends.
 *
 * A failed read answers `{ error }` with status 200 (and no-store): React
 * Router hands a fetcher's error status to the page's error boundary, which
 * would replace the list the reader is looking at with an error page.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const page = parsePage(params.get("page"));
  const source = params.get("source");
  try {
    const city = await getCityByKey(params.get("city") ?? "");
    if (!city) return Response.json({ error: "City Not Found" }, { status: 404 });
    const list = await listCityVideos({
      cityId: city.id,
      sourceId: isUuid(source) ? source : null,
      ...singlePageWindow(page),
    });
    return Response.json({ ...list, page }, { headers: { "Cache-Control": PUBLIC_CACHE_CONTROL } });
  } catch (error) {
    console.error("Loading more videos failed:", error);
    return Response.json({ error: LOAD_MORE_ERROR }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  }
}
