import { themeOfInput } from "~/lib/color/city-theme";
import { AA_TEXT, contrastRatio, formatRatio, NEAR_BLACK, parseHexColor, WHITE } from "~/lib/color/contrast";

/**
 * What City Management tells an admin about the colors chosen
 * (docs/decisions/0044-readable-colors.md): the contrast of white text on the
 * primary and of the header text on the gradient, and, below AA, the shades
 * the public pages use instead. Worked out here from the typed values, so it
 * is server-rendered and, with JavaScript, follows the typing.
 */

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      className="mr-1 inline-block size-3.5 rounded-sm border border-slate-500 align-middle"
      style={{ backgroundColor: color }}
    />
  );
}

function Verdict({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return ok ? (
    <span className="font-medium text-emerald-800">{children}</span>
  ) : (
    <span className="mt-1 block rounded-md border border-amber-700 bg-amber-50 px-2 py-1 font-medium text-amber-900">
      Warning: {children}
    </span>
  );
}

/** The primary color's hint: white text (buttons, links) on it. */
export function PrimaryColorContrast({ primary, secondary }: { primary: string; secondary: string }) {
  const color = primary.trim();
  if (!parseHexColor(color)) return <>A hex color such as #0D9488.</>;
  const ratio = contrastRatio(WHITE, color);
  const theme = themeOfInput(color, secondary) ?? themeOfInput(color, color);
  const ok = ratio >= AA_TEXT;
  return (
    <span data-contrast="primary">
      <Swatch color={color} />
      White text on {color.toUpperCase()}: <strong>{formatRatio(ratio)}</strong>.{" "}
      {ok || !theme ? (
        <Verdict ok>Meets AA (4.5:1) for buttons and links.</Verdict>
      ) : (
        <Verdict ok={false}>
          below AA (4.5:1). Public pages will use <Swatch color={theme.action} />
          {theme.action} for buttons and links instead ({formatRatio(theme.actionRatio)}).
        </Verdict>
      )}
    </span>
  );
}

/** The secondary color's hint: the header's text over the gradient of both. */
export function HeaderColorContrast({ primary, secondary }: { primary: string; secondary: string }) {
  const theme = themeOfInput(primary, secondary);
  if (!theme) return <>A hex color such as #F59E0B. The header is a gradient from the primary to this color.</>;
  const { header } = theme;
  const textName = header.text === NEAR_BLACK ? "Dark" : "White";
  return (
    <span data-contrast="header">
      {textName} header text on the gradient: lowest <strong>{formatRatio(header.chosenRatio)}</strong>.{" "}
      {header.adjusted ? (
        <Verdict ok={false}>
          these colors are below AA (4.5:1) for the header text. Public pages will draw the header from{" "}
          <Swatch color={header.stops.primary} />
          {header.stops.primary} to <Swatch color={header.stops.secondary} />
          {header.stops.secondary} instead.
        </Verdict>
      ) : (
        <Verdict ok>Meets AA (4.5:1).</Verdict>
      )}
    </span>
  );
}
