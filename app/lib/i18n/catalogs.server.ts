import { compileMessage } from "@lingui/message-utils/compileMessage";
import { en, type MessageId } from "./catalogs/en";
import { es } from "./catalogs/es";
import type { Locale } from "./locales";
import { type CompiledMessage, type Messages, type MessageValues, renderMessage } from "./message";

/**
 * The catalogs, compiled once by Lingui's ICU compiler (a message that does
 * not parse fails here, at the first page, and in the catalog test). Only
 * the server holds them whole: a page's loader sends the browser the
 * namespaces it shows, in its language only (decision record 0087).
 */
const SOURCES: Record<Locale, Record<MessageId, string>> = { en, es };

export type Namespace = MessageId extends `${infer N}.${string}` ? N : never;

let compiled: Record<Locale, Record<string, CompiledMessage>> | undefined;

function compiledCatalogs() {
  compiled ??= Object.fromEntries(
    Object.entries(SOURCES).map(([locale, messages]) => [
      locale,
      Object.fromEntries(
        Object.entries(messages).map(([id, text]) => [id, plainWhenPossible(compileMessage(text) as CompiledMessage)]),
      ),
    ]),
  ) as Record<Locale, Record<string, CompiledMessage>>;
  return compiled;
}

/** A message with no value in it as its text: the browser shows it as it is (useT). */
function plainWhenPossible(message: CompiledMessage): CompiledMessage {
  return Array.isArray(message) && message.every((token) => typeof token === "string") ? message.join("") : message;
}

/** The messages of `namespaces` in `locale`, for a loader to send (the hook `useT` reads them). */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): Messages {
  const prefixes = namespaces.map((namespace) => `${namespace}.`);
  const messages: Messages = {};
  for (const [id, message] of Object.entries(compiledCatalogs()[locale])) {
    if (prefixes.some((prefix) => id.startsWith(prefix))) messages[id] = message;
  }
  return messages;
}

/** A message in `locale`, for what only the server writes (meta tags, headers). */
export function translate(locale: Locale, id: MessageId, values: MessageValues = {}): string {
  return renderMessage(compiledCatalogs()[locale][id] ?? id, values, locale);
}
