import { href, Link, NavLink } from "react-router";
import { MemberMenu } from "~/components/layout/member-menus";
import { GavelIcon } from "~/components/ui/icons";
import { PRODUCT_NAME } from "~/lib/constants";
import { useOptionalUser } from "~/components/hooks/use-user";
import { cityGradient, type CityTheme } from "./city-colors";
import { ArrowLeftIcon, BuildingIcon } from "~/components/ui/icons";

export type CityHeaderCity = {
  name: string;
  state: string;
  locationKey: string;
  primaryColor: string | null;
  secondaryColor: string | null;
  icon: string | null;
  imageUrl?: string | null;
  tagLine?: string | null;
};

function AccountArea() {
  const user = useOptionalUser();
  if (user) return <MemberMenu user={user} tone="dark" />;
  return (
    <Link
      to={href("/auth")}
      className="rounded-md bg-white/90 px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-white"
    >
      Sign In
    </Link>
  );
}

function CityIcon({ icon }: { icon: string | null }) {
  const text = icon?.trim();
  return (
    <span
      aria-hidden
      className="grid size-14 shrink-0 place-items-center rounded-xl bg-white/20 text-3xl backdrop-blur"
    >
      {text && text.length <= 8 ? text : <BuildingIcon className="size-8" />}
    </span>
  );
}

/**
 * The city header banner (docs/product.md#rules-cities): a gradient from the city's
 * primary to its secondary color, an optional background image, icon, name
 * with state, tag line and a search box that goes to /search for this city
 * (`search`: the routes that show the full banner hand it over, so that the
 * other pages do not load it). On meeting pages (`compact`) the brand link is
 * a back arrow with the city name, returning to the city page.
 */
export function CityHeader({
  city,
  theme,
  variant = "full",
  search = null,
}: {
  city: CityHeaderCity;
  /** The city's theme, made by the loader (publicCityTheme). */
  theme: Pick<CityTheme, "colors" | "header">;
  variant?: "full" | "compact";
  search?: React.ReactNode;
}) {
  const { colors, header } = theme;
  const cityPath = href("/city/:locationKey", { locationKey: city.locationKey });
  return (
    <header
      // No overflow-hidden here: the account menu opens below the banner and
      // must not be clipped by it. Only the background layers are clipped.
      className="relative isolate z-30"
      // Text, overlay and stops derived so the text reads on any city's colors (decision 0044).
      style={
        {
          backgroundImage: cityGradient(header.stops),
          color: header.text,
          "--focus-ring": header.text,
          "--city-header-tint": header.tint,
        } as React.CSSProperties
      }
      data-primary-color={colors.primary}
      data-secondary-color={colors.secondary}
      data-header-text={header.text}
    >
      <div aria-hidden className="absolute inset-0 -z-10 overflow-hidden">
        {variant === "full" && city.imageUrl ? (
          <img
            src={city.imageUrl}
            alt=""
            className="absolute inset-0 size-full object-cover opacity-25 mix-blend-overlay"
          />
        ) : null}
        <div className="absolute inset-0" style={{ backgroundColor: header.overlay }} />
      </div>
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex items-center justify-between gap-4 py-3">
          {variant === "compact" ? (
            <Link to={cityPath} className="inline-flex items-center gap-2 font-semibold hover:underline">
              <ArrowLeftIcon className="size-5" />
              <span>{city.name}</span>
            </Link>
          ) : (
            <Link to={href("/")} className="inline-flex items-center gap-2 font-bold">
              <span className="grid size-8 place-items-center rounded-md bg-white/20">
                <GavelIcon className="size-5" />
              </span>
              {PRODUCT_NAME}
            </Link>
          )}
          <div className="flex items-center gap-2">
            <NavLink
              to={href("/city/:locationKey/businesses", { locationKey: city.locationKey })}
              className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-(--city-header-tint) aria-[current=page]:bg-(--city-header-tint)"
            >
              Businesses
            </NavLink>
            <AccountArea />
          </div>
        </div>
        {variant === "full" ? (
          <div className="grid gap-6 pb-10 pt-4 md:grid-cols-[1fr_minmax(0,24rem)] md:items-end">
            <div className="flex items-center gap-4">
              <CityIcon icon={city.icon} />
              <div>
                <h1 className="text-3xl font-extrabold tracking-tight drop-shadow sm:text-4xl">
                  {city.name}, {city.state}
                </h1>
                {city.tagLine ? <p className="mt-1 text-lg">{city.tagLine}</p> : null}
              </div>
            </div>
            {search}
          </div>
        ) : null}
      </div>
    </header>
  );
}
