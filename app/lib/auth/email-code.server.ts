import { href } from "react-router";
import crypto from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { TOTPStrategy } from "remix-auth-totp";
import { getDb } from "~/lib/db/client.server";
import { verificationCodes } from "~/lib/db/schema";
import { sendEmail } from "~/lib/email/email.server";
import { signInCodeEmail } from "~/lib/email/templates";
import { secureCookies, sessionSecrets } from "~/lib/env/env.server";
import { COOKIES } from "~/lib/privacy/cookies";
import { normalizeEmail } from "./users.server";

/**
 * Six-digit e-mail codes. remix-auth-totp generates and checks the code; its
 * secret travels encrypted (a JWE) in the browser's `_totp` cookie. The
 * cookie alone cannot enforce "dead after 3 wrong tries": a replayed copy
 * would reset its counter. So each code sent is also a row in
 * `verification_codes`, keyed by the hash of its JWE, and that row is the
 * authority on the address, attempts, expiry and single use: the address in
 * the cookie is plain text that anyone can edit (docs/decisions/0007 and
 * 0013). Keying by JWE rather than by address lets one person ask for codes
 * in two browsers at once.
 */

/** As long as the `_totp` cookie that carries the code lives (app/lib/privacy/cookies.ts). */
export const CODE_VALID_MINUTES = COOKIES.emailCode.maxAgeSeconds / 60;
export const CODE_MAX_ATTEMPTS = 3;
const STRATEGY = "email-code";
const TOTP_COOKIE = COOKIES.emailCode.name;
/** Markers the strategy redirects to, recognized and replaced by the caller. */
export const CODE_SENT_MARKER = `${href("/auth")}?code-sent`;
export const CODE_FAILED_MARKER = `${href("/auth")}?code-failed`;

export const CODE_MESSAGES = {
  invalidFormat: "Please enter a valid 6-digit code",
  wrong: "That code didn't work. Please check it and try again.",
  tooManyAttempts: "Too many incorrect attempts. Please request a new code.",
  expired: "That code has expired. Please request a new one.",
  noPendingCode: "We couldn't find a code for this browser. Please request a new one.",
} as const;

type VerifiedEmail = { email: string; formData?: FormData; request: Request };
export type OnCodeVerified = (verified: VerifiedEmail) => Promise<never>;

function hash(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

let authenticator: Authenticator<never> | undefined;
let onVerified: OnCodeVerified | undefined;

/**
 * Registers what happens once a code checks out (create the session and
 * throw its redirect); set once by the sign-in module.
 */
export function setOnCodeVerified(handler: OnCodeVerified) {
  onVerified = handler;
}

function getAuthenticator(): Authenticator<never> {
  authenticator ??= new Authenticator<never>().use(
    new TOTPStrategy(
      {
        secret: hash(`${sessionSecrets()[0]}:totp`),
        totpGeneration: {
          digits: 6,
          charSet: "0123456789",
          period: CODE_VALID_MINUTES * 60,
          maxAttempts: CODE_MAX_ATTEMPTS,
        },
        cookieOptions: {
          maxAge: COOKIES.emailCode.maxAgeSeconds,
          ...(secureCookies() ? { secure: true as const } : {}),
        },
        customErrors: { invalidTotp: CODE_MESSAGES.wrong, expiredTotp: CODE_MESSAGES.expired },
        sendTOTP: async ({ email, code }) => {
          await sendEmail(signInCodeEmail(email, code, CODE_VALID_MINUTES));
        },
        emailSentRedirect: CODE_SENT_MARKER,
        successRedirect: href("/"),
        failureRedirect: CODE_FAILED_MARKER,
      },
      // The strategy passes the address from the cookie; the ledger's is used instead.
      async ({ formData, request }) => {
        const email = await claimCode(request);
        if (!email) throw new Error(CODE_MESSAGES.tooManyAttempts);
        if (!onVerified) throw new Error("No sign-in handler registered for e-mail codes");
        return onVerified({ email, formData, request });
      },
    ),
    STRATEGY,
  );
  return authenticator;
}

/** Runs the strategy; it always ends by throwing a redirect Response. */
async function runEmailCodeStrategy(request: Request): Promise<Response> {
  try {
    await getAuthenticator().authenticate(STRATEGY, request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("The e-mail code strategy returned without a redirect");
}

/**
 * The request the strategy sees: the browser's cookies and only the form
 * fields we chose. The strategy sends a code when the form has an `email`,
 * and checks one when it has a `code`; passing exactly one of them keeps a
 * stray field from turning a resend into a check, or a check into a send.
 */
function strategyRequest(request: Request, form: URLSearchParams): Request {
  return new Request(request.url, {
    method: "POST",
    headers: { Cookie: request.headers.get("Cookie") ?? "", "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
}

/**
 * Sends a fresh code to `address` and records it in the ledger. Returns the
 * strategy's redirect: CODE_SENT_MARKER with the new `_totp` cookie, or
 * CODE_FAILED_MARKER with its error in the cookie.
 */
export async function sendCode(request: Request, address: string): Promise<Response> {
  const response = await runEmailCodeStrategy(strategyRequest(request, new URLSearchParams({ email: address })));
  if (response.headers.get("Location") === CODE_SENT_MARKER) await recordSentCode(response, address);
  return response;
}

/**
 * Checks `code` against the browser's pending code. `fields` travel to the
 * sign-in handler (mode, home city, redirect); any `email` among them is
 * dropped. Returns the sign-in redirect, or CODE_FAILED_MARKER.
 */
export async function checkCode(request: Request, code: string, fields: FormData): Promise<Response> {
  const form = new URLSearchParams();
  for (const [name, value] of fields)
    if (typeof value === "string" && name !== "email" && name !== "code") form.append(name, value);
  form.set("code", code);
  return runEmailCodeStrategy(strategyRequest(request, form));
}

type TotpCookie = { email: string | null; jwe: string | null; error: string | null };

/** Reads the cookie's value the way the strategy does (URLSearchParams, no extra decoding). */
function parseTotpCookie(value: string): TotpCookie {
  const params = new URLSearchParams(value);
  const email = params.get("email");
  return { email: email ? normalizeEmail(email) : null, jwe: jweIn(params.get("totp")), error: params.get("error") };
}

function jweIn(totpJson: string | null): string | null {
  try {
    return (JSON.parse(totpJson ?? "null") as { jwe?: string } | null)?.jwe ?? null;
  } catch {
    return null;
  }
}

function totpCookieOf(request: Request): TotpCookie {
  const raw = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .find((part) => part.startsWith(`${TOTP_COOKIE}=`))
    ?.slice(TOTP_COOKIE.length + 1);
  return raw ? parseTotpCookie(raw) : { email: null, jwe: null, error: null };
}

/** What the strategy wrote into the `_totp` cookie of its response. */
export function codeCookieIn(response: Response): TotpCookie {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${TOTP_COOKIE}=`));
  return cookie
    ? parseTotpCookie(cookie.slice(TOTP_COOKIE.length + 1).split(";")[0] ?? "")
    : { email: null, jwe: null, error: null };
}

async function recordSentCode(response: Response, address: string): Promise<void> {
  const { jwe } = codeCookieIn(response);
  if (!jwe) throw new Error("The e-mail code strategy set no code cookie");
  await getDb()
    .insert(verificationCodes)
    .values({
      email: address,
      purpose: "code",
      codeHash: hash(jwe),
      expiresAt: new Date(Date.now() + CODE_VALID_MINUTES * 60 * 1000),
    });
}

export type PendingCode = typeof verificationCodes.$inferSelect;

/**
 * The code this browser is waiting for: the ledger row of the JWE in its
 * `_totp` cookie. The row, not the cookie, says which address the code went
 * to; a cookie whose address differs from the row's was edited, and is
 * refused (null) like one whose JWE we never issued.
 */
export async function pendingCode(request: Request): Promise<PendingCode | null> {
  const { email, jwe } = totpCookieOf(request);
  if (!jwe) return null;
  const [row] = await getDb()
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.codeHash, hash(jwe)), eq(verificationCodes.purpose, "code")))
    .limit(1);
  return row && row.email === email ? row : null;
}

export type AttemptCheck = { ok: true } | { ok: false; message: string };

/**
 * Spends one of the code's attempts before the code is checked, in a single
 * atomic update, so parallel guesses cannot exceed the limit.
 */
export async function reserveCodeAttempt(code: PendingCode): Promise<AttemptCheck> {
  if (code.consumedAt) return { ok: false, message: CODE_MESSAGES.tooManyAttempts };
  if (code.expiresAt.getTime() <= Date.now()) return { ok: false, message: CODE_MESSAGES.expired };
  const reserved = await getDb()
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, code.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: verificationCodes.attempts });
  return reserved.length ? { ok: true } : { ok: false, message: CODE_MESSAGES.tooManyAttempts };
}

export async function attemptsLeft(code: PendingCode): Promise<number> {
  const [row] = await getDb()
    .select({ attempts: verificationCodes.attempts })
    .from(verificationCodes)
    .where(eq(verificationCodes.id, code.id));
  return row ? Math.max(0, CODE_MAX_ATTEMPTS - row.attempts) : 0;
}

/** Retires a code that a new one replaces, so an old copy of the cookie cannot use it. */
export async function retireCode(code: PendingCode): Promise<void> {
  await getDb()
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)));
}

/**
 * Marks the browser's code used and returns the address it was sent to;
 * null when there is no such code or it was already used (a replay).
 */
async function claimCode(request: Request): Promise<string | null> {
  const code = await pendingCode(request);
  if (!code) return null;
  const [claimed] = await getDb()
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)))
    .returning({ email: verificationCodes.email });
  return claimed?.email ?? null;
}

// ---------------------------------------------------------------- confirmation links

const CONFIRM_VALID_HOURS = 24;

/** A one-time token for the link that confirms a new account's address. */
export async function createEmailConfirmationToken(email: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb()
    .insert(verificationCodes)
    .values({
      email: normalizeEmail(email),
      purpose: "confirm-email",
      codeHash: hash(token),
      expiresAt: new Date(Date.now() + CONFIRM_VALID_HOURS * 60 * 60 * 1000),
    });
  return token;
}

/** Uses the token once; returns the confirmed address, or null. */
export async function consumeEmailConfirmationToken(token: string): Promise<string | null> {
  const [row] = await getDb()
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.codeHash, hash(token)),
        eq(verificationCodes.purpose, "confirm-email"),
        isNull(verificationCodes.consumedAt),
        sql`${verificationCodes.expiresAt} > now()`,
      ),
    )
    .returning({ email: verificationCodes.email });
  return row?.email ?? null;
}
