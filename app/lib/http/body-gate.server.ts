import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import { CORS_PREFLIGHT_HEADERS, isApiPath } from "~/lib/api/cors";
import { settings } from "~/lib/env/settings.server";
import { withoutLocalePrefix } from "~/lib/i18n/locales";
import {
  answersTooLargeItself,
  bodyLimitFor,
  FORM_BODY_LIMIT,
  formatBytes,
  streamsBody,
  tooLargeMessageFor,
} from "./body-limits";
import { answerPlainly as answer, closeAfterAnswer } from "./plain-answer.server";

/**
 * The gate every request passes before React Router sees it:
 * - methods other than GET, HEAD, POST, PUT, PATCH, DELETE get 405 (OPTIONS 204), with `Allow`
 *   (and under /api/, the CORS preflight's headers);
 * - a body larger than the route's limit gets 413, by its Content-Length at
 *   once, or as soon as the bytes streamed in pass the limit (a route that
 *   answers that with its own page, the image upload, gets the request
 *   without its body instead: passOnTooLarge);
 * - a body that takes longer than REQUEST_BODY_TIMEOUT_MS (the default deadline) gets 408;
 * - posts must be HTML forms (415 otherwise, 400 with no body at all) that parse (400) and
 *   hold no NUL character outside a file's bytes (400: PostgreSQL text cannot store one).
 * Every body is read to its end here, so no answer leaves unread bytes on a
 * keep-alive connection; whenever we answer without reading, the connection
 * closes (`Connection: close`). React Router gets the buffered bytes
 * (bufferedBodyOf).
 *
 * One exception: a multipart post to a route that streams its body (a
 * meeting's recording upload, up to MEDIA_MAX_BYTES: streamsBody) is checked
 * by its Content-Length only and handed on unread; the request handler gives
 * the action the socket's bytes as a stream (streamedBodyOf) and closes the
 * connection if the action answers before reading them all.
 */

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const ALLOW = [...ALLOWED_METHODS, "OPTIONS"].join(", ");
const METHODS_WITH_FORMS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const GATE_MESSAGES = {
  method: "This address does not accept that method.",
  tooLarge: (limit: number) => `The request is too large: at most ${formatBytes(limit)} can be sent here.`,
  tooSlow: "The request took too long to arrive.",
  notAForm: "Only HTML form submissions are accepted here (application/x-www-form-urlencoded or multipart/form-data).",
  noBody: "The request has no form data.",
  unreadable: "The form could not be read.",
  nul: "The form holds a NUL character (%00), which no field accepts: remove it and send the form again.",
} as const;

type ReadResult =
  | { status: "read"; body: Uint8Array<ArrayBuffer> }
  | { status: "too-large" }
  | { status: "too-slow" }
  | { status: "failed" };

export function requestBodyGate({ deadlineMs }: { deadlineMs?: number } = {}): RequestHandler {
  return async (req, res, next) => {
    if (req.method === "OPTIONS") {
      // The open API's CORS preflight (app/lib/api/cors.ts); elsewhere, just what is allowed.
      return answer(
        req,
        res,
        204,
        "",
        isApiPath(req.path) ? { Allow: ALLOW, ...CORS_PREFLIGHT_HEADERS } : { Allow: ALLOW },
      );
    }
    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
      return answer(req, res, 405, GATE_MESSAGES.method, { Allow: ALLOW });
    }
    const expectsForm = METHODS_WITH_FORMS.has(req.method);
    if (!hasBody(req)) {
      // An empty url-encoded form is a form (no fields); an empty multipart body is not.
      const isEmptyForm = mediaType(req.headers["content-type"]) === "application/x-www-form-urlencoded";
      if (expectsForm && !isEmptyForm) return answer(req, res, 400, GATE_MESSAGES.noBody);
      return next();
    }
    if (expectsForm && !isFormType(req)) return answer(req, res, 415, GATE_MESSAGES.notAForm);
    // The limits are the route's, in any language: /es/admin/… is /admin/….
    const path = withoutLocalePrefix(req.path);
    const streamed =
      req.method === "POST" &&
      streamsBody(path) &&
      mediaType(req.headers["content-type"]) === "multipart/form-data" &&
      // Without a boundary it cannot be a form: the gate reads and refuses it as usual.
      /;\s*boundary=/i.test(req.headers["content-type"] ?? "");
    const limit = streamed ? settings().MEDIA_MAX_BYTES + FORM_BODY_LIMIT : bodyLimitFor(path);
    const tooLarge = tooLargeMessageFor(path) ?? GATE_MESSAGES.tooLarge(limit);
    const refuseTooLarge = () =>
      answersTooLargeItself(path) ? passOnTooLarge(req, res, next) : answer(req, res, 413, tooLarge);
    if (Number(req.headers["content-length"] ?? 0) > limit) return refuseTooLarge();
    if (streamed) {
      res.locals.streamBody = true;
      return next();
    }

    const result = await readBody(req, limit, deadlineMs ?? settings().REQUEST_BODY_TIMEOUT_MS);
    if (result.status === "too-large") return refuseTooLarge();
    if (result.status === "too-slow") return answer(req, res, 408, GATE_MESSAGES.tooSlow);
    if (result.status === "failed") return void req.socket.destroy();
    if (!expectsForm) return next(); // a GET's body is read and dropped
    const form = await checkForm(req.headers["content-type"] ?? "", result.body);
    if (form === "unreadable") return answer(req, res, 400, GATE_MESSAGES.unreadable);
    if (form === "nul") return answer(req, res, 400, GATE_MESSAGES.nul);
    res.locals.requestBody = result.body;
    next();
  };
}

/**
 * A body too large for a route that answers that with its own page: React
 * Router gets the request without its body, marked (bodyTooLargeContext),
 * and the connection closes once the page is sent, as for any unread body.
 */
function passOnTooLarge(req: ExpressRequest, res: Response, next: () => void) {
  if (!req.complete) closeAfterAnswer(req, res);
  res.locals.bodyTooLarge = true;
  next();
}

/** Whether the gate refused the body as too large (the request goes on without it). */
export function bodyTooLargeOf(res: Response): boolean {
  return res.locals.bodyTooLarge === true;
}

/** Whether the gate handed the request on unread, for its action to stream (see above). */
export function bodyIsStreamed(res: Response): boolean {
  return res.locals.streamBody === true;
}

/** The body the gate read, for the Request handed to React Router. */
export function bufferedBodyOf(res: Response): Uint8Array<ArrayBuffer> | undefined {
  const body: unknown = res.locals.requestBody;
  return body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : undefined;
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

function isFormType(req: IncomingMessage): boolean {
  return FORM_TYPES.has(mediaType(req.headers["content-type"]));
}

/** Reads the whole body, counting bytes as they come: nothing over `limit` is kept. */
function readBody(req: IncomingMessage, limit: number, deadlineMs: number): Promise<ReadResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (result: ReadResult) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onFailure).off("aborted", onFailure);
      if (result.status !== "read") req.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) return finish({ status: "too-large" });
      chunks.push(chunk);
    };
    const onEnd = () => finish({ status: "read", body: Buffer.concat(chunks, received) });
    const onFailure = () => finish({ status: "failed" });
    const timer = setTimeout(() => finish({ status: "too-slow" }), deadlineMs);
    req.on("data", onData).on("end", onEnd).on("error", onFailure).on("aborted", onFailure);
  });
}

/**
 * Whether the form parses, and holds no NUL character in a field's name or
 * text or a file's name (PostgreSQL text cannot store one; a browser's form
 * never has one unless it was pasted in). Files' bytes are theirs.
 */
async function checkForm(contentType: string, body: Uint8Array<ArrayBuffer>): Promise<"ok" | "unreadable" | "nul"> {
  try {
    if (mediaType(contentType) === "application/x-www-form-urlencoded") {
      return decodeStrictUrlEncoded(body).some((part) => part.includes("\0")) ? "nul" : "ok";
    }
    const form = await new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": contentType },
      body,
    }).formData();
    for (const [name, value] of form) {
      if (name.includes("\0") || (typeof value === "string" ? value : value.name).includes("\0")) return "nul";
    }
    return "ok";
  } catch {
    return "unreadable";
  }
}

/**
 * Browsers send valid UTF-8 with well-formed %XX escapes; anything else was
 * not a browser's form (it throws). The names and values, decoded.
 */
function decodeStrictUrlEncoded(body: Uint8Array<ArrayBuffer>): string[] {
  const text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  return text.split("&").flatMap((pair) => pair.split("=").map((part) => decodeURIComponent(part.replace(/\+/g, " "))));
}
