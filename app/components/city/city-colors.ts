import type { CityColors, CityTheme } from "~/lib/color/city-theme";

/** A city's colors and theme come from the loaders (publicCityTheme in ~/lib/color/city-theme, decision 0073). */
export type { CityColors, CityTheme };

export function cityGradient(stops: CityColors): string {
  return `linear-gradient(135deg, ${stops.primary}, ${stops.secondary})`;
}
