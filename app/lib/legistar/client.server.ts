/**
 * The Legistar Web API client: every request Gavel sends to a city's
 * legislative system goes through here (docs/decisions/0067-legistar-record.md).
 *
 *   const bodies = await legistarList({ client: "springfield" }, "Bodies", bodyRecord);
 *   // [{ record: { BodyId: 138, BodyName: "City Council", … }, raw: { …as sent } }, …]
 *
 * - GET only, on LEGISTAR_BASE_URL + `/v1/{client}/{path}`, with `token=`
 *   when the city has one.
 * - Lists are read 1,000 rows at a time (the API's own cap) with `$top` and
 *   `$skip` until a page comes back short; `$orderby` keeps the pages stable.
 * - Each request gives up after LEGISTAR_TIMEOUT_MS (headers and body).
 * - Every failure is a LegistarError whose `kind` says what went wrong and
 *   whose message says it in words an admin can act on.
 * - Every row is checked with its zod schema; `raw` is the row as sent.
 */
import type { z } from "zod";
import { settings } from "~/lib/env/settings.server";
import { CLIENT_ID_PATTERN } from "./source-form";

/** The API answers at most this many rows per request, whatever `$top` asks. */
export const LEGISTAR_PAGE_SIZE = 1000;

export type LegistarClientRef = {
  /** The subdomain of `{client}.legistar.com`. */
  client: string;
  token?: string | null;
};

export type LegistarErrorKind =
  | "unknown-client"
  | "token-needed"
  | "token-refused"
  | "unreachable"
  | "timeout"
  | "gone"
  | "malformed"
  | "invalid-record"
  | "failed";

export class LegistarError extends Error {
  constructor(
    readonly kind: LegistarErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "LegistarError";
  }
}

export type JsonObject = Record<string, unknown>;
export type Fetched<Record> = { record: Record; raw: JsonObject };

export type ListOptions = {
  /** An OData `$filter`, e.g. `EventLastModifiedUtc ge datetime'2026-11-25T00:00:00'`. */
  filter?: string;
  /** An OData `$orderby`; without it the rows come in the API's order. */
  orderby?: string;
};

function requestUrl(ref: LegistarClientRef, path: string, query: Record<string, string>): URL {
  if (!CLIENT_ID_PATTERN.test(ref.client))
    throw new LegistarError(
      "unknown-client",
      `"${ref.client}" is not a Legistar client id: it is the subdomain of {client}.legistar.com, letters, digits and hyphens.`,
    );
  const base = settings().LEGISTAR_BASE_URL.replace(/\/+$/, "");
  const url = new URL(`${base}/v1/${encodeURIComponent(ref.client)}/${path.replace(/^\/+/, "")}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (ref.token) url.searchParams.set("token", ref.token);
  return url;
}

/** The request's path for messages: never the token. */
function shown(url: URL): string {
  return url.pathname.replace(/^.*?\/v1\/[^/]+\//, "");
}

function networkDetail(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** Legistar's error bodies are `{"Code": …, "Message": "…"}`; the message, when there is one. */
function apiMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as unknown;
    const message = (parsed as { Message?: unknown } | null)?.Message;
    return typeof message === "string" ? message : null;
  } catch {
    return null;
  }
}

function statusError(ref: LegistarClientRef, url: URL, status: number, body: string): LegistarError {
  const message = apiMessage(body) ?? "";
  const what = shown(url);
  if (status === 401 || status === 403)
    return ref.token
      ? new LegistarError(
          "token-refused",
          `Legistar refused the token for client "${ref.client}": check it with the city clerk's office.`,
          status,
        )
      : new LegistarError(
          "token-needed",
          `Legistar client "${ref.client}" needs a token: ask the city clerk's office for one and enter it.`,
          status,
        );
  // An unknown client is answered with an error about its missing settings (or a 404 for the whole client).
  if (/not set up|connection ?string|client/i.test(message) || (status === 404 && !what.includes("/")))
    return new LegistarError(
      "unknown-client",
      `Legistar has no client "${ref.client}": check the subdomain of ${ref.client}.legistar.com.`,
      status,
    );
  if (status === 410)
    return new LegistarError("gone", `Legistar no longer has ${what} (410 Gone): it was deleted.`, status);
  return new LegistarError("failed", `Legistar answered ${what} with HTTP ${status}.`, status);
}

/** One GET, answered with its parsed JSON. */
export async function legistarGet(
  ref: LegistarClientRef,
  path: string,
  query: Record<string, string> = {},
): Promise<unknown> {
  const url = requestUrl(ref, path, query);
  const timeoutMs = settings().LEGISTAR_TIMEOUT_MS;
  let body: string;
  let status: number;
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    body = await response.text();
  } catch (error) {
    if (isTimeout(error))
      throw new LegistarError(
        "timeout",
        `Legistar did not answer ${shown(url)} within ${Math.round(timeoutMs / 100) / 10} seconds.`,
      );
    throw new LegistarError("unreachable", `Legistar could not be reached at ${url.host} (${networkDetail(error)}).`);
  }
  if (status < 200 || status > 299) throw statusError(ref, url, status, body);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new LegistarError("malformed", `Legistar answered ${shown(url)} with something that is not JSON.`, status);
  }
}

function checked<Schema extends z.ZodType>(schema: Schema, row: unknown, what: string): Fetched<z.output<Schema>> {
  const result = schema.safeParse(row);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")} ` : "";
    throw new LegistarError(
      "invalid-record",
      `Legistar answered ${what} with a record Gavel cannot read: ${where}${issue?.message ?? "invalid"}.`,
    );
  }
  return { record: result.data, raw: row as JsonObject };
}

/** One record (`Matters/12`), checked. */
export async function legistarOne<Schema extends z.ZodType>(
  ref: LegistarClientRef,
  path: string,
  schema: Schema,
): Promise<Fetched<z.output<Schema>>> {
  return checked(schema, await legistarGet(ref, path), path);
}

/** Every row of a list, 1,000 at a time until a page comes back short; each row checked. */
export async function legistarList<Schema extends z.ZodType>(
  ref: LegistarClientRef,
  path: string,
  schema: Schema,
  options: ListOptions = {},
): Promise<Array<Fetched<z.output<Schema>>>> {
  const rows: Array<Fetched<z.output<Schema>>> = [];
  for (let skip = 0; ; skip += LEGISTAR_PAGE_SIZE) {
    const query: Record<string, string> = { $top: String(LEGISTAR_PAGE_SIZE), $skip: String(skip) };
    if (options.filter) query.$filter = options.filter;
    if (options.orderby) query.$orderby = options.orderby;
    const page = await legistarGet(ref, path, query);
    if (!Array.isArray(page))
      throw new LegistarError("malformed", `Legistar answered ${path} with something that is not a list.`);
    for (const row of page) rows.push(checked(schema, row, path));
    if (page.length < LEGISTAR_PAGE_SIZE) return rows;
  }
}

/** An OData datetime literal for `$filter`, in UTC without a zone, as Legistar compares them. */
export function odataDatetime(when: Date): string {
  return `datetime'${when.toISOString().slice(0, 19)}'`;
}
