/**
 * Where the newest refresh of a source URL stands, above its videos table:
 * queued, running, done with its counts, or failed with the reason. While a
 * refresh waits or runs the page refreshes itself: without JavaScript
 * through `<NoScriptRefresh>`, with JavaScript by revalidating its loaders.
 */
import { NoScriptRefresh } from "~/components/pipeline/pipeline-status";
import { useRevalidateWhile } from "~/components/hooks/use-revalidate-while";
import { formatDateTime } from "~/lib/format/date";
import { describeRefreshCounts } from "~/lib/sources/refresh-counts";
import type { SourceRefreshStatus } from "~/lib/sources/requests.server";

const FAILED_TITLE = "Error refreshing videos";

function Notice({ title, text, failed = false }: { title: string; text: string; failed?: boolean }) {
  const tone = failed ? "border-red-200 bg-red-50 text-red-800" : "border-slate-200 bg-slate-50 text-slate-700";
  return (
    <div role={failed ? "alert" : "status"} className={`mt-4 rounded-lg border p-3 text-sm ${tone}`}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{text}</p>
    </div>
  );
}

function StatusNotice({ status }: { status: SourceRefreshStatus }) {
  switch (status.state) {
    case "none":
      return null;
    case "queued":
      return status.retryingAfter ? (
        <Notice failed title={FAILED_TITLE} text={`${status.retryingAfter} Trying once more shortly.`} />
      ) : (
        <Notice title="Refresh queued" text="Waiting for the worker. This page updates by itself." />
      );
    case "running":
      return <Notice title="Refreshing videos…" text="This page updates by itself when the refresh is done." />;
    case "done": {
      const when = status.finishedAt ? ` ${formatDateTime(status.finishedAt)}` : "";
      return <Notice title={`Last refresh${when}`} text={describeRefreshCounts(status.counts)} />;
    }
    case "failed": {
      const when = status.finishedAt ? ` (${formatDateTime(status.finishedAt)})` : "";
      return <Notice failed title={FAILED_TITLE} text={`${status.error}${when} The videos stored are unchanged.`} />;
    }
  }
}

/**
 * The refresh notice; `autoRefresh` off keeps the page still (an admin
 * typing in an edit form without JavaScript must not be reloaded away).
 */
export function SourceRefreshStatusNotice({
  status,
  autoRefresh,
}: {
  status: SourceRefreshStatus;
  autoRefresh: boolean;
}) {
  const pending = status.state === "queued" || status.state === "running";
  useRevalidateWhile(pending);
  return (
    <>
      <NoScriptRefresh active={pending && autoRefresh} />
      <StatusNotice status={status} />
    </>
  );
}
