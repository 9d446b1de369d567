import type { MessageId } from "~/lib/i18n/catalogs/en";
import { type MessageValues, renderMessage } from "~/lib/i18n/message";
import { useLocale, useMessages } from "./use-t";

/**
 * `format(id, values)`: a message with values (`{name}`, ICU plurals,
 * numbers) in the page's language and its plural rules. In its own module:
 * only the pages that show such a message bring the formatter to the
 * browser.
 */
export function useFormat(): (id: MessageId, values: MessageValues) => string {
  const message = useMessages();
  const locale = useLocale();
  return (id, values) => {
    const found = message(id);
    return found === undefined ? id : renderMessage(found, values, locale);
  };
}
