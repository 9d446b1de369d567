/**
 * shouldRevalidate of the prototype pages: their state is the query string
 * and their data is sample-data.ts, so a tab, chip, toggle or filter (a link
 * or GET form to the same page) re-renders in the browser without asking
 * the page's loader again (docs/decisions/0037-prototype-pages.md).
 */
import type { ShouldRevalidateFunctionArgs } from "react-router";

export function revalidateUnlessSamePage({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formMethod" | "defaultShouldRevalidate">): boolean {
  const get = !formMethod || formMethod.toUpperCase() === "GET";
  if (get && currentUrl.pathname === nextUrl.pathname && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}
