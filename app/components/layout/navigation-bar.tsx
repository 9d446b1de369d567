import { href, Link, NavLink } from "react-router";

/** The city picker on the home page, also for a member whose home page is their city. */
export const CITY_PICKER_HREF = `${href("/")}?cities`;

export type NavCity = { locationKey: string; name: string };

/**
 * The signed-in member's navigation, on every page but home. On city paths
 * it points at that city's pages, the business directory among them.
 */
export function NavigationBar({ city }: { city: NavCity | null }) {
  const link = "rounded px-2 py-1 hover:bg-white/10 aria-[current=page]:bg-white/15 aria-[current=page]:font-semibold";
  return (
    <nav aria-label="Main" className="bg-slate-900 text-sm text-slate-100 [--focus-ring:white]">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-1.5">
        {city ? (
          <>
            <NavLink to={href("/city/:locationKey", { locationKey: city.locationKey })} end className={link}>
              {city.name}
            </NavLink>
            <NavLink to={href("/city/:locationKey/search", { locationKey: city.locationKey })} className={link}>
              Search
            </NavLink>
            <NavLink to={href("/city/:locationKey/businesses", { locationKey: city.locationKey })} className={link}>
              Businesses
            </NavLink>
          </>
        ) : (
          <>
            <NavLink to={href("/search")} className={link}>
              Search
            </NavLink>
            <NavLink to={href("/businesses")} className={link}>
              Businesses
            </NavLink>
          </>
        )}
        {/* Any query string keeps home from sending a member with a home city straight back to it. */}
        <Link to={CITY_PICKER_HREF} className={link}>
          All cities
        </Link>
        <NavLink to={href("/profile")} className={`${link} ml-auto`}>
          Profile
        </NavLink>
      </div>
    </nav>
  );
}
