import { feedByToken } from "~/lib/alerts/alerts.server";
import { alertFeedXml } from "~/lib/alerts/feed";
import { settings } from "~/lib/env/settings.server";
import type { Route } from "./+types/feed";

/**
 * GET /alerts/feed/:file: the private Atom feed of one saved search, where
 * :file is "<feed token>.atom" (docs/decisions/0040-alerts.md). The token
 * is the key; an unknown one is 404. Private: never in a shared cache,
 * never indexed.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = params.file ?? "";
  const token = file.endsWith(".atom") ? file.slice(0, -".atom".length) : "";
  const feed = token ? await feedByToken(token) : null;
  if (!feed) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const appUrl = settings().APP_URL;
  return new Response(alertFeedXml({ ...feed, appUrl, selfUrl: `${appUrl}/alerts/feed/${encodeURIComponent(file)}` }), {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
