/**
 * /admin/city-management/videos/:meetingId/transcript: one video's
 * transcript, the only City Management page that carries one. Paste or
 * edit it, or upload a .txt, .vtt or .srt file (up to 5 MB, the meeting
 * pages' limit: app/lib/http/body-limits.ts); it is stored as every
 * transcript is (text and timed segments re-derived), and the video counts
 * as edited by an admin. `?url=` is the source to go back to.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import type { AdminHandle, Crumb } from "~/components/admin/breadcrumbs";
import { TranscriptScreen } from "~/components/city-management/transcript-screen";
import { requireAdmin } from "~/lib/auth/session.server";
import { cityManagementPageHref } from "~/lib/cities/city-management-links";
import { TranscriptFormSchema } from "~/lib/cities/city-management-forms";
import { PRODUCT_NAME } from "~/lib/constants";
import { formatNumber } from "~/lib/format/count";
import { getVideoTranscriptForAdmin, updateVideoByAdmin } from "~/lib/sources/videos.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import { TranscriptInputError } from "~/lib/transcripts/store.server";
import { readTranscriptFile, TranscriptFileError } from "~/lib/transcripts/upload";
import type { Route } from "./+types/video-transcript";
import { isUuid } from "~/lib/uuid";

const NOT_FOUND = "No video details found";
const SAVED = "Video updated successfully";
const FAILED = "Error updating video";

type Data = Awaited<ReturnType<typeof loader>>;

export const handle: AdminHandle<Data> = {
  breadcrumb: (loaderData): Crumb[] => [
    { label: "City Management", to: loaderData?.backTo ?? href("/admin/city-management") },
    { label: loaderData?.video.title ? `Transcript of ${loaderData.video.title}` : "Transcript" },
  ],
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.video.title ? `Transcript of ${loaderData.video.title}` : "Transcript"} | ${PRODUCT_NAME}` },
];

async function videoOf(meetingId: string | undefined) {
  const video = meetingId ? await getVideoTranscriptForAdmin(meetingId) : null;
  if (!video) throw data({ message: NOT_FOUND }, { status: 404 });
  return video;
}

/** City Management with the video's city and the source the admin came from. */
function backToOf(request: Request, cityId: string): string {
  const url = new URL(request.url).searchParams.get("url");
  return cityManagementPageHref({ city: cityId, url: isUuid(url) ? url : null });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const video = await videoOf(params.meetingId);
  return { video, backTo: backToOf(request, video.cityId) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const video = await videoOf(params.meetingId);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: TranscriptFormSchema });
  if (submission.status !== "success")
    return dataWithToast({ result: submission.reply() }, { type: "error", title: FAILED }, { status: 400 });
  const posted = submission.value;
  let text: string;
  if (posted.intent === "upload") {
    try {
      text = await readTranscriptFile(formData.get("file"));
    } catch (error) {
      if (!(error instanceof TranscriptFileError)) throw error;
      return dataWithToast(
        { result: submission.reply({ fieldErrors: { file: [error.message] } }) },
        { type: "error", title: FAILED, description: error.message },
        { status: 422 },
      );
    }
  } else text = posted.transcript;
  try {
    await updateVideoByAdmin(video.id, { transcript: text.trim() });
  } catch (error) {
    if (!(error instanceof TranscriptInputError)) throw error;
    const field = posted.intent === "upload" ? "file" : "transcript";
    return dataWithToast(
      { result: submission.reply({ fieldErrors: { [field]: [error.message] } }) },
      { type: "error", title: FAILED, description: error.message },
      { status: 422 },
    );
  }
  const saved = await getVideoTranscriptForAdmin(video.id);
  const length = saved?.transcript?.length ?? 0;
  return redirectWithToast(backToOf(request, video.cityId), {
    type: "success",
    title: SAVED,
    description: length > 0 ? `Transcript saved: ${formatNumber(length)} characters.` : "Transcript removed.",
  });
}

export default function VideoTranscript({ loaderData }: Route.ComponentProps) {
  return <TranscriptScreen video={loaderData.video} backTo={loaderData.backTo} />;
}
