import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchMedia, MediaRefusedError } from "~/lib/transcription/media.server";
import { dbTag } from "../setup";

/**
 * Recordings from a media URL (issue 30; docs/decisions/0083-recordings-for-transcription.md):
 * only http(s), never a private address unless MEDIA_ALLOWED_PRIVATE_NETWORKS
 * names it (here: 127.0.0.1 alone, where the test's server listens), on
 * every redirect too; at most MEDIA_MAX_BYTES; streamed to a file. An HLS
 * playlist's parts are joined in order.
 */

const BODY = Buffer.alloc(5000, "a");
let server: Server;
let base: string;
let directory: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/meeting.mp3":
        return response.writeHead(200, { "content-type": "audio/mpeg", "content-length": BODY.length }).end(BODY);
      case "/chunked.mp3":
        // No Content-Length: the limit is found by counting.
        response.writeHead(200, { "content-type": "audio/mpeg" });
        for (let i = 0; i < 5; i++) response.write(BODY.subarray(0, 1000));
        return response.end();
      case "/moved":
        return response.writeHead(302, { location: url.searchParams.get("to") ?? "/meeting.mp3" }).end();
      case "/master.m3u8":
        return response
          .writeHead(200, { "content-type": "application/vnd.apple.mpegurl" })
          .end(
            "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000\nhigh/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=64000\nlow/index.m3u8\n",
          );
      case "/low/index.m3u8":
        return response
          .writeHead(200, { "content-type": "application/vnd.apple.mpegurl" })
          .end("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\npart-1.ts\n#EXTINF:10,\npart-2.ts\n#EXT-X-ENDLIST\n");
      case "/low/part-1.ts":
        return response.writeHead(200).end("first;");
      case "/low/part-2.ts":
        return response.writeHead(200).end("second;");
      default:
        return response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  directory = await mkdtemp(path.join(os.tmpdir(), "gavel-media-"));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(directory, { recursive: true, force: true });
});
beforeEach(() => {
  process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS = "127.0.0.1";
  delete process.env.MEDIA_MAX_BYTES;
});

async function refusal(url: string): Promise<string> {
  const error = await fetchMedia(url, path.join(directory, "refused")).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MediaRefusedError);
  // Nothing left behind, not even a part.
  expect((await readdir(directory)).filter((name) => name.startsWith("refused"))).toEqual([]);
  return (error as Error).message;
}

describe(`media URLs ${dbTag}`, () => {
  it("fetches a recording to a file, and an HLS playlist's lightest variant's parts in order", async () => {
    const file = path.join(directory, "meeting");
    expect(await fetchMedia(`${base}/moved`, file)).toEqual({ bytes: BODY.length, parts: 1 });
    expect((await readFile(file)).equals(BODY)).toBe(true);
    // By name: the connection goes to the addresses checked (Node does not resolve the name again).
    process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS = "127.0.0.1,::1";
    const byName = path.join(directory, "by-name");
    expect(await fetchMedia(`http://localhost:${new URL(base).port}/meeting.mp3`, byName)).toEqual({
      bytes: BODY.length,
      parts: 1,
    });
    process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS = "127.0.0.1";

    const joined = path.join(directory, "playlist");
    expect(await fetchMedia(`${base}/master.m3u8`, joined)).toEqual({ bytes: 13, parts: 2 });
    expect(await readFile(joined, "utf8")).toBe("first;second;");
  });

  it("fetches only http and https", async () => {
    for (const url of ["file:///etc/passwd", "ftp://127.0.0.1/meeting.mp3", "data:audio/mpeg,abc", "not a url"])
      expect(await refusal(url)).toMatch(
        /^(Only http:\/\/ and https:\/\/ media URLs are fetched\.|That is not a URL\.)$/,
      );
  });

  it("refuses private, loopback and link-local addresses, by name too, and a redirect to one", async () => {
    delete process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS;
    expect(await refusal(`${base}/meeting.mp3`)).toBe(
      "The media URL points at a private address (127.0.0.1 is 127.0.0.1): only public addresses are fetched (MEDIA_ALLOWED_PRIVATE_NETWORKS).",
    );
    // A name: every address it resolves to is checked.
    expect(await refusal(`http://localhost:${new URL(base).port}/meeting.mp3`)).toMatch(
      /^The media URL points at a private address \(localhost is (127\.0\.0\.1|::1)\)/,
    );
    for (const host of ["10.1.2.3", "192.168.0.10", "169.254.169.254", "[::1]", "[fe80::1]", "[::ffff:10.0.0.1]"])
      expect(await refusal(`http://${host}/meeting.mp3`)).toMatch(/^The media URL points at a private address/);

    // 127.0.0.1 allowed, the redirect to another loopback address and to the cloud's metadata address are not.
    process.env.MEDIA_ALLOWED_PRIVATE_NETWORKS = "127.0.0.1";
    expect(await refusal(`${base}/moved?to=${encodeURIComponent("http://127.0.0.2/meeting.mp3")}`)).toMatch(
      /^The media URL points at a private address \(127\.0\.0\.2 is 127\.0\.0\.2\)/,
    );
    expect(await refusal(`${base}/moved?to=${encodeURIComponent("http://169.254.169.254/latest")}`)).toMatch(
      /^The media URL points at a private address/,
    );
    expect(await refusal(`${base}/moved?to=${encodeURIComponent("file:///etc/passwd")}`)).toBe(
      "Only http:// and https:// media URLs are fetched.",
    );
  });

  it("stops at MEDIA_MAX_BYTES, by Content-Length and by the bytes that arrive", async () => {
    process.env.MEDIA_MAX_BYTES = "4096";
    expect(await refusal(`${base}/meeting.mp3`)).toBe("The recording is larger than 4 KB (MEDIA_MAX_BYTES).");
    expect(await refusal(`${base}/chunked.mp3`)).toBe("The recording is larger than 4 KB (MEDIA_MAX_BYTES).");
    process.env.MEDIA_MAX_BYTES = "5000";
    expect((await fetchMedia(`${base}/chunked.mp3`, path.join(directory, "exact"))).bytes).toBe(5000);
  });
});
