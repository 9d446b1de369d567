import {
  data,
  href,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { Footer } from "~/components/layout/footer";
import { NavigationBar, type NavCity } from "~/components/layout/navigation-bar";
import { TopBar } from "~/components/layout/top-bar";
import { getCurrentUser } from "~/lib/auth/session.server";
import { getCityNavByKey } from "~/lib/cities/cities.server";
import { AccessDenied } from "~/components/access-denied";
import { NotFound } from "~/components/not-found";
import { Toaster } from "~/components/ui/toaster";
import { getToast } from "~/lib/toast/toast.server";
import { useNonce } from "~/lib/http/nonce";
import type { ClientUser } from "~/components/hooks/use-user";
import type { Route } from "./+types/root";
import "./app.css";

export const meta: Route.MetaFunction = () => [
  { title: "Gavel | Local government, in plain sight" },
  {
    name: "description",
    content: "Gavel turns city council meetings into searchable, plain-language news and analysis for every resident.",
  },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const [{ toast, headers }, user] = await Promise.all([getToast(request), getCurrentUser(request)]);
  // `url`, not request.url: on client navigations the latter is the `.data` address.
  const cityKey = user ? decodePathSegment(/^\/city\/([^/]+)/.exec(url.pathname)?.[1]) : null;
  const navCity = cityKey ? await getCityNavByKey(cityKey) : null;
  return data(
    { toast, user: user ? { email: user.email, isAdmin: user.isAdmin } : null, navCity },
    { headers: headers ?? undefined },
  );
}

/** A path segment decoded, or null when it is missing or badly encoded (`%ZZ`: the page is then not found). */
function decodePathSegment(segment: string | undefined): string | null {
  try {
    return segment ? decodeURIComponent(segment) : null;
  } catch {
    return null;
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0D9488" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast, user, navCity } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <>
      <Toaster toast={toast} />
      {user && pathname !== "/" ? <NavigationBar city={navCity} /> : null}
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </>
  );
}

type ErrorBody = { message?: string; user?: ClientUser | null } | null;

/**
 * Error pages keep the frame of every page: navigation bar for members, top
 * bar with the account menu, footer. The root loader's data is missing when
 * a middleware refused the request (no loader ran), so a refusal carries the
 * signed-in user in its body (requireAdmin).
 */
function ErrorShell({
  user,
  navCity,
  children,
}: {
  user: ClientUser | null;
  navCity: NavCity | null;
  children: React.ReactNode;
}) {
  return (
    <>
      {user ? <NavigationBar city={navCity} /> : null}
      <TopBar user={user} />
      <div className="flex flex-1 flex-col">{children}</div>
      <Footer />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const body = isRouteErrorResponse(error) ? (error.data as ErrorBody) : null;
  const user = rootData?.user ?? body?.user ?? null;
  const shell = (content: React.ReactNode) => (
    <ErrorShell user={user} navCity={rootData?.navCity ?? null}>
      {content}
    </ErrorShell>
  );
  if (isRouteErrorResponse(error) && error.status === 404) return shell(<NotFound />);
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    return shell(<AccessDenied message={body?.message} signedIn={error.status === 403} />);
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return shell(
    <main className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">An unexpected error occurred</h1>
      <p className="mt-2 text-slate-600">Something went wrong on our side. Please try again in a moment.</p>
      <a href={href("/")} className="mt-6 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Return to Home
      </a>
    </main>,
  );
}
