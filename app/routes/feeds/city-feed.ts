import { appUrl } from "~/lib/env/env.server";
import { ATOM_CONTENT_TYPE, newestUpdate } from "~/lib/feeds/atom";
import { cityFeedXml, cityStoryEntries, getLiveCity } from "~/lib/feeds/city-feed.server";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";
import { conditionalResponse, isNotModified, weakEtag } from "~/lib/http/conditional.server";
import { contentVersionsOf } from "~/lib/page-cache/content-versions.server";
import type { Route } from "./+types/city-feed";

/**
 * GET /city/{locationKey}/feed.atom: a Live city's newest stories as Atom
 * (docs/decisions/0043-feeds-and-api.md). Its ETag is the city's content
 * versions (ADR 0030), so a feed reader polling an unchanged city gets a
 * 304 before any meeting is read. Any other city: 404.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const etag = weakEtag("city-feed", url.pathname, appUrl(), await contentVersionsOf(url.pathname));
  const headers = { "Cache-Control": PUBLIC_CACHE_CONTROL };
  if (isNotModified(request, etag)) return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
  const city = await getLiveCity(params.locationKey);
  if (!city) {
    return new Response("No such city has a feed.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
    });
  }
  const entries = await cityStoryEntries(city, appUrl());
  return conditionalResponse(request, {
    body: cityFeedXml(city, entries, appUrl()),
    contentType: ATOM_CONTENT_TYPE,
    etag,
    lastModified: newestUpdate(entries),
    headers,
  });
}
