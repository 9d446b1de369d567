import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { DocumentProvider } from "~/lib/document/document";
import { DOCUMENT_CSS } from "~/lib/document/document-css.server";
import { addLiteVary, isLiteRequest, isReadingPage } from "~/lib/document/lite.server";
import { cspNonceContext, NonceProvider } from "~/lib/http/nonce";

/**
 * React Router's default server entry, plus the response's CSP nonce
 * (server.ts puts it in the load context): on React's and React Router's
 * inline scripts, and for the document's <Scripts> (root.tsx, useNonce);
 * and lite mode: a reading page asked for lite is rendered without scripts
 * (root.tsx, useDocumentOptions), and every reading page says it varies by
 * it; and the stylesheet, which the document inlines.
 */

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering, logged unless the client went
 * away: a closed connection aborts the request, and what fails because of it
 * is not a server error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A client's mistake (405 for a post to a page without an action, 404) is answered, not logged as a failure.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (!request.signal.aborted) console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const readingPage = isReadingPage(routerContext.staticHandlerContext.matches.map((match) => match.route.id));
  if (readingPage) addLiteVary(responseHeaders);
  const lite = readingPage && isLiteRequest(request);
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout, with time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <DocumentProvider value={{ lite, css: DOCUMENT_CSS }}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentProvider>
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary that is ready stays in its place in the HTML. By
        // default React moves a large one after the rest of the page, shown by
        // an inline script: without JavaScript it would stay hidden (the
        // admin tools that load on use, decision record 29).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router (handleError).
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
  });
}
