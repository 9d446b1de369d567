import type { Locale } from "./locales";
import { FORMAT_LOCALE } from "./locales";

/**
 * A message as Lingui's compiler writes it (`@lingui/message-utils`, run on
 * the server: catalogs.server.ts): text, `[name]` for a value,
 * `[name, "plural" | "select", cases]`, `[name, "number"]`, "#" for the
 * plural's count. The browser gets messages in this form in loader data and
 * needs no ICU parser (decision record 0087: the page budget).
 */
export type CompiledMessage = string | CompiledToken[];
type CompiledToken = string | [string] | [string, string] | [string, string, Record<string, CompiledToken[] | string>];
export type MessageValues = Record<string, string | number | null | undefined>;
export type Messages = Record<string, CompiledMessage>;

const plurals = new Map<string, Intl.PluralRules>();

function pluralCase(locale: Locale, count: number): string {
  let rules = plurals.get(locale);
  if (!rules) plurals.set(locale, (rules = new Intl.PluralRules(FORMAT_LOCALE[locale])));
  return rules.select(count);
}

function number(locale: Locale, value: unknown): string {
  return typeof value === "number" ? value.toLocaleString(FORMAT_LOCALE[locale]) : String(value ?? "");
}

/** A compiled message with its values, in `locale`'s plural rules and number format. */
export function renderMessage(message: CompiledMessage, values: MessageValues, locale: Locale, count?: number): string {
  if (typeof message === "string") return message;
  let text = "";
  for (const token of message) {
    if (typeof token === "string") {
      text += token === "#" && count !== undefined ? number(locale, count) : token;
      continue;
    }
    const [name, kind, cases] = token;
    const value = values[name];
    if (kind === "plural" && cases) {
      const n = Number(value);
      const chosen = cases[n] ?? cases[pluralCase(locale, n)] ?? cases.other ?? "";
      text += renderMessage(chosen, values, locale, n);
    } else if (kind === "select" && cases) {
      text += renderMessage(cases[String(value)] ?? cases.other ?? "", values, locale, count);
    } else if (kind === "number") {
      text += number(locale, value);
    } else {
      text += String(value ?? "");
    }
  }
  return text;
}
