import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { settings } from "./settings.server";

export function isProduction(): boolean {
  return settings().NODE_ENV === "production";
}

/** The public origin of the app, used for absolute links and cookie flags. */
export function appUrl(): string {
  return settings().APP_URL;
}

/** Cookies are Secure whenever the app is served over HTTPS in production. */
export function secureCookies(): boolean {
  return isProduction() && appUrl().startsWith("https://");
}

let generatedSecret: string | undefined;

/**
 * Secrets that sign cookies. `SESSION_SECRET` may hold several, comma
 * separated, newest first, to rotate without signing everyone out. With none
 * set, one is generated once and kept in `data/session-secret`, so a fresh
 * clone works and restarts keep their sessions.
 */
export function sessionSecrets(): string[] {
  const configured = settings().SESSION_SECRET;
  if (configured.length > 0) return configured;
  generatedSecret ??= readOrCreateSecret(path.resolve(settings().DATA_DIR, "session-secret"));
  return [generatedSecret];
}

function readOrCreateSecret(file: string): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return fs.readFileSync(file, "utf8").trim();
}
