import { deriveCityTheme, type CityColors, type CityTheme } from "~/lib/color/city-theme";
import { isHexColor } from "~/lib/color/contrast";
import { PUBLIC_CITY_COLORS } from "~/lib/constants";

export type { CityColors, CityTheme };

/** A city's colors for public pages, each falling back to teal / amber (decision 0003). Hex only: they go into inline styles. */
export function publicCityColors(primary: string | null | undefined, secondary: string | null | undefined): CityColors {
  const pick = (value: string | null | undefined, fallback: string) => {
    const color = value?.trim();
    return color && isHexColor(color) ? color : fallback;
  };
  return {
    primary: pick(primary, PUBLIC_CITY_COLORS.primary),
    secondary: pick(secondary, PUBLIC_CITY_COLORS.secondary),
  };
}

/** The one way public pages get a city's colors: chosen, with readable text and shades (decision 0044). */
export function publicCityTheme(primary: string | null | undefined, secondary: string | null | undefined): CityTheme {
  return deriveCityTheme(publicCityColors(primary, secondary));
}

export function cityGradient(stops: CityColors): string {
  return `linear-gradient(135deg, ${stops.primary}, ${stops.secondary})`;
}
