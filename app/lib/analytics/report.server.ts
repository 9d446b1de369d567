/**
 * What /admin/analytics shows: the stored daily counts of a period, added
 * up. Everything here is already anonymous; a meeting's or a city's name is
 * joined in only to label the counts.
 */
import { and, eq, gte, like, sql, desc, inArray } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { analyticsDailyCounts, cities, cityVideos } from "~/lib/db/schema";
import type { AnalyticsEvent } from "~/lib/constants";
import { ANALYTICS_EVENTS } from "~/lib/constants";
import type { AnalyticsPeriod } from "./periods";

const TOP = 10;

export type DailyVisits = { day: string; pageViews: number; visitors: number };
export type Ranked = { subject: string; count: number };
export type RankedCity = Ranked & { name: string | null; picks: number };
export type RankedMeeting = Ranked & { title: string | null; cityKey: string | null };

export type AnalyticsReport = {
  period: AnalyticsPeriod;
  since: string;
  until: string;
  days: DailyVisits[];
  totals: Record<AnalyticsEvent, number>;
  topCities: RankedCity[];
  topSearches: Ranked[];
  noResults: Ranked[];
  topMeetings: RankedMeeting[];
};

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The `period` days ending today (UTC, the days counts are kept in), oldest first. */
export function periodDays(period: AnalyticsPeriod, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: period }, (_, index) => isoDay(new Date(today - (period - 1 - index) * 86_400_000)));
}

const total = sql<number>`sum(${analyticsDailyCounts.count})::int`;

/** The TOP subjects with a count; "(Other searches)" is at 0 once the words it held moved to their own. */
async function ranked(since: string, events: AnalyticsEvent[], extra?: ReturnType<typeof like>): Promise<Ranked[]> {
  return getDb()
    .select({ subject: analyticsDailyCounts.subject, count: total })
    .from(analyticsDailyCounts)
    .where(
      and(
        inArray(analyticsDailyCounts.event, events),
        gte(analyticsDailyCounts.day, since),
        sql`${analyticsDailyCounts.subject} <> ''`,
        extra,
      ),
    )
    .groupBy(analyticsDailyCounts.subject)
    .having(sql`sum(${analyticsDailyCounts.count}) > 0`)
    .orderBy(desc(total), analyticsDailyCounts.subject)
    .limit(TOP);
}

export async function analyticsReport(period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsReport> {
  const dayList = periodDays(period, now);
  const since = dayList[0]!;
  const db = getDb();
  const [perDay, perEvent, cityViews, topSearches, noResults, meetings] = await Promise.all([
    db
      .select({ day: analyticsDailyCounts.day, event: analyticsDailyCounts.event, count: total })
      .from(analyticsDailyCounts)
      .where(and(inArray(analyticsDailyCounts.event, ["page_view", "visitor"]), gte(analyticsDailyCounts.day, since)))
      .groupBy(analyticsDailyCounts.day, analyticsDailyCounts.event),
    db
      .select({ event: analyticsDailyCounts.event, count: total })
      .from(analyticsDailyCounts)
      .where(gte(analyticsDailyCounts.day, since))
      .groupBy(analyticsDailyCounts.event),
    ranked(since, ["page_view"], like(analyticsDailyCounts.route, "/city/:locationKey%")),
    ranked(since, ["search"]),
    ranked(since, ["search_no_results"]),
    ranked(since, ["meeting_opened", "story_opened"]),
  ]);

  const byDay = new Map(dayList.map((day) => [day, { day, pageViews: 0, visitors: 0 }]));
  for (const row of perDay) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    if (row.event === "page_view") entry.pageViews = row.count;
    else entry.visitors = row.count;
  }
  const totals = Object.fromEntries(ANALYTICS_EVENTS.map((event) => [event, 0])) as Record<AnalyticsEvent, number>;
  for (const row of perEvent) totals[row.event as AnalyticsEvent] = row.count;

  const [cityRows, pickRows, meetingRows] = await Promise.all([
    cityViews.length
      ? db
          .select({ key: cities.locationKey, name: cities.name })
          .from(cities)
          .where(
            inArray(
              cities.locationKey,
              cityViews.map((c) => c.subject),
            ),
          )
      : [],
    cityViews.length
      ? db
          .select({ subject: analyticsDailyCounts.subject, count: total })
          .from(analyticsDailyCounts)
          .where(
            and(
              eq(analyticsDailyCounts.event, "city_picked"),
              gte(analyticsDailyCounts.day, since),
              inArray(
                analyticsDailyCounts.subject,
                cityViews.map((c) => c.subject),
              ),
            ),
          )
          .groupBy(analyticsDailyCounts.subject)
      : [],
    meetings.length
      ? db
          .select({ id: cityVideos.id, title: cityVideos.title, cityKey: cities.locationKey })
          .from(cityVideos)
          .innerJoin(cities, eq(cities.id, cityVideos.cityId))
          .where(
            inArray(
              sql<string>`${cityVideos.id}::text`,
              meetings.map((m) => m.subject),
            ),
          )
      : [],
  ]);
  const cityNames = new Map(cityRows.map((row) => [row.key, row.name]));
  const picks = new Map(pickRows.map((row) => [row.subject, row.count]));
  const meetingInfo = new Map(meetingRows.map((row) => [row.id, row]));
  return {
    period,
    since,
    until: dayList.at(-1)!,
    days: [...byDay.values()],
    totals,
    topCities: cityViews.map((row) => ({
      ...row,
      name: cityNames.get(row.subject) ?? null,
      picks: picks.get(row.subject) ?? 0,
    })),
    topSearches,
    noResults,
    topMeetings: meetings.map((row) => ({
      ...row,
      title: meetingInfo.get(row.subject)?.title ?? null,
      cityKey: meetingInfo.get(row.subject)?.cityKey ?? null,
    })),
  };
}
