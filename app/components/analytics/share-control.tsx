import { useState, type MouseEvent } from "react";
import { useLocation } from "react-router";
import { ANALYTICS_BEACON_PATH, type ClientEvent } from "~/lib/analytics/events";

/** Tells the server's analytics about an event only the browser sees; never waits, never fails the page. */
function sendBeacon(event: ClientEvent, page: string) {
  try {
    navigator.sendBeacon(ANALYTICS_BEACON_PATH, new URLSearchParams({ event, page }));
  } catch {
    // Counting is never worth an error.
  }
}

/**
 * Share this page. Without JavaScript: a plain link to the page itself
 * (copy it, or open it to share from the browser). With it: the system
 * share sheet where there is one, else the link copied to the clipboard;
 * either way a `share` event is counted (app/lib/analytics).
 */
export function ShareControl({ title }: { title: string }) {
  const { pathname } = useLocation();
  const [status, setStatus] = useState("");
  async function share(event: MouseEvent<HTMLAnchorElement>) {
    const url = new URL(pathname, window.location.origin).href;
    const shareable = typeof navigator.share === "function";
    const copyable = typeof navigator.clipboard?.writeText === "function";
    if (!shareable && !copyable) return; // Follow the link.
    event.preventDefault();
    try {
      if (shareable) {
        await navigator.share({ title, url });
        setStatus("");
      } else {
        await navigator.clipboard.writeText(url);
        setStatus("Link copied");
      }
      sendBeacon("share", pathname);
    } catch (error) {
      // Closing the share sheet is not a failure; anything else is said.
      if (!(error instanceof DOMException && error.name === "AbortError"))
        setStatus("Could not share: copy the address");
    }
  }
  return (
    <span className="inline-flex items-baseline gap-2">
      <a
        href={pathname}
        onClick={share}
        className="font-semibold text-brand-700 hover:underline"
        data-testid="share-link"
        aria-label={`Share “${title}”`}
      >
        Share
      </a>
      <span role="status" aria-live="polite" className="text-sm text-slate-600">
        {status}
      </span>
    </span>
  );
}
