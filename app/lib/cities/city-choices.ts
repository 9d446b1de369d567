/**
 * The choices of /admin/city-management's forms (docs/product.md, admin back
 * office), for its screen and its schemas (city-management-forms.ts, which
 * holds zod and stays on the server).
 */
export const CITY_STATUSES = ["New", "Test", "Live", "Archive"] as const;
/** The listed source types, plus the default a new URL gets ("website"). */
export const SOURCE_TYPES = ["website", "city", "county", "school_district", "school", "state", "other"] as const;
export const CONTENT_TYPES = ["video", "site", "text", "file", "other"] as const;
export const ENTITY_TYPES = ["Unknown", "Government", "Business", "Organization", "Media", "Other"] as const;

const VIDEO_SITE_HOSTS = ["youtube.com", "youtu.be"];

/** A URL on the video site is a video source; anything else an HTML page, i.e. text. */
export function contentTypeForUrl(url: string): (typeof CONTENT_TYPES)[number] {
  const lower = url.toLowerCase();
  return VIDEO_SITE_HOSTS.some((host) => lower.includes(host)) ? "video" : "text";
}
