/** The one test of a UUID (a row id from a URL, a form or a cookie), for the server and the browser alike. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID in its text form (any case): check before a lookup, so a bad id is "not found", not a database error. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
