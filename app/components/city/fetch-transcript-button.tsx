import { useFetcher } from "react-router";
import { FETCH_TRANSCRIPT } from "~/lib/meetings/admin-intents";

/**
 * Fetch Transcript, for admins (the server decides who sees it and checks
 * again on post). A plain form post to the city page's action; with
 * JavaScript a fetcher shows 'Fetching…' meanwhile.
 */
export function FetchTranscriptButton({ meetingId, className }: { meetingId: string; className: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={FETCH_TRANSCRIPT} />
      <input type="hidden" name="meetingId" value={meetingId} />
      <button type="submit" disabled={busy} className={`${className} disabled:opacity-60`}>
        <span aria-live="polite">{busy ? "Fetching…" : "Fetch Transcript"}</span>
      </button>
    </fetcher.Form>
  );
}
