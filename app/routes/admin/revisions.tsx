/**
 * /admin/revisions/:meetingId: every analysis and story of a meeting, newest
 * (current) first; restore an earlier one (appended as a new revision),
 * compare one with the current one (?kind=…&left=…&right=…), queue a
 * re-analysis or a new story, and see the meeting's jobs. Those run as jobs:
 * the page refreshes itself while one is pending, and a failed one shows
 * its message above the buttons, the previous result staying listed.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, data, useLoaderData, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/forms/fields";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { CaptionStatus } from "~/components/captions/caption-status";
import { JobTable } from "~/components/pipeline/job-table";
import { FailureNotice, PipelineAutoRefresh, PREVIOUS_KEPT } from "~/components/pipeline/pipeline-status";
import { RevisionCompare } from "~/components/pipeline/revision-compare";
import { RevisionMeta } from "~/components/pipeline/revision-meta";
import { meetingHref } from "~/lib/meetings/links";
import { requireAdmin } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { requestReanalysis, requestStory } from "~/lib/jobs/enqueue.server";
import { getVideoPipelineStatus, toPublicStatus, type PipelineStatus } from "~/lib/jobs/status.server";
import { isPipelineError } from "~/lib/pipeline/messages";
import { getVideoOverview, loadComparison } from "~/lib/pipeline/overview.server";
import { RevisionsPageSchema } from "~/lib/pipeline/revision-forms";
import { listRevisions, restoreRevision } from "~/lib/pipeline/revisions.server";
import { isRevisionKind, type RevisionKind, type RevisionSummary } from "~/lib/pipeline/types";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/revisions";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Revisions${loaderData?.video ? ` · ${loaderData.video.title}` : ""} | ${PRODUCT_NAME}` },
];

export const handle: AdminHandle<Awaited<ReturnType<typeof loader>>> = {
  breadcrumb: (data) => [{ label: "Revisions" }, ...(data ? [{ label: data.video.title }] : [])],
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const video = await getVideoOverview(params.meetingId ?? "");
  if (!video) throw data({ message: "No video details found" }, { status: 404 });
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  const left = url.searchParams.get("left") ?? "";
  const right = url.searchParams.get("right") ?? "";
  const [revisions, status, comparison] = await Promise.all([
    listRevisions(video.id),
    getVideoPipelineStatus(video.id),
    isRevisionKind(kind) && left && right ? loadComparison(kind, video.id, left, right) : Promise.resolve(null),
  ]);
  return {
    video,
    revisions,
    captions: status?.captions ?? null,
    jobs: status?.jobs ?? [],
    pipeline: status ? toPublicStatus(status) : null,
    failures: failuresOf(status),
    comparison: comparison && isRevisionKind(kind) ? { kind, ...comparison } : null,
  };
}

/** The failed newest re-run of each step, and whether a previous result stays in place. */
function failuresOf(status: PipelineStatus | null) {
  return (["analysis", "story"] as const).flatMap((step) => {
    const message = status?.errors[step];
    if (!message) return [];
    const kept = step === "analysis" ? status.hasAnalysis : status.hasStory;
    return [{ step, message, note: kept ? PREVIOUS_KEPT[step] : undefined }];
  });
}

const LABEL: Record<RevisionKind, string> = { analysis: "Analysis", story: "Story" };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const meetingId = params.meetingId ?? "";
  // Not request.url: with JavaScript the action is posted to its `.data` URL.
  const here = href("/admin/revisions/:meetingId", { meetingId });
  const submission = parseWithZod(await request.formData(), { schema: RevisionsPageSchema });
  if (submission.status !== "success")
    return dataWithToast({}, { type: "error", title: "That request could not be understood." }, { status: 400 });
  const posted = submission.value;
  try {
    if (posted.intent === "restore") {
      await restoreRevision(posted.kind, posted.revisionId, user.id, { cityVideoId: meetingId });
      return redirectWithToast(here, {
        type: "success",
        title: `${LABEL[posted.kind]} restored`,
        description: "It is the current one again (added as a new revision).",
      });
    }
    const result =
      posted.intent === "reanalyze"
        ? await requestReanalysis(meetingId, user.id)
        : await requestStory(meetingId, { requestedBy: user.id });
    return redirectWithToast(here, {
      type: result.status === "refused" ? "error" : result.queued ? "success" : "info",
      title: result.message,
    });
  } catch (error) {
    if (!isPipelineError(error)) console.error("Revisions page action failed:", error);
    const message = isPipelineError(error) ? error.message : "That request could not be carried out.";
    return dataWithToast({}, { type: "error", title: "Error", description: message }, { status: 400 });
  }
}

/** A post of hidden fields only; the action checks them against the page's schema. */
function HiddenFieldsForm({ children }: { children: React.ReactNode }) {
  return (
    <Form method="post" noValidate>
      {children}
    </Form>
  );
}

function RevisionList({ kind, revisions }: { kind: RevisionKind; revisions: RevisionSummary[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const current = revisions.find((revision) => revision.current);
  if (revisions.length === 0)
    return (
      <p className="text-sm text-slate-600">{kind === "analysis" ? "No analysis available" : "No story available"}</p>
    );
  return (
    <ol className="space-y-3">
      {revisions.map((revision) => (
        <li key={revision.id} className="rounded-lg border border-slate-200 bg-white p-3">
          <p className="font-medium">
            {revision.title || (kind === "analysis" ? "Untitled analysis" : "Untitled story")}
          </p>
          <RevisionMeta revision={revision} />
          {!revision.current ? (
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <HiddenFieldsForm>
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="kind" value={kind} />
                <input type="hidden" name="revisionId" value={revision.id} />
                <Button variant="secondary" disabled={busy} aria-label={`Restore ${kind} of ${revision.createdAt}`}>
                  Restore
                </Button>
              </HiddenFieldsForm>
              {current ? (
                <Link
                  className="text-sm font-semibold text-brand-700 hover:underline"
                  to={`?kind=${kind}&left=${revision.id}&right=${current.id}#compare-heading`}
                >
                  Compare with current
                </Link>
              ) : null}
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export default function Revisions() {
  const { video, revisions, captions, jobs, pipeline, failures, comparison } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  return (
    <>
      <PipelineAutoRefresh status={pipeline} />
      <p className="text-sm text-slate-500">{video.cityName}</p>
      <h1 className="text-3xl font-bold">{video.title}</h1>
      <p className="mt-2 text-sm">
        <Link
          className="font-semibold text-brand-700 hover:underline"
          to={meetingHref(video.id, { cityKey: video.cityKey })}
        >
          Meeting page
        </Link>
        {" · "}
        <Link
          className="font-semibold text-brand-700 hover:underline"
          to={`${href("/admin/story-playground")}?city=${video.cityKey}&video=${video.id}`}
        >
          Story playground
        </Link>
        {" · "}
        <Link className="font-semibold text-brand-700 hover:underline" to={href("/admin/jobs")}>
          All jobs
        </Link>
      </p>
      {failures.length > 0 ? (
        <div className="mt-4 space-y-3">
          {failures.map((failure) => (
            <FailureNotice key={failure.step} message={failure.message} note={failure.note} />
          ))}
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <HiddenFieldsForm>
          <input type="hidden" name="intent" value="reanalyze" />
          <Button disabled={busy}>Re-Analyze Meeting</Button>
        </HiddenFieldsForm>
        <HiddenFieldsForm>
          <input type="hidden" name="intent" value="new-story" />
          <Button variant="secondary" disabled={busy || !video.hasAnalysis}>
            Regenerate Story
          </Button>
        </HiddenFieldsForm>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="analyses-heading">
          <h2 id="analyses-heading" className="mb-3 text-xl font-semibold">
            Analyses
          </h2>
          <RevisionList kind="analysis" revisions={revisions.analyses} />
        </section>
        <section aria-labelledby="stories-heading">
          <h2 id="stories-heading" className="mb-3 text-xl font-semibold">
            Stories
          </h2>
          <RevisionList kind="story" revisions={revisions.stories} />
        </section>
      </div>
      {comparison ? <RevisionCompare kind={comparison.kind} left={comparison.left} right={comparison.right} /> : null}
      <section aria-labelledby="jobs-heading" className="mt-10">
        <h2 id="jobs-heading" className="mb-3 text-xl font-semibold">
          Jobs of this meeting
        </h2>
        <div className="mb-3">
          <CaptionStatus
            meetingId={video.id}
            state={captions}
            returnTo={`${location.pathname}${location.search}`}
            title={video.title}
          />
        </div>
        <JobTable jobs={jobs} showVideo={false} />
      </section>
    </>
  );
}
