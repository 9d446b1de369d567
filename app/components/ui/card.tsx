/**
 * A titled panel: a section named by its heading. The one card of the app
 * (the city page's side cards, the content and story screens of the back
 * office).
 */
export function Card({
  title,
  id = `card-${title.toLowerCase().replace(/\s+/g, "-")}`,
  className = "",
  bodyClassName = "",
  children,
}: {
  title: string;
  /** The heading's id (the section's name); by default made from the title. */
  id?: string;
  /** More classes for the section (its margin in a layout). */
  className?: string;
  /** Classes for the body under the heading. */
  bodyClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`.trim()}
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className={`mt-3 ${bodyClassName}`.trim()}>{children}</div>
    </section>
  );
}
