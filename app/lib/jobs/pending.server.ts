import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import type { QueueName } from "./queue-names";
import { bossJobs, type JobState } from "./tables.server";

/**
 * The id of a job of `queue` for `key` (its singletonKey) in one of
 * `states`, or null. Read in the caller's transaction, under the row lock
 * that makes concurrent requests queue one job.
 */
export async function jobInStates(
  db: Pick<Database, "select">,
  queue: QueueName,
  key: string,
  states: readonly JobState[],
): Promise<string | null> {
  const [job] = await db
    .select({ id: bossJobs.id })
    .from(bossJobs)
    .where(and(eq(bossJobs.name, queue), eq(bossJobs.singletonKey, key), inArray(bossJobs.state, [...states])))
    .limit(1);
  return job?.id ?? null;
}
