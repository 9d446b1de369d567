/**
 * A meeting's recording page (app/routes/admin/meeting-recording.tsx): the
 * media URL form, and the latest transcription with its progress by chunk,
 * its cost in audio minutes, Cancel and Retry. Plain forms and a Refresh
 * link: nothing here needs JavaScript.
 */
import { useState } from "react";
import { Form, href, Link, useActionData, useNavigation } from "react-router";
import { Button, ErrorList, Field } from "~/components/forms/fields";
import { getFormProps, useSchemaForm, type LastResult } from "~/components/forms/use-schema-form";
import { formatDateTime } from "~/lib/format/date";
import type { JobSummary } from "~/lib/jobs/status-types";
import { contentManagementHref } from "~/lib/sources/links";
import type { TranscriptionPanel } from "~/lib/transcription/control.server";
import type { TranscriptVersionSummary } from "~/lib/transcripts/store.server";
import { formatBytes } from "~/lib/http/body-limits";
import { RECORDING_ACCEPT, RECORDING_FIELD, UPLOAD_MESSAGES } from "~/lib/transcription/upload-form";

type Meeting = { id: string; cityId: string; cityName: string; title: string };
type ActionData = { result?: LastResult };

const LINK = "font-semibold text-brand-700 hover:underline";

const STATE_LABELS: Record<JobSummary["state"], string> = {
  created: "Waiting",
  retry: "Waiting to retry",
  active: "Running",
  completed: "Finished",
  cancelled: "Canceled", // spelling-ok: pg-boss names the state
  failed: "Failed",
};

function JobStatus({ panel }: { panel: TranscriptionPanel }) {
  const { job, progress } = panel;
  if (!job) return <p className="text-slate-600">This meeting has not been transcribed from a recording.</p>;
  const failed = job.state === "failed" || job.outcome?.startsWith("failed");
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]" data-transcription-state={job.state}>
      <dt className="text-slate-500">State</dt>
      <dd className="font-semibold">
        {failed && job.state === "completed" ? "Failed" : STATE_LABELS[job.state]}
        {panel.cancelRequested ? " (cancel asked: it stops before its next chunk)" : ""}
      </dd>
      <dt className="text-slate-500">Recording</dt>
      <dd className="break-all">
        {panel.source?.kind === "url"
          ? panel.source.url
          : panel.source?.kind === "upload"
            ? `Uploaded: ${panel.source.fileName}`
            : "A file on this server"}
      </dd>
      <dt className="text-slate-500">Queued</dt>
      <dd>{formatDateTime(job.createdOn)}</dd>
      {progress ? (
        <>
          <dt className="text-slate-500">Progress</dt>
          <dd>
            <progress max={progress.total} value={progress.done} className="mr-2 align-middle" aria-hidden />
            {progress.done} of {progress.total} chunks transcribed
          </dd>
          <dt className="text-slate-500">Cost</dt>
          <dd>{progress.audioMinutes} audio minutes</dd>
        </>
      ) : null}
      {job.outcome ? (
        <>
          <dt className="text-slate-500">Outcome</dt>
          <dd>{job.outcome}</dd>
        </>
      ) : null}
      {job.error && !job.outcome?.includes(job.error) ? (
        <>
          <dt className="text-slate-500">Error</dt>
          <dd className="text-red-700">{job.error}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * A plain multipart form to the upload route, which streams the file to the
 * disk (app/routes/admin/meeting-recording-upload.ts). With JavaScript, a
 * file over the limit is refused before it is sent; without, the server
 * refuses it by its size before reading it.
 */
function UploadForm({ meetingId, panel, busy }: { meetingId: string; panel: TranscriptionPanel; busy: boolean }) {
  const [fileError, setFileError] = useState<string | null>(null);
  const limit = formatBytes(panel.maxUploadBytes);
  return (
    <section
      aria-labelledby="upload-recording-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="upload-recording-heading" className="text-xl font-semibold">
        Upload a recording
      </h2>
      <Form
        method="post"
        action={href("/admin/content-management/meetings/:meetingId/recording/upload", { meetingId })}
        encType="multipart/form-data"
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem(RECORDING_FIELD);
          const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
          const refusal = !file
            ? UPLOAD_MESSAGES.noFile
            : file.size > panel.maxUploadBytes
              ? `The recording is larger than ${limit}: it cannot be uploaded.`
              : null;
          setFileError(refusal);
          if (refusal) event.preventDefault();
        }}
      >
        <Field
          label={`Recording (an audio or video file, at most ${limit})`}
          id="recording-file"
          type="file"
          name={RECORDING_FIELD}
          accept={RECORDING_ACCEPT}
          required
          errors={fileError ? [fileError] : null}
          onChange={() => setFileError(null)}
          hint="MP4, MOV, WebM, MP3, M4A, WAV… It is sent to this server, then transcribed."
        />
        <Button disabled={busy || !panel.configured || panel.canCancel}>Upload and transcribe</Button>
      </Form>
    </section>
  );
}

/**
 * The meeting's captions and speech-to-text transcript, when it has kept
 * either: which one it uses, and a button to use the other (a plain form).
 */
function TranscriptChoice({ transcripts, busy }: { transcripts: TranscriptVersionSummary[]; busy: boolean }) {
  if (transcripts.length === 0) return null;
  return (
    <section aria-labelledby="transcripts-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="transcripts-heading" className="text-xl font-semibold">
        Captions and speech-to-text
      </h2>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        When the meeting has both, choose the one it uses; the other is kept.
      </p>
      <ul className="mt-4 space-y-3">
        {transcripts.map((version) => (
          <li
            key={version.kind}
            className="flex flex-wrap items-center justify-between gap-3"
            data-transcript-kind={version.kind}
          >
            <div>
              <p className="font-semibold">
                {version.kind === "captions"
                  ? "Captions"
                  : `Speech-to-text by ${version.engine ?? "an engine"}${version.model ? ` (${version.model})` : ""}`}
                {version.inUse ? <span className="ml-2 text-sm font-normal text-green-800">In use</span> : null}
              </p>
              <p className="text-sm text-slate-600">
                {version.segmentCount} segments · saved {formatDateTime(version.savedAt)}
              </p>
            </div>
            {version.inUse ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="use-transcript" />
                <input type="hidden" name="kind" value={version.kind} />
                <Button variant="secondary" disabled={busy}>
                  {version.kind === "captions" ? "Use the captions" : "Use speech-to-text"}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MeetingRecordingScreen({
  meeting,
  panel,
  transcripts,
}: {
  meeting: Meeting;
  panel: TranscriptionPanel;
  transcripts: TranscriptVersionSummary[];
}) {
  const actionData = useActionData<ActionData>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm<{ intent: string; mediaUrl: string }>({
    id: "media-url",
    lastResult: actionData?.result,
  });
  const here = href("/admin/content-management/meetings/:meetingId/recording", { meetingId: meeting.id });
  return (
    <>
      <h1 className="text-3xl font-bold">Recording of {meeting.title}</h1>
      <p className="mt-2 max-w-prose text-slate-600">
        {meeting.cityName} · Speech-to-text makes the meeting's transcript from its recording; the meeting uses it, and
        its captions are kept.
        {panel.configured ? "" : " Transcription is off: set TRANSCRIPTION_BASE_URL (docs/operating.md)."}
      </p>

      <section aria-labelledby="transcription-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="transcription-heading" className="text-xl font-semibold">
            Transcription
          </h2>
          <Link to={here} className={LINK} preventScrollReset>
            Refresh
          </Link>
        </div>
        <div className="mt-3">
          <JobStatus panel={panel} />
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          {panel.canCancel ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button variant="danger" disabled={busy}>
                Cancel transcription
              </Button>
            </Form>
          ) : null}
          {panel.canRetry ? (
            <Form method="post">
              <input type="hidden" name="intent" value="retry" />
              <Button variant="secondary" disabled={busy}>
                Retry transcription
              </Button>
            </Form>
          ) : null}
        </div>
      </section>

      <TranscriptChoice transcripts={transcripts} busy={busy} />

      <UploadForm meetingId={meeting.id} panel={panel} busy={busy} />

      <section aria-labelledby="media-url-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="media-url-heading" className="text-xl font-semibold">
          Transcribe from a media URL
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
          <ErrorList errors={form.errors} announce />
          <input type="hidden" name="intent" value="url" />
          <Field
            label="Recording's address"
            id={fields.mediaUrl.id}
            name={fields.mediaUrl.name}
            type="url"
            inputMode="url"
            defaultValue={typeof fields.mediaUrl.initialValue === "string" ? fields.mediaUrl.initialValue : ""}
            errors={fields.mediaUrl.errors}
            hint="A direct link to an MP4, MP3 or M4A file, or an HLS playlist (.m3u8), over http or https."
          />
          <Button disabled={busy || !panel.configured}>Fetch and transcribe</Button>
        </Form>
      </section>

      <p className="mt-6">
        <Link className={LINK} to={contentManagementHref({ cityId: meeting.cityId })}>
          Back to Content Management
        </Link>
      </p>
    </>
  );
}
