import { RouterContextProvider } from "react-router";

/** What `data(value, init)` returns; its class is not exported at run time. */
type DataWithResponseInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
function isDataWithResponseInit(value: unknown): value is DataWithResponseInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * Call a route module's `loader` or `action` directly, the way React Router
 * would: `{ request, url, pattern, params, context }` with a
 * RouterContextProvider (the app has future.v8_middleware on).
 *
 *   const request = formRequest("/contact", { email: "a@b.co", topic: "Other", message: "Hi" });
 *   const result = await callRoute(action, { request });
 *   expect(result.status).toBe(302);
 *   expect(result.headers.get("Location")).toBe("/");
 */

export const TEST_ORIGIN = "http://localhost";

type FormFields = URLSearchParams | Record<string, string | number | boolean | readonly string[] | null | undefined>;

function toSearchParams(fields: FormFields): URLSearchParams {
  if (fields instanceof URLSearchParams) return fields;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else params.append(key, String(value));
  }
  return params;
}

function toUrl(path: string): string {
  return new URL(path, TEST_ORIGIN).toString();
}

/** A GET request for `path` (may hold a query string), e.g. `getRequest("/?request-city")`. */
export function getRequest(path: string, init: RequestInit = {}): Request {
  return new Request(toUrl(path), { method: "GET", ...init });
}

/**
 * A form POST (application/x-www-form-urlencoded), as a browser sends it.
 * `headers` may add e.g. a Cookie.
 */
export function formRequest(
  path: string,
  fields: FormFields,
  init: { method?: string; headers?: HeadersInit } = {},
): Request {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
  return new Request(toUrl(path), {
    method: init.method ?? "POST",
    headers,
    body: toSearchParams(fields).toString(),
  });
}

/** What a loader or action produced, whatever form it took. */
export type RouteResult = {
  /** HTTP status: the Response's, data()'s init.status, or 200. */
  status: number;
  headers: Headers;
  /** The returned value: data()'s payload, a JSON Response's body, or the raw value. */
  data: unknown;
  /** The Response itself when the route returned or threw one (redirects). */
  response: Response | null;
  /** True when the route threw (a redirect, a 404 data(), ...). */
  thrown: boolean;
};

async function normalize(value: unknown, thrown: boolean): Promise<RouteResult> {
  if (value instanceof Response) {
    let data: unknown = null;
    const type = value.headers.get("Content-Type") ?? "";
    if (value.body && type.includes("application/json")) data = await value.clone().json();
    else if (value.body && type.startsWith("text/")) data = await value.clone().text();
    return { status: value.status, headers: value.headers, data, response: value, thrown };
  }
  if (isDataWithResponseInit(value)) {
    const init = (value.init ?? {}) as ResponseInit;
    return {
      status: init.status ?? 200,
      headers: new Headers(init.headers),
      data: value.data,
      response: null,
      thrown,
    };
  }
  return { status: 200, headers: new Headers(), data: value, response: null, thrown };
}

export type RouteCallInput = {
  request: Request;
  params?: Record<string, string | undefined>;
  /** The route pattern, e.g. "/city/:locationKey"; defaults to the request path. */
  pattern?: string;
  context?: RouterContextProvider;
};

/**
 * Calls a loader or action and normalizes the outcome. Thrown Responses and
 * data() values (redirects, 404s) are returned with `thrown: true`; other
 * errors propagate.
 */
export async function callRoute<F extends (args: never) => unknown>(
  fn: F,
  input: RouteCallInput,
): Promise<RouteResult> {
  const url = new URL(input.request.url);
  const args = {
    request: input.request,
    url,
    pattern: input.pattern ?? url.pathname,
    params: input.params ?? {},
    context: input.context ?? new RouterContextProvider(),
  };
  let value: unknown;
  try {
    value = await fn(args as unknown as Parameters<F>[0]);
  } catch (error) {
    if (error instanceof Response || isDataWithResponseInit(error)) return normalize(error, true);
    throw error;
  }
  return normalize(value, false);
}

/** Shorthand: POST `fields` to `path` and run `action`. */
export function callAction<F extends (args: never) => unknown>(
  action: F,
  path: string,
  fields: FormFields,
  options: Omit<RouteCallInput, "request"> & { headers?: HeadersInit } = {},
): Promise<RouteResult> {
  const { headers, ...rest } = options;
  return callRoute(action, { ...rest, request: formRequest(path, fields, { headers }) });
}

/** Shorthand: GET `path` and run `loader`. */
export function callLoader<F extends (args: never) => unknown>(
  loader: F,
  path: string,
  options: Omit<RouteCallInput, "request"> & { headers?: HeadersInit } = {},
): Promise<RouteResult> {
  const { headers, ...rest } = options;
  return callRoute(loader, { ...rest, request: getRequest(path, { headers }) });
}

/**
 * The `name=value` pairs of a result's Set-Cookie headers, joined for a
 * follow-up request's Cookie header (e.g. to read a flash toast).
 */
export function cookiesFrom(result: RouteResult): string {
  return result.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
