import { Link } from "react-router";
import { paginationWindow } from "~/lib/pagination";

const ITEM = "grid h-11 min-w-11 place-items-center rounded-md px-3 text-sm font-semibold";

/**
 * A pagination bar of links (works without JavaScript): Previous, up to 5
 * page links with the first and last page and gaps, Next. Each link is a
 * 44 px touch target; the current page carries aria-current.
 */
export function Pagination({
  page,
  pageCount,
  hrefOf,
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefOf(page - 1)} rel="prev" className={`${ITEM} bg-slate-100 hover:bg-slate-200`}>
              Previous<span className="sr-only"> page</span>
            </Link>
          ) : null}
        </li>
        {paginationWindow(page, pageCount).map((item, index) =>
          item === "…" ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefOf(item)}
                aria-current={item === page ? "page" : undefined}
                aria-label={`Page ${item}`}
                className={`${ITEM} ${item === page ? "bg-brand-600 text-white" : "bg-slate-100 hover:bg-slate-200"}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefOf(page + 1)} rel="next" className={`${ITEM} bg-slate-100 hover:bg-slate-200`}>
              Next<span className="sr-only"> page</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
