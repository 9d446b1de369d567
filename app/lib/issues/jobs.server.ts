/** The issue-summary job: queueing it and running it (docs/decisions/0041-issue-timelines.md). */
import { getBoss } from "~/lib/jobs/boss.server";
import { IssueSummaryJobData, type JobOutput } from "~/lib/jobs/queues";
import { QUEUES } from "~/lib/jobs/queue-names";
import { regenerateIssueSummary, regenerateIssuesForMeeting } from "./regenerate.server";

/**
 * Queues a regeneration: of one issue, or of the issues a meeting may have
 * joined. No singletonKey: the video queues' jobs are found by theirs (a
 * meeting's pipeline status), and this job is not one of the meeting's steps.
 */
export async function queueIssueSummaries(data: { issueId: string } | { cityVideoId: string }): Promise<void> {
  const boss = await getBoss();
  await boss.send(QUEUES.issueSummary, data);
}

export async function handleIssueSummaryJob(job: { id: string; data: unknown }): Promise<JobOutput> {
  const data = IssueSummaryJobData.parse(job.data);
  if ("issueId" in data) {
    const done = await regenerateIssueSummary(data.issueId);
    return { outcome: "summarized", issues: done ? 1 : 0 };
  }
  return { outcome: "summarized", issues: (await regenerateIssuesForMeeting(data.cityVideoId)).length };
}
