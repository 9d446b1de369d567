import { href, Outlet } from "react-router";
import { AdminBreadcrumbs } from "~/components/admin/breadcrumbs";
import { PageShell } from "~/components/layout/page-shell";
import { ADMIN_DENIED, PAGE_DENIED, requireAdmin } from "~/lib/auth/session.server";
import type { Route } from "./+types/layout";

// Runs before every loader and action under /admin, so no admin screen can
// forget the check; each admin loader and action also calls requireAdmin
// itself (cached per request), which keeps them safe when moved. A refusal
// here is rendered by the root error boundary (no loader has run yet).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    // The YouTube Channel Manager words its refusal differently (docs/product.md).
    const own = new URL(request.url).pathname.startsWith(href("/admin/youtube-manager"));
    await requireAdmin(request, own ? PAGE_DENIED : ADMIN_DENIED);
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/** Every admin page: the top bar, the breadcrumb trail from the routes' `handle.breadcrumb`, then the page. */
export default function AdminLayout() {
  return (
    <PageShell>
      <AdminBreadcrumbs />
      <Outlet />
    </PageShell>
  );
}
