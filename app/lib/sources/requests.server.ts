/**
 * Asking for a source refresh in the background (queue `source-refresh`),
 * once per URL: a refresh still waiting is not queued again. The Refresh
 * Videos button, the Channel Manager's Save and fetch, the schedule (every
 * city with sources but Archived ones) and the CLI's peers use it.
 */
import { jobInStates } from "~/lib/jobs/pending.server";
import { and, desc, eq, isNull, lt, ne, or } from "drizzle-orm";
import { getBoss, transactionExecutor } from "~/lib/jobs/boss.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { bossArchive, bossJobs, WAITING_STATES } from "~/lib/jobs/tables.server";
import { getDb } from "~/lib/db/client.server";
import { cities, citiesUrls, cityUrls } from "~/lib/db/schema";
import { isUuid } from "~/lib/uuid";
import { VideoSourceError } from "~/lib/youtube/sources.server";
import { NO_COUNTS, type RefreshCounts } from "./refresh-counts";

export type SourceRefreshRequest = { status: "queued" | "already-queued"; jobId: string | null };

/**
 * Queues a refresh of the source URL, or finds the one already waiting.
 * Throws VideoSourceError("not-found") when there is no such URL.
 */
export async function requestSourceRefresh(urlId: string, requestedBy: string | null): Promise<SourceRefreshRequest> {
  const missing = new VideoSourceError("not-found", "This source URL no longer exists.");
  if (!isUuid(urlId)) throw missing;
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    // The URL's row lock makes concurrent requests queue one job.
    const [source] = await tx.select({ id: cityUrls.id }).from(cityUrls).where(eq(cityUrls.id, urlId)).for("update");
    if (!source) throw missing;
    const waiting = await jobInStates(tx, QUEUES.sourceRefresh, urlId, WAITING_STATES);
    if (waiting) return { status: "already-queued", jobId: waiting };
    const jobId = await boss.send(
      QUEUES.sourceRefresh,
      { urlId, requestedBy },
      { singletonKey: urlId, db: transactionExecutor(tx) },
    );
    return { status: "queued", jobId };
  });
}

/**
 * Queues a refresh of every URL not refreshed within the interval of every
 * city that is not archived (New and Test cities too: a city being set up
 * fills itself before it goes Live). Returns how many were queued.
 */
export async function queueDueRefreshes(intervalHours: number, now = new Date()): Promise<number> {
  const dueBefore = new Date(now.getTime() - intervalHours * 3_600_000);
  const due = await getDb()
    .selectDistinct({ id: cityUrls.id })
    .from(cityUrls)
    .innerJoin(citiesUrls, eq(citiesUrls.urlId, cityUrls.id))
    .innerJoin(cities, eq(cities.id, citiesUrls.cityId))
    .where(
      and(ne(cities.status, "Archive"), or(isNull(cityUrls.lastRefreshedAt), lt(cityUrls.lastRefreshedAt, dueBefore))),
    );
  let queued = 0;
  for (const { id } of due) {
    if ((await requestSourceRefresh(id, null)).status === "queued") queued++;
  }
  return queued;
}

export type SourceRefreshStatus =
  | { state: "none" | "running" }
  /** `retryingAfter`: the error of an attempt that failed; pg-boss tries once more. */
  | { state: "queued"; retryingAfter?: string }
  | { state: "done"; counts: RefreshCounts; finishedAt: Date | null }
  | { state: "failed"; error: string; finishedAt: Date | null };

function failureOf(output: unknown): string {
  const record = (output ?? {}) as { error?: unknown; message?: unknown };
  if (typeof record.error === "string") return record.error;
  return typeof record.message === "string" ? record.message : "Refreshing the videos failed.";
}

/** Where the newest refresh of a source URL stands, for the videos table (progress and the last run's counts). */
export async function getSourceRefreshStatus(urlId: string): Promise<SourceRefreshStatus> {
  if (!isUuid(urlId)) return { state: "none" };
  await getBoss();
  for (const table of [bossJobs, bossArchive]) {
    const [job] = await getDb()
      .select({ state: table.state, output: table.output, completedOn: table.completedOn })
      .from(table)
      .where(and(eq(table.name, QUEUES.sourceRefresh), eq(table.singletonKey, urlId)))
      .orderBy(desc(table.createdOn))
      .limit(1);
    if (!job) continue;
    if (job.state === "created") return { state: "queued" };
    if (job.state === "retry") return { state: "queued", retryingAfter: failureOf(job.output) };
    if (job.state === "active") return { state: "running" };
    const output = job.output as ({ outcome?: string } & Partial<RefreshCounts>) | null;
    if (job.state === "completed" && output?.outcome === "refreshed") {
      const counts = { ...NO_COUNTS };
      for (const key of Object.keys(NO_COUNTS) as Array<keyof RefreshCounts>) {
        const value = output[key];
        if (typeof value === "number") counts[key] = value;
      }
      return { state: "done", counts, finishedAt: job.completedOn };
    }
    return { state: "failed", error: failureOf(output), finishedAt: job.completedOn };
  }
  return { state: "none" };
}
