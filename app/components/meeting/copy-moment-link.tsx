import type { MouseEvent } from "react";
import { useOptionalShowToast } from "~/components/ui/toaster";
import { meetingHref } from "~/lib/meetings/links";

/**
 * "Copy link to this moment": the stable address of the meeting page at a
 * second (`…/meeting/:id?t=<seconds>`). Without JavaScript it is a real
 * link to that moment (open it, or copy it from the browser's menu); with
 * it the full address goes to the clipboard and a toast says so. Nothing
 * for a moment without a time.
 */
export function CopyMomentLink({
  meetingId,
  cityKey,
  seconds,
  className = "",
}: {
  meetingId: string;
  cityKey: string | null;
  seconds: number | null;
  className?: string;
}) {
  const showToast = useOptionalShowToast();
  if (seconds === null) return null;
  const path = meetingHref(meetingId, { cityKey, seconds });
  async function copy(event: MouseEvent<HTMLAnchorElement>) {
    if (!showToast || typeof navigator.clipboard?.writeText !== "function") return; // Follow the link.
    event.preventDefault();
    const url = new URL(path, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      showToast({ id: `copied-${Date.now()}`, type: "success", title: "Link copied", description: url });
    } catch {
      showToast({
        id: `copy-failed-${Date.now()}`,
        type: "error",
        title: "Could not copy: open the link and copy its address",
      });
    }
  }
  return (
    <a
      href={path}
      onClick={copy}
      rel="nofollow"
      className={`text-xs font-medium text-slate-500 not-italic hover:text-brand-700 hover:underline ${className}`}
      data-copy-moment
    >
      Copy link to this moment
    </a>
  );
}
