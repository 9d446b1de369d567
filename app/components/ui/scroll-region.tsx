/**
 * Content wider than a phone (a table, a code sample) scrolls inside this
 * region instead of the page (WCAG 1.4.10 reflow). The region takes the
 * keyboard focus, so it scrolls without a pointer, and is named for screen
 * readers. `relative` makes it the containing block of visually hidden
 * text inside it, which would otherwise escape the clip and widen the page.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
