import {
  AA_TEXT,
  composite,
  contrastRatio,
  isHexColor,
  mix,
  NEAR_BLACK,
  parseHexColor,
  shadeForContrast,
  shadeUntil,
  toHex,
  toRgb,
  WHITE,
  type Rgb,
} from "./contrast";
import { PUBLIC_CITY_COLORS } from "~/lib/constants";

/** A city's two chosen colors, as valid hex colors. */
export type CityColors = { primary: string; secondary: string };

/**
 * What the public pages draw from a city's colors
 * (docs/decisions/0044-readable-colors.md): the header's gradient stops,
 * text and overlay, and the brand shades of buttons and links.
 */
export type CityTheme = {
  colors: CityColors;
  header: {
    text: typeof WHITE | typeof NEAR_BLACK;
    /** The translucent layer over the gradient, towards the opposite of the text. */
    overlay: string;
    /** Hover and current-page background of the header's links: more of the overlay. */
    tint: string;
    stops: CityColors;
    /** Lowest contrast of the text over the gradient (with the overlay), as drawn. */
    ratio: number;
    /** The same over the chosen colors, before any shading. */
    chosenRatio: number;
    /** The chosen colors alone did not reach AA: `stops` are shades of them. */
    adjusted: boolean;
  };
  /** Under white text (buttons) and as link text: the primary, or the nearest shade of it reaching AA. */
  action: string;
  /** White text on the chosen primary, and on `action`. */
  primaryRatio: number;
  actionRatio: number;
  /** CSS custom properties for a city's pages: Tailwind's brand colors become the city's. */
  style: Record<`--${string}`, string>;
};

const OVERLAY_ALPHA = 0.25;
const TINT_ALPHA = 0.45;
const SLATE_900: Rgb = { r: 15, g: 23, b: 42 };
const WHITE_RGB: Rgb = { r: 255, g: 255, b: 255 };
/** Points checked along the gradient: with dark text its middle can be darker than both ends. */
const GRADIENT_SAMPLES = 11;
/** Hover and link shades: darker than `action` by these ratios against white, so they also pass on tinted and gray backgrounds. */
const STRONG_TARGET = 7;
const DEEPEST_TARGET = 9;

const rgba = ({ r, g, b }: Rgb, alpha: number) => `rgb(${Math.round(r)} ${Math.round(g)} ${Math.round(b)} / ${alpha})`;

function overlayFor(text: string): Rgb {
  return text === WHITE ? SLATE_900 : WHITE_RGB;
}

/** The lowest contrast of `text` over the gradient from `stops` under the overlay. */
function lowestRatio(stops: CityColors, text: string): number {
  const overlay = { ...overlayFor(text), a: OVERLAY_ALPHA };
  const [from, to] = [toRgb(stops.primary), toRgb(stops.secondary)];
  let lowest = Infinity;
  for (let index = 0; index < GRADIENT_SAMPLES; index++) {
    const point = mix(to, from, index / (GRADIENT_SAMPLES - 1));
    lowest = Math.min(lowest, contrastRatio(composite(overlay, point), text));
  }
  return lowest;
}

/** The header: white or dark text, whichever reads better; stops shaded until it passes everywhere. */
function deriveHeader(colors: CityColors): CityTheme["header"] {
  const text = lowestRatio(colors, WHITE) >= lowestRatio(colors, NEAR_BLACK) ? WHITE : NEAR_BLACK;
  const direction = text === WHITE ? "darker" : "lighter";
  const overlay = { ...overlayFor(text), a: OVERLAY_ALPHA };
  let stops = colors;
  // Each stop alone first; then the middle, which can still fall short with dark text.
  for (let margin = 0; margin <= 2 && lowestRatio(stops, text) < AA_TEXT; margin += 0.25) {
    const passes = (shade: string) => contrastRatio(composite(overlay, toRgb(shade)), text) >= AA_TEXT + margin;
    stops = {
      primary: shadeUntil(stops.primary, direction, passes),
      secondary: shadeUntil(stops.secondary, direction, passes),
    };
  }
  const opposite = overlayFor(text);
  return {
    text,
    overlay: rgba(opposite, OVERLAY_ALPHA),
    tint: rgba(opposite, TINT_ALPHA),
    stops,
    ratio: lowestRatio(stops, text),
    chosenRatio: lowestRatio(colors, text),
    adjusted: stops !== colors,
  };
}

/** Themes already derived, by colors: a few cities' themes are asked for on every page render. */
const derived = new Map<string, CityTheme>();
const DERIVED_KEPT = 256;

export function deriveCityTheme(colors: CityColors): CityTheme {
  const key = `${colors.primary} ${colors.secondary}`;
  const known = derived.get(key);
  if (known) return known;
  const theme = computeCityTheme(colors);
  if (derived.size >= DERIVED_KEPT) derived.delete(derived.keys().next().value!);
  derived.set(key, theme);
  return theme;
}

function computeCityTheme(colors: CityColors): CityTheme {
  const primary = toRgb(colors.primary);
  const action = shadeForContrast(primary, WHITE, AA_TEXT);
  const strong = shadeForContrast(action, WHITE, STRONG_TARGET);
  const deepest = shadeForContrast(action, WHITE, DEEPEST_TARGET);
  return {
    colors,
    header: deriveHeader(colors),
    action,
    primaryRatio: contrastRatio(WHITE, primary),
    actionRatio: contrastRatio(WHITE, action),
    style: {
      "--color-brand-50": toHex(mix(primary, WHITE_RGB, 0.06)),
      "--color-brand-100": toHex(mix(primary, WHITE_RGB, 0.16)),
      "--color-brand-500": toHex(primary),
      "--color-brand-600": action,
      "--color-brand-700": strong,
      "--color-brand-800": deepest,
    },
  };
}

/** The theme of colors typed in a form, or null while either is not a hex color yet. */
export function themeOfInput(primary: string, secondary: string): CityTheme | null {
  const [first, second] = [primary.trim(), secondary.trim()];
  return parseHexColor(first) && parseHexColor(second) ? deriveCityTheme({ primary: first, secondary: second }) : null;
}

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

/**
 * The one way public pages get a city's colors: chosen, with readable text
 * and shades (decision 0044). Loaders call it and send the theme: the
 * browser gets none of this code (decision 0073).
 */
export function publicCityTheme(primary: string | null | undefined, secondary: string | null | undefined): CityTheme {
  return deriveCityTheme(publicCityColors(primary, secondary));
}
