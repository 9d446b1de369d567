/**
 * /auth: sign in or sign up, with a password or an e-mailed code (the view
 * is in the URL: app/components/auth/view.ts); the screen is
 * app/components/auth/screen.tsx.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import {
  PasswordSignInSchema,
  PasswordSignUpSchema,
  ResendCodeSchema,
  SendCodeSchema,
  VerifyCodeSchema,
} from "~/lib/auth/auth-forms";
import { pendingCode } from "~/lib/auth/email-code.server";
import { getCurrentUser } from "~/lib/auth/session.server";
import {
  AUTH_TOASTS,
  resendSignInCode,
  sendSignInCode,
  signInWithPassword,
  signUpWithPassword,
  verifySignInCode,
  type AuthMode,
} from "~/lib/auth/sign-in.server";
import { listLiveCities } from "~/lib/cities/cities.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { isHoneypotFilled } from "~/lib/http/honeypot";
import { createToastHeaders, dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import type { LastResult } from "~/components/forms/use-schema-form";
import type { Route } from "./+types/auth";
import { AuthScreen } from "~/components/auth/screen";
import { authHref, readView } from "~/components/auth/view";

export const meta: Route.MetaFunction = () => [{ title: `Sign in | ${PRODUCT_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect(href("/"));
  const view = readView(new URL(request.url));
  const cities = view.mode === "signup" ? await listLiveCities() : [];
  const pending = view.step === "verify" ? await pendingCode(request) : null;
  return {
    view,
    pendingEmail: pending?.email ?? null,
    pendingCodeId: pending?.id ?? null,
    cities: cities.map((c) => ({ value: c.locationKey, label: `${c.name}, ${c.state}` })),
  };
}

function failure(result: NonNullable<LastResult>, message: string, init?: ResponseInit) {
  return dataWithToast({ result }, { type: "error", title: "Error", description: message }, { status: 400, ...init });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.clone().formData();
  if (isHoneypotFilled(formData)) throw redirect(href("/auth"));
  switch (formData.get("intent")) {
    case "password":
      return formData.get("mode") === "signup" ? passwordSignUp(request, formData) : passwordSignIn(request, formData);
    case "send-code":
      return sendCode(request, formData);
    case "resend-code":
      return resendCode(request, formData);
    case "verify-code":
      return verifyCode(request, formData);
    default:
      throw data({ message: "Unknown form" }, { status: 400 });
  }
}

async function passwordSignIn(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: PasswordSignInSchema });
  if (submission.status !== "success")
    return failure(submission.reply({ hideFields: ["password"] }), "Please enter your email address and password.");
  const outcome = await signInWithPassword(request, submission.value);
  if (outcome instanceof Response) return outcome;
  return failure(submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }), outcome.message);
}

async function passwordSignUp(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: PasswordSignUpSchema });
  if (submission.status !== "success")
    return failure(submission.reply({ hideFields: ["password"] }), "Please check the highlighted fields.");
  const outcome = await signUpWithPassword(request, { ...submission.value, homeCityKey: submission.value.homeCity });
  if (!outcome.ok)
    return failure(submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }), outcome.message);
  return redirectWithToast(authHref({ mode: "login", method: "password" }), AUTH_TOASTS.checkEmail);
}

/** Carries the strategy's `_totp` cookie along with our toast into the verify step. */
async function toVerifyStep(
  strategyResponse: Response,
  view: { mode: AuthMode; homeCity?: string; redirectTo?: string },
) {
  const headers = await createToastHeaders(AUTH_TOASTS.codeSent);
  for (const cookie of strategyResponse.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(authHref({ ...view, method: "code", step: "verify" }), { headers });
}

async function sendCode(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: SendCodeSchema });
  if (submission.status !== "success") {
    const message = submission.error?.email?.[0] ?? "Please enter your email address";
    return failure(submission.reply(), message);
  }
  const outcome = await sendSignInCode(request, submission.value.email);
  if (!(outcome instanceof Response))
    return failure(submission.reply({ formErrors: [outcome.message] }), outcome.message);
  return toVerifyStep(outcome, submission.value);
}

async function resendCode(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ResendCodeSchema });
  const view = submission.status === "success" ? submission.value : { mode: "login" as const };
  const outcome = await resendSignInCode(request);
  if (!(outcome instanceof Response)) {
    return redirectWithToast(authHref({ ...view, method: "code" }), {
      type: "error",
      title: "Error",
      description: outcome.message,
    });
  }
  return toVerifyStep(outcome, view);
}

async function verifyCode(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: VerifyCodeSchema });
  if (submission.status !== "success") return failure(submission.reply(), "Please enter a valid 6-digit code");
  const outcome = await verifySignInCode(request, submission.value.code, formData);
  if (outcome instanceof Response) return outcome;
  return failure(submission.reply({ formErrors: [outcome.message], resetForm: true }), outcome.message, {
    headers: outcome.headers,
  });
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthScreen loaderData={loaderData} actionData={actionData} />;
}
