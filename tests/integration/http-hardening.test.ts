import crypto from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "~/lib/auth/session.server";
import { ADMIN_ROLE, createUser, grantRole } from "~/lib/auth/users.server";
import { cities, cityVideos } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { answersTooLargeItself, bodyLimitFor, streamsBody } from "~/lib/http/body-limits";
import { configureHttp, reactRouterHandlers } from "~/lib/http/stack.server";
import { dbTag, execSql, getTestDb, TEST_ORIGIN } from "../setup";
import { CookieJar } from "../support/cookie-jar";
import { RawConnection } from "../support/raw-http";

/**
 * The HTTP stack of server.ts (configureHttp + the body gate + our React
 * Router adapter) in front of the BUILT app (build/server/index.js, as in
 * production; `npm run build` first), on this file's own database, so that
 * every table can be counted before and after. Requests go over real
 * sockets on 127.0.0.1.
 */

const BUILD_FILE = path.resolve(import.meta.dirname, "../../build/server/index.js");

let build: ServerBuild;
let server: Server;
let port: number;
let base: string;
let meetingId: string;
const cookies: Record<"visitor" | "member" | "admin", string> = { visitor: "", member: "", admin: "" };

async function sessionCookie(email: string, isAdmin: boolean): Promise<string> {
  const user = await createUser({ email, emailConfirmed: true });
  if (isAdmin) await grantRole(email, ADMIN_ROLE);
  const jar = new CookieJar();
  jar.store((await signIn(new Request(`${TEST_ORIGIN}/auth`), user.id, "/", { title: "Welcome back!" })).headers);
  return `gavel_session=${jar.get("gavel_session")}`;
}

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
}

function appWith(trustProxy?: string): express.Express {
  const previous = process.env.TRUST_PROXY;
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  const app = express();
  configureHttp(app, { development: false });
  app.use(reactRouterHandlers({ build, mode: "production" }));
  if (previous === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = previous;
  return app;
}

beforeAll(async () => {
  if (!fs.existsSync(BUILD_FILE)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  build = (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
  const [city] = await getTestDb()
    .insert(cities)
    .values({ name: "Riverton", locationKey: "riverton", status: "Live" })
    .returning();
  const [video] = await getTestDb()
    .insert(cityVideos)
    .values({
      cityId: city!.id,
      videoId: "riverton-001",
      title: "Regular meeting",
      publishedAt: new Date("2026-01-13T18:00:00Z"),
    })
    .returning();
  meetingId = video!.id;
  await getBoss(); // the job queue's own tables exist from the start, as in the running app
  cookies.member = await sessionCookie("member@example.com", false);
  cookies.admin = await sessionCookie("admin@example.com", true);
  server = await listen(appWith());
  port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await stopBoss();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Every route of the build that has an action, as a path with its parameters filled in. */
function actionPaths(): string[] {
  const routes = build.routes as Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; module: { action?: unknown } }
  >;
  const values: Record<string, string> = {
    locationKey: "riverton",
    meetingId,
    businessId: "00000000-0000-4000-8000-000000000000",
  };
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(routes)
    .filter((route) => typeof route.module.action === "function")
    .map((route) => {
      const filled = fullPath(route.id)
        .split("/")
        .map((segment) =>
          segment === "*" ? "no-such-page" : segment.startsWith(":") ? values[segment.slice(1)]! : segment,
        )
        .join("/");
      return `/${filled}${route.index ? "?index" : ""}`;
    });
}

/** Single fetch's address for the same action: `/contact.data`, `/_.data?index` for the home page. */
function dataPath(pagePath: string): string {
  const [pathname, query] = pagePath.split("?");
  return `${pathname === "/" ? "/_" : pathname}.data${query ? `?${query}` : ""}`;
}

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await execSql<{ name: string }>(
    "select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname in ('public', 'pgboss') order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number((await execSql<{ n: number }>(`select count(*)::int as n from ${name}`))[0]!.n);
  return counts;
}

type FuzzBody = { name: string; contentType?: string; body?: string | Uint8Array<ArrayBuffer> };

const MULTIPART = "multipart/form-data; boundary=gavelfuzz";
const FUZZ_BODIES: FuzzBody[] = [
  { name: "JSON", contentType: "application/json", body: '{"intent":"generate","email":"a@b.co"}' },
  { name: "text", contentType: "text/plain", body: "intent=generate" },
  { name: "XML", contentType: "application/xml", body: '<?xml version="1.0"?><form><intent>generate</intent></form>' },
  { name: "no body, no type" },
  { name: "body without a type", body: "intent=generate" },
  {
    name: "broken multipart",
    contentType: MULTIPART,
    body: '--gavelfuzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\ngenerate',
  },
  { name: "multipart without boundary", contentType: "multipart/form-data", body: "intent=generate" },
  // bench --only fuzz found it: an empty multipart body reached the actions, whose formData() threw (500).
  { name: "multipart with no body", contentType: MULTIPART },
  { name: "bad percent-encoding", contentType: "application/x-www-form-urlencoded", body: "intent=%ZZ&email=%E0%A4" },
  {
    name: "bytes that are not UTF-8",
    contentType: "application/x-www-form-urlencoded",
    body: new Uint8Array([0x61, 0x3d, 0xff, 0xfe, 0x00]),
  },
  // Forms that do parse, with fields no action expects: the actions answer themselves.
  { name: "empty form", contentType: "application/x-www-form-urlencoded", body: "" },
  {
    name: "junk form",
    contentType: "application/x-www-form-urlencoded",
    body: "junk=1&intent=%00&meetingId=not-a-uuid",
  },
  {
    name: "junk multipart",
    contentType: MULTIPART,
    body: '--gavelfuzz\r\nContent-Disposition: form-data; name="junk"\r\n\r\n\u0000\r\n--gavelfuzz--\r\n',
  },
];

/** Forms that parse reach the actions; sign-out signs out whoever posts any form, so it only sees the refused ones. */
/**
 * Bodies the gate passes on: forms that parse, and any multipart body with a
 * boundary to the recording upload, whose body the gate does not read
 * (streamsBody; docs/decisions/0086-recording-uploads.md): its action
 * refuses a broken one.
 */
function reachesAction(fuzz: FuzzBody, pagePath: string) {
  if (fuzz.name === "broken multipart" && streamsBody(pagePath)) return true;
  return ["empty form", "junk form", "junk multipart"].includes(fuzz.name);
}

/** Sends an oversized body the way a client without Content-Length does: chunked, until the server answers. */
async function postChunked(pathname: string, bytes: number) {
  const connection = await RawConnection.open(port);
  await connection.write(
    `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
  );
  const chunk = `a=${"x".repeat(16 * 1024 - 2)}`;
  for (let sent = 0; sent < bytes && !connection.answered && !connection.closed; sent += chunk.length) {
    await connection.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
  }
  const response = await connection.read();
  connection.close();
  return response;
}

const pathOf = (pagePath: string) => pagePath.split("?")[0]!;

/**
 * What a visitor's body over the limit gets: 413 from the gate, except on
 * the image upload, which answers with its own page, and so, for a visitor,
 * with the admin check's 401 (the body still unread; business-images.test.ts
 * has the admin's 413 page).
 */
const tooLargeStatusForVisitor = (pagePath: string) => (answersTooLargeItself(pathOf(pagePath)) ? 401 : 413);

async function postWithLyingLength(pathname: string) {
  const connection = await RawConnection.open(port);
  await connection.write(
    `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000000000\r\n\r\na=1`,
  );
  const response = await connection.read();
  const closed = await connection.waitForClose();
  connection.close();
  return { response, closed };
}

describe(`every action refuses what is not a form, without a 5xx or a write ${dbTag}`, () => {
  it("finds the actions in the build", () => {
    const paths = actionPaths();
    expect(paths).toEqual(
      expect.arrayContaining([
        "/contact",
        "/auth",
        "/auth/sign-out",
        "/admin/story-playground",
        `/city/riverton/meeting/${meetingId}`,
      ]),
    );
  });

  it("answers JSON, text, XML, no body, broken multipart and bad encoding with 400/415, as visitor, member and admin", async () => {
    const before = await rowCounts();
    const failures: string[] = [];
    for (const who of ["visitor", "member", "admin"] as const) {
      for (const pagePath of actionPaths()) {
        for (const target of [pagePath, dataPath(pagePath)]) {
          for (const fuzz of FUZZ_BODIES) {
            if (reachesAction(fuzz, pagePath) && pagePath.startsWith("/auth/sign-out")) continue;
            const headers: Record<string, string> = {};
            if (fuzz.contentType) headers["Content-Type"] = fuzz.contentType;
            if (cookies[who]) headers.Cookie = cookies[who];
            const response = await fetch(`${base}${target}`, {
              method: "POST",
              headers,
              body: fuzz.body,
              redirect: "manual",
            });
            const text = await response.text();
            const expected = reachesAction(fuzz, pagePath)
              ? response.status < 500
              : [400, 415].includes(response.status) && text.length > 0;
            if (!expected) failures.push(`${who} ${target} ${fuzz.name}: ${response.status} ${text.slice(0, 80)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 180_000); // about 600 requests

  it("answers a Content-Length over the route's limit with 413 at once, and closes", async () => {
    for (const pagePath of actionPaths()) {
      const { response, closed } = await postWithLyingLength(pagePath);
      expect([pagePath, response?.status, response?.headers.connection, closed]).toEqual([
        pagePath,
        tooLargeStatusForVisitor(pagePath),
        "close",
        true,
      ]);
      if (!answersTooLargeItself(pathOf(pagePath))) expect(response?.body).toMatch(/too large/);
    }
  });

  it("answers a chunked body with 413 as soon as it passes the route's limit", async () => {
    for (const pagePath of actionPaths()) {
      const response = await postChunked(pagePath, bodyLimitFor(pathOf(pagePath)) + 64 * 1024);
      expect([pagePath, response?.status, response?.headers.connection]).toEqual([
        pagePath,
        tooLargeStatusForVisitor(pagePath),
        "close",
      ]);
    }
  });

  it("keeps an ordinary form under 64 KB and allows more only on the meeting pages", () => {
    expect(bodyLimitFor("/contact")).toBe(64 * 1024);
    expect(bodyLimitFor("/admin/story-playground")).toBe(64 * 1024);
    expect(bodyLimitFor(`/meeting/${meetingId}`)).toBe(5 * 1024 * 1024);
    expect(bodyLimitFor(`/city/riverton/meeting/${meetingId}.data`)).toBe(5 * 1024 * 1024);
    expect(bodyLimitFor(`/city/riverton/meeting-story/${meetingId}`)).toBe(64 * 1024);
  });

  it("gives a route its own limit under the Spanish prefix too", async () => {
    // A pasted transcript of 1 MB, over the ordinary form's 64 KB: past the gate in either language (the
    // action then answers the visitor as it does; what matters is that the gate did not refuse the size).
    const body = new URLSearchParams({ intent: "upload-transcript", transcript: "x".repeat(1024 * 1024) }).toString();
    for (const pagePath of [`/meeting/${meetingId}`, `/es/meeting/${meetingId}`]) {
      const response = await fetch(`http://127.0.0.1:${port}${pagePath}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });
      expect([pagePath, response.status === 413]).toEqual([pagePath, false]);
    }
  });
});

describe(`a refused post does not stall the connection ${dbTag}`, () => {
  const form = `intent=fetch-transcript&meetingId=${"x".repeat(200 * 1024)}`;

  it("answers the next request on the same connection after a 401 to a 200 KB post", async () => {
    const connection = await RawConnection.open(port);
    const meeting = `/city/riverton/meeting/${meetingId}`; // 5 MB limit: the body is read, then refused by the action
    await connection.write(
      `POST ${meeting} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
    );
    const first = await connection.read();
    expect(first?.status).toBe(401);
    await connection.write(`GET /healthz-missing HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const second = await connection.read();
    connection.close();
    expect(second?.status).toBe(404);
  });

  it("closes the connection cleanly after refusing a 200 KB post unread (413, 415)", async () => {
    for (const [contentType, status] of [
      ["application/x-www-form-urlencoded", 413],
      ["application/json", 415],
    ] as const) {
      const connection = await RawConnection.open(port);
      await connection.write(
        `POST /admin/jobs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
      );
      const first = await connection.read();
      expect([first?.status, first?.headers.connection]).toEqual([status, "close"]);
      await connection.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      const second = await connection.read();
      expect(second === null ? await connection.waitForClose() : second.status).toBe(second === null ? true : 200);
      connection.close();
    }
  });
});

describe(`no 5xx from odd requests ${dbTag}`, () => {
  it("answers TRACE and other methods no page takes with 405 and Allow", async () => {
    for (const method of ["TRACE", "PROPFIND", "PURGE", "LINK"]) {
      const connection = await RawConnection.open(port);
      await connection.write(`${method} / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      const response = await connection.read();
      connection.close();
      expect([method, response?.status, response?.headers.allow]).toEqual([
        method,
        405,
        "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
      ]);
    }
  });

  it("leaves TRACK, which Node's HTTP parser does not know, to the parser's 400", async () => {
    const connection = await RawConnection.open(port);
    await connection.write(`TRACK / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const response = await connection.read();
    connection.close();
    expect(response?.status).toBe(400);
  });

  it("answers a badly encoded city address with 404 for a signed-in reader", async () => {
    for (const who of ["visitor", "member"] as const) {
      const response = await fetch(`${base}/city/%ZZ`, { headers: { Cookie: cookies[who] } });
      expect([who, response.status]).toEqual([who, 404]);
    }
  });

  it("refuses a NUL in the query with 400 instead of failing (request-checks.server.ts)", async () => {
    const response = await fetch(`${base}/resources/city-videos-search?city=riverton&q=%00budget%00`);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/NUL/);
  });

  it("answers the story playground's unknown meeting with 404", async () => {
    const response = await fetch(`${base}/admin/story-playground`, {
      method: "POST",
      headers: { Cookie: cookies.admin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "generate", meetingId: crypto.randomUUID() }),
      redirect: "manual",
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Video not found");
  });
});

describe(`security headers ${dbTag}`, () => {
  it("sends the policy and a fresh nonce that every inline script carries", async () => {
    const nonces = new Set<string>();
    for (const page of ["/", "/contact", `/city/riverton/meeting/${meetingId}`]) {
      const response = await fetch(`${base}${page}`, { headers: { Cookie: cookies.admin } });
      expect([page, response.status]).toEqual([page, 200]);
      const policy = response.headers.get("Content-Security-Policy") ?? "";
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? "";
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce);
      for (const directive of [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
        "frame-src https://www.youtube-nocookie.com https://www.openstreetmap.org",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ]) {
        expect(policy).toContain(directive);
      }
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      const html = await response.text();
      // Data blocks (JSON-LD) are never run, so the policy does not apply to them.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => !/type="application\/ld\+json"/.test(tag));
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect([page, tag]).toEqual([page, expect.stringContaining(`nonce="${nonce}"`)]);
    }
    expect(nonces.size).toBe(3);
  });
});

describe(`nonces and conditional requests ${dbTag}`, () => {
  it("gives a public page the same ETag whatever its nonce, and a 304 that keeps the stored policy", async () => {
    const first = await fetch(`${base}/city/riverton`);
    const second = await fetch(`${base}/city/riverton`);
    expect(first.headers.get("Content-Security-Policy")).not.toBe(second.headers.get("Content-Security-Policy"));
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(second.headers.get("ETag")).toBe(etag);
    const revalidated = await fetch(`${base}/city/riverton`, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();
  });
});

describe(`behind a proxy that is trusted ${dbTag}`, () => {
  /**
   * A proxy's request: the browser's Host and Origin, and how it reached the
   * proxy (fetch() would drop Host and Origin). The form is the home page's
   * city request with its honeypot filled: a redirect home, and no write.
   */
  async function postBehindProxy(trustProxy: string) {
    const proxied = await listen(appWith(trustProxy));
    const connection = await RawConnection.open((proxied.address() as { port: number }).port);
    try {
      await connection.write(
        "POST /?index HTTP/1.1\r\nHost: gavel.example\r\nOrigin: https://gavel.example\r\nX-Forwarded-Proto: https\r\n" +
          "X-Forwarded-For: 203.0.113.7\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 15\r\n\r\nwebsite_url=bot",
      );
      return await connection.read();
    } finally {
      connection.close();
      proxied.closeAllConnections();
      await new Promise((resolve) => proxied.close(resolve));
    }
  }

  it("accepts a form the browser sent over HTTPS to the proxy", async () => {
    for (const setting of ["loopback,uniquelocal", "1", "true"]) {
      const response = await postBehindProxy(setting);
      expect([setting, response?.status, response?.headers.location]).toEqual([setting, 302, "/"]);
    }
  });

  it("refuses it when the proxy is not trusted: the Origin is not the address the app sees", async () => {
    for (const setting of ["false", "uniquelocal"]) {
      const response = await postBehindProxy(setting);
      expect([setting, response?.status]).toEqual([setting, 403]);
    }
  });
});
