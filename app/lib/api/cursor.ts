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

/**
 * The official record's lists (docs/decisions/0079-record-in-the-api.md):
 * the key of a page's last row, named by its list so that a cursor of one
 * list is not taken by another, as opaque base64url JSON. Each part of the
 * key is a day (YYYY-MM-DD) or a whole number, null where its column may be.
 */
export type KeyPart = "date" | "int" | "date?" | "int?";
type KeyValue = string | number | null;

/** Whether the text is a calendar day, YYYY-MM-DD, that exists (not 2026-02-30). */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function encodeKeyCursor(list: string, key: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify([list, ...key]), "utf8").toString("base64url");
}

/** The key, or null when the text is not a cursor this API wrote for this list. */
export function decodeKeyCursor(text: string, list: string, parts: readonly KeyPart[]): KeyValue[] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== parts.length + 1 || value[0] !== list) return null;
    const key = value.slice(1) as unknown[];
    const fits = parts.every((part, index) => {
      const item = key[index];
      if (item === null) return part.endsWith("?");
      if (part.startsWith("date")) return typeof item === "string" && isDay(item);
      return typeof item === "number" && Number.isSafeInteger(item) && Math.abs(item) <= 2_147_483_647;
    });
    return fits ? (key as KeyValue[]) : null;
  } catch {
    return null;
  }
}
