import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import { CORS_PREFLIGHT_HEADERS, isApiPath } from "~/lib/api/cors";
import { settings } from "~/lib/env/settings.server";
import { answersTooLargeItself, bodyLimitFor, formatBytes, tooLargeMessageFor } from "./body-limits";

/**
 * The gate every request passes before React Router sees it:
 * - methods other than GET, HEAD, POST, PUT, PATCH, DELETE get 405 (OPTIONS 204), with `Allow`
 *   (and under /api/, the CORS preflight's headers);
 * - a body larger than the route's limit gets 413, by its Content-Length at
 *   once, or as soon as the bytes streamed in pass the limit (a route that
 *   answers that with its own page, the image upload, gets the request
 *   without its body instead: passOnTooLarge);
 * - a body that takes longer than REQUEST_BODY_TIMEOUT_MS (the default deadline) gets 408;
 * - posts must be HTML forms (415 otherwise, 400 with no body at all) that parse (400).
 * Every body is read to its end here, so no answer leaves unread bytes on a
 * keep-alive connection; whenever we answer without reading, the connection
 * closes (`Connection: close`). React Router gets the buffered bytes
 * (bufferedBodyOf).
 */

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const ALLOW = [...ALLOWED_METHODS, "OPTIONS"].join(", ");
const METHODS_WITH_FORMS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const LINGER_MS = 2_000;

export const GATE_MESSAGES = {
  method: "This address does not accept that method.",
  tooLarge: (limit: number) => `The request is too large: at most ${formatBytes(limit)} can be sent here.`,
  tooSlow: "The request took too long to arrive.",
  notAForm: "Only HTML form submissions are accepted here (application/x-www-form-urlencoded or multipart/form-data).",
  noBody: "The request has no form data.",
  unreadable: "The form could not be read.",
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
    const limit = bodyLimitFor(req.path);
    const tooLarge = tooLargeMessageFor(req.path) ?? GATE_MESSAGES.tooLarge(limit);
    const refuseTooLarge = () =>
      answersTooLargeItself(req.path) ? passOnTooLarge(req, res, next) : answer(req, res, 413, tooLarge);
    if (Number(req.headers["content-length"] ?? 0) > limit) return refuseTooLarge();

    const result = await readBody(req, limit, deadlineMs ?? settings().REQUEST_BODY_TIMEOUT_MS);
    if (result.status === "too-large") return refuseTooLarge();
    if (result.status === "too-slow") return answer(req, res, 408, GATE_MESSAGES.tooSlow);
    if (result.status === "failed") return void req.socket.destroy();
    if (!expectsForm) return next(); // a GET's body is read and dropped
    if (!(await isReadableForm(req.headers["content-type"] ?? "", result.body))) {
      return answer(req, res, 400, GATE_MESSAGES.unreadable);
    }
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

async function isReadableForm(contentType: string, body: Uint8Array<ArrayBuffer>): Promise<boolean> {
  try {
    if (mediaType(contentType) === "application/x-www-form-urlencoded") return isStrictUrlEncoded(body);
    await new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": contentType },
      body,
    }).formData();
    return true;
  } catch {
    return false;
  }
}

/** Browsers send valid UTF-8 with well-formed %XX escapes; anything else was not a browser's form. */
function isStrictUrlEncoded(body: Uint8Array<ArrayBuffer>): boolean {
  const text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  for (const pair of text.split("&")) for (const part of pair.split("=")) decodeURIComponent(part.replace(/\+/g, " "));
  return true;
}

/**
 * A short plain answer. When the body was not read to its end, the
 * connection closes, so unread bytes are never taken for the next request.
 */
function answer(
  req: ExpressRequest,
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  if (!req.complete) closeAfterAnswer(req, res);
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (status === 204) return void res.end();
  res.type("text/plain").send(message);
}

/**
 * Closes the connection once the answer is out. Meanwhile what the client
 * still sends is read and dropped for a moment: closing a socket with
 * unread bytes resets it, and a reset can destroy the answer before the
 * client has read it.
 */
function closeAfterAnswer(req: ExpressRequest, res: Response) {
  res.setHeader("Connection", "close");
  req.resume();
  res.on("finish", () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref());
}
