/**
 * Link tabs and toggles that keep their state in the URL: the desk's tabs and
 * the prototype pages' (docs/decisions/0037-prototype-pages.md). Their own
 * module, so that a page with tabs does not load the prototypes' sample data.
 */
import { Link, useLocation } from "react-router";

/** This page with another query string ("" for none). */
export function useSamePage(): (search: string) => string {
  const { pathname } = useLocation();
  return (search) => `${pathname}${search}`;
}

export type LinkOption = { key: string; label: React.ReactNode; search: string; current: boolean };

/**
 * A row of links that behave as tabs or toggles, each to this page with its
 * state: plain navigation without JavaScript, a client-side one with it. The
 * current one is marked with aria-current.
 */
export function LinkTabs({
  label,
  options,
  size = "md",
}: {
  label: string;
  options: readonly LinkOption[];
  size?: "md" | "sm";
}) {
  const samePage = useSamePage();
  const pad = size === "md" ? "px-4 py-2 text-sm" : "px-3 py-1.5 text-sm";
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.key}>
            <Link
              to={samePage(option.search)}
              preventScrollReset
              aria-current={option.current ? "page" : undefined}
              className={`inline-block rounded-md border font-semibold ${pad} ${
                option.current
                  ? "border-brand-700 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"
              }`}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
