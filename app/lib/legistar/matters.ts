/**
 * A matter's page and feed address, shared by loaders and screens (no
 * server code here; docs/decisions/0076-bills-and-calendars.md):
 *
 *   matterHref("maple-falls", "CF 2024-0123");  // "/city/maple-falls/matters/CF%202024-0123"
 *   parseMatterFile("CF 2024-0123");            // "CF 2024-0123" (React Router decoded it)
 *   parseMatterFile("\u0000");                  // null: a 404
 *
 * The file number is the address, as the city's clerk wrote it, with
 * every character outside `A–Z a–z 0–9 - _ . ! ~ * ' ( )` percent-encoded
 * (encodeURIComponent): "CF 2024-0123" keeps its space as %20, a slash in
 * "RES 12/2026" becomes %2F. One matter per file number and city.
 */
import { href } from "react-router";

/** The longest file number an address may carry (Legistar's are under 30 characters). */
export const MAX_FILE_LENGTH = 64;

/** The 404 of a matter's page and feed. */
export const MATTER_NOT_FOUND = {
  title: "Matter not found",
  description: "This city's official record has no matter with this file number.",
};

/** A file number from an address: trimmed, printable, at most MAX_FILE_LENGTH characters; otherwise null. */
export function parseMatterFile(value: string | undefined): string | null {
  const file = value?.trim() ?? "";
  if (file.length === 0 || file.length > MAX_FILE_LENGTH) return null;
  // Control characters (and the replacement character of a broken percent-encoding) are never in a file number.
  for (const char of file) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xfffd) return null;
  }
  return file;
}

/** The address of a matter's page. */
export function matterHref(cityKey: string, file: string): string {
  return href("/city/:locationKey/matters/:file", {
    locationKey: encodeURIComponent(cityKey),
    file: encodeURIComponent(file),
  });
}

/** The address of a matter's Atom feed. */
export function matterFeedHref(cityKey: string, file: string): string {
  return href("/city/:locationKey/matters/:file/feed.atom", {
    locationKey: encodeURIComponent(cityKey),
    file: encodeURIComponent(file),
  });
}

/** How an action's passed flag reads: "Passed", "Failed", or Legistar's own name. */
export function outcomeLabel(passed: string | null): string | null {
  const flag = passed?.trim().toLowerCase();
  if (!flag) return null;
  if (flag === "pass" || flag === "passed") return "Passed";
  if (flag === "fail" || flag === "failed") return "Failed";
  return passed!.trim();
}
