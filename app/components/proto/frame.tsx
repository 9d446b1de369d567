/**
 * The pieces every prototype page shares: the frame (the admin layout's
 * under /admin, the public page shell otherwise), the banner saying it is a
 * prototype with sample data, link tabs and toggles that keep their state in
 * the URL, and the hidden fields that carry the rest of that state through a
 * GET form (docs/decisions/0037-prototype-pages.md).
 */
import { Link, useLocation } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { SAMPLE_TOWN } from "~/lib/prototypes/sample-data";

export function PrototypeBanner() {
  return (
    <p
      role="note"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="prototype-banner"
    >
      <strong className="font-semibold">Prototype:</strong> this page shows sample data for the fictional town of{" "}
      {SAMPLE_TOWN}. Nothing here is live, stored or for sale.
    </p>
  );
}

export function ProtoFrame({ admin, children }: { admin: boolean; children: React.ReactNode }) {
  const body = (
    <>
      <PrototypeBanner />
      {children}
    </>
  );
  return admin ? body : <PageShell>{body}</PageShell>;
}

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

/** Hidden inputs for every parameter of `search` except `omit`, so a GET form keeps the rest of the state. */
export function HiddenParams({ search, omit }: { search: string; omit: readonly string[] }) {
  const entries = [...new URLSearchParams(search)].filter(([name]) => !omit.includes(name));
  return (
    <>
      {entries.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** An emoji as an image with a name. */
export function Emoji({ symbol, label, className = "" }: { symbol: string; label: string; className?: string }) {
  return (
    <span role="img" aria-label={label} className={className}>
      {symbol}
    </span>
  );
}
