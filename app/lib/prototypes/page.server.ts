/**
 * The loader every prototype page shares. Under /admin it is an admin page
 * (requireAdmin); /proto/pricing and /proto/business-directory serve the
 * same modules to everyone (routes.ts registers them twice), cached like the
 * other public pages. The pages render sample data from sample-data.ts:
 * nothing is read from the database.
 */
import { data } from "react-router";
import { getCurrentUser, requireAdmin } from "~/lib/auth/session.server";
import { appUrl } from "~/lib/env/env.server";
import { cacheHeaders } from "~/lib/http/cache.server";

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** `url`: the loader's normalized URL (a client navigation's `.data` suffix removed). */
export async function loadPrototypePage(request: Request, url: URL) {
  const { pathname } = url;
  const admin = isAdminPath(pathname);
  const user = admin ? await requireAdmin(request) : await getCurrentUser(request);
  return data({ admin, canonicalUrl: `${appUrl()}${pathname}` }, { headers: cacheHeaders(user) });
}
