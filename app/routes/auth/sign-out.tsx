import { href, redirect } from "react-router";
import { signOut } from "~/lib/auth/session.server";
import type { Route } from "./+types/sign-out";

export function loader() {
  return redirect(href("/"));
}

export async function action({ request }: Route.ActionArgs) {
  return signOut(request);
}
