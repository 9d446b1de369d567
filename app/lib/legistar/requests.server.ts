/**
 * Asking for a city's official record in the background (queue
 * `legistar-sync`, keyed by the city's id; docs/decisions/0067-legistar-record.md):
 * the card's Sync now, the source-refresh schedule, and `npm run ingest --
 * --record` when the server holds the database. One sync per city at a
 * time: none is queued while one waits or runs.
 */
import { jobInStates } from "~/lib/jobs/pending.server";
import { and, desc, eq, inArray, isNull, lt, ne, notLike, or } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities, legislativeSources } from "~/lib/db/schema";
import { getBoss, transactionExecutor } from "~/lib/jobs/boss.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { bossJobs, PENDING_STATES } from "~/lib/jobs/tables.server";
import { DEMO_CLIENT_PREFIX, isDemoClient } from "./demo-record";

export type LegistarSyncRequest = { status: "queued" | "already-queued" | "no-source" | "demo"; jobId: string | null };

/**
 * Queues the city's sync, unless one waits or runs; "no-source" when the city
 * has no legislative system, "demo" when its record is the demo's own.
 */
export async function requestLegistarSync(cityId: string, requestedBy: string | null): Promise<LegistarSyncRequest> {
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    // The source's row lock makes concurrent requests queue one job.
    const [source] = await tx
      .select({ cityId: legislativeSources.cityId, clientId: legislativeSources.clientId })
      .from(legislativeSources)
      .where(eq(legislativeSources.cityId, cityId))
      .for("update");
    if (!source) return { status: "no-source", jobId: null };
    if (isDemoClient(source.clientId)) return { status: "demo", jobId: null };
    const pending = await jobInStates(tx, QUEUES.legistarSync, cityId, PENDING_STATES);
    if (pending) return { status: "already-queued", jobId: pending };
    const jobId = await boss.send(
      QUEUES.legistarSync,
      { cityId, requestedBy },
      { singletonKey: cityId, db: transactionExecutor(tx) },
    );
    return { status: "queued", jobId };
  });
}

/**
 * On the source-refresh schedule: queues the sync of every city with a
 * legislative system, but Archived ones and the demo's, not tried within the interval.
 * Returns how many were queued.
 */
export async function queueDueLegistarSyncs(intervalHours: number, now = new Date()): Promise<number> {
  const dueBefore = new Date(now.getTime() - intervalHours * 3_600_000);
  const due = await getDb()
    .select({ cityId: legislativeSources.cityId })
    .from(legislativeSources)
    .innerJoin(cities, eq(cities.id, legislativeSources.cityId))
    .where(
      and(
        ne(cities.status, "Archive"),
        notLike(legislativeSources.clientId, `${DEMO_CLIENT_PREFIX}%`),
        or(isNull(legislativeSources.lastAttemptAt), lt(legislativeSources.lastAttemptAt, dueBefore)),
      ),
    )
    .orderBy(legislativeSources.cityId);
  let queued = 0;
  for (const { cityId } of due) {
    if ((await requestLegistarSync(cityId, null)).status === "queued") queued++;
  }
  return queued;
}

/** Whether a sync of the city waits or runs now (the card says so). */
export async function legistarSyncState(cityId: string): Promise<"queued" | "running" | null> {
  await getBoss();
  const [job] = await getDb()
    .select({ state: bossJobs.state })
    .from(bossJobs)
    .where(
      and(
        eq(bossJobs.name, QUEUES.legistarSync),
        eq(bossJobs.singletonKey, cityId),
        inArray(bossJobs.state, [...PENDING_STATES]),
      ),
    )
    .orderBy(desc(bossJobs.createdOn))
    .limit(1);
  if (!job) return null;
  return job.state === "active" ? "running" : "queued";
}
