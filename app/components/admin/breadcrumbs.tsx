import { href, Link, useMatches, type UIMatch } from "react-router";

/** One step of the admin trail; the last one is the page itself and is not a link. */
export type Crumb = { label: string; to?: string };

/**
 * What an admin route puts in its `handle` to appear in the trail after
 * "Admin Panel": a label, or crumbs made from its loader data (the section,
 * then the selected item). Routes without it add nothing.
 */
export type AdminHandle<Data = never> = { breadcrumb: string | ((data: Data | undefined) => Crumb[]) };

function hasBreadcrumb(handle: unknown): handle is AdminHandle<unknown> {
  return typeof handle === "object" && handle !== null && "breadcrumb" in handle;
}

function crumbsOf(match: UIMatch): Crumb[] {
  if (!hasBreadcrumb(match.handle)) return [];
  const { breadcrumb } = match.handle;
  return typeof breadcrumb === "string" ? [{ label: breadcrumb, to: match.pathname }] : breadcrumb(match.loaderData);
}

/** The trail of the current admin page: Admin Panel › section › selected item. Plain links: works without JS. */
export function AdminBreadcrumbs() {
  const crumbs: Crumb[] = [{ label: "Admin Panel", to: href("/admin") }, ...useMatches().flatMap(crumbsOf)];
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={index} className="flex items-center gap-1">
              {index > 0 ? (
                <span aria-hidden="true" className="text-slate-500">
                  ›
                </span>
              ) : null}
              {last || !crumb.to ? (
                <span aria-current={last ? "page" : undefined} className={last ? "font-semibold text-slate-900" : ""}>
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
