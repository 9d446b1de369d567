/**
 * /admin/content-management/meetings/:meetingId/recording/upload: the
 * recording page's upload form posts here (docs/product.md#routes-admin;
 * docs/decisions/0086-recording-uploads.md). The body is not read by the
 * request gate but streamed to the disk by receiveRecording, after the
 * admin check and before the transcription is queued; every answer is a
 * redirect to the recording page with a toast, so the form works without
 * JavaScript. A GET goes to the recording page.
 */
import { data, href, redirect } from "react-router";
import { requireAdmin } from "~/lib/auth/session.server";
import { bodyWasTooLarge } from "~/lib/http/body-refusal";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { readTranscriptionPanel, recordingMeeting, transcriptionPending } from "~/lib/transcription/control.server";
import { UPLOAD_MESSAGES } from "~/lib/transcription/forms";
import { queueTranscription } from "~/lib/transcription/job.server";
import { receiveRecording, tooLargeUploadMessage, UploadRefusedError } from "~/lib/transcription/upload.server";
import type { Route } from "./+types/meeting-recording-upload";

async function meetingOf(meetingId: string) {
  const meeting = await recordingMeeting(meetingId);
  if (!meeting) throw data({ message: "Meeting not found" }, { status: 404 });
  return meeting;
}

const pageOf = (meetingId: string) => href("/admin/content-management/meetings/:meetingId/recording", { meetingId });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(pageOf((await meetingOf(params.meetingId)).id));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const meeting = await meetingOf(params.meetingId);
  const here = pageOf(meeting.id);
  const refuse = (description: string) =>
    redirectWithToast(here, { type: "error", title: "The recording was not uploaded", description });
  // Refused before a byte is read: too large by its Content-Length, nowhere to send it, or a transcription under way.
  if (bodyWasTooLarge(context)) return refuse(tooLargeUploadMessage());
  if (!(await readTranscriptionPanel(meeting.id)).configured) return refuse(UPLOAD_MESSAGES.off);
  if (await transcriptionPending(meeting.id)) return refuse(UPLOAD_MESSAGES.busy);
  let uploaded;
  try {
    uploaded = await receiveRecording(request, meeting.id);
  } catch (error) {
    if (error instanceof UploadRefusedError) return refuse(error.message);
    throw error;
  }
  const queued = await queueTranscription(meeting.id, uploaded.path, admin.id, { fileName: uploaded.fileName });
  return redirectWithToast(
    here,
    queued
      ? { type: "success", title: "Recording uploaded", description: "Its transcription is queued." }
      : { type: "info", title: UPLOAD_MESSAGES.busy },
  );
}
