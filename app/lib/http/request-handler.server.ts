import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { once } from "node:events";
import {
  createRequestHandler as createReactRouterHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { recordPageEvents } from "~/lib/analytics/page-events.server";
import { settings } from "~/lib/env/settings.server";
import { bodyIsStreamed, bodyTooLargeOf, bufferedBodyOf } from "./body-gate.server";
import { bodyTooLargeContext } from "./body-refusal";
import { cspNonceContext } from "./nonce";
import { closeAfterAnswer } from "./plain-answer.server";
import { PageCache, type PageCacheLimits, respondFromCache } from "~/lib/page-cache/page-cache.server";
import { requestUrl } from "./request-url.server";
import { LOCALE_PREFIX, prefixLocale } from "~/lib/i18n/locales";
import { cspNonceOf } from "./security-headers.server";
import { streamedBody } from "./streamed-body.server";

/**
 * React Router behind Express, as @react-router/express does it (URL from
 * the protocol and host that "trust proxy" allows, headers, an AbortSignal
 * when the client goes away, the response streamed), except that the body
 * is the one requestBodyGate already read and checked (or, for a recording
 * upload, the socket's bytes as they come: streamed-body.server.ts), the load context
 * carries the response's CSP nonce, and pages for visitors who are not
 * signed in go through the rendered-page cache (page-cache.server.ts), and
 * pages read are counted (app/lib/analytics/page-events.server.ts), and
 * pages under `/es` are the Spanish site (app/lib/i18n).
 */
export function createRequestHandler({
  build,
  mode,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
}): RequestHandler {
  const handleRequest = createReactRouterHandler(build, mode);
  const handleSpanishRequest = createReactRouterHandler(withBasename(build, LOCALE_PREFIX.es), mode);
  const cache = pageCache();
  return async (req, res, next) => {
    const url = requestUrl(req);
    if (!url) return void res.status(400).type("text/plain").send("The request's address could not be read.");
    let release: (() => void) | null = null;
    // An answer before a streamed body's end (a refusal, an error): the rest is read and dropped, then the connection closes.
    const dropUnreadBody = () => {
      if (!release || req.complete) return;
      release();
      release = null;
      closeAfterAnswer(req, res);
    };
    try {
      const nonce = cspNonceOf(res);
      const fetchRequest = toFetchRequest(req, res, url);
      const request = fetchRequest.request;
      release = fetchRequest.release;
      const render = () => {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, nonce);
        context.set(bodyTooLargeContext, bodyTooLargeOf(res));
        const handle = prefixLocale(new URL(request.url).pathname) === "es" ? handleSpanishRequest : handleRequest;
        return handle(request, context);
      };
      const serverBuild = typeof build === "function" ? await build() : build;
      const response = await respondFromCache(cache, { request, nonce, buildId: serverBuild.assets.version, render });
      // Counted here, after the cache, so that cached pages count too (app/lib/analytics).
      recordPageEvents(serverBuild.routes, request, response);
      dropUnreadBody();
      await sendResponse(res, response);
    } catch (error) {
      dropUnreadBody();
      next(error);
    }
  };
}

/**
 * The same app under `/es` (decision record 0087): React Router's basename
 * makes every route answer there too, and the browser's router, which takes
 * the basename from the page, keeps every link and form of a Spanish page
 * under `/es`.
 */
function withBasename(
  build: ServerBuild | (() => Promise<ServerBuild>),
  basename: string,
): ServerBuild | (() => Promise<ServerBuild>) {
  return typeof build === "function" ? async () => ({ ...(await build()), basename }) : { ...build, basename };
}

// About 40 KB a page: the entry count bounds the bookkeeping, the bytes the memory.
const AVERAGE_PAGE_BYTES = 40_000;

/** The cache's bounds from PAGE_CACHE_MB; null when it is off. */
export function pageCacheLimits(): PageCacheLimits | null {
  const maxBytes = settings().PAGE_CACHE_MB * 1024 * 1024;
  if (maxBytes === 0) return null;
  return { maxBytes, maxEntries: Math.max(16, Math.ceil(maxBytes / AVERAGE_PAGE_BYTES)) };
}

function pageCache(): PageCache | null {
  const limits = pageCacheLimits();
  return limits ? new PageCache(limits) : null;
}

function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  url: string,
): { request: Request; release: (() => void) | null } {
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => finished || controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === "transfer-encoding" || name === "content-length") continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (bodyIsStreamed(res)) {
    const { body, release } = streamedBody(req);
    const init = { method: req.method, headers, body, signal: controller.signal, duplex: "half" };
    return { request: new Request(url, init as RequestInit), release };
  }
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : bufferedBodyOf(res);
  return { request: new Request(url, { method: req.method, headers, body, signal: controller.signal }), release: null };
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) return void (await response.body?.cancel());
  // A 304 leaves the browser with its stored page, whose scripts carry the
  // stored policy's nonce: a new policy would block them.
  if (response.status === 304) res.removeHeader("Content-Security-Policy");
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    await writeBody(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

const PAUSED = Symbol("paused");
const CLOSED = Symbol("closed");

const nextTurn = () => new Promise<typeof PAUSED>((resolve) => setImmediate(resolve, PAUSED));

/**
 * Streams `body` to `res`, flushing the compressor only when the body
 * pauses (a deferred part still loading) and at the end. React Router's
 * writeReadableStreamToWritable flushes after every chunk React writes
 * (about 2 KB): a page of 50 search results became some 60 compressed
 * fragments and as many socket writes, a third of the request's time.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse): Promise<void> {
  const reader = body.getReader();
  const flushable = res as ExpressResponse & { flush?: () => void };
  const closed = new Promise<typeof CLOSED>((resolve) => res.once("close", () => resolve(CLOSED)));
  try {
    let next = reader.read();
    for (;;) {
      let result = await Promise.race([next, nextTurn(), closed]);
      if (result === PAUSED) {
        flushable.flush?.();
        result = await Promise.race([next, closed]);
      }
      if (result === CLOSED) throw new Error("The client closed the connection");
      if (result.done) return void res.end();
      next = reader.read();
      if (!res.write(result.value)) {
        if ((await Promise.race([once(res, "drain"), closed])) === CLOSED)
          throw new Error("The client closed the connection");
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    res.destroy();
    throw error;
  }
}
