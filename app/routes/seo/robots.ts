import { appUrl } from "~/lib/env/env.server";
import { robotsTxt } from "~/lib/feeds/sitemap.server";
import { conditionalResponse, weakEtag } from "~/lib/http/conditional.server";
import type { Route } from "./+types/robots";

/** GET /robots.txt: public pages allowed, private ones not, and where the sitemap is. */
export function loader({ request }: Route.LoaderArgs) {
  const body = robotsTxt(appUrl());
  return conditionalResponse(request, {
    body,
    contentType: "text/plain; charset=utf-8",
    etag: weakEtag(body),
    headers: { "Cache-Control": "public, max-age=3600" },
  });
}
