import crypto from "node:crypto";
import type { RequestHandler, Response } from "express";

/**
 * Security headers for every response, and a fresh Content-Security-Policy
 * nonce per request (React Router's and React's inline scripts carry it).
 * Why each directive is what it is: docs/decisions/0015-http-hardening.md.
 */

export function contentSecurityPolicy(nonce: string, { development = false } = {}): string {
  const directives = {
    "default-src": ["'self'"],
    // Development: Vite's client and React Refresh inject scripts without a nonce.
    "script-src": development
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
    // React renders `style` attributes (bar heights, city colors): they need 'unsafe-inline'.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Thumbnails and city images come from other sites, always over HTTPS.
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "frame-src": ["https://www.youtube-nocookie.com", "https://www.openstreetmap.org"],
    "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "form-action": ["'self'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), interest-cohort=(), browsing-topics=()";

export function securityHeaders({ development = false } = {}): RequestHandler {
  return (_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { development }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  };
}

export function cspNonceOf(res: Response): string {
  return typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
}
