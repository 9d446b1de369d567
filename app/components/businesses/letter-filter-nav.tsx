import { Link } from "react-router";
import type { LetterFilter } from "~/lib/businesses/listing";

const NAMES: Partial<Record<LetterFilter, string>> = {
  All: "All letters",
  "0-9": "0-9: names starting with a digit",
};

/**
 * The first-letter filter of the directories (public, admin, prototype): a
 * link per letter, the chosen one marked, and where asked a Clear link.
 * Links, not buttons: each choice is a URL that works without JavaScript.
 */
export function LetterFilterNav({
  letters,
  current,
  hrefFor,
  clearHref,
  replace = false,
}: {
  letters: readonly LetterFilter[];
  current: LetterFilter;
  hrefFor: (letter: LetterFilter) => string;
  /** The admin's "A–Z with Clear" (docs/product.md); the public filter has All instead. */
  clearHref?: string;
  /** Whether a choice replaces the history entry (the public directory: filters are not pages to go back through). */
  replace?: boolean;
}) {
  return (
    <nav aria-label="Filter by first letter" className="mt-4">
      <ul className="flex flex-wrap gap-1">
        {letters.map((letter) => {
          const chosen = current === letter;
          return (
            <li key={letter}>
              <Link
                to={hrefFor(letter)}
                preventScrollReset
                replace={replace}
                aria-current={chosen ? "page" : undefined}
                aria-label={NAMES[letter]}
                className={`grid h-10 min-w-10 place-items-center rounded-md px-2 text-sm font-semibold ${
                  chosen ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200"
                }`}
              >
                {letter}
              </Link>
            </li>
          );
        })}
        {clearHref ? (
          <li>
            <Link
              to={clearHref}
              preventScrollReset
              replace={replace}
              className="grid h-10 place-items-center rounded-md px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              Clear<span className="sr-only"> letter</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
