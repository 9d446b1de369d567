/**
 * /admin/content-management/meetings/:meetingId/recording: a meeting's
 * transcription from its recording (docs/product.md#routes-admin;
 * docs/decisions/0083-recordings-for-transcription.md). A media URL to
 * fetch and transcribe, the latest transcription's progress by chunk and
 * its cost in audio minutes, Cancel and Retry: plain forms and a Refresh
 * link, so it works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import type { AdminHandle, Crumb } from "~/components/admin/breadcrumbs";
import { MeetingRecordingScreen } from "~/components/meeting-recording/screen";
import { requireAdmin } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { contentManagementHref } from "~/lib/sources/links";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import {
  cancelTranscription,
  readTranscriptionPanel,
  recordingMeeting,
  retryTranscription,
} from "~/lib/transcription/control.server";
import { RecordingFormSchema } from "~/lib/transcription/forms";
import { listTranscriptVersions, chooseTranscriptVersion } from "~/lib/transcripts/store.server";
import { queueMediaUrlTranscription } from "~/lib/transcription/job.server";
import { MediaRefusedError } from "~/lib/transcription/media.server";
import type { Route } from "./+types/meeting-recording";

async function meetingOf(meetingId: string) {
  const meeting = await recordingMeeting(meetingId);
  if (!meeting) throw data({ message: "Meeting not found" }, { status: 404 });
  return meeting;
}

type Data = Awaited<ReturnType<typeof loader>>;

export const handle: AdminHandle<Data> = {
  breadcrumb: (loaderData): Crumb[] => [
    { label: "Content Management", to: contentManagementHref() },
    { label: loaderData?.meeting.title ? `Recording of ${loaderData.meeting.title}` : "Recording" },
  ],
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.meeting.title ? `Recording of ${loaderData.meeting.title}` : "Recording"} | ${PRODUCT_NAME}`,
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const meeting = await meetingOf(params.meetingId);
  const [panel, transcripts] = await Promise.all([
    readTranscriptionPanel(meeting.id),
    listTranscriptVersions(meeting.id),
  ]);
  return { meeting, panel, transcripts };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const meeting = await meetingOf(params.meetingId);
  const submission = parseWithZod(await request.formData(), { schema: RecordingFormSchema });
  if (submission.status !== "success")
    return dataWithToast(
      { result: submission.reply() },
      { type: "error", title: "That request could not be understood." },
      { status: 400 },
    );
  const here = href("/admin/content-management/meetings/:meetingId/recording", { meetingId: meeting.id });
  const posted = submission.value;
  if (posted.intent === "url") {
    if (!(await readTranscriptionPanel(meeting.id)).configured)
      return dataWithToast(
        { result: submission.reply({ formErrors: ["Transcription is off: set TRANSCRIPTION_BASE_URL."] }) },
        { type: "error", title: "Transcription is off" },
        { status: 422 },
      );
    try {
      const queued = await queueMediaUrlTranscription(meeting.id, posted.mediaUrl, admin.id);
      return redirectWithToast(
        here,
        queued
          ? {
              type: "success",
              title: "Transcription queued",
              description: "The recording is fetched, then transcribed.",
            }
          : { type: "info", title: "A transcription of this meeting is already waiting or running." },
      );
    } catch (error) {
      if (!(error instanceof MediaRefusedError)) throw error;
      return dataWithToast(
        { result: submission.reply({ fieldErrors: { mediaUrl: [error.message] } }) },
        { type: "error", title: "That media URL is refused", description: error.message },
        { status: 422 },
      );
    }
  }
  if (posted.intent === "use-transcript") {
    const used = await chooseTranscriptVersion(meeting.id, posted.kind);
    const label = posted.kind === "captions" ? "captions" : "speech-to-text transcript";
    return redirectWithToast(
      here,
      used
        ? {
            type: "success",
            title: `The meeting now uses its ${label}`,
            description: "The other is kept. Re-analyze the meeting for an analysis of this one.",
          }
        : { type: "error", title: `This meeting has no ${label} kept.` },
    );
  }
  if (posted.intent === "cancel") {
    const canceled = await cancelTranscription(meeting.id);
    return redirectWithToast(
      here,
      canceled
        ? {
            type: "success",
            title: "Transcription canceled",
            description: "A running one stops before its next chunk.",
          }
        : { type: "info", title: "No transcription is waiting or running." },
    );
  }
  const retried = await retryTranscription(meeting.id, admin.id);
  return redirectWithToast(
    here,
    retried
      ? { type: "success", title: "Transcription queued again", description: "It resumes at the first chunk not done." }
      : { type: "info", title: "Nothing to retry: a transcription is waiting or running, or there was none." },
  );
}

export default function MeetingRecording({ loaderData }: Route.ComponentProps) {
  return (
    <MeetingRecordingScreen
      meeting={loaderData.meeting}
      panel={loaderData.panel}
      transcripts={loaderData.transcripts}
    />
  );
}
