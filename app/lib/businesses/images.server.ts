/**
 * Uploading a business listing's image (docs/product.md; docs/decisions/0034-business-images.md): the bytes must
 * be an image we can decode (magic bytes, then a full decode by sharp, so a
 * truncated or corrupt file is refused), at most 10 MB; it is stored in two
 * widths under the spec's name, the listing's image_url then points at the
 * main one, and only then are the previous files deleted, so a failed
 * upload keeps the previous image.
 */
import { eq } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import { getDb } from "~/lib/db/client.server";
import { businessListings } from "~/lib/db/schema";
import { isUuid } from "~/lib/uuid";
import { fileStorage } from "~/lib/storage/storage.server";
import {
  BUSINESS_IMAGE_FOLDER,
  businessImageFileName,
  businessImageUrl,
  IMAGE_CONTENT_TYPES,
  IMAGE_WIDTHS,
  imageFormatOf,
  MAX_IMAGE_BYTES,
  smallImageName,
  storedImageName,
  type ImageFormat,
} from "./images";
import { imageFileName } from "./listing";

/** Why an upload was refused: the spec's two-part messages (IMAGE_MESSAGES). */
export type ImageRefusal = "invalidType" | "tooLarge";

export class ImageRefusedError extends Error {
  override name = "ImageRefusedError";
  constructor(readonly reason: ImageRefusal) {
    super(reason === "tooLarge" ? "File too large" : "Invalid file type");
  }
}

export class ListingNotFoundError extends Error {
  override name = "ListingNotFoundError";
}

/** Larger than this many pixels is refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 100_000_000;

export type PreparedImage = { format: ImageFormat; main: Buffer; small: Buffer };

/**
 * Checks that the bytes are a whole image and makes its two widths, in its
 * own format, turned upright by its EXIF orientation and without metadata
 * (no camera or location data leaves the admin's computer).
 */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRefusedError("tooLarge");
  const format = imageFormatOf(bytes);
  if (!format || bytes.byteLength === 0) throw new ImageRefusedError("invalidType");
  try {
    // failOn "truncated" (and worse): a cut-off or damaged file is no image.
    const source = () => sharp(bytes, { failOn: "truncated", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const metadata = await source().metadata();
    if (!metadata.width || !metadata.height) throw new ImageRefusedError("invalidType");
    const [main, small] = await Promise.all(
      [IMAGE_WIDTHS.main, IMAGE_WIDTHS.small].map((width) =>
        encode(source().rotate().resize({ width, withoutEnlargement: true }), format).toBuffer(),
      ),
    );
    return { format, main: main!, small: small! };
  } catch (error) {
    if (error instanceof ImageRefusedError) throw error;
    throw new ImageRefusedError("invalidType");
  }
}

function encode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: 82, mozjpeg: true });
    case "png":
      return image.png({ compressionLevel: 9 });
    case "webp":
      return image.webp({ quality: 82 });
    case "gif":
      return image.gif();
    case "avif":
      return image.avif({ quality: 55 });
  }
}

const keyOf = (fileName: string) => `${BUSINESS_IMAGE_FOLDER}/${fileName}`;

/** Stores both widths of a prepared image under the spec's name; answers the main file's name. */
export async function storeBusinessImage(
  businessName: string,
  originalFileName: string,
  image: PreparedImage,
  now = new Date(),
): Promise<string> {
  const name = storedImageName(imageFileName(businessName, originalFileName, now), image.format);
  const storage = fileStorage();
  const type = IMAGE_CONTENT_TYPES[image.format];
  await storage.put(keyOf(smallImageName(name)), image.small, type);
  await storage.put(keyOf(name), image.main, type);
  return name;
}

/** Deletes both widths of one of our images; failures are logged, never thrown (the row no longer points at them). */
export async function deleteBusinessImage(imageUrl: string | null | undefined): Promise<void> {
  const name = businessImageFileName(imageUrl);
  if (!name) return;
  const storage = fileStorage();
  for (const file of [name, smallImageName(name)]) {
    try {
      await storage.delete(keyOf(file));
    } catch (error) {
      console.error(`Business image: could not delete ${file}:`, error);
    }
  }
}

/**
 * Replaces a listing's image with the uploaded one: new files first, then
 * the row, then the old files. Throws ImageRefusedError for a file that is
 * not an acceptable image, ListingNotFoundError for an unknown listing;
 * anything else (storage, database) leaves the previous image in place.
 */
export async function uploadBusinessImage(
  businessId: string,
  file: { name: string; bytes: Uint8Array },
  now = new Date(),
): Promise<{ imageUrl: string }> {
  const db = getDb();
  const [listing] = await db
    .select({ name: businessListings.name })
    .from(businessListings)
    .where(eq(businessListings.id, businessId));
  if (!listing) throw new ListingNotFoundError("Business not found");
  const image = await prepareImage(file.bytes);
  const name = await storeBusinessImage(listing.name, file.name, image, now);
  const imageUrl = businessImageUrl(name);
  let previous: string | null;
  try {
    // The image replaced is the one in the row when it is updated (another upload may have come in between).
    previous = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ imageUrl: businessListings.imageUrl })
        .from(businessListings)
        .where(eq(businessListings.id, businessId))
        .for("update");
      if (!row) throw new ListingNotFoundError("Business not found");
      await tx.update(businessListings).set({ imageUrl }).where(eq(businessListings.id, businessId));
      return row.imageUrl;
    });
  } catch (error) {
    await deleteBusinessImage(imageUrl);
    throw error;
  }
  if (previous !== imageUrl) await deleteBusinessImage(previous);
  return { imageUrl };
}

/** The listing whose image the upload page shows, or null for an unknown or malformed id. */
export async function getListingImage(
  businessId: string | undefined,
): Promise<{ id: string; name: string; imageUrl: string | null } | null> {
  if (!businessId || !isUuid(businessId)) return null;
  const [listing] = await getDb()
    .select({ id: businessListings.id, name: businessListings.name, imageUrl: businessListings.imageUrl })
    .from(businessListings)
    .where(eq(businessListings.id, businessId));
  return listing ?? null;
}

/** A stored business image for the image route, or null when there is none. */
export async function readBusinessImage(fileName: string) {
  return fileStorage().get(keyOf(fileName));
}
