import { useEffect, useRef } from "react";
import { href, useFetcher } from "react-router";
import { Button } from "~/components/forms/fields";
import type { LastResult } from "~/components/forms/use-schema-form";
import type { Toast } from "~/lib/toast/toast";
import { FEEDBACK_CONSTRAINT, FeedbackForm } from "./feedback-form";
import { useFetcherToast } from "~/components/hooks/use-fetcher-toast";

type FeedbackActionData = { sent: boolean; result: LastResult; toast?: Toast };

/**
 * The footer's feedback form as a modal dialog (JavaScript only: without it
 * the footer's link opens the /feedback page). It posts through a fetcher to
 * the /feedback action, which answers a dialog's post with data: the thanks
 * toast shows and the dialog closes; a refusal shows its messages in place.
 * Escape or Cancel close it; the footer puts the focus back on its link.
 * Loaded on first use, so that no page carries it until then.
 */
export default function FeedbackDialog({
  page,
  signedInAs,
  onClose,
}: {
  page: string | null;
  signedInAs: string | null;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<FeedbackActionData>({ key: "feedback-dialog" });
  const data = fetcher.data;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  useFetcherToast(data?.toast);
  useEffect(() => {
    if (data?.toast && data.sent) dialogRef.current?.close();
  }, [data]);
  const refusal = data && !data.sent && fetcher.state === "idle" ? data.toast : undefined;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="feedback-dialog-title"
      onClose={onClose}
      className="m-auto max-h-[calc(100%-2rem)] w-[min(32rem,calc(100%-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-left text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
    >
      <h2 id="feedback-dialog-title" className="text-xl font-semibold">
        Send feedback
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">A bug, an idea, a mistake on this page: tell us.</p>
      {/* The toast lies under the modal's backdrop: its words are repeated here. */}
      {refusal ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <strong>{refusal.title}</strong>
          {refusal.description ? ` ${refusal.description}` : null}
        </p>
      ) : null}
      <FeedbackForm
        id="feedback-dialog"
        action={href("/feedback")}
        FormComponent={fetcher.Form}
        constraint={FEEDBACK_CONSTRAINT}
        lastResult={data?.result}
        prefill={{ type: null, page, text: "" }}
        signedInAs={signedInAs}
        busy={fetcher.state !== "idle"}
        extraFields={<input type="hidden" name="dialog" value="1" />}
        cancel={
          <Button type="button" variant="secondary" onClick={() => dialogRef.current?.close()}>
            Cancel
          </Button>
        }
      />
    </dialog>
  );
}
