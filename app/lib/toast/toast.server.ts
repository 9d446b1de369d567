import { createCookieSessionStorage, data, redirect, type SessionStorage } from "react-router";
import { secureCookies, sessionSecrets } from "~/lib/env/env.server";
import { COOKIES } from "~/lib/privacy/cookies";
import { ToastSchema, type Toast, type ToastInput } from "./toast";

/**
 * Toasts survive a post-redirect-get in a short-lived flash cookie, so they
 * work without JavaScript: the action sets it, the next page's root loader
 * reads and clears it. When an action re-renders the page instead (invalid
 * input), the toast travels in the action data; see `dataWithToast`.
 */

const TOAST_KEY = "toast" as const;

type ToastSessionData = Record<string, never>;
type ToastFlashData = { [TOAST_KEY]: Toast };

let storage: SessionStorage<ToastSessionData, ToastFlashData> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<ToastSessionData, ToastFlashData>({
    cookie: {
      name: COOKIES.toast.name,
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      secrets: sessionSecrets(),
    },
  });
  return storage;
}

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, ToastSchema.parse(input));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(input)).getSetCookie()) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(url, { ...init, headers });
}

/** Re-renders the page with a toast and the submission's field errors. */
export function dataWithToast<T extends object>(body: T, input: ToastInput, init?: ResponseInit) {
  return data({ ...body, toast: ToastSchema.parse(input) }, init);
}

/** Reads and clears the flash toast; call once per request, in the root loader. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const value: unknown = session.get(TOAST_KEY);
  if (value === undefined) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(value);
  const headers = new Headers({ "Set-Cookie": await toastStorage().destroySession(session) });
  return { toast: parsed.success ? parsed.data : null, headers };
}
