import fs from "node:fs";
import http, { type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import type { ServerBuild } from "react-router";
import { signIn } from "~/lib/auth/session.server";
import { ADMIN_ROLE, createUser, grantRole } from "~/lib/auth/users.server";
import { configureHttp, reactRouterHandlers } from "~/lib/http/stack.server";
import { execSql, TEST_ORIGIN } from "../setup";
import { CookieJar } from "./cookie-jar";

/**
 * server.ts's HTTP stack (configureHttp + the body gate + our React Router
 * adapter) in front of the BUILT app (build/server/index.js; `npm run build`
 * first), listening on 127.0.0.1, for integration tests that go through
 * real sockets.
 */

const BUILD_FILE = path.resolve(import.meta.dirname, "../../build/server/index.js");

export async function loadBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(BUILD_FILE)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  return (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
}

export type BuiltApp = { server: Server; port: number; base: string; close: () => Promise<void> };

export async function startBuiltApp(build: ServerBuild): Promise<BuiltApp> {
  const app = express();
  configureHttp(app, { development: false });
  app.use(reactRouterHandlers({ build, mode: "production" }));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const port = (server.address() as { port: number }).port;
  return {
    server,
    port,
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A confirmed account, signed in: its session cookie as a Cookie header, and its id. */
export async function signedInAs(email: string, { admin = false } = {}): Promise<{ cookie: string; id: string }> {
  const user = await createUser({ email, emailConfirmed: true });
  if (admin) await grantRole(email, ADMIN_ROLE);
  const jar = new CookieJar();
  jar.store((await signIn(new Request(`${TEST_ORIGIN}/auth`), user.id, "/", { title: "Welcome back!" })).headers);
  return { cookie: `gavel_session=${jar.get("gavel_session")}`, id: user.id };
}

export type PlainResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A request with the headers a browser sends and fetch() would drop or
 * rewrite (Host, Origin, Referer, Sec-Fetch-Site), over node:http.
 */
export function rawRequest(
  port: number,
  {
    method = "GET",
    path: target,
    headers = {},
    body,
  }: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path: target, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Every row count of every table of the app and the job queue, to show that nothing was written. */
export async function rowCounts(): Promise<Record<string, number>> {
  const tables = await execSql<{ name: string }>(
    "select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname in ('public', 'pgboss') order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number((await execSql<{ n: number }>(`select count(*)::int as n from ${name}`))[0]!.n);
  return counts;
}

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: { action?: unknown } };

/**
 * Every route of the build (that is, of app/routes.ts) that has an action,
 * as a path with its parameters filled in from `values`.
 */
export function actionPaths(build: ServerBuild, values: Record<string, string>): string[] {
  const routes = build.routes as Record<string, BuildRoute>;
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
        .map((segment) => {
          if (segment === "*") return "no-such-page";
          if (!segment.startsWith(":")) return segment;
          const value = values[segment.slice(1)];
          if (value === undefined) throw new Error(`No value for ${segment} in ${fullPath(route.id)}`);
          return value;
        })
        .join("/");
      return `/${filled}${route.index ? "?index" : ""}`;
    });
}

/** Single fetch's address for the same action: `/contact.data`, `/_.data?index` for the home page. */
export function dataPath(pagePath: string): string {
  const [pathname, query] = pagePath.split("?");
  return `${pathname === "/" ? "/_" : pathname}.data${query ? `?${query}` : ""}`;
}
