import { createContext, useContext } from "react";
import { Link } from "react-router";
import { splitMarks, VERIFICATION_MARKS, type MarkKind } from "~/lib/ai/marks";
import type { QuoteMoment } from "~/lib/meetings/provenance";

/**
 * Every text field of an analysis or a story is rendered through
 * `CheckedText`: the marks the verification pass left become explained
 * notes, and quotes the transcript places at a time get a link to that
 * moment (plain links: they work without JavaScript).
 */

type QuoteMoments = { moments: QuoteMoment[]; momentHref: (seconds: number) => string };

const QuoteMomentsContext = createContext<QuoteMoments>({ moments: [], momentHref: () => "" });

export function QuoteMomentsProvider({ value, children }: { value: QuoteMoments; children: React.ReactNode }) {
  return <QuoteMomentsContext.Provider value={value}>{children}</QuoteMomentsContext.Provider>;
}

/** A mark, with its explanation the first time its kind appears in a text (repeats would bury the text on a phone). */
function MarkNote({ kind, explained }: { kind: MarkKind; explained: boolean }) {
  const mark = VERIFICATION_MARKS[kind];
  return (
    <span data-mark={kind} className="text-sm font-normal not-italic">
      <mark className="rounded bg-amber-100 px-1 py-0.5 font-semibold text-amber-900 box-decoration-clone">
        {mark.text.slice(1, -1)}
      </mark>
      {explained ? <span className="text-amber-900"> ({mark.explanation})</span> : null}
    </span>
  );
}

function MomentChip({ moment, to }: { moment: QuoteMoment; to: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      className="ml-1 rounded bg-brand-50 px-1 py-0.5 font-mono text-xs whitespace-nowrap font-semibold text-brand-700 not-italic hover:bg-brand-100"
      aria-label={`Play this quote from ${moment.timestamp}`}
      data-quote-moment
    >
      ▶ {moment.timestamp}
    </Link>
  );
}

/** The first moment whose quote appears in `text`, with where; longer quotes win a tie. */
function firstQuote(text: string, moments: QuoteMoment[]): { moment: QuoteMoment; at: number } | null {
  let found: { moment: QuoteMoment; at: number } | null = null;
  for (const moment of moments) {
    const at = text.indexOf(moment.text);
    if (at < 0) continue;
    if (!found || at < found.at || (at === found.at && moment.text.length > found.moment.text.length))
      found = { moment, at };
  }
  return found;
}

/** The time (seconds) the transcript places a quote in `text` at, or null. */
export function useQuoteSeconds(text: string): number | null {
  const { moments } = useContext(QuoteMomentsContext);
  return firstQuote(text, moments)?.moment.seconds ?? null;
}

function LinkedQuotes({ text }: { text: string }) {
  const { moments, momentHref } = useContext(QuoteMomentsContext);
  const parts: React.ReactNode[] = [];
  let rest = text;
  for (let found = firstQuote(rest, moments); found; found = firstQuote(rest, moments)) {
    const end = found.at + found.moment.text.length;
    // Punctuation inside the closing quotation mark stays with its quote, before the link.
    const close = end + (/^[,.;:!?]?[”"’']/.exec(rest.slice(end))?.[0].length ?? 0);
    parts.push(rest.slice(0, close));
    parts.push(<MomentChip key={parts.length} moment={found.moment} to={momentHref(found.moment.seconds)} />);
    rest = rest.slice(close);
  }
  parts.push(rest);
  return <>{parts}</>;
}

export function CheckedText({ text }: { text: string }) {
  const explained = new Set<MarkKind>();
  return (
    <>
      {splitMarks(text).map((piece, index) => {
        if (piece.kind === "text") return <LinkedQuotes key={index} text={piece.text} />;
        const first = !explained.has(piece.mark);
        explained.add(piece.mark);
        return <MarkNote key={index} kind={piece.mark} explained={first} />;
      })}
    </>
  );
}

/** How the content was made and what was checked (docs/product.md#messages-meeting-pages). */
export function ProvenanceNote({
  provenance,
  label,
}: {
  provenance: { madeBy: string; checks: string[] } | null;
  label: string;
}) {
  if (!provenance) return null;
  return (
    <section
      aria-label={label}
      className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
      data-provenance
    >
      <p className="font-medium text-slate-800">{provenance.madeBy}</p>
      {provenance.checks.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}
