import { lazy, Suspense, useRef, useState } from "react";
import { Form, href, Link, useLocation, useRouteError } from "react-router";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { useOptionalUser } from "~/components/hooks/use-user";
import { PRODUCT_NAME } from "~/lib/constants";
import { feedbackHref } from "~/lib/feedback/feedback";

/** Fetched the first time someone opens it (decision record 29). */
const FeedbackDialog = lazy(() => import("~/components/feedback/feedback-dialog"));

const LINKS = [
  { to: href("/"), label: "Home" },
  { to: href("/about"), label: "About" },
  { to: href("/contact"), label: "Contact" },
  { to: href("/privacy"), label: "Privacy Policy" },
  { to: href("/api"), label: "API" },
];

export function Footer({ lite }: { lite: boolean }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Local government, in plain sight.
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center gap-4">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-slate-900 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <FeedbackLink />
            </li>
            <li>
              <LiteModeSwitch lite={lite} />
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/**
 * Lite mode on or off: a plain form post (a full page load, so the page
 * comes back with or without its scripts), back to this page.
 */
function LiteModeSwitch({ lite }: { lite: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action={href("/resources/lite-mode")} reloadDocument>
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <button
        type="submit"
        name="lite"
        value={lite ? "off" : "on"}
        title="Reading pages without scripts: lighter on slow connections and old phones"
        className="hover:text-slate-900 hover:underline"
      >
        Lite mode: {lite ? "on" : "off"}
      </button>
    </Form>
  );
}

/**
 * "Feedback": a link to the form page, about this page; with JavaScript it
 * opens the same form in a dialog, and closing the dialog puts the focus
 * back here. The root error page has no toast outlet: there it stays a link.
 */
function FeedbackLink() {
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const user = useOptionalUser();
  // Null (not undefined) outside an error boundary.
  const onErrorPage = useRouteError() != null;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const here = `${pathname}${search}`;
  const onFormPage = pathname === href("/feedback");
  return (
    <>
      <Link
        ref={linkRef}
        to={onFormPage ? here : feedbackHref({ page: here })}
        className="hover:text-slate-900 hover:underline"
        onClick={(event) => {
          if (!hydrated || onFormPage || onErrorPage || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setOpenOn(here);
        }}
      >
        Feedback
      </Link>
      {openOn === here ? (
        <Suspense fallback={null}>
          <FeedbackDialog
            page={here}
            signedInAs={user?.email ?? null}
            onClose={() => {
              setOpenOn(null);
              linkRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
