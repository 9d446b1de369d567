import {
  data,
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
import { SkipLink } from "~/components/layout/main";
import { MemberNavigation } from "~/components/layout/member-menus";
import type { NavCity } from "~/components/layout/navigation-bar";
import { TopBar } from "~/components/layout/top-bar";
import { getCurrentUser } from "~/lib/auth/session.server";
import { getCityNavByKey } from "~/lib/cities/cities.server";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { ToastOutlet } from "~/components/ui/toaster";
import { getToast } from "~/lib/toast/toast.server";
import { useNonce } from "~/lib/http/nonce";
import { useDocumentOptions } from "~/lib/document/document";
import { isLiteRequest } from "~/lib/document/lite.server";
import type { ClientUser } from "~/components/hooks/use-user";
import { useLocale } from "~/components/hooks/use-t";
import { messagesFor, translate } from "~/lib/i18n/catalogs.server";
import { requestLocale } from "~/lib/i18n/locale.server";
import { alternateHref, LOCALE_NAMES, LOCALES, localizedHref, withoutLocalePrefix } from "~/lib/i18n/locales";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";

/** The stylesheet is inlined by the server (entry.server); only the dev server links it, for its live reload. */
export const links: Route.LinksFunction = () =>
  import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheetUrl }] : [];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title ?? "Gavel | Local government, in plain sight" },
  { name: "description", content: loaderData?.meta.description },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const [{ toast, headers }, user] = await Promise.all([getToast(request), getCurrentUser(request)]);
  const lite = isLiteRequest(request);
  // `url`, not request.url: on client navigations the latter is the `.data` address.
  const pathname = withoutLocalePrefix(url.pathname);
  const cityKey = user ? decodePathSegment(/^\/city\/([^/]+)/.exec(pathname)?.[1]) : null;
  const navCity = cityKey ? await getCityNavByKey(cityKey) : null;
  const locale = requestLocale(request, user?.locale);
  // The same page in each language, for `hreflang` (the unprefixed address lets the reader's choice decide).
  const alternates = [
    ...LOCALES.map((lang) => ({
      hrefLang: lang,
      href: new URL(alternateHref(pathname, url.search, lang), url.origin).href,
    })),
    { hrefLang: "x-default", href: new URL(localizedHref(pathname, url.search, "en"), url.origin).href },
  ];
  return data(
    {
      toast,
      user: user ? { email: user.email, isAdmin: user.isAdmin } : null,
      navCity,
      lite,
      locale,
      alternates,
      messages: messagesFor(locale, ["layout", "meta"]),
      // The footer's switch: the other languages, each named in itself.
      languages: LOCALES.filter((lang) => lang !== locale).map((lang) => ({ lang, name: LOCALE_NAMES[lang] })),
      meta: { title: translate(locale, "meta.title"), description: translate(locale, "meta.description") },
    },
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
  // A lite reading page is plain HTML and CSS: no script, no modulepreload (decision record 29).
  const { lite, css } = useDocumentOptions();
  const locale = useLocale();
  const alternates = useRouteLoaderData<typeof loader>("root")?.alternates ?? [];
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0D9488" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {alternates.map((alternate) => (
          <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
        ))}
        {import.meta.env.DEV ? null : (
          // Hydration leaves the server's text in place; the browser's copy of this is empty.
          <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />
        )}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <SkipLink />
        {children}
        {lite ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { user, navCity, lite } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <ToastOutlet>
      {user && pathname !== "/" ? <MemberNavigation city={navCity} /> : null}
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer lite={lite} />
    </ToastOutlet>
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
  lite,
  children,
}: {
  user: ClientUser | null;
  navCity: NavCity | null;
  lite: boolean;
  children: React.ReactNode;
}) {
  return (
    <>
      {user ? <MemberNavigation city={navCity} /> : null}
      <TopBar user={user} />
      <div className="flex flex-1 flex-col">{children}</div>
      <Footer lite={lite} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const body = isRouteErrorResponse(error) ? (error.data as ErrorBody) : null;
  return (
    <ErrorShell
      user={rootData?.user ?? body?.user ?? null}
      navCity={rootData?.navCity ?? null}
      lite={rootData?.lite ?? false}
    >
      <GeneralErrorBoundary />
    </ErrorShell>
  );
}
