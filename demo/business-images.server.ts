/**
 * Images for a few demo listings (docs/decisions/0034-business-images.md):
 * every other Premium (Tier 1) listing gets a cover drawn by sharp at seed
 * time (a gradient in its category's colors with soft circles placed from
 * its key), stored through the app's storage like an upload, so a fresh
 * `npm start` shows Premium cards both with and without an image. The
 * drawing has no text (no font is needed) and the same listing always
 * gets the same file name and picture.
 */
import sharp from "sharp";
import { prepareImage, storeBusinessImage } from "~/lib/businesses/images.server";
import { businessImageUrl } from "~/lib/businesses/images";
import type { SeedListing } from "./businesses";
import { createRng } from "./prng";

const PALETTES: Record<string, readonly [string, string]> = {
  "Food & Drink": ["#b45309", "#7c2d12"],
  "Home Services": ["#0f766e", "#134e4a"],
  "Health & Wellness": ["#0e7490", "#1e3a8a"],
  Retail: ["#7c3aed", "#4c1d95"],
  Automotive: ["#475569", "#0f172a"],
  "Professional Services": ["#1d4ed8", "#1e293b"],
  "Recreation & Outdoors": ["#15803d", "#14532d"],
  Pets: ["#c2410c", "#9a3412"],
  "Education & Childcare": ["#be185d", "#831843"],
};
const FALLBACK: readonly [string, string] = ["#2563eb", "#1e40af"];

const WIDTH = 1200;
const HEIGHT = 675;

/** The demo listings that get an image: every other Premium one, in the data's order. */
export function listingsWithDemoImages(listings: readonly SeedListing[]): SeedListing[] {
  return listings.filter((listing) => listing.listingTier === "Tier 1").filter((_listing, index) => index % 2 === 0);
}

/** The cover of one listing, as an SVG drawing. */
export function demoCoverSvg(listing: SeedListing): string {
  const [from, to] = PALETTES[listing.category.parentCategory] ?? FALLBACK;
  const rng = createRng(`cover:${listing.businessKey}`);
  const circles = Array.from({ length: 5 }, () => {
    const radius = rng.int(90, 320);
    const opacity = (rng.int(6, 16) / 100).toFixed(2);
    return `<circle cx="${rng.int(0, WIDTH)}" cy="${rng.int(0, HEIGHT)}" r="${radius}" fill="#ffffff" fill-opacity="${opacity}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${circles}
<rect x="72" y="${HEIGHT - 132}" width="${rng.int(280, 520)}" height="14" rx="7" fill="#ffffff" fill-opacity="0.55"/>
<rect x="72" y="${HEIGHT - 100}" width="${rng.int(160, 300)}" height="14" rx="7" fill="#ffffff" fill-opacity="0.35"/>
</svg>`;
}

/**
 * Draws and stores the covers; answers each listing's image_url by its
 * business key. Storing the same listing again writes the same files.
 */
export async function storeDemoImages(listings: readonly SeedListing[]): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const listing of listingsWithDemoImages(listings)) {
    const jpeg = await sharp(Buffer.from(demoCoverSvg(listing)))
      .jpeg({ quality: 85 })
      .toBuffer();
    const name = await storeBusinessImage(listing.name, "cover.jpg", await prepareImage(jpeg), listing.createdAt);
    urls.set(listing.businessKey, businessImageUrl(name));
  }
  return urls;
}
