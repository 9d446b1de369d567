import crypto from "node:crypto";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { TOTPStrategy } from "remix-auth-totp";
import { getDb } from "~/lib/db/client.server";
import { verificationCodes } from "~/lib/db/schema";
import { sendEmail } from "~/lib/email/email.server";
import { signInCodeEmail } from "~/lib/email/templates";
import { secureCookies, sessionSecrets } from "~/lib/env/env.server";
import { normalizeEmail } from "./users.server";

/**
 * Six-digit e-mail codes. remix-auth-totp generates and checks the code
 * (its secret travels encrypted in the `_totp` cookie). The cookie alone
 * cannot enforce "dead after 3 wrong tries": a replayed cookie would reset
 * its counter. So every code sent is also written to `verification_codes`,
 * and that row is the authority on attempts, expiry and single use
 * (docs/decisions/0007-email-codes.md).
 */

export const CODE_VALID_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 3;
const STRATEGY = "email-code";
/** Markers the strategy redirects to, recognised and replaced by the caller. */
export const CODE_SENT_MARKER = "/auth?code-sent";
export const CODE_FAILED_MARKER = "/auth?code-failed";

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
        cookieOptions: { maxAge: CODE_VALID_MINUTES * 60, ...(secureCookies() ? { secure: true as const } : {}) },
        customErrors: { invalidTotp: CODE_MESSAGES.wrong, expiredTotp: CODE_MESSAGES.expired },
        sendTOTP: async ({ email, code }) => {
          await recordIssuedCode(email, code);
          await sendEmail(signInCodeEmail(email, code, CODE_VALID_MINUTES));
        },
        emailSentRedirect: CODE_SENT_MARKER,
        successRedirect: "/",
        failureRedirect: CODE_FAILED_MARKER,
      },
      async (verified) => {
        const claimed = await claimLatestCode(verified.email);
        if (!claimed) throw new Error(CODE_MESSAGES.tooManyAttempts);
        if (!onVerified) throw new Error("No sign-in handler registered for e-mail codes");
        return onVerified(verified);
      },
    ),
    STRATEGY,
  );
  return authenticator;
}

/** Runs the strategy; it always ends by throwing a redirect Response. */
export async function runEmailCodeStrategy(request: Request): Promise<Response> {
  try {
    await getAuthenticator().authenticate(STRATEGY, request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("The e-mail code strategy returned without a redirect");
}

/** The address a code was last sent to from this browser, from the `_totp` cookie. */
export function pendingCodeEmail(request: Request): string | null {
  const cookies = request.headers.get("Cookie") ?? "";
  const raw = cookies
    .split(/;\s*/)
    .find((part) => part.startsWith("_totp="))
    ?.slice("_totp=".length);
  if (!raw) return null;
  const email = new URLSearchParams(decodeURIComponent(raw)).get("email");
  return email ? normalizeEmail(email) : null;
}

async function recordIssuedCode(email: string, code: string): Promise<void> {
  const normalized = normalizeEmail(email);
  await getDb()
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.email, normalized), eq(verificationCodes.purpose, "code"), isNull(verificationCodes.consumedAt)));
  await getDb().insert(verificationCodes).values({
    email: normalized,
    purpose: "code",
    codeHash: hash(`${normalized}:${code}`),
    expiresAt: new Date(Date.now() + CODE_VALID_MINUTES * 60 * 1000),
  });
}

export type AttemptCheck = { ok: true } | { ok: false; message: string };

/**
 * Spends one of the latest code's attempts before the code is checked, in a
 * single atomic update, so parallel guesses cannot exceed the limit.
 */
export async function reserveCodeAttempt(email: string): Promise<AttemptCheck> {
  const latest = await latestCode(email);
  if (!latest || latest.consumedAt) return { ok: false, message: CODE_MESSAGES.noPendingCode };
  if (latest.expiresAt.getTime() <= Date.now()) return { ok: false, message: CODE_MESSAGES.expired };
  const reserved = await getDb()
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, latest.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: verificationCodes.attempts });
  return reserved.length ? { ok: true } : { ok: false, message: CODE_MESSAGES.tooManyAttempts };
}

export async function attemptsLeft(email: string): Promise<number> {
  const latest = await latestCode(email);
  return latest ? Math.max(0, CODE_MAX_ATTEMPTS - latest.attempts) : 0;
}

async function latestCode(email: string) {
  const [row] = await getDb()
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, normalizeEmail(email)), eq(verificationCodes.purpose, "code")))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Marks the latest code used; false when it already was (a replay). */
async function claimLatestCode(email: string): Promise<boolean> {
  const latest = await latestCode(email);
  if (!latest) return false;
  const claimed = await getDb()
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return claimed.length > 0;
}

// ---------------------------------------------------------------- confirmation links

const CONFIRM_VALID_HOURS = 24;

/** A one-time token for the link that confirms a new account's address. */
export async function createEmailConfirmationToken(email: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb().insert(verificationCodes).values({
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
