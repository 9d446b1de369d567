/**
 * Business images shared by the pages and the server (docs/decisions/0034-business-images.md):
 * which bytes are an image we accept, the names they are stored under, and
 * the public addresses of their sizes.
 */
import { href } from "react-router";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  invalidType: { title: "Invalid file type", description: "Please select an image file" },
  tooLarge: { title: "File too large", description: "Please select an image smaller than 10MB" },
  failed: { title: "Upload failed", description: "Failed to upload image. Please try again." },
  uploaded: { title: "Image uploaded successfully" },
} as const;

export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/** The extensions a format may be stored under; the first one is used when the original's does not fit. */
export const IMAGE_EXTENSIONS: Record<ImageFormat, readonly string[]> = {
  jpeg: ["jpg", "jpeg"],
  png: ["png"],
  webp: ["webp"],
  gif: ["gif"],
  avif: ["avif"],
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/**
 * The image format of some bytes by their magic bytes, or null: the name of
 * the file and the type the browser gave are never trusted. SVG (which can
 * carry scripts), TIFF, BMP and HEIC are not accepted.
 */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (
    startsWith(bytes, ascii("ftyp"), 4) &&
    (startsWith(bytes, ascii("avif"), 8) || startsWith(bytes, ascii("avis"), 8))
  )
    return "avif";
  return null;
}

/** The widths stored for every image: the main one (detail page, Premium cards) and a small one (cards, admin). */
export const IMAGE_WIDTHS = { main: 1200, small: 480 } as const;
const SMALL_SUFFIX = `-${IMAGE_WIDTHS.small}`;

/** The prefix of our own image addresses (recognizes them; links are built with href()). */
// eslint-disable-next-line no-restricted-syntax
export const BUSINESS_IMAGE_PATH = "/images/businesses/";
/** Storage keys of business images live in this folder. */
export const BUSINESS_IMAGE_FOLDER = "businesses";

/** A stored image's file name: the spec's name (`imageFileName`), optionally `-480` before the extension. */
export const IMAGE_FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*-\d{10,}(?:-480)?\.(?:jpg|jpeg|png|webp|gif|avif)$/;

export function isImageFileName(name: string): boolean {
  return name.length <= 200 && IMAGE_FILE_NAME.test(name);
}

/** The small size's file name of a main file name. */
export function smallImageName(mainName: string): string {
  return mainName.replace(/(\.[a-z0-9]+)$/, `${SMALL_SUFFIX}$1`);
}

/** The format an extension stands for, when it is one we store. */
export function formatOfExtension(extension: string): ImageFormat | null {
  const lower = extension.toLowerCase();
  const entry = Object.entries(IMAGE_EXTENSIONS).find(([, extensions]) => extensions.includes(lower));
  return entry ? (entry[0] as ImageFormat) : null;
}

/**
 * The name an image is stored under: the spec's name (from `imageFileName`)
 * with its extension kept when it fits the detected format, and replaced by
 * the format's own otherwise (a JPEG named `photo.png`, or `photo` without
 * one), so that the name never lies about the bytes.
 */
export function storedImageName(specName: string, format: ImageFormat): string {
  const match = /^(.*?)(?:\.([a-z0-9]+))?$/.exec(specName)!;
  const extension = match[2];
  const kept = extension && IMAGE_EXTENSIONS[format].includes(extension) ? extension : IMAGE_EXTENSIONS[format][0];
  return `${match[1]}.${kept}`;
}

/** The public address of a stored image. */
export function businessImageUrl(fileName: string): string {
  return href("/images/businesses/:file", { file: fileName });
}

/** The file name of one of our own image addresses, or null (an outside address, or none). */
export function businessImageFileName(imageUrl: string | null | undefined): string | null {
  if (!imageUrl?.startsWith(BUSINESS_IMAGE_PATH)) return null;
  const name = imageUrl.slice(BUSINESS_IMAGE_PATH.length);
  return isImageFileName(name) ? name : null;
}

/**
 * What an `<img>` needs for a listing's image: `src` (the main size) and,
 * for our own uploads, a `srcSet` with the small one, so cards load 480 px.
 */
export function businessImageSources(imageUrl: string | null | undefined): { src: string; srcSet?: string } | null {
  if (!imageUrl) return null;
  const name = businessImageFileName(imageUrl);
  if (!name) return { src: imageUrl };
  return {
    src: imageUrl,
    srcSet: `${businessImageUrl(smallImageName(name))} ${IMAGE_WIDTHS.small}w, ${imageUrl} ${IMAGE_WIDTHS.main}w`,
  };
}
