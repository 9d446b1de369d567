/**
 * The toast an admin gets when the job they queued from a meeting page
 * (Re-Analyze, Rewrite Story, Regenerate) has finished: 'Story Generated'
 * when a story was written, the failure when it failed
 * (docs/decisions/0016-job-liveness-and-failures.md).
 *
 * The action remembers the job in a signed cookie of the admin's browser;
 * the meeting page's loader, which runs again while the job is pending (the
 * no-JavaScript refresh, or the revalidation after polling), finds it
 * finished, returns the toast and clears the cookie. So the toast shows
 * once, to the admin who asked, with or without JavaScript.
 */
import { createCookie } from "react-router";
import { z } from "zod";
import { secureCookies, sessionSecrets } from "~/lib/env/env.server";
import { COOKIES } from "~/lib/privacy/cookies";
import type { PipelineStatus } from "~/lib/jobs/status.server";
import { ANALYSIS_FAILED, STORY_FAILED_TOAST, STORY_GENERATED_TOAST } from "~/lib/pipeline/messages";
import type { ToastInput } from "~/lib/toast/toast";

const AwaitedJob = z.object({ jobId: z.uuid(), meetingId: z.uuid() });
type AwaitedJob = z.infer<typeof AwaitedJob>;

let cookie: ReturnType<typeof createCookie> | undefined;
/** The one cookie of awaited jobs; a source refresh's toast uses it too (app/lib/sources/refresh-toast.server.ts). */
export function awaitedJobCookie() {
  cookie ??= createCookie(COOKIES.awaitedJob.name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    secrets: sessionSecrets(),
    maxAge: COOKIES.awaitedJob.maxAgeSeconds,
  });
  return cookie;
}

/** The Set-Cookie header that makes the meeting pages watch this job for the admin's browser. */
export async function awaitJobHeaders(awaited: AwaitedJob): Promise<HeadersInit> {
  return { "Set-Cookie": await awaitedJobCookie().serialize(awaited) };
}

async function readAwaitedJob(request: Request): Promise<AwaitedJob | null> {
  const parsed = AwaitedJob.safeParse(await awaitedJobCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

type JobSummary = PipelineStatus["jobs"][number];

function toastFor(job: JobSummary, status: PipelineStatus): ToastInput | null {
  const story = job.queue === "story";
  if (job.outcome === "written") return story ? STORY_GENERATED_TOAST : null;
  if (job.state !== "failed" && job.outcome !== "failed") return null;
  return story ? STORY_FAILED_TOAST : { type: "error", title: status.errors.analysis ?? ANALYSIS_FAILED };
}

const FINISHED: readonly string[] = ["completed", "failed", "cancelled"];

/**
 * For an admin's meeting page: the toast of the awaited job of this video
 * once it has finished (and the header clearing the cookie), else nothing.
 */
export async function finishedJobToast(
  request: Request,
  status: PipelineStatus,
): Promise<{ toast: ToastInput | null; headers: HeadersInit | null }> {
  const awaited = await readAwaitedJob(request);
  if (!awaited || awaited.meetingId !== status.cityVideoId) return { toast: null, headers: null };
  const job = status.jobs.find((candidate) => candidate.id === awaited.jobId);
  if (job && !FINISHED.includes(job.state)) return { toast: null, headers: null };
  const clear = { "Set-Cookie": await awaitedJobCookie().serialize("", { maxAge: 0 }) };
  return { toast: job ? toastFor(job, status) : null, headers: clear };
}
