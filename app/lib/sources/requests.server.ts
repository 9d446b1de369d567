/**
 * Asking for a source refresh in the background (queue `source-refresh`),
 * once per URL: a refresh still waiting is not queued again. The Refresh
 * Videos button, the schedule of Live cities and the CLI's peers use it.
 */
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { getBoss, transactionExecutor } from "~/lib/jobs/boss.server";
import { QUEUES } from "~/lib/jobs/queues";
import { bossJobs, WAITING_STATES } from "~/lib/jobs/tables.server";
import { getDb } from "~/lib/db/client.server";
import { cities, citiesUrls, cityUrls } from "~/lib/db/schema";
import { isUuid } from "~/lib/pipeline/video.server";
import { VideoSourceError } from "~/lib/youtube/sources.server";

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
    const [waiting] = await tx
      .select({ id: bossJobs.id })
      .from(bossJobs)
      .where(
        and(
          eq(bossJobs.name, QUEUES.sourceRefresh),
          eq(bossJobs.singletonKey, urlId),
          inArray(bossJobs.state, [...WAITING_STATES]),
        ),
      )
      .limit(1);
    if (waiting) return { status: "already-queued", jobId: waiting.id };
    const jobId = await boss.send(
      QUEUES.sourceRefresh,
      { urlId, requestedBy },
      { singletonKey: urlId, db: transactionExecutor(tx) },
    );
    return { status: "queued", jobId };
  });
}

/** Queues a refresh of every URL of a Live city not refreshed within the interval. Returns how many were queued. */
export async function queueDueRefreshes(intervalHours: number, now = new Date()): Promise<number> {
  const dueBefore = new Date(now.getTime() - intervalHours * 3_600_000);
  const due = await getDb()
    .selectDistinct({ id: cityUrls.id })
    .from(cityUrls)
    .innerJoin(citiesUrls, eq(citiesUrls.urlId, cityUrls.id))
    .innerJoin(cities, eq(cities.id, citiesUrls.cityId))
    .where(
      and(eq(cities.status, "Live"), or(isNull(cityUrls.lastRefreshedAt), lt(cityUrls.lastRefreshedAt, dueBefore))),
    );
  let queued = 0;
  for (const { id } of due) {
    if ((await requestSourceRefresh(id, null)).status === "queued") queued++;
  }
  return queued;
}
