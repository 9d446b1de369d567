/**
 * Color contrast after WCAG 2.2 (relative luminance, contrast ratio), and
 * shades of a color that reach a ratio. Pure: used by the server and the
 * browser alike (docs/decisions/0044-readable-colors.md).
 */

/** 0–255 channels. */
export type Rgb = { r: number; g: number; b: number };
/** 0–255 channels and an alpha of 0–1. */
export type Rgba = Rgb & { a: number };

/** AA minimums: normal text; large text, control boundaries, focus rings and graphics. */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

export const WHITE = "#FFFFFF";
/** The app's body text color (slate-900): the dark choice for text on light colors. */
export const NEAR_BLACK = "#0F172A";

/** #rgb, #rgba, #rrggbb or #rrggbbaa: the forms a city color may take. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

export function parseHexColor(value: string): Rgba | null {
  const color = value.trim();
  if (!HEX_COLOR.test(color)) return null;
  let digits = color.slice(1);
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join("");
  const channel = (index: number) => parseInt(digits.slice(index * 2, index * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 };
}

/** An opaque color; a translucent one is laid over `under` (white unless told). */
export function toRgb(color: string | Rgb | Rgba, under: Rgb = { r: 255, g: 255, b: 255 }): Rgb {
  const parsed = typeof color === "string" ? parseHexColor(color) : color;
  if (!parsed) throw new Error(`Not a hex color: ${String(color)}`);
  return "a" in parsed ? composite(parsed as Rgba, under) : parsed;
}

/** `top` painted with its alpha over an opaque color. */
export function composite(top: Rgba, under: Rgb): Rgb {
  const blend = (upper: number, lower: number) => upper * top.a + lower * (1 - top.a);
  return { r: blend(top.r, under.r), g: blend(top.g, under.g), b: blend(top.b, under.b) };
}

/** `weight` of `a` and the rest of `b`, channel by channel (as a CSS gradient blends in sRGB). */
export function mix(a: Rgb, b: Rgb, weight: number): Rgb {
  return {
    r: a.r * weight + b.r * (1 - weight),
    g: a.g * weight + b.g * (1 - weight),
    b: a.b * weight + b.b * (1 - weight),
  };
}

export function toHex({ r, g, b }: Rgb): string {
  const channel = (value: number) =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r)}${channel(g)}${channel(b)}`.toUpperCase();
}

export function relativeLuminance(color: string | Rgb): number {
  const { r, g, b } = toRgb(color);
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** From 1 (same) to 21 (black on white). */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** "4.49:1": cut, not rounded, so that a ratio just under a minimum never reads as reaching it. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** White or near-black, whichever reads better on `background`. */
export function readableTextColor(background: string | Rgb): typeof WHITE | typeof NEAR_BLACK {
  return contrastRatio(WHITE, background) >= contrastRatio(NEAR_BLACK, background) ? WHITE : NEAR_BLACK;
}

type Hsl = { h: number; s: number; l: number };

function toHsl({ r, g, b }: Rgb): Hsl {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === red
      ? (green - blue) / d + (green < blue ? 6 : 0)
      : max === green
        ? (blue - red) / d + 2
        : (red - green) / d + 4;
  return { h: h / 6, s, l };
}

function fromHsl({ h, s, l }: Hsl): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return { r: hue(h + 1 / 3) * 255, g: hue(h) * 255, b: hue(h - 1 / 3) * 255 };
}

/**
 * The shade of `color` (same hue and saturation) nearest to it that `passes`,
 * going darker or lighter; the color itself when it passes already. Lightness
 * moves every channel one way, so a binary search finds it.
 */
export function shadeUntil(
  color: string | Rgb,
  direction: "darker" | "lighter",
  passes: (shade: string) => boolean,
): string {
  const start = toHex(toRgb(color));
  if (passes(start)) return start;
  const hsl = toHsl(toRgb(start));
  const end = direction === "darker" ? 0 : 1;
  const at = (lightness: number) => toHex(fromHsl({ ...hsl, l: lightness }));
  if (!passes(at(end))) return at(end);
  // `near` fails, `far` passes: close in on the border.
  let near = hsl.l;
  let far = end;
  for (let step = 0; step < 24; step++) {
    const middle = (near + far) / 2;
    if (passes(at(middle))) far = middle;
    else near = middle;
  }
  return at(far);
}

/** The shade of `color` nearest to it with at least `target` contrast against `against`. */
export function shadeForContrast(color: string | Rgb, against: string | Rgb, target: number): string {
  const direction = relativeLuminance(against) > 0.18 ? "darker" : "lighter";
  return shadeUntil(color, direction, (shade) => contrastRatio(shade, against) >= target);
}
