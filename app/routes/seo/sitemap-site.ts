import { href } from "react-router";
import { siteUrls, sitemapXml } from "~/lib/feeds/sitemap.server";
import { sitemapResponse } from "~/lib/feeds/sitemap-cache.server";
import type { Route } from "./+types/sitemap-site";

/** GET /sitemap/site.xml: the site's own pages and each Live city's page (ADR 0052). */
export function loader({ request }: Route.LoaderArgs) {
  return sitemapResponse(request, {
    path: href("/sitemap/site.xml"),
    versionsOf: href("/sitemap/site.xml"),
    build: async (origin) => sitemapXml(await siteUrls(), origin),
  });
}
