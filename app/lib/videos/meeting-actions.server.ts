/**
 * The admin actions of the meeting and story pages, shared by their routes
 * with and without a city in the path. Every action checks for an admin
 * first, answers with a toast, and redirects back to the page it came from.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/lib/auth/session.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import { FetchTranscriptSchema, ReanalyzeSchema, REWRITE_STORY, StoryIntentSchema } from "./admin-intents";
import { requestReanalysis } from "./analysis.server";
import { requestStoryRegeneration, requestStoryRewrite } from "./stories.server";
import { fetchTranscriptForVideo, TRANSCRIPT_FETCH_TOASTS, type FetchTranscriptResult } from "./transcripts.server";

/**
 * The page that posted, from the action's `url` argument (React Router's
 * normalised URL: `request.url` of a fetcher post is the `.data` address),
 * without the `index` marker.
 */
export function pageOf(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("index");
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

function invalid(result: unknown) {
  return dataWithToast({ result }, { type: "error", title: "That request could not be understood." }, { status: 400 });
}

/** City page: Fetch Transcript. */
export async function fetchTranscriptAction(request: Request, url: URL) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: FetchTranscriptSchema });
  if (submission.status !== "success") return invalid(submission.reply());
  let outcome: FetchTranscriptResult;
  try {
    outcome = await fetchTranscriptForVideo(submission.value.videoId);
  } catch (error) {
    console.error("Fetching a transcript failed:", error);
    outcome = { status: "failed", error: String(error) };
  }
  return redirectWithToast(pageOf(url), TRANSCRIPT_FETCH_TOASTS[outcome.status]);
}

/** Meeting analysis page: Re-Analyze Meeting. */
export async function reanalyzeAction(request: Request, url: URL, pageVideoId: string) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: ReanalyzeSchema });
  if (submission.status !== "success" || submission.value.videoId !== pageVideoId) return invalid(submission.reply());
  try {
    const { queued, message } = await requestReanalysis(pageVideoId);
    return redirectWithToast(pageOf(url), { type: queued ? "success" : "info", title: message });
  } catch (error) {
    console.error("Requesting a re-analysis failed:", error);
    return redirectWithToast(pageOf(url), { type: "error", title: "Analysis failed" });
  }
}

/** Meeting story page: Rewrite Story and Regenerate. */
export async function storyAction(request: Request, url: URL, pageVideoId: string) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: StoryIntentSchema });
  if (submission.status !== "success" || submission.value.videoId !== pageVideoId) return invalid(submission.reply());
  const value = submission.value;
  try {
    const { queued, message } =
      value.intent === REWRITE_STORY
        ? await requestStoryRewrite(pageVideoId, value.additionalContext || null)
        : await requestStoryRegeneration(pageVideoId);
    return redirectWithToast(pageOf(url), { type: queued ? "success" : "info", title: message });
  } catch (error) {
    console.error("Requesting a story failed:", error);
    return redirectWithToast(pageOf(url), {
      type: "error",
      title: "Error",
      description: "Failed to generate the news story. Please try again.",
    });
  }
}
