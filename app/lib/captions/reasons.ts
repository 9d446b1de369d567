/**
 * Why a video's captions could not be fetched, in words an admin reads
 * (docs/decisions/0049-captions-from-a-data-center.md). Shared by the
 * server and the admin screens: no server code here.
 *
 * Permanent reasons are never retried by themselves (the video has no
 * captions, or cannot be watched); transient ones are retried with
 * back-off up to CAPTIONS_RETRY_LIMIT attempts.
 */

export const CAPTION_FAILURE_REASONS = [
  "no-captions",
  "captions-disabled",
  "unavailable",
  "bot-check",
  "rate-limited",
  "network",
  "proxy-refused",
] as const;

export type CaptionFailureReason = (typeof CAPTION_FAILURE_REASONS)[number];

export const PERMANENT_REASONS: readonly CaptionFailureReason[] = ["no-captions", "captions-disabled", "unavailable"];

export function isCaptionFailureReason(value: unknown): value is CaptionFailureReason {
  return typeof value === "string" && (CAPTION_FAILURE_REASONS as readonly string[]).includes(value);
}

/** Retrying may help: the site refused or could not be reached, not the video. */
export function isTransientReason(reason: CaptionFailureReason): boolean {
  return !PERMANENT_REASONS.includes(reason);
}

/** The reason as City Management, Content Management and the meeting's admin pages name it. */
export const CAPTION_REASON_LABELS: Record<CaptionFailureReason, string> = {
  "no-captions": "No captions published",
  "captions-disabled": "Captions turned off",
  unavailable: "Video unavailable or private",
  "bot-check": "Bot check: the site asks to sign in",
  "rate-limited": "Rate limited (HTTP 429)",
  network: "Network error or timeout",
  "proxy-refused": "The proxy refused",
};

/** The two caption clients behind one interface (app/lib/youtube/caption-clients.server.ts). */
export const CAPTION_CLIENTS = ["player", "transcript-panel"] as const;
export type CaptionClientName = (typeof CAPTION_CLIENTS)[number];

export const CAPTION_CLIENT_LABELS: Record<CaptionClientName, string> = {
  player: "the player's caption track",
  "transcript-panel": "the transcript panel",
};

/** A video's caption state as the admin screens show it (dates as ISO strings). */
export type CaptionStateView = {
  status: "fetched" | "failed";
  reason: CaptionFailureReason | null;
  /** What the site answered, in plain words. */
  message: string | null;
  /** Attempts since the last success or the admin's Retry captions. */
  attempts: number;
  retryLimit: number;
  /** When the next attempt is due; null when none is planned (fetched, permanent, or out of attempts). */
  nextRetryAt: string | null;
  lastAttemptAt: string;
  client: CaptionClientName | null;
};
