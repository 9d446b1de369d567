/**
 * ANALYTICS=forward: the same named events sent to a self-hosted Plausible
 * or Umami instead of being counted here. Fire and forget: a request never
 * waits for it, a slow endpoint is cut off after a few seconds, and a
 * failing one is logged once (then again only after it worked in between).
 */
import { settings } from "~/lib/env/settings.server";
import type { AnalyticsEvent } from "~/lib/constants";

/** What a forwarded event knows of its request: the page and what the endpoint needs to count uniques itself. */
export type ForwardedEvent = {
  event: Exclude<AnalyticsEvent, "visitor">;
  /** The page's address (without `.data`), as the reader saw it. */
  url: string;
  route: string;
  subject: string;
  userAgent: string;
  clientIp: string;
  referrer: string | null;
};

export type ForwardRequest = { url: string; headers: Record<string, string>; body: string };

const TIMEOUT_MS = 3_000;

/** The Plausible and Umami names of our events: their own for a page view, ours for the rest. */
function eventName(event: ForwardedEvent["event"]): string {
  return event === "page_view" ? "pageview" : event;
}

/** Both services count unique visitors themselves, from the reader's User-Agent and address. */
function forwardedHeaders(event: ForwardedEvent): Record<string, string> {
  return { "Content-Type": "application/json", "User-Agent": event.userAgent, "X-Forwarded-For": event.clientIp };
}

/** Plausible's Events API: `{name, url, domain, referrer, props}`, with the reader's User-Agent and address. */
export function plausibleRequest(endpoint: string, site: string, event: ForwardedEvent): ForwardRequest {
  const props: Record<string, string> = { route: event.route };
  if (event.subject) props.subject = event.subject;
  return {
    url: endpoint,
    headers: forwardedHeaders(event),
    body: JSON.stringify({
      name: eventName(event.event),
      url: event.url,
      domain: site,
      ...(event.referrer ? { referrer: event.referrer } : {}),
      props,
    }),
  };
}

/** Umami's /api/send: `{type: "event", payload: {website, url, hostname, name, data}}`; a page view has no name. */
export function umamiRequest(endpoint: string, website: string, event: ForwardedEvent): ForwardRequest {
  const page = new URL(event.url);
  const data: Record<string, string> = { route: event.route };
  if (event.subject) data.subject = event.subject;
  return {
    url: endpoint,
    headers: forwardedHeaders(event),
    body: JSON.stringify({
      type: "event",
      payload: {
        website,
        hostname: page.hostname,
        url: `${page.pathname}${page.search}`,
        ...(event.referrer ? { referrer: event.referrer } : {}),
        ...(event.event === "page_view" ? {} : { name: eventName(event.event) }),
        data,
      },
    }),
  };
}

/** The request to send for `event` under the current settings. */
export function forwardRequestOf(event: ForwardedEvent): ForwardRequest | null {
  const config = settings();
  if (!config.ANALYTICS_FORWARD_URL) return null;
  const site = config.ANALYTICS_FORWARD_SITE || new URL(config.APP_URL).host;
  return config.ANALYTICS_FORWARD_KIND === "umami"
    ? umamiRequest(config.ANALYTICS_FORWARD_URL, site, event)
    : plausibleRequest(config.ANALYTICS_FORWARD_URL, site, event);
}

// On globalThis, like the recorder: the server entry and the built app share it.
const FORWARDER = Symbol.for("gavel.analytics.forwarder");
type ForwarderState = { failing: boolean; inFlight: Set<Promise<void>> };
const state: ForwarderState = ((globalThis as typeof globalThis & { [FORWARDER]?: ForwarderState })[FORWARDER] ??= {
  failing: false,
  inFlight: new Set(),
});

/** Sends `event` in the background; never throws, never waits. */
export function forwardEvent(event: ForwardedEvent): void {
  const request = forwardRequestOf(event);
  if (!request) return;
  const sending = fetch(request.url, {
    method: "POST",
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: "error",
  })
    .then(async (response) => {
      await response.body?.cancel();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      state.failing = false;
    })
    .catch((error: unknown) => {
      if (state.failing) return;
      state.failing = true;
      console.error(
        `Forwarding analytics to ${new URL(request.url).origin} failed (logged once until it works again):`,
        error instanceof Error ? error.message : error,
      );
    })
    .finally(() => state.inFlight.delete(sending));
  state.inFlight.add(sending);
}

/** Waits for the events being sent (shutdown, tests). */
export async function settleForwardedEvents(): Promise<void> {
  while (state.inFlight.size > 0) await Promise.allSettled([...state.inFlight]);
}
