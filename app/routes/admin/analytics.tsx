/**
 * /admin/analytics: what the first-party counts say over the last 7, 30 or
 * 90 days (docs/decisions/0036-analytics-without-tracking.md): visits per
 * day, top cities, searches, meetings, searches that found nothing, and
 * the total of every event. The period is a link (GET), so it works
 * without JavaScript.
 */
import { href, Link } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { RankedBars, VisitsChart } from "~/components/analytics/charts";
import { requireAdmin } from "~/lib/auth/session.server";
import { PRODUCT_NAME, type AnalyticsEvent } from "~/lib/constants";
import { settings } from "~/lib/env/settings.server";
import { OTHER_SEARCHES, SEARCH_WORDS_MIN_VISITORS } from "~/lib/analytics/events";
import { flushAnalytics } from "~/lib/analytics/recorder.server";
import { ANALYTICS_PERIODS, parsePeriod } from "~/lib/analytics/periods";
import { analyticsReport } from "~/lib/analytics/report.server";
import { countOf, formatNumber } from "~/lib/format/count";
import { formatDate } from "~/lib/format/date";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => [{ title: `Analytics | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "Analytics" };

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  // This process's pending counts first, so the page is current to the last request.
  await flushAnalytics();
  const report = await analyticsReport(parsePeriod(url.searchParams.get("days")));
  return { report, mode: settings().ANALYTICS };
}

const EVENT_LABELS: Record<AnalyticsEvent, string> = {
  visitor: "Unique visitors (per day, added up)",
  page_view: "Page views",
  city_picked: "Cities picked on the landing page",
  search: "Searches",
  search_no_results: "Searches with no results",
  meeting_opened: "Meetings opened",
  story_opened: "Stories opened",
  share: "Shares",
  sign_up: "Sign-ups",
};

const MODE_NOTES = {
  local: null,
  forward: "ANALYTICS=forward: events go to the configured Plausible or Umami endpoint and are not counted here.",
  off: "ANALYTICS=off: nothing is being counted.",
} as const;

/** How "(Other searches)" reads in the search lists: why those words are not shown. */
const OTHER_SEARCHES_LABEL = `Other searches (fewer than ${SEARCH_WORDS_MIN_VISITORS} visitors a day, or personal details)`;

function searchLabel(subject: string): string {
  return subject === OTHER_SEARCHES ? OTHER_SEARCHES_LABEL : subject;
}

function cityPage(cityKey: string) {
  return href("/city/:locationKey", { locationKey: cityKey });
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { report, mode } = loaderData;
  const note = MODE_NOTES[mode];
  return (
    <>
      <h1 className="text-3xl font-bold">Analytics</h1>
      <p className="mt-2 text-slate-600">
        Counts per day, with no cookie, no IP address and no user id stored. Readers who send Do Not Track or Global
        Privacy Control, and bots, are not counted.
      </p>
      {note ? (
        <p role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {note}
        </p>
      ) : null}
      <nav aria-label="Period" className="mt-6 flex flex-wrap items-center gap-2">
        {ANALYTICS_PERIODS.map((days) => (
          <Link
            key={days}
            to={`${href("/admin/analytics")}?days=${days}`}
            aria-current={days === report.period ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm font-semibold ${
              days === report.period
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 bg-white text-slate-700 hover:border-brand-600"
            }`}
          >
            Last {days} days
          </Link>
        ))}
        <span className="text-sm text-slate-600">
          {formatDate(`${report.since}T00:00:00Z`)} – {formatDate(`${report.until}T00:00:00Z`)} (UTC)
        </span>
      </nav>

      <section
        aria-labelledby="visits-heading"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="visits-heading" className="text-lg font-semibold">
          Visits per day
        </h2>
        <div className="mt-3">
          <VisitsChart days={report.days} />
        </div>
      </section>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RankedBars
          title="Top cities"
          testId="top-cities"
          countLabel="Page views"
          empty="No city pages viewed in this period."
          rows={report.topCities.map((city) => ({
            key: city.subject,
            text: city.name ?? city.subject,
            label: city.name ? (
              <Link to={cityPage(city.subject)} className="text-brand-700 hover:underline">
                {city.name}
              </Link>
            ) : (
              city.subject
            ),
            extra: city.picks > 0 ? `${countOf(city.picks, "pick")} on the landing page` : undefined,
            count: city.count,
          }))}
        />
        <RankedBars
          title="Top meetings"
          testId="top-meetings"
          countLabel="Meeting and story pages opened"
          empty="No meetings opened in this period."
          rows={report.topMeetings.map((meeting) => ({
            key: meeting.subject,
            text: meeting.title ?? meeting.subject,
            label:
              meeting.cityKey !== null ? (
                <Link
                  to={href("/city/:locationKey/meeting/:meetingId", {
                    locationKey: meeting.cityKey,
                    meetingId: meeting.subject,
                  })}
                  className="text-brand-700 hover:underline"
                >
                  {meeting.title || "Untitled meeting"}
                </Link>
              ) : (
                "A deleted meeting"
              ),
            count: meeting.count,
          }))}
        />
        <RankedBars
          title="Top searches"
          testId="top-searches"
          countLabel="Searches"
          empty="No searches in this period."
          rows={report.topSearches.map((search) => ({
            key: search.subject,
            text: searchLabel(search.subject),
            label: searchLabel(search.subject),
            count: search.count,
          }))}
        />
        <RankedBars
          title="Searches with no results"
          testId="no-results"
          color="#dc2626"
          countLabel="Searches"
          empty="Every search found something in this period."
          rows={report.noResults.map((search) => ({
            key: search.subject,
            text: searchLabel(search.subject),
            label: searchLabel(search.subject),
            count: search.count,
          }))}
        />
      </div>

      <section
        aria-labelledby="totals-heading"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="totals-heading" className="text-lg font-semibold">
          Event totals
        </h2>
        <table className="mt-3 w-full max-w-lg text-sm" data-testid="event-totals">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 text-left">
                Event
              </th>
              <th scope="col" className="py-1 text-right">
                Count
              </th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(EVENT_LABELS) as AnalyticsEvent[]).map((event) => (
              <tr key={event} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {EVENT_LABELS[event]}
                </th>
                <td className="py-1 text-right tabular-nums">{formatNumber(report.totals[event])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
