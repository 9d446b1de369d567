/**
 * What a Refresh Videos says, and when (docs/product.md, City Management):
 * pressing it says "Refresh queued" (the refresh only waits for the worker
 * then); once that refresh has run, the admin who asked gets the outcome as
 * a toast, "Videos refreshed successfully" with its counts, or "Error
 * refreshing videos" with the reason. Nothing claims success before it
 * happened.
 *
 * The mechanism is the meeting pages' (app/lib/meetings/job-toast.server.ts):
 * the action remembers the job in the admin's signed awaited-job cookie;
 * City Management's loader, which runs again while the refresh is pending
 * (the no-JavaScript reload, the revalidation with JavaScript), finds it
 * finished, returns the toast and clears the cookie.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/lib/db/client.server";
import { getBoss } from "~/lib/jobs/boss.server";
import { bossArchive, bossJobs } from "~/lib/jobs/tables.server";
import { awaitedJobCookie } from "~/lib/meetings/job-toast.server";
import type { ToastInput } from "~/lib/toast/toast";
import { describeRefreshCounts, NO_COUNTS, type RefreshCounts } from "./refresh-counts";

export const REFRESH_MESSAGES = {
  queued: "Refresh queued",
  queuedText: "The videos arrive when the worker has run it; this page tells you how it went.",
  done: "Videos refreshed successfully",
  failed: "Error refreshing videos",
} as const;

const AwaitedRefresh = z.object({ jobId: z.uuid(), urlId: z.uuid() });
type AwaitedRefresh = z.infer<typeof AwaitedRefresh>;

/** The Set-Cookie header that makes City Management tell this admin how the refresh went. */
export async function awaitRefreshHeaders(awaited: AwaitedRefresh): Promise<HeadersInit> {
  return { "Set-Cookie": await awaitedJobCookie().serialize(awaited) };
}

async function readAwaitedRefresh(request: Request): Promise<AwaitedRefresh | null> {
  const parsed = AwaitedRefresh.safeParse(await awaitedJobCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

type JobRow = { state: string; output: unknown };

async function jobById(jobId: string): Promise<JobRow | null> {
  await getBoss();
  for (const table of [bossJobs, bossArchive]) {
    const [job] = await getDb()
      .select({ state: table.state, output: table.output })
      .from(table)
      .where(eq(table.id, jobId))
      .limit(1);
    if (job) return job;
  }
  return null;
}

function outcomeToast(job: JobRow): ToastInput {
  const output = (job.output ?? {}) as Record<string, unknown>;
  if (job.state === "completed" && output.outcome === "refreshed") {
    const counts: RefreshCounts = { ...NO_COUNTS };
    for (const key of Object.keys(NO_COUNTS) as Array<keyof RefreshCounts>) {
      if (typeof output[key] === "number") counts[key] = output[key];
    }
    return { type: "success", title: REFRESH_MESSAGES.done, description: describeRefreshCounts(counts) };
  }
  const reason =
    typeof output.error === "string"
      ? output.error
      : typeof output.message === "string"
        ? output.message
        : "Refreshing the videos failed.";
  return { type: "error", title: REFRESH_MESSAGES.failed, description: reason };
}

const FINISHED: readonly string[] = ["completed", "failed", "cancelled"];

/**
 * The toast of the refresh this admin is waiting for, once it has finished
 * (and the header clearing the cookie); nothing while it waits or runs, or
 * when no refresh is awaited. A job gone from the queue's tables (cleaned
 * up) clears the cookie without a toast.
 */
export async function finishedRefreshToast(
  request: Request,
): Promise<{ toast: ToastInput | null; headers: HeadersInit | null }> {
  const awaited = await readAwaitedRefresh(request);
  if (!awaited) return { toast: null, headers: null };
  const job = await jobById(awaited.jobId);
  if (job && !FINISHED.includes(job.state)) return { toast: null, headers: null };
  const clear = { "Set-Cookie": await awaitedJobCookie().serialize("", { maxAge: 0 }) };
  return { toast: job ? outcomeToast(job) : null, headers: clear };
}
