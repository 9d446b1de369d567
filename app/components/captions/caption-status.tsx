/**
 * A video's caption state for admins (City Management's video rows,
 * Content Management's details, the revisions page): fetched, and by which
 * client; or failed with its reason, the attempts, and the next attempt or
 * why there is none; with a Retry captions button (a plain form post to
 * /resources/captions-retry that comes back to `returnTo`).
 * docs/decisions/0049-captions-from-a-data-center.md.
 */
import { Form, href } from "react-router";
import {
  CAPTION_CLIENT_LABELS,
  CAPTION_REASON_LABELS,
  isTransientReason,
  type CaptionStateView,
} from "~/lib/captions/reasons";
import { formatDateTime } from "~/lib/format/date";

function nextStep(state: CaptionStateView): string {
  if (state.nextRetryAt) return `Next try ${formatDateTime(state.nextRetryAt)}.`;
  if (state.reason && !isTransientReason(state.reason)) return "Not retried: it is about the video itself.";
  return "No more tries: out of attempts.";
}

export function CaptionStatus({
  meetingId,
  state,
  returnTo,
  title,
}: {
  meetingId: string;
  state: CaptionStateView | null;
  /** The page (path and query) the Retry captions button comes back to. */
  returnTo: string;
  /** The video's title, for the button's accessible name. */
  title?: string | null;
}) {
  if (!state) return null;
  if (state.status === "fetched") {
    return (
      <p className="text-sm text-slate-600" data-caption-status="fetched">
        Captions fetched from {state.client ? CAPTION_CLIENT_LABELS[state.client] : "YouTube"}
        {state.attempts > 1 ? ` after ${state.attempts} attempts` : ""}, {formatDateTime(state.lastAttemptAt)}.
      </p>
    );
  }
  const permanent = state.reason ? !isTransientReason(state.reason) : false;
  return (
    <div
      data-caption-status="failed"
      data-caption-reason={state.reason ?? undefined}
      className={`mt-1 flex flex-wrap items-start gap-x-4 gap-y-2 rounded-md border p-2 text-sm ${
        permanent ? "border-slate-200 bg-slate-50 text-slate-800" : "border-amber-300 bg-amber-50 text-amber-950"
      }`}
    >
      <div className="min-w-0 flex-1 break-words">
        <p>
          <span className="font-semibold">
            Captions failed: {state.reason ? CAPTION_REASON_LABELS[state.reason] : "unknown reason"}.
          </span>{" "}
          {state.message}
        </p>
        <p className="mt-0.5">
          {state.attempts} of {state.retryLimit} attempts, the last {formatDateTime(state.lastAttemptAt)}.{" "}
          {nextStep(state)}
        </p>
      </div>
      <Form method="post" action={href("/resources/captions-retry")} preventScrollReset>
        <input type="hidden" name="meetingId" value={meetingId} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-50"
        >
          Retry captions{title ? <span className="sr-only"> for {title}</span> : null}
        </button>
      </Form>
    </div>
  );
}
