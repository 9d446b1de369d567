import { getCityByKey } from "~/lib/cities/cities.server";
import { CITY_SEARCH_LIMIT } from "~/lib/constants";
import { CITY_SEARCH_ERROR } from "~/lib/search/outcome";
import { normalizeQuery } from "~/lib/search/query";
import { searchCityVideos } from "~/lib/search/search.server";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/city-videos-search";

/**
 * GET /resources/city-videos-search?cityId=<uuid>&q=<query>[&limit=n]: the
 * searchCityVideos as JSON, `{ results: [{ id, title, description,
 * snippet, score, published_at, video_url, start_seconds, speaker }] }`.
 * `city=<locationKey>` may stand in for cityId.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const query = normalizeQuery(params.get("q"));
  const cityId = params.get("cityId") ?? (await cityIdForKey(params.get("city")));
  if (!isUuid(cityId)) return Response.json({ error: "Unknown city" }, { status: 400 });
  const requested = Number(params.get("limit"));
  const limit =
    Number.isInteger(requested) && requested > 0 ? Math.min(requested, CITY_SEARCH_LIMIT) : CITY_SEARCH_LIMIT;
  try {
    const results = await searchCityVideos(cityId, query, limit);
    return Response.json(
      {
        results: results.map((result) => ({
          id: result.id,
          title: result.title,
          description: result.description,
          snippet: result.snippet,
          score: result.score,
          published_at: result.published_at,
          video_url: result.video_url,
          start_seconds: result.start_seconds,
          speaker: result.speaker,
        })),
      },
      { headers: { "Cache-Control": PUBLIC_CACHE_CONTROL } },
    );
  } catch (error) {
    console.error("Video search failed:", error);
    return Response.json({ error: CITY_SEARCH_ERROR.description }, { status: 500 });
  }
}

async function cityIdForKey(key: string | null): Promise<string | null> {
  if (!key) return null;
  return (await getCityByKey(key))?.id ?? null;
}
