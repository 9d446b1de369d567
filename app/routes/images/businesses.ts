/**
 * GET /images/businesses/:file: a stored business image, from the local
 * folder or the S3 bucket alike (docs/decisions/0034-business-images.md).
 * Names are unique by their timestamp, so a file never changes: it is
 * cached for a year as immutable. Only names of the stored pattern are
 * looked up (no path can be smuggled in); anything else is a 404.
 */
import { IMAGE_CONTENT_TYPES, imageFormatOf, isImageFileName } from "~/lib/businesses/images";
import { readBusinessImage } from "~/lib/businesses/images.server";
import type { Route } from "./+types/businesses";

const NOT_FOUND_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const name = params.file ?? "";
  if (!isImageFileName(name)) return new Response("Not found", { status: 404, headers: NOT_FOUND_HEADERS });
  const file = await readBusinessImage(name);
  const format = file ? imageFormatOf(file.body) : null;
  if (!file || !format) return new Response("Not found", { status: 404, headers: NOT_FOUND_HEADERS });
  const headers = {
    "Content-Type": IMAGE_CONTENT_TYPES[format],
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: file.etag,
  };
  const match = request.headers.get("If-None-Match");
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag))
    return new Response(null, { status: 304, headers });
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, "Content-Length": String(file.body.byteLength) },
  });
}
