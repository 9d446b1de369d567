/**
 * The transcript page of a video (app/routes/admin/video-transcript.tsx):
 * the transcript to edit or paste over, and a file to upload instead. Two
 * plain forms: the upload never carries the text area, so a file may use
 * the whole 5 MB. With JavaScript a file over the limit, or of another
 * type, is refused before it is sent.
 */
import { useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button, Field, TextareaField } from "~/components/forms/fields";
import { getFormProps, useSchemaForm, type LastResult } from "~/components/forms/use-schema-form";
import { formatNumber } from "~/lib/format/count";
import { formatBytes, UPLOAD_BODY_LIMIT } from "~/lib/http/body-limits";
import {
  MAX_TRANSCRIPT_FILE_BYTES,
  TRANSCRIPT_FILE_ACCEPT,
  TRANSCRIPT_FILE_MESSAGES,
  TRANSCRIPT_FILE_TYPES,
} from "~/lib/transcripts/upload";
import { LINK } from "./page-fetcher";

type Video = { id: string; cityName: string; videoId: string; title: string | null; transcript: string | null };
type ActionData = { result?: LastResult };

export function TranscriptScreen({ video, backTo }: { video: Video; backTo: string }) {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const posted = (actionData?.result?.initialValue ?? {}) as { intent?: string };
  const [pasteForm, pasteFields] = useSchemaForm<{ intent: string; transcript: string }>({
    id: "transcript-paste",
    lastResult: posted.intent === "paste" ? actionData?.result : undefined,
  });
  const [uploadForm, uploadFields] = useSchemaForm<{ intent: string; file: string }>({
    id: "transcript-upload",
    lastResult: posted.intent === "upload" ? actionData?.result : undefined,
  });
  const [fileError, setFileError] = useState<string | null>(null);
  const length = video.transcript?.length ?? 0;
  const typed = typeof pasteFields.transcript.initialValue === "string" ? pasteFields.transcript.initialValue : null;
  const uploadErrors = fileError ? [fileError] : uploadFields.file.errors;
  return (
    <>
      <h1 className="text-3xl font-bold">Transcript of {video.title ?? video.videoId}</h1>
      <p className="mt-2 text-slate-600">
        {video.cityName} · {video.videoId} ·{" "}
        {length > 0 ? `${formatNumber(length)} characters` : "No transcript available"}
      </p>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        Timed lines (<code>[00:12:41] MAYOR LOPEZ: …</code>), WebVTT, SRT or plain text. The timed segments that search
        and quotes point at are made again from it; the analysis and story stay until the meeting is re-analyzed.
      </p>

      <section aria-labelledby="upload-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="upload-heading" className="text-xl font-semibold">
          Upload a file
        </h2>
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(uploadForm)}
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            const input = event.currentTarget.elements.namedItem("file");
            const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
            const refusal = !file
              ? TRANSCRIPT_FILE_MESSAGES.missing
              : !TRANSCRIPT_FILE_TYPES.some((type) => file.name.toLowerCase().endsWith(type))
                ? TRANSCRIPT_FILE_MESSAGES.type
                : file.size > MAX_TRANSCRIPT_FILE_BYTES
                  ? TRANSCRIPT_FILE_MESSAGES.tooLarge
                  : null;
            setFileError(refusal);
            if (refusal) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          <Field
            label={`Transcript file (.txt, .vtt or .srt, under ${formatBytes(UPLOAD_BODY_LIMIT)})`}
            id="transcript-file"
            type="file"
            name="file"
            accept={TRANSCRIPT_FILE_ACCEPT}
            errors={uploadErrors}
          />
          <Button disabled={busy}>Upload transcript</Button>
        </Form>
      </section>

      <section aria-labelledby="paste-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="paste-heading" className="text-xl font-semibold">
          Edit or paste
        </h2>
        <Form method="post" {...getFormProps(pasteForm)} className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="paste" />
          <TextareaField
            label="Transcript"
            id={pasteFields.transcript.id}
            name={pasteFields.transcript.name}
            defaultValue={typed ?? video.transcript ?? ""}
            errors={pasteFields.transcript.errors}
            hint="Leave it empty to remove the transcript."
            rows={18}
            spellCheck={false}
          />
          <Button disabled={busy}>Save transcript</Button>
        </Form>
      </section>

      <p className="mt-6">
        <Link className={LINK} to={backTo}>
          Back to City Management
        </Link>
      </p>
    </>
  );
}
