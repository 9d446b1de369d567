/**
 * The pieces every prototype page shares: the frame (the admin layout's
 * under /admin, the public page shell otherwise), the banner saying it is a
 * prototype with sample data, and the hidden fields that carry a page's URL
 * state through a GET form (docs/decisions/0037-prototype-pages.md). Link
 * tabs are ui/link-tabs.tsx, which the desk uses too.
 */
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
