/** /city/{locationKey}/issues: the issues tracked in a city, with the summary's current status of each. */
import { Main } from "~/components/layout/main";
import { data, href, Link } from "react-router";
import { getCurrentUser } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { pageMeta } from "~/lib/document/meta";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { formatDate } from "~/lib/format/date";
import { listCityIssues } from "~/lib/issues/issues.server";
import { parseStoredIssueSummary } from "~/lib/issues/summary";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/issues";

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  const [user, issues] = await Promise.all([getCurrentUser(request), listCityIssues(city.id)]);
  const path = href("/city/:locationKey/issues", { locationKey: city.locationKey });
  return data(
    {
      city: { name: city.name, locationKey: city.locationKey },
      issues: issues.map((issue) => {
        const summary = parseStoredIssueSummary(issue.summary);
        return {
          issueKey: issue.issueKey,
          title: issue.title,
          status: summary?.current_status?.text ?? null,
          meetings: issue.summaryMeetingIds.length,
          updated: issue.summaryGeneratedAt?.toISOString() ?? null,
        };
      }),
      meta: pageMeta({
        title: `Issues tracked in ${city.name}, ${city.state} | ${PRODUCT_NAME}`,
        description: `The issues followed across ${city.name}'s meetings, each with its timeline and a summary of where it stands.`,
        canonicalUrl: `${appUrl()}${path}`,
      }),
    },
    { headers: cacheHeaders(user) },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? loaderData.meta : [{ title: `City Not Found | ${PRODUCT_NAME}` }];

export default function CityIssues({ loaderData }: Route.ComponentProps) {
  const { city, issues } = loaderData;
  return (
    <Main className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Issues tracked in {city.name}</h1>
      <p className="mt-1 text-slate-600">Each issue follows a topic across meetings, newest first.</p>
      {issues.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No issue is tracked in {city.name} yet.
        </p>
      ) : (
        <ul className="mt-6 space-y-4" data-testid="issue-list">
          {issues.map((issue) => (
            <li key={issue.issueKey} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-xl font-semibold">
                <Link
                  to={href("/city/:locationKey/issues/:issueKey", {
                    locationKey: city.locationKey,
                    issueKey: issue.issueKey,
                  })}
                  className="text-brand-700 hover:underline"
                >
                  {issue.title}
                </Link>
              </h2>
              {issue.status ? <p className="mt-1 text-slate-700">{issue.status}</p> : null}
              <p className="mt-1 text-sm text-slate-500">
                {issue.meetings === 1 ? "1 meeting" : `${issue.meetings} meetings`}
                {issue.updated ? ` · summary of ${formatDate(issue.updated)}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Main>
  );
}
