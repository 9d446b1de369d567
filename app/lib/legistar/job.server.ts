/**
 * The `legistar-sync` job: one city's official record brought up to date
 * (docs/decisions/0067-legistar-record.md). Legistar's failures complete the
 * job with `{ outcome: "failed" }` rather than retrying: the message is on
 * the source (the card shows it), and the next scheduled sync comes anyway.
 */
import { LegistarSyncJobData, type JobOutput } from "~/lib/jobs/queues";
import { getLegislativeSource } from "./store.server";
import { syncLegislativeRecord } from "./sync.server";

export async function handleLegistarSyncJob(job: { data: unknown }, signal?: AbortSignal): Promise<JobOutput> {
  const { cityId } = LegistarSyncJobData.parse(job.data);
  if (!(await getLegislativeSource(cityId)))
    return { outcome: "skipped", reason: "The city has no legislative system." };
  const { written, error } = await syncLegislativeRecord(cityId, { signal });
  if (error) return { outcome: "failed", error };
  return {
    outcome: "recorded",
    events: written.events,
    eventItems: written.eventItems,
    votes: written.votes,
    matters: written.matters,
  };
}
