/**
 * Rules of the business directory shared by its public pages, its admin
 * and the database (docs/product.md).
 */
import { LISTING_TIER_LABELS, type ListingTier } from "~/lib/constants";

/** Tier 1 is Premium, Tier 2 Standard, Tier 3 or missing Basic. */
export type TierLevel = "premium" | "standard" | "basic";

export function tierLevel(tier: string | null | undefined): TierLevel {
  if (tier === "Tier 1") return "premium";
  if (tier === "Tier 2") return "standard";
  return "basic";
}

export function tierLabel(tier: string | null | undefined): string {
  return tier && tier in LISTING_TIER_LABELS ? LISTING_TIER_LABELS[tier as ListingTier] : LISTING_TIER_LABELS["Tier 3"];
}

/** Where a tier sorts in the directory: 1, 2, then 3 (a missing tier with 3). */
export function tierRank(tier: string | null | undefined): 1 | 2 | 3 {
  const level = tierLevel(tier);
  return level === "premium" ? 1 : level === "standard" ? 2 : 3;
}

export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
export const DIGITS_BUCKET = "0-9";
/** The letter filter's choices, in order: All, 0-9, A–Z. */
export const LETTER_FILTERS = ["All", DIGITS_BUCKET, ...LETTERS] as const;
export type LetterFilter = "All" | typeof DIGITS_BUCKET | (typeof LETTERS)[number];

/** A letter filter from a URL parameter: "0-9" or one letter (any case); anything else is All. */
export function parseLetterFilter(value: string | null | undefined): LetterFilter {
  const text = (value ?? "").trim();
  if (text === DIGITS_BUCKET) return DIGITS_BUCKET;
  const letter = text.toUpperCase();
  return LETTERS.includes(letter) ? letter : "All";
}

/**
 * The letter bucket of a name: its first character with accents dropped,
 * upper-cased ("Élan" → "E"), "0-9" for a digit, null for anything else
 * (listed under All only). The database computes the same
 * (business_listings.name_letter, drizzle/0005).
 */
export function letterOf(name: string): Exclude<LetterFilter, "All"> | null {
  const first = name
    .trim()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .charAt(0)
    .toUpperCase();
  if (/^[0-9]$/.test(first)) return DIGITS_BUCKET;
  return LETTERS.includes(first) ? first : null;
}

/**
 * A listing's website as a link: https:// added when the scheme is missing;
 * null for an empty value or a scheme other than http(s) (javascript:, data:…).
 */
export function websiteHref(website: string | null | undefined): string | null {
  const text = (website ?? "").trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, "")}`;
  const url = URL.parse(withScheme);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname) return null;
  return url.href;
}

/** A telephone number as a tel: link (digits and a leading +), or null when it has no digits. */
export function telephoneHref(telephone: string | null | undefined): string | null {
  const digits = (telephone ?? "").replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return /\d/.test(digits) ? `tel:${digits}` : null;
}

/**
 * The stored name of an uploaded image (docs/product.md): the business name lowercased with every run of other
 * characters than a–z and 0–9 replaced by one hyphen, a timestamp, and the
 * original file's extension (lowercased; none when it has none).
 */
export function imageFileName(businessName: string, originalFileName: string, now: Date): string {
  const base =
    businessName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "business";
  const extension = /\.([a-z0-9]{1,10})$/i.exec(originalFileName.trim())?.[1]?.toLowerCase();
  return `${base}-${now.getTime()}${extension ? `.${extension}` : ""}`;
}

/** The map's zoom level (docs/product.md). */
export const MAP_ZOOM = 15;

function coordinate(value: number): string {
  return value.toFixed(6).replace(/\.?0+$/, "");
}

/**
 * The OpenStreetMap embed of a point at zoom 15: the embed takes a bounding
 * box, so the box is the area a 640×320 px map shows at that zoom
 * (360° / 2^15 per 256 px tile in longitude; latitude scaled by its cosine).
 */
export function osmEmbedUrl(latitude: number, longitude: number): string {
  const halfLon = ((360 / 2 ** MAP_ZOOM) * (640 / 256)) / 2;
  const halfLat = halfLon * Math.cos((latitude * Math.PI) / 180) * (320 / 640);
  const bbox = [longitude - halfLon, latitude - halfLat, longitude + halfLon, latitude + halfLat].map(coordinate);
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox.join("%2C")}&layer=mapnik&marker=${coordinate(latitude)}%2C${coordinate(longitude)}`;
}

/** The OpenStreetMap page of a point at zoom 15, with a marker (the map without JavaScript). */
export function osmMapUrl(latitude: number, longitude: number): string {
  const lat = coordinate(latitude);
  const lon = coordinate(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${MAP_ZOOM}/${lat}/${lon}`;
}

/** An OpenStreetMap search for an address (listings without coordinates), or null without an address. */
export function osmSearchUrl(parts: readonly (string | null | undefined)[]): string | null {
  const query = parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null;
}
