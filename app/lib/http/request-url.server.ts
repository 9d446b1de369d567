import type { Request as ExpressRequest } from "express";

/**
 * The address the client asked for, as @react-router/express builds it: the
 * protocol and host that "trust proxy" (TRUST_PROXY) lets a proxy tell,
 * else the connection's and the Host header's. Null when the Host makes no URL.
 */
export function requestUrl(req: ExpressRequest): string | null {
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  const port = portOf(forwardedHost) ?? portOf(req.get("host"));
  const hostname = req.hostname?.split(/[\\/?#@]/)[0] || "localhost";
  return URL.parse(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`)?.href ?? null;
}

function portOf(host: string | undefined): number | undefined {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) ? port : undefined;
}
