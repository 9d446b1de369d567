/**
 * The meetings list's cursor: the last meeting of a page as (published_at,
 * id), the list's order, encoded as opaque base64url JSON. published_at is
 * kept to the microsecond (PostgreSQL's precision) so that no meeting is
 * skipped or repeated between pages; null for a meeting without a date
 * (those come last).
 */
import { isUuid } from "~/lib/uuid";
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export type MeetingCursor = { publishedAt: string | null; id: string };

export function encodeCursor(cursor: MeetingCursor): string {
  return Buffer.from(JSON.stringify([cursor.publishedAt, cursor.id]), "utf8").toString("base64url");
}

/** The cursor, or null when the text is not one this API wrote. */
export function decodeCursor(text: string): MeetingCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [publishedAt, id] = value as unknown[];
    if (!isUuid(id)) return null;
    if (publishedAt !== null && (typeof publishedAt !== "string" || !EXACT_TIME.test(publishedAt))) return null;
    return { publishedAt, id };
  } catch {
    return null;
  }
}
