/**
 * Recordings from a media URL (docs/decisions/0083-recordings-for-transcription.md):
 * a direct link to an MP4, MP3 or M4A file, or an HLS playlist (as Granicus
 * serves), fetched to this server's disk for transcription.
 *
 * - Only http:// and https://.
 * - The host name is resolved here and every address it resolves to is
 *   checked: a private, loopback, link-local, shared, multicast or
 *   reserved one refuses the URL, unless MEDIA_ALLOWED_PRIVATE_NETWORKS
 *   names it.
 *   The request then goes to a checked address (never resolved again, so a
 *   second answer cannot point elsewhere); each redirect is checked the same
 *   way, and so is each part of a playlist.
 * - At most MEDIA_MAX_BYTES (by Content-Length at once, then by the bytes
 *   that arrive) and MEDIA_FETCH_TIMEOUT_MS for the whole recording.
 * - The bytes are streamed to a file, never held in memory (a playlist's
 *   text, at most 1 MB, is).
 */
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { lookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { settings } from "~/lib/env/settings.server";
import { formatBytes } from "~/lib/http/body-limits";
import { isUuid } from "~/lib/uuid";

export class MediaRefusedError extends Error {
  override name = "MediaRefusedError";
}

const MAX_REDIRECTS = 5;
const MAX_PLAYLIST_BYTES = 1024 * 1024;

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv6");

/** Whether an address is private, loopback, link-local or otherwise not the public internet's. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? "ipv4" : "ipv6");
}

function allowedNetworks(networks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const network of networks) {
    const [address, prefix] = network.split("/") as [string, string | undefined];
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    list.addSubnet(address, prefix === undefined ? (type === "ipv4" ? 32 : 128) : Number(prefix), type);
  }
  return list;
}

function isAllowed(allowed: BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return allowed.check(mapped[1]!, "ipv4");
  return allowed.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}

/** The URL, when it is one this server may fetch (its scheme; not where it points: see checkedAddresses). */
export function parseMediaUrl(text: string): URL {
  const url = URL.canParse(text.trim()) ? new URL(text.trim()) : null;
  if (!url) throw new MediaRefusedError("That is not a URL.");
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new MediaRefusedError("Only http:// and https:// media URLs are fetched.");
  if (url.username || url.password) throw new MediaRefusedError("A media URL cannot hold a user name or password.");
  return url;
}

/** Resolves the URL's host and checks every address: the addresses to connect to. */
export async function checkedAddresses(url: URL): Promise<{ address: string; family: number }[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new MediaRefusedError(`The media URL's host ${host} could not be found.`);
  }
  if (addresses.length === 0) throw new MediaRefusedError(`The media URL's host ${host} could not be found.`);
  const allowed = allowedNetworks(settings().MEDIA_ALLOWED_PRIVATE_NETWORKS);
  const blocked = addresses.find((entry) => isPrivateAddress(entry.address) && !isAllowed(allowed, entry.address));
  if (blocked)
    throw new MediaRefusedError(
      `The media URL points at a private address (${host} is ${blocked.address}): only public addresses are fetched (MEDIA_ALLOWED_PRIVATE_NETWORKS).`,
    );
  return addresses;
}

type Limits = { signal: AbortSignal; remaining: () => number; counted: (bytes: number) => void };

/** One GET through the checks, following checked redirects; the response's body is unread. */
async function open(start: URL, limits: Limits): Promise<{ url: URL; response: IncomingMessage }> {
  let url = start;
  for (let redirects = 0; ; redirects++) {
    parseMediaUrl(url.href);
    const targets = await checkedAddresses(url);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = (url.protocol === "https:" ? https : http).get(url, {
        signal: limits.signal,
        headers: { "user-agent": "Gavel (meeting transcription)", accept: "*/*" },
        // Connect to the address checked above, never to a second answer.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) callback(null, targets as never, targets[0]!.family);
          else callback(null, targets[0]!.address, targets[0]!.family);
        },
      });
      request.once("response", resolve).once("error", reject);
    }).catch((error: unknown) => {
      if (limits.signal.aborted) throw timeoutError();
      throw new MediaRefusedError(`The media URL could not be fetched: ${(error as Error).message}.`);
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new MediaRefusedError("The media URL redirects too many times.");
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new MediaRefusedError(`The media URL answered HTTP ${status}.`);
    }
    const length = Number(response.headers["content-length"] ?? NaN);
    if (Number.isFinite(length) && length > limits.remaining()) {
      response.destroy();
      throw tooLargeError();
    }
    return { url, response };
  }
}

function tooLargeError() {
  const max = settings().MEDIA_MAX_BYTES;
  return new MediaRefusedError(`The recording is larger than ${formatBytes(max)} (MEDIA_MAX_BYTES).`);
}

function timeoutError() {
  return new MediaRefusedError(
    `The recording did not arrive within ${Math.round(settings().MEDIA_FETCH_TIMEOUT_MS / 1000)} s (MEDIA_FETCH_TIMEOUT_MS).`,
  );
}

/** Counts the bytes that pass and stops the stream past the limit. */
function counter(limits: Limits) {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.length > limits.remaining()) return callback(tooLargeError());
      limits.counted(chunk.length);
      callback(null, chunk);
    },
  });
}

async function readSmall(response: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of response as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > MAX_PLAYLIST_BYTES) {
      response.destroy();
      throw new MediaRefusedError("The HLS playlist is larger than 1 MB.");
    }
    parts.push(part);
  }
  return Buffer.concat(parts).toString("utf8");
}

function isPlaylist(url: URL, response: IncomingMessage): boolean {
  const type = (response.headers["content-type"] ?? "").toLowerCase();
  return /mpegurl/.test(type) || url.pathname.toLowerCase().endsWith(".m3u8");
}

/** The lines of a playlist that are not tags, as URLs; its EXT-X-MAP first. */
function playlistParts(text: string, base: URL): { variants: URL[]; parts: URL[] } {
  if (!text.trimStart().startsWith("#EXTM3U")) throw new MediaRefusedError("The HLS playlist is not an M3U8 file.");
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const key = lines.find((line) => line.startsWith("#EXT-X-KEY:") && !/METHOD=NONE/.test(line));
  if (key) throw new MediaRefusedError("The HLS playlist is encrypted: it cannot be transcribed.");
  const variants: { url: URL; bandwidth: number }[] = [];
  const parts: URL[] = [];
  for (const [index, line] of lines.entries()) {
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map) parts.push(new URL(map[1]!, base));
    if (!line || line.startsWith("#")) continue;
    const info = lines[index - 1] ?? "";
    if (info.startsWith("#EXT-X-STREAM-INF:")) {
      const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(info)?.[1] ?? Infinity);
      variants.push({ url: new URL(line, base), bandwidth });
    } else parts.push(new URL(line, base));
  }
  // The lightest variant: speech needs no more than its audio.
  variants.sort((a, b) => a.bandwidth - b.bandwidth);
  return { variants: variants.map((variant) => variant.url), parts };
}

export type FetchedMedia = { bytes: number; parts: number };

/**
 * Fetches the recording at `mediaUrl` into the file `destination` (written
 * to a temporary name first, so a failure leaves no partial recording).
 * Throws MediaRefusedError with a plain message.
 */
export async function fetchMedia(
  mediaUrl: string,
  destination: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FetchedMedia> {
  const s = settings();
  const deadline = AbortSignal.timeout(s.MEDIA_FETCH_TIMEOUT_MS);
  const limits: Limits = {
    signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
    remaining: () => s.MEDIA_MAX_BYTES - received,
    counted: (bytes) => (received += bytes),
  };
  let received = 0;
  const first = parseMediaUrl(mediaUrl);
  const partial = `${destination}.part`;
  await mkdir(path.dirname(destination), { recursive: true });
  const file = createWriteStream(partial);
  const append = async (response: IncomingMessage) => {
    try {
      await pipeline(response, counter(limits), file, { end: false });
    } catch (error) {
      if (error instanceof MediaRefusedError) throw error;
      if (limits.signal.aborted) throw timeoutError();
      throw new MediaRefusedError(`The recording could not be fetched: ${(error as Error).message}.`);
    }
  };
  try {
    let { url, response } = await open(first, limits);
    let parts = 1;
    if (isPlaylist(url, response)) {
      let playlist = playlistParts(await readSmall(response), url);
      if (playlist.variants.length > 0) {
        ({ url, response } = await open(playlist.variants[0]!, limits));
        playlist = playlistParts(await readSmall(response), url);
      }
      if (playlist.parts.length === 0) throw new MediaRefusedError("The HLS playlist lists no media.");
      for (const part of playlist.parts) {
        const opened = await open(part, limits);
        await append(opened.response);
      }
      parts = playlist.parts.length;
    } else {
      await append(response);
    }
    await new Promise<void>((resolve, reject) =>
      file.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await rename(partial, destination);
    return { bytes: received, parts };
  } catch (error) {
    // The stream opens its file asynchronously: removed before it is closed, it could be created after.
    if (!file.closed) await new Promise<void>((resolve) => file.once("close", () => resolve()).destroy());
    await rm(partial, { force: true });
    throw error;
  }
}

/** Where a meeting's recording is kept on this server's disk: `recordings/<meeting id>` in the data directory. */
export function recordingPathOf(cityVideoId: string): string {
  if (!isUuid(cityVideoId)) throw new Error(`Not a meeting id: ${cityVideoId}`);
  return path.resolve(settings().DATA_DIR, "recordings", cityVideoId);
}
