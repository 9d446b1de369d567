/**
 * A small S3-compatible server on 127.0.0.1 for the tests (no network):
 * PUT, GET, HEAD and DELETE of objects, path-style (`/<bucket>/<key>`),
 * kept in memory. Signatures are not checked. Every request is recorded,
 * and `failNext` makes the next requests of a method fail with a 500.
 *
 *   const s3 = await startFakeS3();
 *   process.env.STORAGE = "s3"; process.env.S3_ENDPOINT = s3.endpoint; …
 *   await s3.close();
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FakeS3Object = { body: Buffer; contentType: string; etag: string };

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  objects: Map<string, FakeS3Object>;
  requests: Array<{ method: string; key: string }>;
  /** The next `count` requests with this method answer 500. */
  failNext(method: string, count?: number): void;
  /** The environment that points the app at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
};

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

export async function startFakeS3({ bucket = "gavel-test" } = {}): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3["requests"] = [];
  const failures = new Map<string, number>();
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const [, bucketName, ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      const method = req.method ?? "GET";
      requests.push({ method, key });
      const send = (status: number, body = "", headers: Record<string, string> = {}) => {
        res.writeHead(status, { "Content-Type": "application/xml", ...headers });
        res.end(method === "HEAD" ? undefined : body);
      };
      const failing = failures.get(method) ?? 0;
      if (failing > 0) {
        failures.set(method, failing - 1);
        return send(500, errorXml("InternalError", "We encountered an internal error."));
      }
      if (bucketName !== bucket) return send(404, errorXml("NoSuchBucket", "The specified bucket does not exist"));
      if (!key) return send(400, errorXml("InvalidRequest", "An object key is required"));
      if (method === "PUT") {
        const body = Buffer.concat(chunks);
        const etag = `"${createHash("md5").update(body).digest("hex")}"`;
        objects.set(key, { body, contentType: req.headers["content-type"] ?? "binary/octet-stream", etag });
        return send(200, "", { ETag: etag });
      }
      if (method === "DELETE") {
        objects.delete(key);
        return send(204);
      }
      if (method === "GET" || method === "HEAD") {
        const object = objects.get(key);
        if (!object) return send(404, errorXml("NoSuchKey", "The specified key does not exist."));
        res.writeHead(200, {
          "Content-Type": object.contentType,
          "Content-Length": String(object.body.length),
          ETag: object.etag,
        });
        return res.end(method === "HEAD" ? undefined : object.body);
      }
      return send(405, errorXml("MethodNotAllowed", "The specified method is not allowed"));
    });
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
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    objects,
    requests,
    failNext(method, count = 1) {
      failures.set(method, count);
    },
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "test-access-key",
      S3_SECRET_ACCESS_KEY: "test-secret-key",
      S3_FORCE_PATH_STYLE: "true",
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
