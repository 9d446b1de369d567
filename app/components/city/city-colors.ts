import { PUBLIC_CITY_COLORS } from "~/lib/constants";

/** Hex colors only: they go into inline styles, so nothing else may pass. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export type CityColors = { primary: string; secondary: string };

/** A city's colors for public pages, each falling back to teal / amber (decision 0003). */
export function publicCityColors(primary: string | null | undefined, secondary: string | null | undefined): CityColors {
  const pick = (value: string | null | undefined, fallback: string) => {
    const color = value?.trim();
    return color && HEX_COLOR.test(color) ? color : fallback;
  };
  return {
    primary: pick(primary, PUBLIC_CITY_COLORS.primary),
    secondary: pick(secondary, PUBLIC_CITY_COLORS.secondary),
  };
}

export function cityGradient(colors: CityColors): string {
  return `linear-gradient(135deg, ${colors.primary}, ${colors.secondary})`;
}
