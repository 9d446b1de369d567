/**
 * How large a request body may be, per route, before anything reads it.
 * Ordinary forms (contact, request a city, sign-in, profile, admin buttons,
 * the story playground) hold at most a few thousand characters: 64 KB fits
 * the largest (a 5,000-character message, even when every character is
 * percent-encoded from four UTF-8 bytes) with room to spare. Transcript
 * upload and paste (admins only: the meeting pages, City Management's
 * transcript page) get 5 MB. A business
 * image upload (admins only) gets 10 MB for the file and 64 KB for the rest
 * of the multipart form; the file itself is checked at 10 MB exactly
 * (docs/decisions/0034-business-images.md).
 */
import { IMAGE_MESSAGES } from "~/lib/businesses/images";

export const FORM_BODY_LIMIT = 64 * 1024;
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024;
export const IMAGE_BODY_LIMIT = 10 * 1024 * 1024 + FORM_BODY_LIMIT;

/**
 * The meeting analysis pages, with or without a city, and City Management's
 * transcript page (a pasted or uploaded transcript), and their `.data` twins.
 */
const UPLOAD_ROUTES = [
  /^\/(?:city\/[^/]+\/)?meeting\/[^/]+?(?:\.data)?\/?$/,
  /^\/admin\/city-management\/videos\/[^/]+\/transcript(?:\.data)?\/?$/,
];

/**
 * A meeting's recording upload (and its `.data` twin): the one route whose
 * body is not read by the gate but streamed to the action, which writes the
 * file to disk as it arrives (app/lib/transcription/upload.server.ts). Its
 * limit is MEDIA_MAX_BYTES plus a form's (the gate checks Content-Length).
 */
const STREAMED_ROUTES = [/^\/admin\/content-management\/meetings\/[^/]+\/recording\/upload(?:\.data)?\/?$/];

/** Whether the route's body is streamed to its action rather than read by the gate (a multipart post only). */
export function streamsBody(pathname: string): boolean {
  return STREAMED_ROUTES.some((route) => route.test(pathname));
}

/** A business listing's image upload, and its `.data` twin. */
const IMAGE_ROUTES = [/^\/admin\/business-directory\/[^/]+\/image(?:\.data)?\/?$/];

export function bodyLimitFor(pathname: string): number {
  if (IMAGE_ROUTES.some((route) => route.test(pathname))) return IMAGE_BODY_LIMIT;
  return UPLOAD_ROUTES.some((route) => route.test(pathname)) ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
}

/**
 * What a body over the route's limit is told, when the route has its own
 * words: an image upload says 'File too large' (docs/decisions/0034-business-images.md).
 */
export function tooLargeMessageFor(pathname: string): string | null {
  if (!IMAGE_ROUTES.some((route) => route.test(pathname))) return null;
  return `${IMAGE_MESSAGES.tooLarge.title}. ${IMAGE_MESSAGES.tooLarge.description}.`;
}

/**
 * Whether the route answers a body over its limit with its own page (the
 * image upload page, with the spec's message and its form kept) rather
 * than the gate's plain 413 (app/lib/http/body-refusal.ts).
 */
export function answersTooLargeItself(pathname: string): boolean {
  return IMAGE_ROUTES.some((route) => route.test(pathname)) || streamsBody(pathname);
}

/** Readable sizes for messages: "64 KB", "5 MB", "4 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Number((bytes / 1024 ** 3).toFixed(1))} GB`;
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
