import { describe, expect, test } from "vitest";
import { deriveCityTheme, themeOfInput } from "~/lib/color/city-theme";
import {
  AA_TEXT,
  contrastRatio,
  formatRatio,
  NEAR_BLACK,
  parseHexColor,
  readableTextColor,
  relativeLuminance,
  shadeForContrast,
  WHITE,
} from "~/lib/color/contrast";
import { publicCityTheme } from "~/lib/color/city-theme";

describe("contrast math", () => {
  test("parses the four hex forms a city color may take", () => {
    expect(parseHexColor("#0D9488")).toEqual({ r: 13, g: 148, b: 136, a: 1 });
    expect(parseHexColor("#fff")).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseHexColor("#0008")).toEqual({ r: 0, g: 0, b: 0, a: 0x88 / 255 });
    expect(parseHexColor("#ff000080")?.a).toBeCloseTo(0.5, 2);
    expect(parseHexColor("red")).toBeNull();
    expect(parseHexColor("#12345")).toBeNull();
  });

  test("gives the WCAG ratios of known pairs", () => {
    expect(formatRatio(contrastRatio(WHITE, "#000000"))).toBe("21.00:1");
    expect(formatRatio(contrastRatio(WHITE, "#0D9488"))).toBe("3.74:1");
    expect(formatRatio(contrastRatio("#767676", WHITE))).toBe("4.54:1");
    expect(formatRatio(contrastRatio(WHITE, "#0F766E"))).toBe("5.47:1");
    expect(contrastRatio("#abc", "#abc")).toBe(1);
    expect(relativeLuminance("#000")).toBe(0);
    expect(relativeLuminance("#fff")).toBe(1);
  });

  test("a translucent color is read as laid over white", () => {
    expect(contrastRatio("#00000000", WHITE)).toBe(1);
    expect(contrastRatio("#000000ff", WHITE)).toBe(21);
  });

  test("cuts a ratio rather than rounding it up to a minimum", () => {
    expect(formatRatio(4.4999)).toBe("4.49:1");
  });

  test("picks white or near-black text, whichever reads better", () => {
    expect(readableTextColor("#000000")).toBe(WHITE);
    expect(readableTextColor("#FFFF99")).toBe(NEAR_BLACK);
    expect(readableTextColor("#0F766E")).toBe(WHITE);
  });

  test("finds the nearest shade of a color reaching a ratio", () => {
    const teal = shadeForContrast("#0D9488", WHITE, AA_TEXT);
    expect(contrastRatio(teal, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(teal, WHITE)).toBeLessThan(4.6);
    // Lighter for a dark background.
    const light = shadeForContrast("#1E3A8A", "#000000", 7);
    expect(contrastRatio(light, "#000000")).toBeGreaterThanOrEqual(7);
    // A color that passes already stays as it is.
    expect(shadeForContrast("#115E59", WHITE, AA_TEXT)).toBe("#115E59");
  });
});

describe("a city's theme", () => {
  const cases: [string, string, string][] = [
    ["the defaults", "#0D9488", "#F59E0B"],
    ["pale yellow", "#FFFF99", "#FFF9C4"],
    ["white", "#FFFFFF", "#FFFFFF"],
    ["black", "#000000", "#000000"],
    ["black to white", "#000", "#fff"],
    ["a new city's blues", "#3B82F6", "#1E40AF"],
    ["translucent", "#ff000080", "#0f08"],
  ];

  test.each(cases)("%s: header text and buttons pass AA", (_name, primary, secondary) => {
    const theme = deriveCityTheme({ primary, secondary });
    expect(theme.header.ratio).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(WHITE, theme.action)).toBeGreaterThanOrEqual(AA_TEXT);
    const { style } = theme;
    // Links (brand-700) read on the tinted chips (brand-50/100) and on the gray page.
    for (const background of [style["--color-brand-50"]!, style["--color-brand-100"]!, "#F8FAFC"])
      expect(contrastRatio(style["--color-brand-700"]!, background)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(WHITE, style["--color-brand-800"]!)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  test("pale yellow gets dark header text and a dark shade of yellow for buttons", () => {
    const theme = deriveCityTheme({ primary: "#FFFF99", secondary: "#FFF9C4" });
    expect(theme.header.text).toBe(NEAR_BLACK);
    expect(theme.header.adjusted).toBe(false);
    expect(theme.primaryRatio).toBeLessThan(1.1);
    const { r, g, b } = parseHexColor(theme.action)!;
    expect(r).toBe(g);
    expect(b).toBeLessThan(r);
  });

  test("the defaults keep teal and amber in the header, with white text on darkened stops where needed", () => {
    const theme = publicCityTheme(null, "");
    expect(theme.colors).toEqual({ primary: "#0D9488", secondary: "#F59E0B" });
    expect(formatRatio(theme.primaryRatio)).toBe("3.74:1");
    expect(theme.style["--color-brand-500"]).toBe("#0D9488");
  });

  test("black to white cannot keep both stops: one is shaded", () => {
    const theme = deriveCityTheme({ primary: "#000", secondary: "#fff" });
    expect(theme.header.adjusted).toBe(true);
  });

  test("a color still being typed has no theme", () => {
    expect(themeOfInput("#FFF", "#12")).toBeNull();
    expect(themeOfInput(" #FFF ", "#123")).not.toBeNull();
  });
});
