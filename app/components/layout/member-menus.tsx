/**
 * What only a signed-in member sees in every page's frame, the account menu
 * and the navigation bar, each in a browser chunk of its own (lazyInBrowser;
 * decision records 29 and 73): readers, most visitors, never download them;
 * the server renders them in place, and a member's page hydrates around them.
 */
import { Suspense } from "react";
import type { ClientUser } from "~/components/hooks/use-user";
import { lazyInBrowser } from "~/components/lazy-in-browser";
import type { NavCity } from "./navigation-bar";

const serverMenu = import.meta.env.SSR ? await import("./user-menu") : null;
const serverNavigation = import.meta.env.SSR ? await import("./navigation-bar") : null;
const UserMenu = lazyInBrowser(serverMenu?.UserMenu, () => import("./user-menu").then((module) => module.UserMenu));
const NavigationBar = lazyInBrowser(serverNavigation?.NavigationBar, () =>
  import("./navigation-bar").then((module) => module.NavigationBar),
);

/** The avatar menu (./user-menu.tsx). */
export function MemberMenu(props: { user: ClientUser; tone?: "light" | "dark" }) {
  return (
    <Suspense fallback={null}>
      <UserMenu {...props} />
    </Suspense>
  );
}

/** The member's navigation bar (./navigation-bar.tsx). */
export function MemberNavigation({ city }: { city: NavCity | null }) {
  return (
    <Suspense fallback={null}>
      <NavigationBar city={city} />
    </Suspense>
  );
}
