import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/catalogs/en";
import { es } from "~/lib/i18n/catalogs/es";
import { messagesFor, translate } from "~/lib/i18n/catalogs.server";
import { acceptedLocale } from "~/lib/i18n/locale.server";
import { alternateHref, localizedHref, prefixLocale, withoutLocalePrefix } from "~/lib/i18n/locales";
import { type CompiledMessage, renderMessage } from "~/lib/i18n/message";

/** The names of a message's values (`{name}`, `{count, plural, …}`), sorted. */
function valueNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(token[0] as string);
      for (const branch of Object.values((token[2] as Record<string, unknown> | undefined) ?? {})) walk(branch);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

/** A catalog with one id taken away or added, as a translator's slip would leave it. */
function missingKeys(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys(a).filter((id) => !(id in b));
}

describe("the message catalogs", () => {
  it("have the same ids in English and Spanish", () => {
    expect(missingKeys(en, es), "in en.ts, missing from es.ts").toEqual([]);
    expect(missingKeys(es, en), "in es.ts, missing from en.ts").toEqual([]);
  });

  it("would name the id one catalog lacks", () => {
    const { "layout.skip": _dropped, ...short } = es;
    expect(missingKeys(en, short)).toEqual(["layout.skip"]);
    expect(missingKeys({ ...es, "layout.extra": "Sobra" }, en)).toEqual(["layout.extra"]);
  });

  it("use the same values in each language's version of a message", () => {
    const differing = Object.keys(en).filter(
      (id) => valueNames(en[id as keyof typeof en]).join() !== valueNames(es[id as keyof typeof es]).join(),
    );
    expect(differing).toEqual([]);
  });

  it("keep the product's English texts word for word", () => {
    expect(translate("en", "home.hero.title")).toBe("Democracy Made Accessible");
    expect(translate("en", "layout.footer.privacy")).toBe("Privacy Policy");
    expect(translate("es", "home.hero.title")).toBe("La democracia al alcance de todos");
  });

  it("send a page only its namespaces, in one language, plain messages as text", () => {
    const home = messagesFor("es", ["home"]);
    expect(Object.keys(home).length).toBeGreaterThan(0);
    expect(Object.keys(home).every((id) => id.startsWith("home."))).toBe(true);
    expect(home["home.picker.go"]).toBe("Ir a mi ciudad");
  });
});

describe("a compiled message", () => {
  const lingui = setupI18n();
  const cases: { message: string; values: Record<string, number | string> }[] = [
    { message: "{count, plural, one {# reunión} other {# reuniones}}", values: { count: 1 } },
    { message: "{count, plural, one {# reunión} other {# reuniones}}", values: { count: 1234 } },
    { message: "{count, plural, =0 {ninguna} one {una} other {# votos de {name}}}", values: { count: 0, name: "Ana" } },
    { message: "{count, plural, =0 {ninguna} one {una} other {# votos de {name}}}", values: { count: 7, name: "Ana" } },
    { message: "{kind, select, city {Ciudad} other {Otra}}: {n, number}", values: { kind: "city", n: 12345.5 } },
  ];

  it.each(cases)("renders as Lingui's own runtime does: $message with $values", ({ message, values }) => {
    for (const locale of ["es", "en"] as const) {
      lingui.activate(locale === "es" ? "es-US" : "en-US");
      lingui.load(lingui.locale, { m: compileMessage(message) });
      expect(renderMessage(compileMessage(message) as CompiledMessage, values, locale)).toBe(lingui._("m", values));
    }
  });
});

describe("the language of a request", () => {
  it("takes the first of our languages Accept-Language accepts, by q-value", () => {
    expect(acceptedLocale("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(acceptedLocale("en-US,en;q=0.9,es;q=0.8")).toBe("en");
    expect(acceptedLocale("fr-FR, es;q=0.5, en;q=0.4")).toBe("es");
    expect(acceptedLocale("en;q=0.2, es;q=0.9")).toBe("es");
    expect(acceptedLocale("es;q=0, en")).toBe("en");
    expect(acceptedLocale("fr, de")).toBeNull();
    expect(acceptedLocale("*")).toBeNull();
    expect(acceptedLocale(null)).toBeNull();
  });

  it("reads and writes the /es prefix", () => {
    expect(prefixLocale("/es")).toBe("es");
    expect(prefixLocale("/es/city/x")).toBe("es");
    expect(prefixLocale("/estates")).toBeNull();
    expect(withoutLocalePrefix("/es")).toBe("/");
    expect(withoutLocalePrefix("/es/city/x")).toBe("/city/x");
    expect(localizedHref("/city/x", "?lang=en&q=1", "es")).toBe("/es/city/x?q=1");
    expect(localizedHref("/es/city/x", "", "en")).toBe("/city/x");
    expect(localizedHref("/", "", "es")).toBe("/es");
    expect(alternateHref("/es/search", "?q=agua", "en")).toBe("/search?q=agua&lang=en");
  });
});
