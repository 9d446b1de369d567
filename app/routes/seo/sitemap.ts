import { appUrl } from "~/lib/env/env.server";
import { sitemapUrls, sitemapXml } from "~/lib/feeds/sitemap.server";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";
import { conditionalResponse, isNotModified, weakEtag } from "~/lib/http/conditional.server";
import { contentVersionsOf } from "~/lib/http/content-versions.server";
import type { Route } from "./+types/sitemap";

/**
 * GET /sitemap.xml (docs/decisions/0043-feeds-and-api.md): validated by the
 * site's content versions (ADR 0030), so an unchanged site answers 304
 * without a query.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const etag = weakEtag("sitemap", appUrl(), await contentVersionsOf(url.pathname));
  const headers = { "Cache-Control": PUBLIC_CACHE_CONTROL };
  if (isNotModified(request, etag)) return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
  return conditionalResponse(request, {
    body: sitemapXml(await sitemapUrls(), appUrl()),
    contentType: "application/xml; charset=utf-8",
    etag,
    headers,
  });
}
