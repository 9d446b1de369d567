import { href, Link, NavLink } from "react-router";
import { GavelIcon } from "~/components/ui/icons";
import { PRODUCT_NAME } from "~/lib/constants";
import { type ClientUser, useOptionalUser } from "~/components/hooks/use-user";
import { MemberMenu } from "./member-menus";
import { useT } from "~/components/hooks/use-t";

export function Logo() {
  return (
    <Link to={href("/")} className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <span className="grid size-8 place-items-center rounded-md bg-brand-600 text-white">
        <GavelIcon className="size-5" />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}

/** `user` overrides the root loader's user, for error pages rendered without it. */
export function TopBar({ user: given }: { user?: ClientUser | null } = {}) {
  const fromRoot = useOptionalUser();
  const user = given === undefined ? fromRoot : given;
  const t = useT();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Logo />
        <nav className="flex items-center gap-2 text-sm">
          <NavLink
            to={href("/businesses")}
            className="rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-slate-900"
          >
            {t("layout.topBar.businesses")}
          </NavLink>
          {user ? (
            <MemberMenu user={user} />
          ) : (
            <Link
              to={href("/auth")}
              className="rounded-md bg-brand-600 px-3 py-2 font-medium text-white hover:bg-brand-700"
            >
              {t("layout.topBar.signIn")}
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
