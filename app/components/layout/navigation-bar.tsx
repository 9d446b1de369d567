import { href, Link, NavLink } from "react-router";
import { useT } from "~/components/hooks/use-t";

/** The city picker on the home page, also for a member whose home page is their city. */
export const CITY_PICKER_HREF = `${href("/")}?cities`;

export type NavCity = { locationKey: string; name: string };

/**
 * The signed-in member's navigation, on every page but home. On city paths
 * it points at that city's pages, the business directory among them.
 */
export function NavigationBar({ city }: { city: NavCity | null }) {
  const t = useT();
  const link = "rounded px-2 py-1 hover:bg-white/10 aria-[current=page]:bg-white/15 aria-[current=page]:font-semibold";
  return (
    <nav aria-label={t("layout.nav.main")} className="bg-slate-900 text-sm text-slate-100 [--focus-ring:white]">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-1.5">
        {city ? (
          <>
            <NavLink to={href("/city/:locationKey", { locationKey: city.locationKey })} end className={link}>
              {city.name}
            </NavLink>
            <NavLink to={href("/city/:locationKey/search", { locationKey: city.locationKey })} className={link}>
              {t("layout.nav.search")}
            </NavLink>
            <NavLink to={href("/city/:locationKey/businesses", { locationKey: city.locationKey })} className={link}>
              {t("layout.nav.businesses")}
            </NavLink>
          </>
        ) : (
          <>
            <NavLink to={href("/search")} className={link}>
              {t("layout.nav.search")}
            </NavLink>
            <NavLink to={href("/businesses")} className={link}>
              {t("layout.nav.businesses")}
            </NavLink>
          </>
        )}
        {/* Any query string keeps home from sending a member with a home city straight back to it. */}
        <Link to={CITY_PICKER_HREF} className={link}>
          {t("layout.nav.allCities")}
        </Link>
        <NavLink to={href("/profile")} className={`${link} ml-auto`}>
          {t("layout.nav.profile")}
        </NavLink>
      </div>
    </nav>
  );
}
