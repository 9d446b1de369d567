/**
 * How every /api/v1 route answers (docs/decisions/0043-feeds-and-api.md):
 * counted against the caller's address (429 with Retry-After past the
 * limit), JSON with CORS, a public Cache-Control and an ETag (304 when the
 * caller has it), and every error as an RFC 9457 problem document
 * `{ type, title, status, detail }`.
 */
import { hitRateLimit } from "~/lib/auth/rate-limit.server";
import { appUrl } from "~/lib/env/env.server";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";
import { clientIp } from "~/lib/http/client-ip.server";
import { conditionalResponse, weakEtag } from "~/lib/http/conditional.server";
import { CORS_HEADERS } from "./cors";
import { API_RATE_LIMIT } from "./limits";
import { PROBLEMS, type ProblemKind } from "./problems";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
export const PROBLEM_CONTENT_TYPE = "application/problem+json; charset=utf-8";

export type Problem = { type: string; title: string; status: number; detail: string };

/** Thrown by an API handler to answer with a problem document. */
export class ApiProblem extends Error {
  constructor(
    readonly kind: ProblemKind,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export function problemOf(kind: ProblemKind, detail: string): Problem {
  const { status, title } = PROBLEMS[kind];
  return { type: `${appUrl()}/api#problem-${kind}`, title, status, detail };
}

export function problemResponse(kind: ProblemKind, detail: string, headers: Record<string, string> = {}): Response {
  const problem = problemOf(kind, detail);
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { ...CORS_HEADERS, "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store", ...headers },
  });
}

/**
 * The answer to an API request: `produce` runs only within the rate limit;
 * what it returns is the JSON body, an ApiProblem it throws the error.
 */
export async function apiResponse(request: Request, produce: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const { allowed, retryAfterSeconds } = await hitRateLimit(`api:${clientIp(request)}`, API_RATE_LIMIT);
    if (!allowed) {
      return problemResponse(
        "too-many-requests",
        `At most ${API_RATE_LIMIT.limit} requests every ${API_RATE_LIMIT.windowSeconds} seconds from one address; try again in ${retryAfterSeconds} seconds.`,
        { "Retry-After": String(retryAfterSeconds) },
      );
    }
    const body = JSON.stringify(await produce());
    return conditionalResponse(request, {
      body,
      contentType: JSON_CONTENT_TYPE,
      etag: weakEtag(body),
      headers: { ...CORS_HEADERS, "Cache-Control": PUBLIC_CACHE_CONTROL },
    });
  } catch (error) {
    if (error instanceof ApiProblem) return problemResponse(error.kind, error.detail);
    console.error("API request failed:", error);
    return problemResponse("server-error", "The request could not be answered. Please try again in a moment.");
  }
}
