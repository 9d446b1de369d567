import { appUrl } from "~/lib/env/env.server";
import { sendEmail } from "~/lib/email/email.server";
import { confirmEmailAddressEmail } from "~/lib/email/templates";
import { PRODUCT_NAME } from "~/lib/constants";
import {
  attemptsLeft,
  CODE_FAILED_MARKER,
  CODE_MESSAGES,
  CODE_SENT_MARKER,
  consumeEmailConfirmationToken,
  createEmailConfirmationToken,
  codeCookieIn,
  pendingCode,
  recordSentCode,
  reserveCodeAttempt,
  runEmailCodeStrategy,
  setOnCodeVerified,
} from "./email-code.server";
import { getDecoyHash, hashPassword, verifyPassword } from "./password.server";
import { clientIp } from "~/lib/http/client-ip.server";
import { hitRateLimit } from "./rate-limit.server";
import { safeRedirect, signIn } from "./session.server";
import { confirmEmail, createUser, findUserByEmail, normalizeEmail } from "./users.server";

/** What the sign-in and sign-up flows say, as the spec words it. */
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
  accountExists: "An account with this email already exists. Please sign in instead.",
  tooManySends: "Too many codes requested. Please wait a few minutes and try again.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
} as const;

export type AuthMode = "login" | "signup";
export type AuthFailure = { ok: false; message: string };

// Many people can share one address (offices, schools, mobile carriers), so
// per-IP limits can be raised with AUTH_IP_LIMIT_MULTIPLIER; per-e-mail
// limits are fixed.
const ipMultiplier = Math.max(1, Number(process.env.AUTH_IP_LIMIT_MULTIPLIER ?? 1) || 1);
const LIMITS = {
  codesPerEmail: { limit: 3, windowSeconds: 10 * 60 },
  codesPerIp: { limit: 10 * ipMultiplier, windowSeconds: 60 * 60 },
  signInsPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  signInsPerIp: { limit: 30 * ipMultiplier, windowSeconds: 15 * 60 },
};

async function withinLimits(checks: Array<[string, { limit: number; windowSeconds: number }]>): Promise<boolean> {
  for (const [key, limit] of checks) {
    if (!(await hitRateLimit(key, limit)).allowed) return false;
  }
  return true;
}

setOnCodeVerified(async ({ email, formData, request }) => {
  const mode = formData?.get("mode") === "signup" ? "signup" : "login";
  const homeCityKey = String(formData?.get("homeCity") ?? "") || null;
  const existing = await findUserByEmail(email);
  if (!existing && mode !== "signup") throw new Error(AUTH_MESSAGES.noAccount);
  const user = existing ?? (await createUser({ email, emailConfirmed: true, homeCityKey }));
  if (existing) await confirmEmail(existing.id);
  const redirectTo = !existing && homeCityKey ? `/city/${homeCityKey}` : safeRedirect(String(formData?.get("redirectTo") ?? ""));
  throw await signIn(request, user.id, redirectTo, existing ? AUTH_TOASTS.codeSignedIn : AUTH_TOASTS.accountCreated);
});

/**
 * Step one of code sign-in: checks limits (and, to sign in, that the account
 * exists), then sends the code. Returns the strategy's redirect, with its
 * `_totp` cookie, or a failure to show.
 */
export async function sendSignInCode(
  request: Request,
  { email, mode }: { email: string | null; mode: AuthMode },
): Promise<Response | AuthFailure> {
  const address = email ? normalizeEmail(email) : pendingCode(request).email;
  if (!address) return { ok: false, message: AUTH_MESSAGES.emailRequired };
  const allowed = await withinLimits([
    [`code-send:email:${address}`, LIMITS.codesPerEmail],
    [`code-send:ip:${clientIp(request)}`, LIMITS.codesPerIp],
  ]);
  if (!allowed) return { ok: false, message: AUTH_MESSAGES.tooManySends };
  if (mode === "login" && !(await findUserByEmail(address))) return { ok: false, message: AUTH_MESSAGES.noAccount };
  const response = await runEmailCodeStrategy(request);
  if (response.headers.get("Location") !== CODE_SENT_MARKER) return { ok: false, message: strategyError(response) };
  await recordSentCode(response);
  return response;
}

/** Step two: the code. Returns the sign-in redirect or a failure to show. */
export async function verifySignInCode(request: Request, code: string): Promise<Response | (AuthFailure & { headers?: Headers })> {
  if (!/^\d{6}$/.test(code)) return { ok: false, message: CODE_MESSAGES.invalidFormat };
  if (!pendingCode(request).jwe) return { ok: false, message: CODE_MESSAGES.noPendingCode };
  if (!(await withinLimits([[`sign-in:ip:${clientIp(request)}`, LIMITS.signInsPerIp]]))) {
    return { ok: false, message: AUTH_MESSAGES.tooManyAttempts };
  }
  const attempt = await reserveCodeAttempt(request);
  if (!attempt.ok) return attempt;
  const response = await runEmailCodeStrategy(request);
  if (response.headers.get("Location") !== CODE_FAILED_MARKER) return response;
  const left = await attemptsLeft(request);
  const message = strategyError(response);
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (message !== CODE_MESSAGES.wrong) return { ok: false, message, headers };
  return {
    ok: false,
    message: left > 0 ? `${message} ${left} ${left === 1 ? "attempt" : "attempts"} left.` : CODE_MESSAGES.tooManyAttempts,
    headers,
  };
}

/** The strategy puts its error in the `_totp` cookie it sets. */
function strategyError(response: Response): string {
  return codeCookieIn(response).error ?? CODE_MESSAGES.wrong;
}

export async function signUpWithPassword(
  request: Request,
  input: { email: string; password: string; homeCityKey?: string | null },
): Promise<AuthFailure | { ok: true }> {
  if (!(await withinLimits([[`sign-up:ip:${clientIp(request)}`, LIMITS.signInsPerIp]]))) {
    return { ok: false, message: AUTH_MESSAGES.tooManyAttempts };
  }
  if (await findUserByEmail(input.email)) return { ok: false, message: AUTH_MESSAGES.accountExists };
  const user = await createUser({
    email: input.email,
    passwordHash: await hashPassword(input.password),
    emailConfirmed: false,
    homeCityKey: input.homeCityKey,
  });
  await sendConfirmationLink(user.email);
  return { ok: true };
}

async function sendConfirmationLink(email: string): Promise<void> {
  const token = await createEmailConfirmationToken(email);
  await sendEmail(confirmEmailAddressEmail(email, `${appUrl()}/auth/confirm?token=${token}`));
}

export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string; redirectTo?: string | null },
): Promise<Response | AuthFailure> {
  const email = normalizeEmail(input.email);
  const allowed = await withinLimits([
    [`sign-in:email:${email}`, LIMITS.signInsPerEmail],
    [`sign-in:ip:${clientIp(request)}`, LIMITS.signInsPerIp],
  ]);
  if (!allowed) return { ok: false, message: AUTH_MESSAGES.tooManyAttempts };
  const user = await findUserByEmail(email);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await getDecoyHash()));
  if (!user?.passwordHash || !matches) return { ok: false, message: AUTH_MESSAGES.invalidCredentials };
  if (!user.emailConfirmedAt) {
    await sendConfirmationLink(user.email);
    return { ok: false, message: AUTH_MESSAGES.unconfirmed };
  }
  return signIn(request, user.id, safeRedirect(input.redirectTo), AUTH_TOASTS.welcomeBack);
}

/** Confirms the address behind a link and signs its owner in. */
export async function confirmAccount(request: Request, token: string): Promise<Response | null> {
  const email = await consumeEmailConfirmationToken(token);
  const user = email ? await findUserByEmail(email) : null;
  if (!user) return null;
  await confirmEmail(user.id);
  return signIn(request, user.id, "/", AUTH_TOASTS.accountCreated);
}
