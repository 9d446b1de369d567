import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cities, users } from "~/lib/db/schema";
import { dbTag, getTestDb } from "../setup";
import { loadBuild, signedInAs, startBuiltApp, type BuiltApp } from "../support/built-app";

/**
 * English and Spanish (issue 33, docs/decisions/0087-english-and-spanish.md)
 * in server.ts's HTTP stack in front of the BUILT app (`npm run build`
 * first): what a request's URL, member, cookie and Accept-Language make of
 * a page, `<html lang>`, hreflang, links that stay under `/es`, the
 * footer's switch, and the page cache keyed on the language. The pages are
 * what a browser without JavaScript gets; tests/e2e/languages.spec.ts
 * hydrates one.
 */

let app: BuiltApp;
let base: string;
let memberId: string;
let memberCookie: string;

beforeAll(async () => {
  const build = await loadBuild();
  await getTestDb().insert(cities).values({ name: "Riverton", locationKey: "riverton", status: "Live" });
  ({ id: memberId, cookie: memberCookie } = await signedInAs("lector@example.com"));
  app = await startBuiltApp(build);
  base = app.base;
});

afterAll(async () => {
  await app?.close();
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${base}${pathname}`, { headers });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const SPANISH_HOME = "La democracia al alcance de todos";
const ENGLISH_HOME = "Democracy Made Accessible";

async function page(pathname: string, headers: Record<string, string> = {}) {
  const response = await get(pathname, headers);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

describe(`the site in English and Spanish ${dbTag}`, () => {
  it("keeps the English page as it was, with <html lang=en>", async () => {
    const html = await page("/");
    expect(htmlLang(html)).toBe("en");
    for (const text of [ENGLISH_HOME, "Skip to main content", "Find your city", "Privacy Policy", "Lite mode: off"])
      expect(html).toContain(text);
    expect(html).toContain("Local government, in plain sight.");
    expect(html).not.toContain(SPANISH_HOME);
  });

  it("serves /es in Spanish, whatever the browser prefers, with links that stay under /es", async () => {
    const html = await page("/es", { "Accept-Language": "en-US,en;q=0.9" });
    expect(htmlLang(html)).toBe("es");
    for (const text of [SPANISH_HOME, "Ir al contenido principal", "Encuentre su ciudad", "Política de privacidad"])
      expect(html).toContain(text);
    expect(html).toContain("<title>Gavel | La democracia al alcance de todos</title>");
    expect(html).toContain('href="/es/about"');
    expect(html).toContain('action="/es/resources/lite-mode"');
    expect(html).not.toContain(ENGLISH_HOME);
    // A city page under the prefix: same route, same data.
    expect(htmlLang(await page("/es/city/riverton"))).toBe("es");
    expect((await get("/es/city/riverton.data")).status).toBe(200);
  });

  it("names both languages' addresses in hreflang alternates", async () => {
    const html = await page("/es/search?q=agua");
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${base}/search?q=agua&amp;lang=en"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="es" href="${base}/es/search?q=agua"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${base}/search?q=agua"/>`);
  });

  it("follows ?lang=, then the browser's Accept-Language", async () => {
    expect(await page("/?lang=es")).toContain(SPANISH_HOME);
    expect(await page("/?lang=en", { "Accept-Language": "es" })).toContain(ENGLISH_HOME);
    expect(htmlLang(await page("/about", { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" }))).toBe("es");
    expect(htmlLang(await page("/about", { "Accept-Language": "fr-FR" }))).toBe("en");
  });

  it("switches with a plain form post: cookie for a visitor, back to the same page in that language", async () => {
    const toSpanish = await fetch(`${base}/resources/language`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ lang: "es", redirectTo: "/city/riverton?page=2" }),
      redirect: "manual",
    });
    expect(toSpanish.status).toBe(303);
    expect(toSpanish.headers.get("Location")).toBe(`${base}/es/city/riverton?page=2`);
    expect(toSpanish.headers.get("Set-Cookie")).toMatch(/^lang=es; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    // The cookie then decides an unprefixed page, over Accept-Language.
    expect(await page("/", { Cookie: "lang=es", "Accept-Language": "en" })).toContain(SPANISH_HOME);

    const toEnglish = await fetch(`${base}/es/resources/language`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ lang: "en", redirectTo: "/es/about" }),
      redirect: "manual",
    });
    expect(toEnglish.headers.get("Location")).toBe(`${base}/about`);
    const refused = await fetch(`${base}/resources/language`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ lang: "fr", redirectTo: "https://elsewhere.example/" }),
      redirect: "manual",
    });
    expect(refused.headers.get("Location")).toBe("/");
    expect(refused.headers.get("Set-Cookie")).toBeNull();
  });

  it("saves a member's choice, which then comes before the browser's", async () => {
    const response = await fetch(`${base}/resources/language`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: memberCookie },
      body: new URLSearchParams({ lang: "es", redirectTo: "/about" }),
      redirect: "manual",
    });
    expect(response.headers.get("Location")).toBe(`${base}/es/about`);
    const [row] = await getTestDb().select({ locale: users.locale }).from(users).where(eq(users.id, memberId));
    expect(row?.locale).toBe("es");
    expect(htmlLang(await page("/about", { Cookie: memberCookie, "Accept-Language": "en" }))).toBe("es");
    // The URL still comes first.
    expect(htmlLang(await page("/about?lang=en", { Cookie: memberCookie }))).toBe("en");
  });

  it("puts the frame's texts on a refusal that no root loader rendered (an admin page, signed out)", async () => {
    const english = await get("/admin");
    expect(english.status).toBe(401);
    const html = await english.text();
    expect(html).toContain("Privacy Policy");
    expect(html).toContain(">Sign In<");
    expect(html).not.toMatch(/>layout\./);
    const spanish = await (await get("/es/admin")).text();
    expect(htmlLang(spanish)).toBe("es");
    expect(spanish).toContain("Política de privacidad");
  });

  it("never serves a cached English page to a Spanish request, nor the reverse", async () => {
    const status = (response: Response) => response.headers.get("X-Gavel-Cache");
    await (await get("/city/riverton")).arrayBuffer();
    const english = await get("/city/riverton");
    expect(status(english)).toBe("hit");
    expect(htmlLang(await english.text())).toBe("en");

    const spanish = await get("/city/riverton", { "Accept-Language": "es" });
    expect(status(spanish)).toBe("miss");
    expect(htmlLang(await spanish.text())).toBe("es");
    const byCookie = await get("/city/riverton", { Cookie: "lang=es" });
    expect(status(byCookie)).toBe("hit");
    expect(htmlLang(await byCookie.text())).toBe("es");
    expect(htmlLang(await (await get("/city/riverton")).text())).toBe("en");
    expect(english.headers.get("Vary")).toContain("Accept-Language");
  });
});
