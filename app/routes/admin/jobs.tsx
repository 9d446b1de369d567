/**
 * /admin/jobs: "Analyze every eligible meeting" (per city or all) with the
 * progress of the latest runs (docs/decisions/0050), and the pipeline's
 * recent jobs (transcript-fetch, analysis, story, …) with state, video,
 * attempts, result and times; filters are a plain GET form, and a failed
 * job can be sent back to its queue.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, useLoaderData, useLocation } from "react-router";
import { Button, SelectField } from "~/components/forms/fields";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { BackfillPanel } from "~/components/jobs/backfill-panel";
import { JobTable } from "~/components/pipeline/job-table";
import { requireAdmin } from "~/lib/auth/session.server";
import { listCitiesForAdmin } from "~/lib/cities/admin.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { retryFailedJob } from "~/lib/jobs/enqueue.server";
import { BackfillRequestSchema, RetryJobSchema } from "~/lib/jobs/queues";
import { isQueueName, QUEUE_NAMES } from "~/lib/jobs/queue-names";
import { JOB_STATES, type JobState } from "~/lib/jobs/status-types";
import { listRecentJobs } from "~/lib/jobs/status.server";
import { listBackfillRuns, queueBackfill, UnknownCityError } from "~/lib/pipeline/backfill.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = () => [{ title: `Jobs | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "Jobs" };

const isJobState = (value: unknown): value is JobState =>
  typeof value === "string" && (JOB_STATES as readonly string[]).includes(value);

export async function loader({ request }: Route.LoaderArgs) {
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
  const [jobs, runs, cities] = await Promise.all([listRecentJobs(filter), listBackfillRuns(), listCitiesForAdmin()]);
  return { jobs, runs, cities, filter: { queue: filter.queue ?? "", state: filter.state ?? "", archived } };
}

const NOT_UNDERSTOOD = { type: "error", title: "That request could not be understood." } as const;

function meetings(count: number): string {
  return `${count} meeting${count === 1 ? "" : "s"}`;
}

/** "Analyze every eligible meeting": queued through the worker, whose progress the page shows. */
async function backfillAction(formData: FormData, back: string, requestedBy: string) {
  const submission = parseWithZod(formData, { schema: BackfillRequestSchema });
  if (submission.status !== "success") return dataWithToast({}, NOT_UNDERSTOOD, { status: 400 });
  const { city } = submission.value;
  let run;
  try {
    run = await queueBackfill(city ? { cityKey: city } : { all: true }, { origin: "admin", requestedBy });
  } catch (error) {
    if (!(error instanceof UnknownCityError)) throw error;
    return dataWithToast({}, { type: "error", title: "City not found" }, { status: 404 });
  }
  const of = run.cityName ?? "every city";
  if (run.queued === 0) {
    return redirectWithToast(back, {
      type: "info",
      title: "Nothing to analyze",
      description: `Every eligible meeting of ${of} already has its analysis and story, or is waiting for them.`,
    });
  }
  const left =
    run.skipped > 0 ? ` ${meetings(run.skipped)} ${run.skipped === 1 ? "was" : "were"} already done or waiting.` : "";
  return redirectWithToast(back, {
    type: "success",
    title: `Analysis queued for ${meetings(run.queued)}`,
    description: `Of ${of}.${left} The progress shows below.`,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const back = `${href("/admin/jobs")}${new URL(request.url).search}`;
  if (formData.get("intent") === "backfill") return backfillAction(formData, back, admin.id);
  const submission = parseWithZod(formData, { schema: RetryJobSchema });
  if (submission.status !== "success") return dataWithToast({}, NOT_UNDERSTOOD, { status: 400 });
  const { queue, jobId } = submission.value;
  return (await retryFailedJob(queue, jobId))
    ? redirectWithToast(back, { type: "success", title: "Job queued again" })
    : redirectWithToast(back, { type: "error", title: "Only a failed job can be retried" });
}

export default function Jobs() {
  const { jobs, runs, cities, filter } = useLoaderData<typeof loader>();
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
      <BackfillPanel cities={cities} runs={runs} />
      <h2 className="mt-8 text-xl font-semibold">Recent jobs</h2>
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
