import { href } from "react-router";
import { cityPartPath, cityPartUrls, parseCityPart, sitemapXml } from "~/lib/feeds/sitemap.server";
import { sitemapResponse } from "~/lib/feeds/sitemap-cache.server";
import type { Route } from "./+types/sitemap-city";

/**
 * GET /sitemap/{city}/{meetings|businesses|issues}-{n}.xml: one part of a
 * Live city's addresses (ADR 0052), built once per content version of that
 * city; 404 for another name, a city that is not Live, or a part past the last.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const part = parseCityPart(params.part);
  if (!part) return new Response("No such sitemap.", { status: 404, headers: { "Cache-Control": "no-store" } });
  const { locationKey } = params;
  return sitemapResponse(request, {
    path: cityPartPath(locationKey, part.kind, part.page),
    versionsOf: href("/city/:locationKey", { locationKey }),
    build: async (origin) => {
      const urls = await cityPartUrls(locationKey, part.kind, part.page);
      return urls ? sitemapXml(urls, origin) : null;
    },
  });
}
