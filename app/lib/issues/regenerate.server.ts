/**
 * Keeping issue summaries current: regenerated when an issue is created or
 * edited, and when a newly analyzed meeting joins its timeline (the
 * issue-summary job, queued after every analysis job). The model call runs
 * outside any transaction; the summary is stored by one UPDATE.
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { settings } from "~/lib/env/settings.server";
import { cityVideos, trackedIssues } from "~/lib/db/schema";
import { getIssue, type TrackedIssue } from "./issues.server";
import { citeTimelineOnly, type StoredIssueSummary, type SummaryMeeting } from "./summary";
import { writeIssueSummary } from "./summary-provider.server";
import { buildTimeline, type TimelineItem } from "./timeline.server";

/** The newest this many timeline meetings are given to the summary writer. */
export const SUMMARY_MEETINGS = 20;

export function summaryMeetingsOf(items: readonly TimelineItem[]): SummaryMeeting[] {
  return items.slice(0, SUMMARY_MEETINGS).map((item, index) => ({
    ref: `M${index + 1}`,
    id: item.id,
    title: item.title,
    date: item.publishedAt ? item.publishedAt.slice(0, 10) : null,
    body: item.body,
    sourceTitle: item.sourceTitle,
    cityName: item.city.name,
    analysisSummary: item.analysisSummary,
    matchingPoints: item.matchingPoints,
    actionItems: item.actionItems,
    passages: item.passages.map((passage) => passage.text),
  }));
}

export type Regenerated = { summary: StoredIssueSummary; meetingIds: string[]; provider: string };

/** Writes and stores the issue's summary from its current timeline. */
export async function regenerateIssueSummary(
  issueId: string,
  options: { offline?: boolean } = {},
): Promise<Regenerated | null> {
  const issue = await getIssue(issueId);
  if (!issue) return null;
  const timeline = await buildTimeline(issue);
  const meetings = summaryMeetingsOf(timeline.items);
  const config = options.offline ? { ...settings(), AI_PROVIDER: "offline" as const } : settings();
  const { draft, provider } = await writeIssueSummary({ title: issue.title, query: issue.query, meetings }, config);
  const summary = citeTimelineOnly(draft, meetings);
  const meetingIds = timeline.items.map((item) => item.id);
  await getDb()
    .update(trackedIssues)
    .set({ summary, summaryProvider: provider, summaryMeetingIds: meetingIds, summaryGeneratedAt: new Date() })
    .where(eq(trackedIssues.id, issue.id));
  return { summary, meetingIds, provider };
}

/** The issues whose cities include the meeting's city (the candidates a new meeting may join). */
async function issuesOfMeetingCity(cityVideoId: string): Promise<TrackedIssue[]> {
  return getDb()
    .select({ issue: trackedIssues })
    .from(trackedIssues)
    .innerJoin(cityVideos, sql`${cityVideos.cityId} = any(${trackedIssues.cityIds})`)
    .where(eq(cityVideos.id, cityVideoId))
    .then((rows) => rows.map((row) => row.issue));
}

/**
 * After a meeting's analysis: regenerates the summary of every issue whose
 * timeline now includes the meeting. Returns their ids.
 */
export async function regenerateIssuesForMeeting(cityVideoId: string): Promise<string[]> {
  const regenerated: string[] = [];
  for (const issue of await issuesOfMeetingCity(cityVideoId)) {
    const timeline = await buildTimeline(issue);
    if (!timeline.items.some((item) => item.id === cityVideoId)) continue;
    await regenerateIssueSummary(issue.id);
    regenerated.push(issue.id);
  }
  return regenerated;
}

/** Every issue's summary (demo data, after seeding: `offline`, the offline provider whatever is configured). */
export async function regenerateAllIssueSummaries(options: { offline?: boolean } = {}): Promise<number> {
  const rows = await getDb().select({ id: trackedIssues.id }).from(trackedIssues);
  for (const row of rows) await regenerateIssueSummary(row.id, options);
  return rows.length;
}
