/**
 * Every request Gavel sends to the video site (captions, the Data API, the
 * keyless feeds) goes through `youtubeFetch`: through YOUTUBE_PROXY_URL
 * when it is set, directly otherwise. Node's global fetch ignores
 * HTTPS_PROXY, so the proxy is undici's ProxyAgent, used with undici's own
 * fetch (the same version: Node 20's built-in fetch is an older undici, and
 * mixing the two is not supported). The proxy is spoken to with CONNECT,
 * for https:// and http:// addresses alike (docs/decisions/0049-captions-from-a-data-center.md).
 *
 *   const response = await youtubeFetch("https://www.youtube.com/feeds/videos.xml?channel_id=UC…");
 *   proxyFailure(error) // "The proxy refused the connection (HTTP 407)." | null
 */
import { fetch as undiciFetch, ProxyAgent, type RequestInit as UndiciRequestInit } from "undici";
import { settings } from "~/lib/env/settings.server";

type Held = { url: string; agent: ProxyAgent };

const HOLDER = Symbol.for("gavel.youtube.proxy");
type GlobalWithProxy = typeof globalThis & { [HOLDER]?: Held };
const globalProxy = globalThis as GlobalWithProxy;

/** The process's ProxyAgent for YOUTUBE_PROXY_URL (one connection pool), or undefined without one. */
function proxyAgent(): ProxyAgent | undefined {
  const url = settings().YOUTUBE_PROXY_URL;
  const held = globalProxy[HOLDER];
  if (!url) return undefined;
  if (held?.url === url) return held.agent;
  void held?.agent.close().catch(() => undefined);
  const agent = new ProxyAgent({ uri: url });
  globalProxy[HOLDER] = { url, agent };
  return agent;
}

/** Closes the proxy's connection pool (tests, shutdown); the next fetch opens one for the current setting. */
export async function closeYoutubeProxy(): Promise<void> {
  const held = globalProxy[HOLDER];
  delete globalProxy[HOLDER];
  await held?.agent.close().catch(() => undefined);
}

/** Where the proxy is, without its credentials, for messages. */
export function proxyHost(): string | null {
  const url = settings().YOUTUBE_PROXY_URL;
  return url ? new URL(url).host : null;
}

async function requestParts(input: string | URL | Request, init: RequestInit = {}) {
  if (!(input instanceof Request)) return { url: String(input), init };
  const method = init.method ?? input.method;
  const body = init.body ?? (method === "GET" || method === "HEAD" ? undefined : await input.arrayBuffer());
  return {
    url: input.url,
    init: { method, headers: init.headers ?? input.headers, body, signal: init.signal ?? input.signal },
  };
}

/**
 * fetch() for the video site. Takes what the global fetch takes (a URL or a
 * Request, as the caption libraries pass them) and answers a Response.
 */
export async function youtubeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const parts = await requestParts(input, init);
  const dispatcher = proxyAgent();
  const response = await undiciFetch(parts.url, {
    ...(parts.init as UndiciRequestInit),
    ...(dispatcher ? { dispatcher } : {}),
  });
  // undici's Response and the global one are the same web API (status, headers, text(), json(), clone()).
  return response as unknown as Response;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause)
    chain.push(current);
  return chain;
}

/**
 * The proxy's refusal in plain words, when `error` (from youtubeFetch) is
 * one: a CONNECT answered with anything but 200 (407 for missing or wrong
 * credentials), or a proxy that cannot be reached. Null otherwise.
 */
export function proxyFailure(error: unknown): string | null {
  const host = proxyHost();
  if (!host) return null;
  for (const cause of causes(error)) {
    const message = cause instanceof Error ? cause.message : "";
    const status = /Proxy response \((\d{3})\)/.exec(message)?.[1] ?? (/\(407\)/.test(message) ? "407" : null);
    if (status)
      return status === "407"
        ? `The proxy ${host} refused the connection: it asks for credentials (HTTP 407).`
        : `The proxy ${host} refused the connection (HTTP ${status}).`;
    const code = (cause as { code?: unknown }).code;
    if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EHOSTUNREACH")
      return `The proxy ${host} could not be reached (${String(code)}).`;
  }
  return null;
}
