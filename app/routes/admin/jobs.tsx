/**
 * /admin/jobs: the pipeline's recent jobs (transcript-fetch, analysis,
 * story) with state, video, attempts, result and times; filters are a plain
 * GET form, and a failed job can be sent back to its queue.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import {
  Form,
  href,
  Link,
  useLoaderData,
  useLocation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { Button, SelectField } from "~/components/forms/fields";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { JobTable } from "~/components/pipeline/job-table";
import { requireAdmin } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { retryFailedJob } from "~/lib/jobs/enqueue.server";
import { isQueueName, QUEUE_NAMES, RetryJobSchema } from "~/lib/jobs/queues";
import { JOB_STATES, type JobState } from "~/lib/jobs/status-types";
import { listRecentJobs } from "~/lib/jobs/status.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";

export const meta: MetaFunction = () => [{ title: `Jobs | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "Jobs" };

const isJobState = (value: unknown): value is JobState =>
  typeof value === "string" && (JOB_STATES as readonly string[]).includes(value);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const queue = url.searchParams.get("queue");
  const state = url.searchParams.get("state");
  const archived = url.searchParams.get("archived") === "1";
  const filter = {
    queue: isQueueName(queue) ? queue : undefined,
    state: isJobState(state) ? state : undefined,
    includeArchived: archived,
    limit: 200,
  };
  const jobs = await listRecentJobs(filter);
  return { jobs, filter: { queue: filter.queue ?? "", state: filter.state ?? "", archived } };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: RetryJobSchema });
  if (submission.status !== "success") {
    return dataWithToast({}, { type: "error", title: "That request could not be understood." }, { status: 400 });
  }
  const { queue, jobId } = submission.value;
  const back = `${href("/admin/jobs")}${new URL(request.url).search}`;
  return (await retryFailedJob(queue, jobId))
    ? redirectWithToast(back, { type: "success", title: "Job queued again" })
    : redirectWithToast(back, { type: "error", title: "Only a failed job can be retried" });
}

export default function Jobs() {
  const { jobs, filter } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Jobs</h1>
        <Link to={here} className="text-sm font-semibold text-brand-700 hover:underline">
          Refresh
        </Link>
      </div>
      <p className="mt-2 text-slate-600">Transcripts, analyses and stories run as background jobs; the newest first.</p>
      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <SelectField
          label="Queue"
          name="queue"
          placeholder="All queues"
          defaultValue={filter.queue}
          options={QUEUE_NAMES.map((name) => ({ value: name, label: name }))}
        />
        <SelectField
          label="State"
          name="state"
          placeholder="All states"
          defaultValue={filter.state}
          options={JOB_STATES.map((state) => ({ value: state, label: state }))}
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="archived" value="1" defaultChecked={filter.archived} />
          Include archived
        </label>
        <Button variant="secondary">Filter</Button>
      </Form>
      <div className="mt-6">
        <JobTable jobs={jobs} retryAction={here} />
      </div>
    </>
  );
}
