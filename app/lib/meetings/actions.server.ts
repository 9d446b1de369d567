/**
 * The admin actions of the meeting and story pages, shared by their routes
 * with and without a city in the path. Every action checks for an admin
 * first, answers with a toast, and redirects back to the page it came from.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/lib/auth/session.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import { REWRITE_STORY } from "~/lib/meetings/admin-intents";
import { FetchTranscriptSchema, ReanalyzeSchema, StoryIntentSchema } from "~/lib/meetings/admin-intent-schemas";
import { requestReanalysis, requestStory, type RequestResult } from "~/lib/jobs/index.server";
import {
  fetchTranscriptForVideo,
  TRANSCRIPT_FETCH_MESSAGES,
  type FetchTranscriptOutcome,
} from "~/lib/transcripts/fetch.server";
import { awaitJobHeaders } from "~/lib/meetings/job-toast.server";

/**
 * The page that posted, from the action's `url` argument (React Router's
 * normalized URL: `request.url` of a fetcher post is the `.data` address),
 * without the `index` marker.
 */
export function pageOf(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("index");
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/** A queued job is good news, an already queued one information, a refusal an error (docs/product.md#messages-meeting-pages). */
function requestToast(result: RequestResult) {
  if (result.status === "refused") return { type: "error", title: "Error", description: result.message } as const;
  return { type: result.status === "queued" ? "success" : "info", title: result.message } as const;
}

/** Back to the page with the request's toast; the page then watches the job for its outcome (meeting-job-toast.server.ts). */
async function redirectAfterRequest(url: URL, meetingId: string, result: RequestResult) {
  const headers =
    result.jobId && result.status !== "refused" ? await awaitJobHeaders({ jobId: result.jobId, meetingId }) : undefined;
  return redirectWithToast(pageOf(url), requestToast(result), { headers });
}

function invalid(result: unknown) {
  return dataWithToast({ result }, { type: "error", title: "That request could not be understood." }, { status: 400 });
}

/** City page: Fetch Transcript. */
export async function fetchTranscriptAction(request: Request, url: URL) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: FetchTranscriptSchema });
  if (submission.status !== "success") return invalid(submission.reply());
  let outcome: FetchTranscriptOutcome;
  try {
    outcome = await fetchTranscriptForVideo(submission.value.meetingId);
  } catch (error) {
    console.error("Fetching a transcript failed:", error);
    outcome = { status: "failed", error: String(error) };
  }
  const type = { fetched: "success", unavailable: "info", failed: "error" } as const;
  // What the video site answered, for the admin (docs/decisions/0049-captions-from-a-data-center.md).
  const description =
    outcome.status === "unavailable" && outcome.code
      ? outcome.reason
      : outcome.status === "failed" && (outcome.code || outcome.pausedUntil)
        ? outcome.error
        : undefined;
  return redirectWithToast(pageOf(url), {
    type: type[outcome.status],
    title: TRANSCRIPT_FETCH_MESSAGES[outcome.status],
    ...(description ? { description } : {}),
  });
}

/** Meeting analysis page: Re-Analyze Meeting. */
export async function reanalyzeAction(request: Request, url: URL, pageMeetingId: string) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: ReanalyzeSchema });
  if (submission.status !== "success" || submission.value.meetingId !== pageMeetingId)
    return invalid(submission.reply());
  try {
    return await redirectAfterRequest(url, pageMeetingId, await requestReanalysis(pageMeetingId, admin.id));
  } catch (error) {
    console.error("Requesting a re-analysis failed:", error);
    return redirectWithToast(pageOf(url), { type: "error", title: "Analysis failed" });
  }
}

/** Meeting story page: Rewrite Story and Regenerate. */
export async function storyAction(request: Request, url: URL, pageMeetingId: string) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: StoryIntentSchema });
  if (submission.status !== "success" || submission.value.meetingId !== pageMeetingId)
    return invalid(submission.reply());
  const value = submission.value;
  const additionalContext = value.intent === REWRITE_STORY ? value.additionalContext || null : null;
  try {
    return await redirectAfterRequest(
      url,
      pageMeetingId,
      await requestStory(pageMeetingId, { additionalContext, requestedBy: admin.id }),
    );
  } catch (error) {
    console.error("Requesting a story failed:", error);
    return redirectWithToast(pageOf(url), {
      type: "error",
      title: "Error",
      description: "Failed to generate the news story. Please try again.",
    });
  }
}
