import { useMatches, useRouteError, useRouteLoaderData } from "react-router";
import type { MessageId } from "~/lib/i18n/catalogs/en";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import type { CompiledMessage, Messages } from "~/lib/i18n/message";

type RootI18n = { locale?: Locale; languages?: { lang: Locale; name: string }[] } | undefined;

/** The page's language, as the root loader settled it (app/lib/i18n/locale.server.ts). */
export function useLocale(): Locale {
  const refusal = (useRouteError() as { data?: RootI18n } | undefined)?.data;
  return (useRouteLoaderData("root") as RootI18n)?.locale ?? refusal?.locale ?? DEFAULT_LOCALE;
}

/** The languages the footer's switch offers: all but the page's own. */
export function useLanguages(): { lang: Locale; name: string }[] {
  return (useRouteLoaderData("root") as RootI18n)?.languages ?? [];
}

/**
 * The message `id` as the page's loaders sent it (root: the layout's; each
 * page: its own namespace), or on an error page rendered without the root
 * loader, as the refusal's body carries it (requireAdmin).
 */
export function useMessages(): (id: MessageId) => CompiledMessage | undefined {
  const matches = useMatches();
  const refusal = (useRouteError() as { data?: { messages?: Messages } } | undefined)?.data?.messages;
  return (id) => {
    if (refusal?.[id] !== undefined) return refusal[id];
    for (let index = matches.length - 1; index >= 0; index--) {
      const message = (matches[index]!.loaderData as { messages?: Messages } | undefined)?.messages?.[id];
      if (message !== undefined) return message;
    }
    return undefined;
  };
}

/**
 * `t(id)`: a text of the page's language, with no value in it. The server
 * sends such messages as plain text, so the browser needs no formatter for
 * them (decision record 0087: the page budget); messages with values or
 * plurals go through `useFormat` (./use-format.ts). An id no loader sent
 * shows as itself, which the page's test catches.
 */
export function useT(): (id: MessageId) => string {
  const message = useMessages();
  return (id) => {
    const found = message(id);
    return typeof found === "string" ? found : id;
  };
}
