import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { requireAdmin } from "~/lib/auth/session.server";
import type { Route } from "./+types/layout";

// Runs before every loader and action under /admin, so no admin screen can
// forget the check; each admin loader and action also calls requireAdmin
// itself (cached per request), which keeps them safe when moved.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    await requireAdmin(request);
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <PageShell>
      <Outlet />
    </PageShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || (error.status !== 401 && error.status !== 403)) throw error;
  const { message, signedIn } = error.data as { message: string; signedIn?: boolean };
  return (
    <PageShell narrow>
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800">
        {message}
      </p>
      {signedIn ? null : (
        <Link to="/auth" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      )}
    </PageShell>
  );
}
