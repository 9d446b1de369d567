/**
 * The "analyzing" and "writing" states of the meeting pages. While a job is
 * waiting or running the page refreshes itself: without JavaScript through a
 * `<meta http-equiv="refresh">` inside `<noscript>` (inert when scripts
 * run), with JavaScript by polling the status route and revalidating the
 * page's data when a step changes.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { PIPELINE_REFRESH_SECONDS, pipelineStatusUrl, type PublicPipelineStatus } from "~/lib/jobs/status-types";

function signature(status: Pick<PublicPipelineStatus, "transcript" | "analysis" | "story">): string {
  return `${status.transcript}/${status.analysis}/${status.story}`;
}

/** Polls while `status.refresh`; revalidates the route's loaders once a step has moved on. */
export function usePipelineRefresh(
  status: PublicPipelineStatus | null | undefined,
  seconds = PIPELINE_REFRESH_SECONDS,
) {
  const revalidator = useRevalidator();
  const active = Boolean(status?.refresh);
  const meetingId = status?.cityVideoId ?? "";
  const seen = status ? signature(status) : "";
  useEffect(() => {
    if (!active || !meetingId) return;
    let canceled = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(pipelineStatusUrl(meetingId), { headers: { Accept: "application/json" } });
        if (!response.ok || canceled) return;
        const next = (await response.json()) as PublicPipelineStatus;
        if (!canceled && (signature(next) !== seen || !next.refresh)) void revalidator.revalidate();
      } catch {
        // A missed poll is retried at the next tick.
      }
    }, seconds * 1000);
    return () => {
      canceled = true;
      clearInterval(timer);
    };
    // revalidator is a new object on every render; its revalidate is what we need.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, meetingId, seen, seconds]);
}

/** Reloads the page every few seconds when JavaScript is off (and does nothing when it is on). */
export function NoScriptRefresh({ active, seconds = PIPELINE_REFRESH_SECONDS }: { active: boolean; seconds?: number }) {
  if (!active) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}

const TEXT = {
  analysis: {
    queued: ["Analysis queued", "This meeting is waiting to be analyzed. This page updates by itself."],
    running: ["Analyzing meeting…", "This usually takes less than a minute. This page updates by itself."],
  },
  story: {
    queued: ["Story queued", "A news story is waiting to be written. This page updates by itself."],
    running: ["Writing the story…", "This page updates by itself when the story is ready."],
  },
} as const;

/**
 * Keeps the page fresh while any step is pending; render it once per page.
 * The toast of an admin's job that has just finished travels in the page's
 * loader data to the root's toast outlet.
 */
export function PipelineAutoRefresh({ status }: { status: PublicPipelineStatus | null | undefined }) {
  usePipelineRefresh(status);
  return <NoScriptRefresh active={Boolean(status?.refresh)} />;
}

export const PREVIOUS_KEPT = {
  analysis: "The latest re-analysis failed; the analysis shown is the previous one.",
  story: "The latest story request failed; the story shown is the previous one.",
} as const;

export function FailureNotice({ message, note }: { message: string; note?: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-semibold">{message}</p>
      {note ? <p className="mt-1 text-sm">{note}</p> : null}
    </div>
  );
}

/**
 * The notice for one step of a meeting: queued, running or failed (with its
 * message); for admins also a failed re-run above the previous result.
 * Nothing when the result is there or nothing was asked.
 */
export function PipelineStatusNotice({ status, step }: { status: PublicPipelineStatus; step: "analysis" | "story" }) {
  const state = step === "analysis" ? status.analysis : status.story;
  const running = state === "analyzing" || state === "generating";
  if (state === "queued" || running) {
    const [title, text] = TEXT[step][running ? "running" : "queued"];
    return (
      <div
        role="status"
        aria-live="polite"
        className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center"
      >
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm text-slate-600">{text}</p>
      </div>
    );
  }
  if (state === "failed") {
    return (
      <FailureNotice
        message={
          status.error ??
          (step === "analysis" ? "Analysis failed" : "Failed to generate the news story. Please try again.")
        }
      />
    );
  }
  // Admins: a re-run that failed while the previous result stays in place.
  const rerunError = state === "present" ? status.errors?.[step] : undefined;
  return rerunError ? <FailureNotice message={rerunError} note={PREVIOUS_KEPT[step]} /> : null;
}
