/**
 * The sign-in page's view, as its URL holds it (?mode=login|signup,
 * &method=password|code, &step=verify, &homeCity=…, &redirectTo=…), and the
 * link to another view.
 */
import { href } from "react-router";
import type { AuthMode } from "~/lib/auth/sign-in.server";

export type Method = "password" | "code";

export function readView(url: URL) {
  const mode: AuthMode = url.searchParams.get("mode") === "signup" ? "signup" : "login";
  const method: Method = url.searchParams.get("method") === "code" ? "code" : "password";
  const step = method === "code" && url.searchParams.get("step") === "verify" ? "verify" : "start";
  return {
    mode,
    method,
    step,
    homeCity: url.searchParams.get("homeCity") ?? "",
    redirectTo: url.searchParams.get("redirectTo") ?? "",
  };
}

export function authHref(view: {
  mode: AuthMode;
  method: Method;
  step?: string;
  homeCity?: string;
  redirectTo?: string;
}) {
  const params = new URLSearchParams({ mode: view.mode, method: view.method });
  if (view.step === "verify") params.set("step", "verify");
  if (view.homeCity) params.set("homeCity", view.homeCity);
  if (view.redirectTo) params.set("redirectTo", view.redirectTo);
  return `${href("/auth")}?${params}`;
}

export type View = ReturnType<typeof readView>;
