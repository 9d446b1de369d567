import crypto from "node:crypto";
import { createCookie } from "react-router";
import { secureCookies, sessionSecrets } from "~/lib/env/env.server";
import { COOKIES } from "~/lib/privacy/cookies";
import { findUserByEmail } from "./users.server";

/**
 * The browsers an account signed in with (docs/decisions/0052-what-an-attacker-finds.md).
 *
 * The sign-in limits per address (ADR 0013) have a ceiling shared by every
 * client, so an attacker rotating addresses could spend it and lock the
 * owner out. After a successful sign-in the browser gets a long-lived,
 * signed `gavel_device` cookie: a random device id and a tag of each account
 * signed in there (an HMAC of its id, so the cookie names nobody). A sign-in
 * request for an address whose account is tagged in a valid cookie counts
 * against that device's own quota for the address instead of the shared
 * one; an attacker cannot get such a cookie without signing in as the owner.
 */

const MAX_ACCOUNTS = 5;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const TAG = /^[A-Za-z0-9_-]{22}$/;

type DeviceValue = { device: string; accounts: string[] };

let cookie: ReturnType<typeof createCookie> | undefined;
function deviceCookie() {
  cookie ??= createCookie(COOKIES.device.name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    secrets: sessionSecrets(),
    maxAge: COOKIES.device.maxAgeSeconds,
  });
  return cookie;
}

function accountTag(userId: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`device-account:${userId}`).digest("base64url").slice(0, 22);
}

/** The cookie's value when its signature holds and its shape is ours; null otherwise. */
async function readDevice(request: Request): Promise<DeviceValue | null> {
  const value: unknown = await deviceCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  if (typeof value !== "object" || value === null) return null;
  const { device, accounts } = value as Partial<DeviceValue>;
  if (typeof device !== "string" || !DEVICE_ID.test(device) || !Array.isArray(accounts)) return null;
  const tags = accounts.filter((tag): tag is string => typeof tag === "string" && TAG.test(tag));
  return { device, accounts: tags.slice(0, MAX_ACCOUNTS) };
}

/** The Set-Cookie of a successful sign-in: this browser's device id (kept, or new), with this account first. */
export async function deviceCookieAfterSignIn(request: Request, userId: string): Promise<string> {
  const known = await readDevice(request);
  const tag = accountTag(userId, sessionSecrets()[0]!);
  const others = (known?.accounts ?? []).filter((account) => account !== tag);
  const value: DeviceValue = {
    device: known?.device ?? crypto.randomBytes(16).toString("base64url"),
    accounts: [tag, ...others].slice(0, MAX_ACCOUNTS),
  };
  return deviceCookie().serialize(value);
}

/**
 * The id of this browser when it signed in before with the account of
 * `address` (a valid cookie tagging that account); null for any other
 * request. Reads the account only when the request carries a device cookie.
 */
export async function knownDeviceFor(request: Request, address: string): Promise<string | null> {
  const known = await readDevice(request);
  if (!known || known.accounts.length === 0) return null;
  const user = await findUserByEmail(address);
  if (!user) return null;
  const tags = new Set(sessionSecrets().map((secret) => accountTag(user.id, secret)));
  return known.accounts.some((tag) => tags.has(tag)) ? known.device : null;
}
