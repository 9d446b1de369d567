import { href, redirect } from "react-router";
import { safeRedirect } from "~/lib/auth/session.server";
import { liteCookieHeader } from "~/lib/document/lite.server";
import type { Route } from "./+types/lite-mode";

/**
 * POST /resources/lite-mode (`lite=on|off`, `redirectTo`): the footer's Lite
 * mode switch. Keeps the choice in the `lite` cookie and goes back to the
 * page it came from, which is then rendered with or without scripts
 * (app/lib/document/lite.server.ts). A plain form post: it works without
 * JavaScript, which is the point.
 */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const choice = formData.get("lite") === "on" ? "on" : "off";
  const back = safeRedirect(String(formData.get("redirectTo") ?? ""), href("/"));
  return redirect(back, { status: 303, headers: { "Set-Cookie": liteCookieHeader(choice) } });
}

export function loader() {
  return redirect(href("/"));
}
