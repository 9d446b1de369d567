import { Link, useLocation } from "react-router";
import { splitMarks } from "~/lib/ai/marks";
import { feedbackHref } from "~/lib/feedback/feedback";

/** The words of a text without the verification pass's marks. */
function plainWords(text: string): string {
  return splitMarks(text)
    .map((piece) => (piece.kind === "text" ? piece.text : ""))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * "Flag a mistake": a plain link (it works without JavaScript) to the
 * feedback form, pre-filled as a content error about this page at the
 * moment of the text (`?t=<seconds>`), with the text quoted in the message
 * (docs/decisions/0035-product-feedback.md).
 */
export function FlagMistakeLink({
  text,
  seconds = null,
  what,
}: {
  text: string;
  seconds?: number | null;
  /** What is flagged, for screen readers ("this highlight", "the summary"). */
  what: string;
}) {
  const { pathname } = useLocation();
  const page = seconds === null ? pathname : `${pathname}?t=${Math.max(0, Math.floor(seconds))}`;
  return (
    <Link
      to={feedbackHref({ type: "Content error", page, quote: plainWords(text) })}
      rel="nofollow"
      className="text-xs font-medium text-slate-500 not-italic hover:text-red-700 hover:underline"
      data-flag-mistake
    >
      Flag a mistake<span className="sr-only"> in {what}</span>
    </Link>
  );
}
