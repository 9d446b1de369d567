/**
 * Writing XML by hand, safely: every text and attribute value goes through
 * `escapeXml`, which also drops the characters XML 1.0 does not allow at all
 * (control characters, lone surrogates), so a stray byte in a transcript or
 * a title can never make a feed or sitemap unreadable.
 */

// Allowed: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text or an attribute value, escaped for XML (both quotes too). */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML_CHAR, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** `<name attr="…">text</name>`, everything escaped; no element when `text` is null or undefined. */
export function element(
  name: string,
  text: string | null | undefined,
  attributes: Record<string, string> = {},
): string {
  if (text === null || text === undefined) return "";
  return `<${name}${attributesOf(attributes)}>${escapeXml(text)}</${name}>`;
}

/** `<name attr="…"/>`. */
export function emptyElement(name: string, attributes: Record<string, string>): string {
  return `<${name}${attributesOf(attributes)}/>`;
}

function attributesOf(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';
