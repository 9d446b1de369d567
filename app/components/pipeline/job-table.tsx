import { ScrollRegion } from "~/components/ui/scroll-region";
import { Form, href, Link } from "react-router";
import type { JobSummary } from "~/lib/jobs/status-types";
import { formatDateTime } from "~/lib/format/date";

const STATE_TONE: Record<string, string> = {
  created: "bg-slate-100 text-slate-800",
  retry: "bg-amber-100 text-amber-900",
  active: "bg-sky-100 text-sky-900",
  completed: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-slate-100 text-slate-600",
  failed: "bg-red-100 text-red-900",
};

export type JobRow = JobSummary & { video?: { title: string | null; cityName: string; cityKey: string } | null };

function VideoCell({ job }: { job: JobRow }) {
  if (!job.cityVideoId) return <span className="text-slate-500">—</span>;
  if (job.video === undefined) return null;
  if (!job.video) return <span className="font-mono text-xs text-slate-500">{job.cityVideoId} (deleted)</span>;
  return (
    <>
      <Link
        to={href("/admin/revisions/:meetingId", { meetingId: job.cityVideoId })}
        className="font-medium text-brand-700 hover:underline"
      >
        {job.video.title?.trim() || "Untitled meeting"}
      </Link>
      <span className="block text-xs text-slate-500">{job.video.cityName}</span>
    </>
  );
}

function Result({ job }: { job: JobRow }) {
  if (job.error) return <span className="text-red-800">{job.error}</span>;
  if (job.outcome) return <span>{job.outcome}</span>;
  if (job.state === "retry") return <span>waiting to retry after {formatDateTime(job.startAfter) ?? "—"}</span>;
  return <span className="text-slate-500">—</span>;
}

function RetryForm({ job, action }: { job: JobRow; action: string }) {
  return (
    <Form method="post" action={action} noValidate>
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="queue" value={job.queue} />
      <input type="hidden" name="jobId" value={job.id} />
      <button type="submit" className="text-sm font-semibold text-brand-700 hover:underline">
        Retry
        <span className="sr-only">
          {" "}
          {job.video?.title?.trim() ? `${job.queue} of ${job.video.title.trim()}` : `${job.queue} job`}
        </span>
      </button>
    </Form>
  );
}

/** Jobs with their state, queue, video, attempts, result and times; failed ones can be retried. */
export function JobTable({
  jobs,
  showVideo = true,
  retryAction,
}: {
  jobs: JobRow[];
  showVideo?: boolean;
  retryAction?: string;
}) {
  if (jobs.length === 0) return <p className="text-sm text-slate-600">No jobs.</p>;
  return (
    <ScrollRegion label="Jobs" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-3 py-2">Created</th>
            <th className="px-3 py-2">Queue</th>
            {showVideo ? <th className="px-3 py-2">Video</th> : null}
            <th className="px-3 py-2">State</th>
            <th className="px-3 py-2">Attempts</th>
            <th className="px-3 py-2">Result</th>
            <th className="px-3 py-2">Started</th>
            <th className="px-3 py-2">Finished</th>
            {retryAction ? (
              <th className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} className="border-t border-slate-100 align-top">
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(job.createdOn) ?? "—"}</td>
              <td className="whitespace-nowrap px-3 py-2">
                {job.queue}
                {job.mode ? <span className="block text-xs text-slate-500">{job.mode}</span> : null}
              </td>
              {showVideo ? (
                <td className="px-3 py-2">
                  <VideoCell job={job} />
                </td>
              ) : null}
              <td className="px-3 py-2">
                <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATE_TONE[job.state] ?? ""}`}>
                  {job.state}
                </span>
                {job.archived ? <span className="block text-xs text-slate-500">archived</span> : null}
              </td>
              <td className="px-3 py-2">
                {job.attempts} / {job.retryLimit + 1}
              </td>
              <td className="max-w-md px-3 py-2">
                <Result job={job} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(job.startedOn) ?? "—"}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(job.completedOn) ?? "—"}</td>
              {retryAction ? (
                <td className="px-3 py-2">
                  {job.state === "failed" && !job.archived ? <RetryForm job={job} action={retryAction} /> : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
