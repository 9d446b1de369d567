/** /city/{locationKey}/issues/{issueKey}/feed.atom: the issue's timeline as an Atom feed. */
import { data, href } from "react-router";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";
import { renderIssueFeed } from "~/lib/issues/feed";
import { getIssueByKey } from "~/lib/issues/issues.server";
import { buildTimeline } from "~/lib/issues/timeline.server";
import { meetingHref } from "~/lib/meetings/links";
import { snippetParts } from "~/lib/search/snippet";
import type { Route } from "./+types/issue-feed";

export async function loader({ params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  const issue = await getIssueByKey(params.issueKey);
  if (!issue || !issue.cityIds.includes(city.id)) throw data("Issue not found", { status: 404 });
  const timeline = await buildTimeline(issue);
  const origin = appUrl();
  const page = href("/city/:locationKey/issues/:issueKey", { locationKey: city.locationKey, issueKey: issue.issueKey });
  const xml = renderIssueFeed({
    title: `${issue.title} — ${city.name} | ${PRODUCT_NAME}`,
    subtitle: `Every meeting that discussed ${issue.title}, newest first.`,
    pageUrl: `${origin}${page}`,
    feedUrl: `${origin}${page}/feed.atom`,
    updated: timeline.items[0]?.publishedAt ?? issue.updatedAt.toISOString(),
    entries: timeline.items.map((item) => ({
      id: item.id,
      title: item.title,
      url: `${origin}${meetingHref(item.id, { cityKey: item.city.locationKey, seconds: item.startSeconds })}`,
      published: item.publishedAt,
      body: item.body,
      sourceTitle: item.sourceTitle,
      passages: item.passages.map((passage) =>
        snippetParts(passage.snippet)
          .map((part) => part.text)
          .join(""),
      ),
    })),
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}
