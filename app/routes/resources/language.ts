import { href, redirect } from "react-router";
import { getCurrentUser, safeRedirect } from "~/lib/auth/session.server";
import { setLocale } from "~/lib/auth/users.server";
import { LanguageSchema } from "~/lib/i18n/language-form";
import { langCookieHeader } from "~/lib/i18n/locale.server";
import { localizedHref } from "~/lib/i18n/locales";
import type { Route } from "./+types/language";

/**
 * POST /resources/language (`lang=en|es`, `redirectTo`): the footer's
 * language switch, a plain form post that works without JavaScript. Keeps
 * the choice (the member's saved preference, and the `lang` cookie for
 * everyone) and goes back to the same page in that language: under `/es`
 * for Spanish, unprefixed for English (docs/decisions/0087-english-and-spanish.md).
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = LanguageSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirect(href("/"), 303);
  const { lang, redirectTo } = parsed.data;
  const user = await getCurrentUser(request);
  if (user) await setLocale(user.id, lang);
  const origin = new URL(request.url).origin;
  const back = new URL(safeRedirect(redirectTo, href("/")), origin);
  // Absolute: posted under `/es`, React Router would put a path back under its basename.
  return redirect(new URL(localizedHref(back.pathname, back.search, lang) + back.hash, origin).href, {
    status: 303,
    headers: { "Set-Cookie": langCookieHeader(lang) },
  });
}

export function loader() {
  return redirect(href("/"));
}
