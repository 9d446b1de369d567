/**
 * Every cookie the app sets, in one place (docs/decisions/0038-privacy-promises.md).
 * The modules that set them take their name and lifetime from here, /privacy
 * lists them from here, and tests/integration/privacy.test.ts walks the app
 * (sign-in, a toast, lite mode, an admin job) and fails when a Set-Cookie
 * names a cookie missing here, or when one declared here is never set.
 *
 * All are first-party, `Path=/`, `HttpOnly`, `SameSite=Lax`, and `Secure`
 * when the site is served over https; none tracks or profiles anyone.
 */

export type CookieDefinition = {
  name: string;
  /** Shown on /privacy: why the cookie exists. */
  purpose: string;
  /** Shown on /privacy: what makes the app set it. */
  setWhen: string;
  /** Max-Age in seconds; null for a cookie that lasts until it is read or the browser closes. */
  maxAgeSeconds: number | null;
  /** Shown on /privacy after the lifetime, e.g. "or until you sign out". */
  endsEarlier?: string;
  /** It depends on who the visitor is: shared caches must not serve a page to a request carrying it. */
  personal: boolean;
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const COOKIES = {
  session: {
    name: "gavel_session",
    purpose: "Keeps you signed in. It holds only the signed id of your session; signing out deletes the session.",
    setWhen: "When you sign in",
    maxAgeSeconds: 30 * DAY,
    endsEarlier: "or until you sign out",
    personal: true,
  },
  toast: {
    name: "gavel_toast",
    purpose: "Carries a confirmation message, such as “Home city updated successfully”, to the next page.",
    setWhen: "When you send a form",
    maxAgeSeconds: null,
    endsEarlier: "deleted by the next page you see",
    personal: true,
  },
  emailCode: {
    // The name is remix-auth-totp's own (TOTPStore.COOKIE_NAME); the drift test checks it.
    name: "_totp",
    purpose: "Holds the encrypted sign-in code we e-mailed you, so that this browser can check the code you type.",
    setWhen: "When you ask for a sign-in code",
    maxAgeSeconds: 10 * MINUTE,
    personal: true,
  },
  awaitedJob: {
    name: "gavel_awaited_job",
    purpose:
      "Administrators only: remembers the analysis, story or video refresh they started, to tell them when it has finished.",
    setWhen: "When an administrator re-runs an analysis or a story, or refreshes a source's videos",
    maxAgeSeconds: DAY,
    endsEarlier: "or until the job has finished",
    personal: true,
  },
  device: {
    name: "gavel_device",
    purpose:
      "Recognizes this browser as one you signed in with, so that someone trying to sign in as you from elsewhere cannot use up your own sign-in attempts. It holds a random id and a coded tag of each account signed in here, which names nobody.",
    setWhen: "When you sign in",
    maxAgeSeconds: 365 * DAY,
    personal: false,
  },
  lite: {
    name: "lite",
    purpose: "Remembers whether you turned Lite mode (pages without scripts) on or off.",
    setWhen: "When you use the Lite mode switch at the bottom of a page",
    maxAgeSeconds: 365 * DAY,
    personal: false,
  },
  lang: {
    name: "lang",
    purpose: "Remembers the language you chose for the site (English or Spanish).",
    setWhen: "When you use the language switch at the bottom of a page",
    maxAgeSeconds: 365 * DAY,
    personal: false,
  },
} as const satisfies Record<string, CookieDefinition>;

export type CookieKey = keyof typeof COOKIES;

export const COOKIE_LIST: readonly CookieDefinition[] = Object.values(COOKIES);

/** Names of the cookies that make a response personal (the page cache and CDNs bypass them). */
export const PERSONAL_COOKIE_NAMES: readonly string[] = COOKIE_LIST.filter((c) => c.personal).map((c) => c.name);

function span(seconds: number): string {
  const units: Array<[number, string]> = [
    [365 * DAY, "year"],
    [DAY, "day"],
    [HOUR, "hour"],
    [MINUTE, "minute"],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${unit}${count === 1 ? "" : "s"}`;
    }
  }
  return `${seconds} seconds`;
}

/** How long the cookie lives, in words, for /privacy. */
export function cookieLifetime(cookie: CookieDefinition): string {
  if (cookie.maxAgeSeconds === null)
    return cookie.endsEarlier ? `Until the browser closes; ${cookie.endsEarlier}` : "Until the browser closes";
  const base = span(cookie.maxAgeSeconds);
  return cookie.endsEarlier ? `${base}, ${cookie.endsEarlier}` : base;
}
