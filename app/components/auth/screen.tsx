/**
 * The screen of /auth (app/routes/auth/auth.tsx holds its loader and
 * action): password and e-mailed code, sign in and sign up, each a plain
 * form post.
 */
import { Main } from "~/components/layout/main";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, ErrorList, Field, HoneypotField, SelectField } from "~/components/forms/fields";
import { Logo } from "~/components/layout/top-bar";
import type { PasswordSignUpSchema, SendCodeSchema, VerifyCodeSchema } from "~/lib/auth/auth-forms";
import type { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "~/lib/auth/password-rules";
import type { AuthMode } from "~/lib/auth/sign-in.server";
import { VERIFICATION_CODE_LENGTH } from "~/lib/constants";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { getFormProps, getInputProps, useSchemaForm, type LastResult } from "~/components/forms/use-schema-form";
import { authHref, type Method, type View } from "./view";
import type { Route } from "../../routes/auth/+types/auth";

export function AuthScreen({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { view, cities, pendingEmail, pendingCodeId } = loaderData;
  const other: AuthMode = view.mode === "login" ? "signup" : "login";
  return (
    <Main className="mx-auto flex w-full max-w-md flex-col px-4 py-12">
      <header className="flex flex-col items-center text-center">
        <Logo />
        <p className="mt-2 text-slate-600">Empowering communities through government transparency</p>
      </header>
      <section className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{view.mode === "login" ? "Sign in" : "Create an account"}</h1>
        <MethodTabs view={view} />
        {view.method === "password" ? (
          <PasswordForm key={`password-${view.mode}`} view={view} cities={cities} lastResult={actionData?.result} />
        ) : view.step === "verify" ? (
          // A new code (Resend Code) starts with an empty box.
          <VerifyCodeForm
            key={pendingCodeId ?? "none"}
            view={view}
            email={pendingEmail}
            lastResult={actionData?.result}
          />
        ) : (
          <SendCodeForm key={`code-${view.mode}`} view={view} cities={cities} lastResult={actionData?.result} />
        )}
        <p className="mt-6 text-center text-sm text-slate-600">
          {view.mode === "login" ? "Don't have an account?" : "Already have an account?"}{" "}
          <Link
            className="font-semibold text-brand-700 hover:underline"
            to={authHref({ ...view, mode: other, step: "start" })}
          >
            {view.mode === "login" ? "Sign up" : "Sign in"}
          </Link>
        </p>
      </section>
    </Main>
  );
}

type CityOption = { value: string; label: string };

function MethodTabs({ view }: { view: View }) {
  const tabs: Array<{ method: Method; label: string }> = [
    { method: "password", label: "Password" },
    { method: "code", label: "Email code" },
  ];
  return (
    <nav aria-label="Sign-in method" className="mt-4 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium">
      {tabs.map((tab) => (
        <Link
          key={tab.method}
          to={authHref({ ...view, method: tab.method, step: "start" })}
          aria-current={view.method === tab.method ? "page" : undefined}
          className="rounded-md px-3 py-2 text-center text-slate-600 aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

function HiddenView({ view }: { view: View }) {
  return (
    <>
      <input type="hidden" name="mode" value={view.mode} />
      {view.redirectTo ? <input type="hidden" name="redirectTo" value={view.redirectTo} /> : null}
    </>
  );
}

function HomeCityField({ cities, defaultValue }: { cities: CityOption[]; defaultValue?: string }) {
  return (
    <SelectField
      label="Home city (optional)"
      name="homeCity"
      placeholder="No home city"
      options={cities}
      defaultValue={defaultValue}
      hint="We'll open your city's page when you sign in."
    />
  );
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function PasswordForm({ view, cities, lastResult }: { view: View; cities: CityOption[]; lastResult: LastResult }) {
  const signup = view.mode === "signup";
  const [form, fields] = useSchemaForm<z.input<typeof PasswordSignUpSchema>>({
    id: `password-${view.mode}`,
    lastResult,
  });
  const submitting = useSubmitting("password");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <HoneypotField />
      <HiddenView view={view} />
      <Field
        label="Email"
        autoComplete="email"
        required
        errors={fields.email.errors}
        {...getInputProps(fields.email, { type: "email" })}
      />
      <Field
        label="Password"
        autoComplete={signup ? "new-password" : "current-password"}
        required
        minLength={signup ? PASSWORD_MIN_LENGTH : undefined}
        hint={signup ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
        errors={fields.password.errors}
        {...getInputProps(fields.password, { type: "password" })}
      />
      {signup ? <HomeCityField cities={cities} defaultValue={view.homeCity} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} announce />
      <Button name="intent" value="password" className="w-full" disabled={submitting}>
        {signup ? "Create Account" : "Sign In"}
      </Button>
    </Form>
  );
}

function SendCodeForm({ view, cities, lastResult }: { view: View; cities: CityOption[]; lastResult: LastResult }) {
  const [form, fields] = useSchemaForm<z.input<typeof SendCodeSchema>>({ id: `send-code-${view.mode}`, lastResult });
  const submitting = useSubmitting("send-code");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <HoneypotField />
      <HiddenView view={view} />
      <p className="text-sm text-slate-600">We'll e-mail you a 6-digit code. No password needed.</p>
      <Field
        label="Email"
        autoComplete="email"
        errors={fields.email.errors}
        {...getInputProps(fields.email, { type: "email" })}
      />
      {view.mode === "signup" ? <HomeCityField cities={cities} defaultValue={view.homeCity} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} announce />
      <Button name="intent" value="send-code" className="w-full" disabled={submitting}>
        {submitting ? "Sending…" : "Send Code"}
      </Button>
    </Form>
  );
}

function VerifyCodeForm({ view, email, lastResult }: { view: View; email: string | null; lastResult: LastResult }) {
  const hydrated = useHydrated();
  const [code, setCode] = useState("");
  const [form, fields] = useSchemaForm<z.input<typeof VerifyCodeSchema>>({ id: "verify-code", lastResult });
  const verifying = useSubmitting("verify-code");
  const resending = useSubmitting("resend-code");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <HiddenView view={view} />
      {view.homeCity ? <input type="hidden" name="homeCity" value={view.homeCity} /> : null}
      <p className="text-sm text-slate-600">
        {email ? (
          <>
            We sent a 6-digit code to <strong className="text-slate-900">{email}</strong>. It works for 10 minutes.
          </>
        ) : (
          "Enter the 6-digit code from your e-mail."
        )}
      </p>
      <Field
        label="Verification code"
        name={fields.code.name}
        id={fields.code.id}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={VERIFICATION_CODE_LENGTH}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, "").slice(0, VERIFICATION_CODE_LENGTH))}
        errors={fields.code.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} announce />
      <Button
        name="intent"
        value="verify-code"
        className="w-full"
        disabled={verifying || (hydrated && code.length !== VERIFICATION_CODE_LENGTH)}
      >
        {verifying ? "Verifying…" : "Verify"}
      </Button>
      <div className="flex items-center justify-between text-sm">
        <Link
          to={authHref({ ...view, method: "code", step: "start" })}
          className="font-medium text-slate-700 hover:underline"
        >
          ← Back
        </Link>
        <Button name="intent" value="resend-code" variant="ghost" formNoValidate disabled={resending}>
          {resending ? "Sending…" : "Resend Code"}
        </Button>
      </div>
    </Form>
  );
}
