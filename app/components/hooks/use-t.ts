import { useMatches, useRouteLoaderData } from "react-router";
import type { MessageId } from "~/lib/i18n/catalogs/en";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { type Messages, type MessageValues, renderMessage } from "~/lib/i18n/message";

type WithMessages = { messages?: Messages; locale?: Locale } | undefined;

/** The page's language, as the root loader settled it (app/lib/i18n/locale.server.ts). */
export function useLocale(): Locale {
  return (useRouteLoaderData("root") as WithMessages)?.locale ?? DEFAULT_LOCALE;
}

/**
 * `t(id, values)`: a message of the page's language, from the messages the
 * page's loaders sent (root: the layout's; each page: its own namespace).
 * An id no loader sent shows as itself, which a test of that page catches.
 */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const matches = useMatches();
  const locale = useLocale();
  return (id, values = {}) => {
    for (let index = matches.length - 1; index >= 0; index--) {
      const message = (matches[index]!.loaderData as WithMessages)?.messages?.[id];
      if (message !== undefined) return renderMessage(message, values, locale);
    }
    return id;
  };
}
