/** Paging of long lists: the `?page=` parameter, and the pagination bar's links. */

/** One place in a pagination bar: a page number, or a gap ("…"). */
export type PageItem = number | "…";

/** How many page links the bar shows around the current page (docs/product.md). */
export const PAGE_LINKS = 5;

/**
 * The page links of a pagination bar: up to 5 consecutive pages around the
 * current one, then an ellipsis and the last page when there are more
 * pages after them; and, mirrored, the first page and an ellipsis when the
 * window starts later (docs/decisions/0033-business-directory-admin.md).
 * Empty for no pages; `current` is clamped into 1…total.
 */
export function paginationWindow(current: number, total: number): PageItem[] {
  const pages = Math.max(0, Math.floor(total));
  if (pages === 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current) || 1), pages);
  const start = Math.max(1, Math.min(page - Math.floor(PAGE_LINKS / 2), pages - PAGE_LINKS + 1));
  const end = Math.min(pages, start + PAGE_LINKS - 1);
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push("…");
  for (let number = start; number <= end; number++) items.push(number);
  if (end < pages - 1) items.push("…");
  if (end < pages) items.push(pages);
  return items;
}

/**
 * The page a `?page=` parameter asks for: a whole number from 1, else the
 * first page (missing, malformed, zero or negative); with `max`, at most
 * that page. The one parser of a page number in a URL.
 */
export function parsePageParam(value: string | null | undefined, max = Number.MAX_SAFE_INTEGER): number {
  const page = /^\d+$/.test(value?.trim() ?? "") ? Number(value) : 1;
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, max) : 1;
}
