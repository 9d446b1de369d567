/**
 * A real HTTP proxy on 127.0.0.1 for YOUTUBE_PROXY_URL
 * (docs/decisions/0049-captions-from-a-data-center.md). It answers both
 * ways a client may use a proxy, and records what went through it:
 *
 * - CONNECT host:port: a tunnel to the target (only 127.0.0.1 targets are
 *   allowed; nothing leaves the machine). Through a tunnel to an http://
 *   target the request lines are plain text, so they are recorded too;
 * - absolute-form requests (`GET http://host:port/path HTTP/1.1`): forwarded.
 *
 * With `credentials` ("user:pass") a request without the matching
 * Proxy-Authorization gets 407; `refuse` answers every request with that
 * status instead.
 *
 *   const proxy = await startFakeProxyServer({ credentials: "gavel:s3cret" });
 *   process.env.YOUTUBE_PROXY_URL = proxy.urlWith("gavel:s3cret");
 *   proxy.requests // [{ method: "CONNECT", target: "127.0.0.1:5123", authorization: "Basic …", answered: 200 }, …]
 *   proxy.tunneled // ["GET /watch?v=…", "POST /youtubei/v1/player?key=…", …]
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

export type ProxiedRequest = {
  method: string;
  /** host:port for CONNECT, the absolute URL otherwise. */
  target: string;
  authorization: string | null;
  /** The status the proxy answered (200 for an open tunnel). */
  answered: number;
};

export type FakeProxyServer = {
  url: string;
  /** The proxy's URL with credentials in it. */
  urlWith(credentials: string): string;
  requests: ProxiedRequest[];
  /** Request lines seen inside CONNECT tunnels to http:// targets. */
  tunneled: string[];
  /** Changes what the proxy answers from now on. */
  set(options: FakeProxyOptions): void;
  close(): Promise<void>;
};

export type FakeProxyOptions = { credentials?: string | null; refuse?: number | null };

const LOCAL = new Set(["127.0.0.1", "localhost", "[::1]"]);

export async function startFakeProxyServer(initial: FakeProxyOptions = {}): Promise<FakeProxyServer> {
  let options: FakeProxyOptions = { ...initial };
  const requests: ProxiedRequest[] = [];
  const tunneled: string[] = [];
  const sockets = new Set<net.Socket>();

  /** The status to refuse with, or null to let the request through. */
  const refusal = (authorization: string | null): number | null => {
    if (options.refuse) return options.refuse;
    if (!options.credentials) return null;
    const expected = `Basic ${Buffer.from(options.credentials).toString("base64")}`;
    return authorization === expected ? null : 407;
  };

  const server = http.createServer((request, response) => {
    const authorization = request.headers["proxy-authorization"] ?? null;
    const target = request.url ?? "";
    const url = URL.parse(target);
    const refused = refusal(authorization) ?? (url && LOCAL.has(url.hostname) ? null : 403);
    requests.push({ method: request.method ?? "GET", target, authorization, answered: refused ?? 200 });
    if (refused) {
      response.writeHead(refused, refused === 407 ? { "proxy-authenticate": 'Basic realm="fake"' } : {});
      response.end();
      return;
    }
    const headers = { ...request.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const upstream = http.request(
      { host: url!.hostname, port: url!.port, path: `${url!.pathname}${url!.search}`, method: request.method, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });

  server.on("connect", (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const authorization = request.headers["proxy-authorization"] ?? null;
    const target = request.url ?? "";
    const [host = "", port = "80"] = target.split(/:(?=\d+$)/);
    const refused = refusal(authorization) ?? (LOCAL.has(host) ? null : 403);
    requests.push({ method: "CONNECT", target, authorization, answered: refused ?? 200 });
    if (refused) {
      const reason = refused === 407 ? "Proxy Authentication Required" : "Forbidden";
      const extra = refused === 407 ? 'Proxy-Authenticate: Basic realm="fake"\r\n' : "";
      client.end(`HTTP/1.1 ${refused} ${reason}\r\n${extra}Content-Length: 0\r\n\r\n`);
      return;
    }
    const upstream = net.connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      client.on("data", (chunk: Buffer) => {
        for (const [line] of chunk
          .toString("latin1")
          .matchAll(/^(?:GET|POST|HEAD|PUT|DELETE) \S+(?= HTTP\/1\.[01]\r$)/gm))
          tunneled.push(line);
      });
      client.pipe(upstream);
      upstream.pipe(client);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on("error", close);
    client.on("error", close);
    client.on("close", close);
  });

  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // Idle connections stay open until the client or close() ends them: with Node's default keep-alive
  // timeout a busy test process could reuse a connection this server had just closed (ECONNRESET;
  // fake-legistar-server.ts has the story).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    urlWith: (credentials) => `http://${credentials}@127.0.0.1:${port}`,
    requests,
    tunneled,
    set: (next) => void (options = { ...options, ...next }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
