import { href } from "react-router";

/**
 * The site's languages (docs/decisions/0087-english-and-spanish.md). English
 * is the source and the default; Spanish pages live under `/es` (the same
 * routes, served with React Router's basename `/es`, so every link of a
 * Spanish page stays Spanish) or answer `?lang=es`.
 */

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language in its own words, as the footer's switch offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

/** The path prefix of a language's pages: "/es", or "" for English. */
export const LOCALE_PREFIX: Record<Locale, string> = { en: "", es: "/es" };

/** The BCP 47 tag formatters use: the readers are in the United States. */
export const FORMAT_LOCALE: Record<Locale, string> = { en: "en-US", es: "es-US" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language a path's prefix names ("/es", "/es/city/x"), or null. */
export function prefixLocale(pathname: string): Locale | null {
  for (const locale of LOCALES) {
    const prefix = LOCALE_PREFIX[locale];
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) return locale;
  }
  return null;
}

/** A path without its language prefix: "/es/city/x" → "/city/x", "/es" → "/". */
export function withoutLocalePrefix(pathname: string): string {
  const locale = prefixLocale(pathname);
  if (!locale) return pathname;
  return pathname.slice(LOCALE_PREFIX[locale].length) || href("/");
}

/** The same page in another language: "/city/x?lang=es" with "es" → "/es/city/x". */
export function localizedHref(pathname: string, search: string, locale: Locale): string {
  const params = new URLSearchParams(search);
  params.delete("lang");
  const query = params.toString();
  const path = withoutLocalePrefix(pathname);
  const prefixed = LOCALE_PREFIX[locale]
    ? path === "/"
      ? LOCALE_PREFIX[locale]
      : `${LOCALE_PREFIX[locale]}${path}`
    : path;
  return `${prefixed}${query ? `?${query}` : ""}`;
}

/**
 * The address that always shows a page in `locale`, for `hreflang`: the
 * prefixed one, or for English the unprefixed one with `?lang=en` (without
 * it, the reader's saved choice or browser decides: that is `x-default`).
 */
export function alternateHref(pathname: string, search: string, locale: Locale): string {
  const href = localizedHref(pathname, search, locale);
  if (LOCALE_PREFIX[locale]) return href;
  return `${href}${href.includes("?") ? "&" : "?"}lang=${locale}`;
}
