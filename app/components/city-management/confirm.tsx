/**
 * The step a deletion asks first: a panel that says what goes, with the
 * deleting button and a way back. It is a state of the page (`?confirm=…`),
 * reached by a link, so it works without JavaScript; with JavaScript the
 * focus moves to it when it opens.
 */
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { LINK } from "./page-fetcher";

export function ConfirmPanel({
  title,
  cancelTo,
  children,
  action,
}: {
  title: string;
  cancelTo: string;
  children: React.ReactNode;
  /** The form that deletes; none when the deletion is refused. */
  action?: React.ReactNode;
}) {
  const headingId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-950 outline-none focus-visible:ring-2 focus-visible:ring-red-700"
    >
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      <div className="mt-2 space-y-2 text-sm">{children}</div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {action}
        <Link className={LINK} to={cancelTo} preventScrollReset>
          {action ? "Cancel" : "Back"}
        </Link>
      </div>
    </section>
  );
}
