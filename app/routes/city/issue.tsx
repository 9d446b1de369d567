/**
 * /city/{locationKey}/issues/{issueKey}: a tracked issue's timeline (every
 * meeting of the issue's cities that discussed it, newest first), its body
 * chips (`?hide=school,county`, links without JavaScript) and its AI summary
 * (docs/decisions/0041-issue-timelines.md). Public and cacheable like the
 * city page; a tracked issue's change bumps the site's content version.
 */
import { Main } from "~/components/layout/main";
import { data, href, Link } from "react-router";
import { GeneralErrorBoundary, ErrorMessage } from "~/components/errors/general-error-boundary";
import { BodyChips, IssueSummaryCard, TimelineList } from "~/components/issues/issue-timeline";
import { getCurrentUser } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { pageMeta } from "~/lib/document/meta";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { getIssueByKey } from "~/lib/issues/issues.server";
import { parseStoredIssueSummary } from "~/lib/issues/summary";
import { buildTimeline, parseHidden, toggleHidden, visibleItems } from "~/lib/issues/timeline.server";
import { meetingHref } from "~/lib/meetings/links";
import { excerpt } from "~/lib/meetings/text";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/issue";

export const handle: CityRouteHandle = { cityHeader: "compact" };

const ISSUE_NOT_FOUND = { title: "Issue not found", description: "This city tracks no issue at this address." };

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  const issue = await getIssueByKey(params.issueKey);
  if (!issue || !issue.cityIds.includes(city.id)) throw data(ISSUE_NOT_FOUND, { status: 404 });
  const hidden = parseHidden(url.searchParams.get("hide"));
  const [user, timeline] = await Promise.all([getCurrentUser(request), buildTimeline(issue)]);
  const items = visibleItems(timeline.items, hidden).map((item) => ({
    id: item.id,
    title: item.title,
    publishedAt: item.publishedAt,
    city: { name: item.city.name, locationKey: item.city.locationKey },
    body: item.body,
    bodies: item.bodies,
    sourceTitle: item.sourceTitle,
    startSeconds: item.startSeconds,
    passages: item.passages.map(({ startSeconds, speaker, snippet }) => ({ startSeconds, speaker, snippet })),
    quotes: item.quotes,
    decisions: item.decisions,
    importance: item.importance,
  }));
  const summary = parseStoredIssueSummary(issue.summary);
  const path = href("/city/:locationKey/issues/:issueKey", { locationKey: city.locationKey, issueKey: issue.issueKey });
  const cityKeys = new Map(timeline.items.map((item) => [item.id, item.city.locationKey]));
  const description = excerpt(
    summary?.current_status?.text ||
      `${issue.title}: every ${city.name} meeting that discussed it, newest first, with the moments and verified quotes.`,
    160,
  );
  return data(
    {
      city: { name: city.name, state: city.state, locationKey: city.locationKey },
      issue: { title: issue.title, issueKey: issue.issueKey, query: issue.query },
      hidden,
      counts: timeline.counts,
      total: timeline.items.length,
      items,
      showCity: new Set(timeline.items.map((item) => item.city.locationKey)).size > 1,
      summary,
      summaryGeneratedAt: issue.summaryGeneratedAt?.toISOString() ?? null,
      summaryProvider: issue.summaryProvider,
      summaryCityKeys: Object.fromEntries(cityKeys),
      chipHrefs: Object.fromEntries(
        (["city", "school", "county"] as const).map((body) => [body, `${path}${toggleHidden(hidden, body)}`]),
      ) as Record<"city" | "school" | "county", string>,
      feedHref: `${path}/feed.atom`,
      meta: {
        tags: pageMeta({
          title: `${issue.title} — ${city.name} issue timeline | ${PRODUCT_NAME}`,
          description,
          canonicalUrl: `${appUrl()}${path}`,
        }),
        feedUrl: `${appUrl()}${path}/feed.atom`,
        filtered: hidden.length > 0,
      },
    },
    { headers: cacheHeaders(user) },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `Issue Not Found | ${PRODUCT_NAME}` }];
  const { meta, issue } = loaderData;
  const { feedUrl, filtered, tags } = meta;
  return [
    ...tags,
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `${issue.title} (Atom)`,
      href: feedUrl,
    },
    ...(filtered ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function IssuePage({ loaderData }: Route.ComponentProps) {
  const { city, issue, items, counts, hidden, summary, total } = loaderData;
  return (
    <Main className="mx-auto w-full max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link
          to={href("/city/:locationKey/issues", { locationKey: city.locationKey })}
          className="font-semibold text-brand-700 hover:underline"
        >
          ← Issues tracked in {city.name}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{issue.title}</h1>
      <p className="mt-1 text-slate-600">
        Issue timeline: {total === 1 ? "1 meeting" : `${total} meetings`} discussed it, newest first.{" "}
        <a href={loaderData.feedHref} className="text-sm font-semibold text-brand-700 hover:underline">
          Atom feed
        </a>
      </p>
      {summary ? (
        <IssueSummaryCard
          summary={summary}
          generatedAt={loaderData.summaryGeneratedAt}
          provider={loaderData.summaryProvider}
          meetingLink={(id) => meetingHref(id, { cityKey: loaderData.summaryCityKeys[id] ?? city.locationKey })}
        />
      ) : (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-4 text-slate-600">
          The summary of this issue is being written.
        </p>
      )}
      <h2 className="mt-8 text-2xl font-semibold">Timeline</h2>
      <BodyChips hidden={hidden} counts={counts} hrefOf={(body) => loaderData.chipHrefs[body]} />
      {items.length ? (
        <TimelineList items={items} showCity={loaderData.showCity} />
      ) : (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {total > 0
            ? "No meetings for the chosen bodies. Turn a chip back on."
            : "No meeting has discussed this issue yet."}
        </p>
      )}
    </Main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorMessage {...ISSUE_NOT_FOUND} /> }} />;
}
