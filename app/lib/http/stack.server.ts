import http from "node:http";
import type { Express, RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { requestBodyGate } from "./body-gate.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";
import { requestChecks } from "./request-checks.server";
import { createRequestHandler } from "./request-handler.server";
import { securityHeaders } from "./security-headers.server";
import { settings } from "~/lib/env/settings.server";

/**
 * The parts of server.ts's Express stack that every response goes through,
 * kept here so that tests run the very same stack against the built app.
 */

/**
 * First on the app: proxy trust, security headers, the client's address,
 * then the checks every request passes (no NUL in the address; mutations
 * only from this site's pages: request-checks.server.ts).
 */
export function configureHttp(app: Express, { development }: { development: boolean }) {
  app.disable("x-powered-by");
  app.set("trust proxy", settings().TRUST_PROXY);
  app.use(securityHeaders({ development }));
  // Route modules see a plain Request without the socket; pass the client's
  // address (as resolved by "trust proxy") in a header nobody can forge,
  // since any incoming value is overwritten here.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "unknown";
    next();
  });
  app.use(requestChecks());
}

/** Last on the app: the request-body gate, then React Router. */
export function reactRouterHandlers(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
}): RequestHandler[] {
  return [requestBodyGate(), createRequestHandler(options)];
}

/**
 * The HTTP server, with its own deadlines (docs/decisions/0039-deadlines.md):
 * a client that sends its headers slower than REQUEST_HEADERS_TIMEOUT_MS
 * gets 408 and the connection closes, so a slow-loris attack holds no
 * socket for long; the whole request must arrive within a margin past the
 * body gate's own deadline (which answers first, with its message), or past
 * a recording upload's (MEDIA_UPLOAD_TIMEOUT_MS, checked by its action). Node
 * looks for overdue connections every second (30 by default). An idle
 * keep-alive connection closes after a few seconds.
 */
export function createHttpServer(app: Express): http.Server {
  const config = settings();
  return http.createServer(
    {
      headersTimeout: config.REQUEST_HEADERS_TIMEOUT_MS,
      // A recording upload (the one body the gate does not read: it keeps no deadline of its own) may take MEDIA_UPLOAD_TIMEOUT_MS.
      requestTimeout:
        config.REQUEST_HEADERS_TIMEOUT_MS +
        Math.max(config.REQUEST_BODY_TIMEOUT_MS, config.MEDIA_UPLOAD_TIMEOUT_MS) +
        5_000,
      connectionsCheckingInterval: 1_000,
      keepAliveTimeout: 5_000,
    },
    app,
  );
}
