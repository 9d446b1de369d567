/**
 * What the video site answered while a caption client talked to it, and
 * the failure reason that follows (docs/decisions/0049-captions-from-a-data-center.md).
 * The caption libraries fold many answers into one error ("no transcript
 * available" for a bot check, "video unavailable" for a 429), so each
 * client's fetch goes through `siteFetch`, which looks at every answer
 * first: a 429 or a bot check stops the client at once (its own retries
 * would only hammer the site), and the rest is classified from what was
 * seen.
 */
import { parseRetryAfter } from "~/lib/captions/backoff";
import type { CaptionFailureReason } from "~/lib/captions/reasons";
import { proxyFailure, youtubeFetch } from "./http.server";

export type CaptionFailure = {
  code: CaptionFailureReason;
  message: string;
  /** The site's Retry-After, when it sent one. */
  retryAfterMs: number | null;
  /** The other caption client talks to other endpoints: it might get through. */
  secondMayHelp: boolean;
};

/** Thrown out of a client's fetch hook to stop the client at once. */
export class SiteRefusal extends Error {
  override name = "SiteRefusal";
  constructor(readonly failure: CaptionFailure) {
    super(failure.message);
  }
}

export function isSiteRefusal(error: unknown): error is SiteRefusal {
  return error instanceof SiteRefusal;
}

export type SiteObservations = {
  serverError: number | null;
  /** The watch page or a video request answered 404. */
  notFound: boolean;
  /** A refusal that is not a 429 or a server error (403…). */
  refusedStatus: number | null;
  /** The player answered; whether it listed a `captions` object, and its tracks. */
  player: { status: string | null; reason: string | null; hasCaptions: boolean; tracks: number } | null;
  /** The caption track answered 200 with nothing in it. */
  emptyTrack: boolean;
};

const BOT_CHECK_PAGE = [
  /Sign in to confirm you(?:’|'|&#39;|\\u0027)re not a bot/i,
  /class="g-recaptcha"/,
  /\/sorry\/index/,
];

const failure = (
  code: CaptionFailureReason,
  message: string,
  extra: Partial<Pick<CaptionFailure, "retryAfterMs" | "secondMayHelp">> = {},
): CaptionFailure => ({ code, message, retryAfterMs: null, secondMayHelp: false, ...extra });

/** A playability status that says the video itself cannot be watched (removed, private), or null. */
function unplayable(status: string | null, reason: string | null): CaptionFailure | null {
  if (status === "ERROR" || status === "UNPLAYABLE")
    return failure("unavailable", `YouTube says: ${reason || "this video is unavailable"}.`);
  if (status === "LOGIN_REQUIRED" && /private/i.test(reason ?? ""))
    return failure("unavailable", `YouTube says: ${reason}.`);
  return null;
}

/**
 * A fetch for one caption client's requests: rebased onto YOUTUBE_BASE_URL,
 * through the proxy, bounded by `signal`, and watched.
 */
export function createSiteFetch(
  baseUrl: string,
  signal: AbortSignal,
  options: { playerSignInStops: boolean } = { playerSignInStops: true },
) {
  const base = new URL(baseUrl);
  const seen: SiteObservations = {
    serverError: null,
    notFound: false,
    refusedStatus: null,
    player: null,
    emptyTrack: false,
  };
  const rebase = (url: string) => {
    const target = new URL(url);
    if (target.hostname === "youtube.com" || target.hostname.endsWith(".youtube.com")) {
      target.protocol = base.protocol;
      target.host = base.host;
      target.pathname = `${base.pathname.replace(/\/$/, "")}${target.pathname}`;
    }
    return target.toString();
  };

  async function watch(response: Response, path: string): Promise<void> {
    if (response.status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      const after = retryAfterMs === null ? "" : ` and asks to wait ${Math.ceil(retryAfterMs / 1000)} s`;
      throw new SiteRefusal(
        failure("rate-limited", `YouTube is rate limiting this server (HTTP 429)${after}.`, { retryAfterMs }),
      );
    }
    if (response.status >= 500) seen.serverError = response.status;
    else if (response.status === 404) seen.notFound = true;
    else if (response.status >= 400) seen.refusedStatus = response.status;
    if (!response.ok) return;
    if (/\/sorry\//.test(response.url)) throw new SiteRefusal(botCheck("a bot check page"));
    if (path.endsWith("/watch")) {
      const page = await response.clone().text();
      if (BOT_CHECK_PAGE.some((pattern) => pattern.test(page))) throw new SiteRefusal(botCheck("a bot check page"));
    } else if (path.endsWith("/youtubei/v1/player")) {
      const player = (await response
        .clone()
        .json()
        .catch(() => null)) as {
        playabilityStatus?: { status?: string; reason?: string };
        captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: unknown[] } };
      } | null;
      const status = player?.playabilityStatus?.status ?? null;
      const reason = player?.playabilityStatus?.reason ?? null;
      seen.player = {
        status,
        reason,
        hasCaptions: Boolean(player?.captions),
        tracks: player?.captions?.playerCaptionsTracklistRenderer?.captionTracks?.length ?? 0,
      };
      const cannotWatch = unplayable(status, reason);
      if (cannotWatch) throw new SiteRefusal(cannotWatch);
      if (status === "LOGIN_REQUIRED" && options.playerSignInStops)
        throw new SiteRefusal(botCheck(`"${reason || "Sign in"}"`));
    } else if (path.endsWith("/api/timedtext")) {
      if ((await response.clone().text()).trim() === "") seen.emptyTrack = true;
    }
  }

  async function siteFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const request = input instanceof Request ? input : null;
    const url = rebase(request ? request.url : String(input));
    const method = init.method ?? request?.method ?? "GET";
    const headers = init.headers ?? request?.headers;
    const body = init.body ?? (request && method !== "GET" && method !== "HEAD" ? await request.text() : undefined);
    const response = await youtubeFetch(url, {
      method,
      ...(headers ? { headers: Object.fromEntries(new Headers(headers)) } : {}),
      ...(body !== undefined && body !== null ? { body } : {}),
      signal,
    });
    await watch(response, new URL(url).pathname);
    return response;
  }

  return { siteFetch, seen };
}

function botCheck(what: string): CaptionFailure {
  return failure("bot-check", `YouTube answered with ${what} instead of the video: it does not trust this server.`, {
    secondMayHelp: true,
  });
}

/** What went wrong, from what the site answered and the error the client ended with. */
export function classifyFailure(error: unknown, seen: SiteObservations): CaptionFailure {
  if (isSiteRefusal(error)) return error.failure;
  const proxy = proxyFailure(error);
  if (proxy) return failure("proxy-refused", proxy);
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return failure("network", "YouTube did not answer in time.");
  if (seen.serverError) return failure("network", "YouTube answered with a server error.");
  if (seen.refusedStatus)
    return failure("bot-check", `YouTube refused the request (HTTP ${seen.refusedStatus}).`, { secondMayHelp: true });
  if (seen.notFound) return failure("unavailable", "YouTube has no such video (it was removed, or it is private).");
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? cause.message : error.message;
    return failure("network", `YouTube could not be reached (${detail}).`);
  }
  if (seen.player?.status === "OK" && !seen.player.hasCaptions)
    return failure("no-captions", "The video has no captions: none are published.");
  if (seen.player?.status === "OK" && seen.player.tracks === 0)
    return failure("captions-disabled", "The video's captions are turned off.");
  if (seen.emptyTrack)
    return failure(
      "bot-check",
      "YouTube listed captions but sent an empty track (its check that the client is a real player).",
      {
        secondMayHelp: true,
      },
    );
  const message = error instanceof Error ? error.message : String(error);
  return failure("network", `The caption client failed: ${message}`, { secondMayHelp: true });
}
