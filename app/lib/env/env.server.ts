import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const isProduction = process.env.NODE_ENV === "production";

/** The public origin of the app, used for absolute links and cookie flags. */
export function appUrl(): string {
  return (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/** Cookies are Secure whenever the app is served over HTTPS in production. */
export function secureCookies(): boolean {
  return isProduction && appUrl().startsWith("https://");
}

let cachedSecrets: string[] | undefined;

/**
 * Secrets that sign cookies. `SESSION_SECRET` may hold several, comma
 * separated, newest first, to rotate without signing everyone out. With none
 * set, one is generated once and kept in `data/session-secret`, so a fresh
 * clone works and restarts keep their sessions.
 */
export function sessionSecrets(): string[] {
  if (cachedSecrets) return cachedSecrets;
  const configured = process.env.SESSION_SECRET?.split(",").map((s) => s.trim()).filter(Boolean);
  if (configured?.length) return (cachedSecrets = configured);
  const file = path.resolve(process.env.DATA_DIR ?? "data", "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return (cachedSecrets = [fs.readFileSync(file, "utf8").trim()]);
}
