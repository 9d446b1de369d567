import { and, eq, gt, sql } from "drizzle-orm";
import { createCookie, href, redirect } from "react-router";
import { getDb } from "~/lib/db/client.server";
import { profiles, sessions, userRoles, users } from "~/lib/db/schema";
import { secureCookies, sessionSecrets } from "~/lib/env/env.server";
import { createToastHeaders } from "~/lib/toast/toast.server";
import type { ToastInput } from "~/lib/toast/toast";
import { clientIp } from "~/lib/http/client-ip.server";
import { COOKIES } from "~/lib/privacy/cookies";
import { deviceCookieAfterSignIn } from "./device.server";
import { ADMIN_ROLE } from "./users.server";
import { isUuid } from "~/lib/uuid";
import { messagesFor } from "~/lib/i18n/catalogs.server";
import { requestLocale } from "~/lib/i18n/locale.server";

/**
 * Sessions live in the database; the cookie only carries the signed id of a
 * row. Signing out deletes the row, so a stolen cookie dies with it.
 */

const SESSION_SECONDS = COOKIES.session.maxAgeSeconds;

export type SessionUser = {
  id: string;
  email: string;
  username: string | null;
  homeCityKey: string | null;
  roles: string[];
  isAdmin: boolean;
  /** The site's language the member chose (app/lib/i18n), or null. */
  locale: string | null;
};

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie(COOKIES.session.name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    secrets: sessionSecrets(),
    maxAge: SESSION_SECONDS,
  });
  return cookie;
}

async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return isUuid(value) ? value : null;
}

const userByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user, or null. One query, cached for the request. */
export function getCurrentUser(request: Request): Promise<SessionUser | null> {
  let pending = userByRequest.get(request);
  if (!pending) {
    pending = loadSessionUser(request);
    userByRequest.set(request, pending);
  }
  return pending;
}

async function loadSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const [row] = await getDb()
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      username: profiles.username,
      homeCityKey: profiles.homeCityKey,
      roles: sql<string[]>`coalesce(array_agg(${userRoles.role}) filter (where ${userRoles.role} is not null), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)))
    .groupBy(users.id, profiles.username, profiles.homeCityKey);
  if (!row) return null;
  return { ...row, isAdmin: row.roles.includes(ADMIN_ROLE) };
}

/**
 * Signs the user in: a new session row and cookie every time (the old one,
 * if any, is deleted), then a redirect carrying both cookies and the toast.
 * The target is settled first, so a bad one cannot fail halfway through.
 */
export async function signIn(
  request: Request,
  userId: string,
  redirectTo: string | null | undefined,
  toast: ToastInput,
) {
  const target = safeRedirect(redirectTo);
  const previous = await readSessionId(request);
  if (previous) await getDb().delete(sessions).where(eq(sessions.id, previous));
  const [session] = await getDb()
    .insert(sessions)
    .values({
      userId,
      expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
      ipAddress: clientIp(request),
    })
    .returning({ id: sessions.id });
  const headers = await createToastHeaders(toast);
  headers.append("Set-Cookie", await sessionCookie().serialize(session!.id));
  // This browser keeps its own sign-in quota for the account from now on (device.server.ts).
  headers.append("Set-Cookie", await deviceCookieAfterSignIn(request, userId));
  return redirect(target, { headers });
}

export async function signOut(request: Request, toast?: ToastInput) {
  const sessionId = await readSessionId(request);
  if (sessionId) await getDb().delete(sessions).where(eq(sessions.id, sessionId));
  const headers = toast ? await createToastHeaders(toast) : new Headers();
  headers.append("Set-Cookie", await sessionCookie().serialize("", { maxAge: 0 }));
  return redirect(href("/"), { headers });
}

export async function deleteExpiredSessions(): Promise<void> {
  await getDb()
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= now()`);
}

const PLACEHOLDER_ORIGIN = "http://gavel.invalid";

/**
 * Only same-site paths: never an open redirect. Judged the way a browser
 * reads a Location header (URL parsing drops tabs and newlines and turns
 * backslashes into slashes), and answered in the parsed, re-serialized form,
 * which holds no control characters. A path that would re-read as another
 * host (e.g. "/.//evil.example" normalizes to "//evil.example") is refused.
 */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to?.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  const sameSite = url.origin === PLACEHOLDER_ORIGIN && new URL(path, PLACEHOLDER_ORIGIN).href === url.href;
  return sameSite ? path : fallback;
}

export const ADMIN_DENIED = "You don't have permission to access the admin panel.";
/** The YouTube Channel Manager's own refusal (docs/product.md, admin back office). */
export const PAGE_DENIED = "You don't have permission to access this page.";

/** For member-only actions: a visitor is sent to sign in, and back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  // A client-side post arrives at the page's `.data` address; send people back to the page.
  const page = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  throw redirect(`${href("/auth")}?redirectTo=${encodeURIComponent(page)}`);
}

/** The one permission check for every admin loader and action. */
/** The frame's language and messages, for a page no root loader renders. */
function frameMessages(request: Request, memberLocale: string | null | undefined) {
  const locale = requestLocale(request, memberLocale);
  return { locale, messages: messagesFor(locale, ["layout"]) };
}

export async function requireAdmin(request: Request, message = ADMIN_DENIED): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  // A Response, not data(): it must also work when thrown from middleware.
  // The user goes along for the error page's account menu, and the frame's
  // messages (app/components/hooks/use-t.ts): a refusal from middleware
  // leaves the root loader unrun.
  if (!user?.isAdmin) {
    const body = {
      message,
      signedIn: Boolean(user),
      user: user ? { email: user.email, isAdmin: user.isAdmin } : null,
      ...frameMessages(request, user?.locale),
    };
    throw Response.json(body, { status: user ? 403 : 401 });
  }
  return user;
}
