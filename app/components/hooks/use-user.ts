import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

export type ClientUser = { email: string; isAdmin: boolean };

/** The signed-in user as the root loader saw it, or null. */
export function useOptionalUser(): ClientUser | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
}

export function initialsOf(email: string): string {
  return email.slice(0, 2).toUpperCase();
}
