/**
 * A box that scrolls sideways when its content (a wide table, a code
 * sample) is wider than a narrow window, so the page itself never does
 * (WCAG 1.4.10). It is a named region in the tab order, so a keyboard can
 * scroll it with the arrow keys.
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
