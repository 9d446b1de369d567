import { sitemapIndexXml, sitemapPartPaths } from "~/lib/feeds/sitemap.server";
import { href } from "react-router";
import { sitemapResponse } from "~/lib/feeds/sitemap-cache.server";
import type { Route } from "./+types/sitemap";

/**
 * GET /sitemap.xml (docs/decisions/0043-feeds-and-api.md, 0052): the sitemap
 * index, one entry per part that has addresses; built once per content
 * version of the whole site, whatever the query string.
 */
export function loader({ request }: Route.LoaderArgs) {
  return sitemapResponse(request, {
    path: href("/sitemap.xml"),
    versionsOf: href("/sitemap.xml"),
    build: async (origin) => sitemapIndexXml(await sitemapPartPaths(), origin),
  });
}
