import { href } from "react-router";
import { appUrl } from "~/lib/env/env.server";
import { settings } from "~/lib/env/settings.server";
import { sendEmail } from "~/lib/email/email.server";
import { accountExistsEmail, confirmEmailAddressEmail } from "~/lib/email/templates";
import { PRODUCT_NAME } from "~/lib/constants";
import {
  attemptsLeft,
  checkCode,
  CODE_FAILED_MARKER,
  CODE_MESSAGES,
  CODE_SENT_MARKER,
  codeCookieIn,
  consumeEmailConfirmationToken,
  createEmailConfirmationToken,
  pendingCode,
  reserveCodeAttempt,
  retireCode,
  sendCode,
  setOnCodeVerified,
} from "./email-code.server";
import { knownDeviceFor } from "./device.server";
import { getDecoyHash, hashPassword, verifyPassword } from "./password.server";
import { clientIp } from "~/lib/http/client-ip.server";
import { hitRateLimit } from "./rate-limit.server";
import { signIn } from "./session.server";
import { recordSignUp } from "~/lib/analytics/recorder.server";
import { confirmEmail, confirmEmailByCode, createUser, findUserByEmail, normalizeEmail } from "./users.server";

/** What the sign-in and sign-up flows say (docs/product.md#messages-sign-in). */
export const AUTH_TOASTS = {
  welcomeBack: { type: "success", title: "Welcome back!", description: "You have successfully signed in." },
  codeSignedIn: { type: "success", title: "Success!", description: "You have successfully signed in." },
  accountCreated: { type: "success", title: "Account created!", description: `Welcome to ${PRODUCT_NAME}` },
  codeSent: { type: "success", title: "OTP Sent!", description: "Please check your email for the verification code." },
  checkEmail: { type: "success", title: "Success!", description: "Please check your email to confirm your account." },
} as const;

export const AUTH_MESSAGES = {
  emailRequired: "Please enter your email address",
  invalidCredentials: "Invalid email or password.",
  unconfirmed: "Please confirm your email address first: we've sent you the link again.",
  noAccount: "No account found for this email. Create an account instead.",
  tooManySends: "Too many codes requested. Please wait a few minutes and try again.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
} as const;

export type AuthMode = "login" | "signup";
export type AuthFailure = { ok: false; message: string };

type Limit = { limit: number; windowSeconds: number };

// Limits on an address are kept per address and client, so that nobody can
// spend the owner's share from elsewhere; the per-address ceiling across all
// clients is high, and only bounds floods and distributed guessing
// (docs/decisions/0013-auth-hardening.md). Many people can share one IP
// (offices, schools, mobile carriers), so per-IP limits can be raised with
// AUTH_IP_LIMIT_MULTIPLIER; per-address limits are fixed.
const ipMultiplier = settings().AUTH_IP_LIMIT_MULTIPLIER;
export const AUTH_LIMITS = {
  emailsPerAddressAndIp: { limit: 3, windowSeconds: 10 * 60 },
  emailsPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  codesPerIp: { limit: 10 * ipMultiplier, windowSeconds: 60 * 60 },
  signInsPerAddressAndIp: { limit: 10, windowSeconds: 15 * 60 },
  signInsPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  signInsPerIp: { limit: 30 * ipMultiplier, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/**
 * Counts one hit on each limit in order and stops at the first one that is
 * full: a client stopped by its own per-address share spends nothing of the
 * address's ceiling, which is checked last.
 */
async function withinLimits(checks: Array<[string, Limit]>): Promise<boolean> {
  for (const [key, limit] of checks) {
    if (!(await hitRateLimit(key, limit)).allowed) return false;
  }
  return true;
}

/**
 * Per action: the limits on an address for one client, on the client, and on
 * the address. A browser the address's owner signed in with before (a valid
 * device cookie for that account, device.server.ts) counts against its own
 * share for the address instead, and not against the ceiling: someone
 * rotating addresses can spend the ceiling, never the owner's device's quota.
 */
const ADDRESS_LIMITS = {
  "code-send": [AUTH_LIMITS.emailsPerAddressAndIp, AUTH_LIMITS.codesPerIp, AUTH_LIMITS.emailsPerAddress],
  "sign-up": [AUTH_LIMITS.emailsPerAddressAndIp, AUTH_LIMITS.signInsPerIp, AUTH_LIMITS.emailsPerAddress],
  "sign-in": [AUTH_LIMITS.signInsPerAddressAndIp, AUTH_LIMITS.signInsPerIp, AUTH_LIMITS.signInsPerAddress],
} satisfies Record<string, [Limit, Limit, Limit]>;

async function withinAddressLimits(
  action: keyof typeof ADDRESS_LIMITS,
  request: Request,
  address: string,
): Promise<boolean> {
  const [perAddressAndIp, perIp, perAddress] = ADDRESS_LIMITS[action];
  const ip = clientIp(request);
  const device = await knownDeviceFor(request, address);
  if (device) {
    return withinLimits([
      [`${action}:device-email:${device} ${address}`, perAddressAndIp],
      [`${action}:ip:${ip}`, perIp],
    ]);
  }
  return withinLimits([
    [`${action}:ip-email:${ip} ${address}`, perAddressAndIp],
    [`${action}:ip:${ip}`, perIp],
    [`${action}:email:${address}`, perAddress],
  ]);
}

setOnCodeVerified(async ({ email, formData, request }) => {
  const mode = formData?.get("mode") === "signup" ? "signup" : "login";
  const homeCityKey = String(formData?.get("homeCity") ?? "") || null;
  const existing = await findUserByEmail(email);
  // Said only once the code proved the address is the reader's: not an oracle.
  if (!existing && mode !== "signup") throw new Error(AUTH_MESSAGES.noAccount);
  const user = existing ?? (await createUser({ email, emailConfirmed: true, homeCityKey }));
  if (!existing) recordSignUp(request);
  if (existing) await confirmEmailByCode(existing.id);
  const redirectTo =
    !existing && homeCityKey
      ? href("/city/:locationKey", { locationKey: encodeURIComponent(homeCityKey) })
      : String(formData?.get("redirectTo") ?? "");
  throw await signIn(request, user.id, redirectTo, existing ? AUTH_TOASTS.codeSignedIn : AUTH_TOASTS.accountCreated);
});

/**
 * Step one of code sign-in: checks the limits and sends a code, whether or
 * not the address has an account (saying so here would tell anyone; the
 * verify step says it to the address's owner). Returns the strategy's
 * redirect, with its `_totp` cookie, or a failure to show.
 */
export async function sendSignInCode(request: Request, email: string): Promise<Response | AuthFailure> {
  const address = normalizeEmail(email);
  if (!address) return { ok: false, message: AUTH_MESSAGES.emailRequired };
  return sendCodeWithinLimits(request, address);
}

/** Resend Code: a new code to the address the ledger has for this browser's code. */
export async function resendSignInCode(request: Request): Promise<Response | AuthFailure> {
  const pending = await pendingCode(request);
  if (!pending) return { ok: false, message: CODE_MESSAGES.noPendingCode };
  const outcome = await sendCodeWithinLimits(request, pending.email);
  if (outcome instanceof Response) await retireCode(pending);
  return outcome;
}

async function sendCodeWithinLimits(request: Request, address: string): Promise<Response | AuthFailure> {
  if (!(await withinAddressLimits("code-send", request, address))) {
    return { ok: false, message: AUTH_MESSAGES.tooManySends };
  }
  const response = await sendCode(request, address);
  if (response.headers.get("Location") !== CODE_SENT_MARKER) return { ok: false, message: strategyError(response) };
  return response;
}

/**
 * Step two: the code. `fields` are the verify form's (mode, home city,
 * redirect). Returns the sign-in redirect or a failure to show.
 */
export async function verifySignInCode(
  request: Request,
  code: string,
  fields: FormData,
): Promise<Response | (AuthFailure & { headers?: Headers })> {
  if (!/^\d{6}$/.test(code)) return { ok: false, message: CODE_MESSAGES.invalidFormat };
  const pending = await pendingCode(request);
  if (!pending) return { ok: false, message: CODE_MESSAGES.noPendingCode };
  if (!(await withinLimits([[`sign-in:ip:${clientIp(request)}`, AUTH_LIMITS.signInsPerIp]]))) {
    return { ok: false, message: AUTH_MESSAGES.tooManyAttempts };
  }
  const attempt = await reserveCodeAttempt(pending);
  if (!attempt.ok) return attempt;
  const response = await checkCode(request, code, fields);
  if (response.headers.get("Location") !== CODE_FAILED_MARKER) return response;
  const left = await attemptsLeft(pending);
  const message = strategyError(response);
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (message !== CODE_MESSAGES.wrong) return { ok: false, message, headers };
  return {
    ok: false,
    message:
      left > 0 ? `${message} ${left} ${left === 1 ? "attempt" : "attempts"} left.` : CODE_MESSAGES.tooManyAttempts,
    headers,
  };
}

/** The strategy puts its error in the `_totp` cookie it sets. */
function strategyError(response: Response): string {
  return codeCookieIn(response).error ?? CODE_MESSAGES.wrong;
}

/**
 * A taken address gets the same answer as a new one ("check your email");
 * its owner learns what happened from the e-mail: the confirmation link
 * again, or a note that the account already exists. The stored password is
 * never replaced here.
 */
export async function signUpWithPassword(
  request: Request,
  input: { email: string; password: string; homeCityKey?: string | null },
): Promise<AuthFailure | { ok: true }> {
  const email = normalizeEmail(input.email);
  if (!(await withinAddressLimits("sign-up", request, email))) {
    return { ok: false, message: AUTH_MESSAGES.tooManyAttempts };
  }
  // Hashed either way, so that a taken address answers as slowly as a new one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(email);
  if (!existing) {
    const user = await createUser({ email, passwordHash, emailConfirmed: false, homeCityKey: input.homeCityKey });
    recordSignUp(request);
    await sendConfirmationLink(user.email);
  } else if (!existing.emailConfirmedAt) {
    await sendConfirmationLink(existing.email);
  } else {
    await sendEmail(accountExistsEmail(existing.email, `${appUrl()}${href("/auth")}?mode=login`));
  }
  return { ok: true };
}

async function sendConfirmationLink(email: string): Promise<void> {
  const token = await createEmailConfirmationToken(email);
  await sendEmail(confirmEmailAddressEmail(email, `${appUrl()}${href("/auth/confirm")}?token=${token}`));
}

export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string; redirectTo?: string | null },
): Promise<Response | AuthFailure> {
  const email = normalizeEmail(input.email);
  if (!(await withinAddressLimits("sign-in", request, email))) {
    return { ok: false, message: AUTH_MESSAGES.tooManyAttempts };
  }
  const user = await findUserByEmail(email);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await getDecoyHash()));
  if (!user?.passwordHash || !matches) return { ok: false, message: AUTH_MESSAGES.invalidCredentials };
  if (!user.emailConfirmedAt) {
    await sendConfirmationLink(user.email);
    return { ok: false, message: AUTH_MESSAGES.unconfirmed };
  }
  return signIn(request, user.id, input.redirectTo, AUTH_TOASTS.welcomeBack);
}

/** Confirms the address behind a link and signs its owner in. */
export async function confirmAccount(request: Request, token: string): Promise<Response | null> {
  const email = await consumeEmailConfirmationToken(token);
  const user = email ? await findUserByEmail(email) : null;
  if (!user) return null;
  await confirmEmail(user.id);
  return signIn(request, user.id, href("/"), AUTH_TOASTS.accountCreated);
}
