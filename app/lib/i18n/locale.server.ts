import { COOKIES } from "~/lib/privacy/cookies";
import { secureCookies } from "~/lib/env/env.server";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, prefixLocale } from "./locales";

/**
 * The language of a request (decision record 0087), first that says one:
 * the URL (a `/es` prefix, then `?lang=`), the member's saved choice, the
 * `lang` cookie the footer's switch sets for visitors, then the browser's
 * `Accept-Language`; English otherwise. The rendered-page cache keys on
 * `anonymousLocale` (what the first, third and fourth decide).
 */
export function requestLocale(request: Request, memberLocale?: string | null): Locale {
  return urlLocale(new URL(request.url)) ?? (isLocale(memberLocale) ? memberLocale : null) ?? visitorLocale(request);
}

/** The language of a request with no member: URL, cookie, Accept-Language. */
export function anonymousLocale(request: Request): Locale {
  return urlLocale(new URL(request.url)) ?? visitorLocale(request);
}

function urlLocale(url: URL): Locale | null {
  const lang = url.searchParams.get("lang");
  return prefixLocale(url.pathname) ?? (isLocale(lang) ? lang : null);
}

function visitorLocale(request: Request): Locale {
  return cookieLocale(request) ?? acceptedLocale(request.headers.get("Accept-Language")) ?? DEFAULT_LOCALE;
}

const LANG_COOKIE = COOKIES.lang.name;
const LANG_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`);

function cookieLocale(request: Request): Locale | null {
  const value = LANG_COOKIE_VALUE.exec(request.headers.get("Cookie") ?? "")?.[1];
  return isLocale(value) ? value : null;
}

/**
 * The first of our languages the header accepts, by its q-values ("es-MX,
 * es;q=0.9, en;q=0.8" → "es"); null when it names none of them.
 */
export function acceptedLocale(header: string | null): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0]!, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.q > 0 && !Number.isNaN(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    if (range.language === "*") return null;
    const locale = LOCALES.find((candidate) => candidate === range.language);
    if (locale) return locale;
  }
  return null;
}

/** The Set-Cookie value that keeps a visitor's language for a year. */
export function langCookieHeader(locale: Locale): string {
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${COOKIES.lang.maxAgeSeconds}; SameSite=Lax; HttpOnly${secureCookies() ? "; Secure" : ""}`;
}
