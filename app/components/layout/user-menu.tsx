import { Form, href, Link } from "react-router";
import { useDisclosureMenu } from "./disclosure-menu";
import { initialsOf, type ClientUser } from "~/components/hooks/use-user";

/**
 * The avatar menu. A details/summary disclosure, so it opens without
 * JavaScript (and closes on Escape with it); Sign Out is a form post, never a link.
 */
export function UserMenu({ user, tone = "light" }: { user: ClientUser; tone?: "light" | "dark" }) {
  const item = "block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100";
  const menuRef = useDisclosureMenu();
  return (
    <details ref={menuRef} className="relative">
      <summary
        className={`grid size-10 cursor-pointer list-none place-items-center rounded-full font-semibold [&::-webkit-details-marker]:hidden ${
          tone === "light" ? "bg-brand-600 text-white" : "bg-white/90 text-slate-900"
        }`}
      >
        {/* The initials are the visible name; the words after them say whose menu it is. */}
        <span>{initialsOf(user.email)}</span>
        <span className="sr-only"> Account menu for {user.email}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-56 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        <p className="px-4 py-2 text-xs break-all text-slate-500">{user.email}</p>
        <Link to={href("/profile")} className={item}>
          Profile
        </Link>
        <Link to={href("/desk")} className={item}>
          Journalist&apos;s desk
        </Link>
        {user.isAdmin ? (
          <>
            <Link to={href("/admin")} className={item}>
              Admin Panel
            </Link>
            <Link to={href("/admin/story-playground")} className={item}>
              Story Playground
            </Link>
          </>
        ) : null}
        <Form method="post" action={href("/auth/sign-out")}>
          <button type="submit" className={item}>
            Sign Out
          </button>
        </Form>
      </div>
    </details>
  );
}
