import { lazy, Suspense, useRef, useState } from "react";
import { Form, href, Link, useHref, useLocation, useRouteError } from "react-router";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { useOptionalUser } from "~/components/hooks/use-user";
import { useLanguages, useT } from "~/components/hooks/use-t";
import type { MessageId } from "~/lib/i18n/catalogs/en";
import { PRODUCT_NAME } from "~/lib/constants";
import { feedbackHref } from "~/lib/feedback/feedback";

/** Fetched the first time someone opens it (decision record 29). */
const FeedbackDialog = lazy(() => import("~/components/feedback/feedback-dialog"));

const LINKS: { to: string; label: MessageId }[] = [
  { to: href("/"), label: "layout.footer.home" },
  { to: href("/about"), label: "layout.footer.about" },
  { to: href("/contact"), label: "layout.footer.contact" },
  { to: href("/privacy"), label: "layout.footer.privacy" },
  { to: href("/api"), label: "layout.footer.api" },
];

export function Footer({ lite }: { lite: boolean }) {
  const t = useT();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. {t("layout.footer.tagline")}
        </p>
        <nav aria-label={t("layout.footer.label")}>
          <ul className="flex flex-wrap items-center gap-4">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-slate-900 hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
            <li>
              <FeedbackLink />
            </li>
            <li>
              <PageSwitches lite={lite} />
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/**
 * Lite mode on or off, and the other languages: plain form posts (a full
 * page load, so the page comes back with or without its scripts, or in the
 * language chosen), back to this page. The language buttons post to
 * routes/resources/language.ts (`formAction`), each named in its language.
 */
function PageSwitches({ lite }: { lite: boolean }) {
  const { pathname, search } = useLocation();
  const t = useT();
  const languages = useLanguages();
  // useHref: with the language's prefix (`/es`), so the page comes back in its language.
  const back = useHref(`${pathname}${search}`);
  const button = "hover:text-slate-900 hover:underline";
  return (
    <Form method="post" action={href("/resources/lite-mode")} reloadDocument className="flex gap-4">
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        name="lite"
        value={lite ? "off" : "on"}
        title={t("layout.footer.liteTitle")}
        className={button}
      >
        {t(lite ? "layout.footer.liteOn" : "layout.footer.liteOff")}
      </button>
      {languages.map(({ lang, name }) => (
        <button
          key={lang}
          type="submit"
          formAction={href("/resources/language")}
          name="lang"
          value={lang}
          lang={lang}
          title={t("layout.footer.languageTitle")}
          className={button}
        >
          {name}
        </button>
      ))}
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
  const t = useT();
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
        {t("layout.footer.feedback")}
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
