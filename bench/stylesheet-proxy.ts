/**
 * A proxy in front of the built app for the weight bench's stylesheet
 * comparison (bench/page-weight.ts): in "inline" mode it passes pages on as
 * the app sends them (the stylesheet inlined in a <style>); in "external"
 * mode it empties that <style> but for an `@import` of the same stylesheet,
 * which it serves as a fingerprinted asset would be (cached for a year), so
 * a reader's browser fetches it once. The document keeps its shape, so
 * React hydrates it as usual. Both modes gzip the HTML here, alike.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

export type StylesheetMode = "inline" | "external";

const STYLESHEET_PATH = "/bench-stylesheet.css";
const INLINE_STYLE = /(<style[^>]*>)([\s\S]*?)(<\/style>)/;

export async function startStylesheetProxy(
  upstream: string,
  mode: StylesheetMode,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  let stylesheet = "";
  const server = http.createServer((request, response) => {
    if (request.url === STYLESHEET_PATH) {
      send(
        response,
        200,
        { "content-type": "text/css", "cache-control": "public, max-age=31536000, immutable" },
        stylesheet,
      );
      return;
    }
    const isDocument = request.headers["sec-fetch-dest"] === "document";
    const headers = { ...request.headers, host: new URL(upstream).host };
    if (isDocument) headers["accept-encoding"] = "identity";
    const forwarded = http.request(`${upstream}${request.url}`, { method: request.method, headers }, (answer) => {
      const type = String(answer.headers["content-type"] ?? "");
      if (!isDocument || answer.statusCode === 304 || !type.startsWith("text/html")) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        let html = Buffer.concat(chunks).toString("utf8");
        const inline = INLINE_STYLE.exec(html);
        if (inline) {
          stylesheet ||= inline[2]!;
          if (mode === "external") html = html.replace(INLINE_STYLE, `$1@import url("${STYLESHEET_PATH}");$3`);
        }
        const { "content-length": _length, "transfer-encoding": _encoding, ...rest } = answer.headers;
        send(response, answer.statusCode ?? 502, rest, html);
      });
    });
    forwarded.on("error", () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body: string) {
  const gzipped = body ? zlib.gzipSync(body) : Buffer.alloc(0);
  response.writeHead(status, { ...headers, "content-encoding": "gzip", "content-length": gzipped.length });
  response.end(gzipped);
}
