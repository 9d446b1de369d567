/**
 * /admin/story-playground: pick a city, then a meeting (plain GET forms);
 * see its analysis and current story; write a new story, with extra
 * instructions, and compare any two story revisions side by side (their
 * ids in the URL: ?left=…&right=…). Writing runs within the request, so the
 * result (and its toast) comes back with the response, with or
 * without JavaScript. The screen is app/components/story-playground/.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { requireAdmin } from "~/lib/auth/session.server";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { PRODUCT_NAME } from "~/lib/constants";
import { getVideoOverview, listCityChoices, listVideoChoices, loadComparison } from "~/lib/pipeline/overview.server";
import {
  isPipelineError,
  NEED_ANALYSIS,
  STORY_FAILED_TOAST,
  STORY_GENERATED_TOAST,
  VIDEO_NOT_FOUND,
} from "~/lib/pipeline/messages";
import { currentRevisionId, listRevisions } from "~/lib/pipeline/revisions.server";
import { PlaygroundSchema } from "~/lib/pipeline/story-playground-form";
import { writeVideoStory } from "~/lib/pipeline/stories.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import { StoryPlaygroundScreen } from "~/components/story-playground/screen";
import type { Route } from "./+types/story-playground";

const PLAYGROUND_PATH = href("/admin/story-playground");

export const meta: Route.MetaFunction = () => [{ title: `Story Playground | ${PRODUCT_NAME}` }];

export const handle: AdminHandle<Awaited<ReturnType<typeof loader>>> = {
  breadcrumb: (data) => [
    { label: "Story Playground", to: PLAYGROUND_PATH },
    ...(data?.video ? [{ label: data.video.title }] : []),
  ],
};

function playgroundUrl(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${PLAYGROUND_PATH}?${query}` : PLAYGROUND_PATH;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const meetingId = url.searchParams.get("video") ?? "";
  const video = meetingId ? await getVideoOverview(meetingId) : null;
  // A meeting link without its city still lands on the right city.
  const cityKey = video?.cityKey ?? url.searchParams.get("city") ?? "";
  const [cities, videos, revisions] = await Promise.all([
    listCityChoices(),
    cityKey ? listVideoChoices(cityKey) : Promise.resolve(null),
    video ? listRevisions(video.id).then((all) => all.stories) : Promise.resolve([]),
  ]);
  const left = url.searchParams.get("left") ?? "";
  const right = url.searchParams.get("right") ?? "";
  const comparison = video && left && right ? await loadComparison("story", video.id, left, right) : null;
  return {
    cities,
    cityKey,
    videos,
    video,
    revisions,
    comparison,
    selection: { left, right },
    unknown: { city: Boolean(cityKey) && videos === null, video: Boolean(meetingId) && !video },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: PlaygroundSchema });
  if (submission.status !== "success") {
    return dataWithToast(
      { result: submission.reply() },
      { type: "error", title: "Please check the highlighted fields" },
      { status: 400 },
    );
  }
  const { meetingId, additionalContext } = submission.value;
  const previous = await currentRevisionId("story", meetingId);
  try {
    const written = await writeVideoStory(meetingId, { additionalContext, requestedBy: user.id });
    const video = await getVideoOverview(meetingId);
    const right = written.status === "written" ? written.revisionId : null;
    return redirectWithToast(
      playgroundUrl({ city: video?.cityKey, video: meetingId, left: previous, right }),
      STORY_GENERATED_TOAST,
    );
  } catch (error) {
    const message = isPipelineError(error) ? error.message : STORY_FAILED_TOAST.description;
    if (message === NEED_ANALYSIS || message === VIDEO_NOT_FOUND) {
      const status = message === VIDEO_NOT_FOUND ? 404 : 400;
      return dataWithToast(
        { result: submission.reply({ formErrors: [message] }) },
        { type: "error", title: "Error", description: message },
        { status },
      );
    }
    console.error("Story playground: writing a story failed:", error);
    return dataWithToast({ result: submission.reply({ formErrors: [message] }) }, STORY_FAILED_TOAST, { status: 502 });
  }
}

export default function StoryPlayground() {
  return <StoryPlaygroundScreen />;
}
