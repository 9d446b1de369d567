/** /city/{locationKey}/matters/{file}/feed.atom: a matter's actions as an Atom feed (404 like its page). */
import { cityFromContext } from "~/lib/cities/city-context.server";
import { appUrl } from "~/lib/env/env.server";
import { ATOM_CONTENT_TYPE } from "~/lib/feeds/atom";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";
import { matterFeedXml } from "~/lib/legistar/matter-feed";
import { MATTER_NOT_FOUND, matterFeedHref, matterHref, parseMatterFile } from "~/lib/legistar/matters";
import { getMatter } from "~/lib/legistar/matters.server";
import type { Route } from "./+types/matter-feed";

export async function loader({ params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  const file = parseMatterFile(params.file);
  const matter = file === null ? null : await getMatter(city.id, file);
  if (!matter) {
    return new Response(MATTER_NOT_FOUND.description, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
    });
  }
  const xml = matterFeedXml(matter, {
    cityName: city.name,
    cityKey: city.locationKey,
    origin: appUrl(),
    pagePath: matterHref(city.locationKey, matter.file),
    feedPath: matterFeedHref(city.locationKey, matter.file),
  });
  return new Response(xml, { headers: { "Content-Type": ATOM_CONTENT_TYPE, "Cache-Control": PUBLIC_CACHE_CONTROL } });
}
