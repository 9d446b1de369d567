import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import pg from "pg";
import { signIn } from "~/lib/auth/session.server";
import { ADMIN_ROLE, createUser, grantRole } from "~/lib/auth/users.server";
import { cities, cityVideos } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import {
  confirmContentVersionsListener,
  contentVersionsOf,
  contentVersionsSource,
  readContentVersions,
} from "~/lib/page-cache/content-versions.server";
import { pageCacheLimits } from "~/lib/http/request-handler.server";
import { configureHttp, reactRouterHandlers } from "~/lib/http/stack.server";
import { dbKind, dbTag, execSql, getTestConnection, getTestDb, TEST_ORIGIN } from "../setup";
import { CookieJar } from "../support/cookie-jar";
import { RawConnection } from "../support/raw-http";

/**
 * The rendered-page cache (ADR 0030) in server.ts's HTTP stack in front of
 * the BUILT app (`npm run build` first), over real sockets: what is served
 * from it, what a write through the app invalidates, 304s, signed-in
 * requests, nonces, and clients that hang up; the content versions held in
 * memory, kept current by NOTIFY, and read per request while the listener
 * is down.
 *
 * On PostgreSQL a write's notification reaches the listener's connection a
 * moment after the commit: `written()` waits for it (a heartbeat sent after
 * the write arrives after the write's notification).
 */

const BUILD_FILE = path.resolve(import.meta.dirname, "../../build/server/index.js");

// A small cache (27 entries, 1 MB): the flood below needs only twice its size
// in one-off URLs to pass its bounds, 54 renders instead of the default
// 32 MB's 890 (issue 28: its timeout had been raised twice).
process.env.PAGE_CACHE_MB = "1";

let server: Server;
let base: string;
let port: number;
let riverton: { id: string };
let lakeside: { id: string };
let meetingId: string;
const cookies = { member: "", admin: "" };

async function sessionCookie(email: string, isAdmin: boolean): Promise<string> {
  const user = await createUser({ email, emailConfirmed: true });
  if (isAdmin) await grantRole(email, ADMIN_ROLE);
  const jar = new CookieJar();
  jar.store((await signIn(new Request(`${TEST_ORIGIN}/auth`), user.id, "/", { title: "Welcome back!" })).headers);
  return `gavel_session=${jar.get("gavel_session")}`;
}

beforeAll(async () => {
  if (!fs.existsSync(BUILD_FILE)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const build = (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
  const inserted = await getTestDb()
    .insert(cities)
    .values([
      { name: "Riverton", locationKey: "riverton", status: "Live", tagLine: "On the river" },
      { name: "Lakeside", locationKey: "lakeside", status: "Live" },
    ])
    .returning();
  [riverton, lakeside] = [inserted[0]!, inserted[1]!];
  const [video] = await getTestDb()
    .insert(cityVideos)
    .values({
      cityId: riverton.id,
      videoId: "riverton-001",
      title: "Regular meeting",
      publishedAt: new Date("2026-01-13T18:00:00Z"),
    })
    .returning();
  meetingId = video!.id;
  await getBoss();
  cookies.member = await sessionCookie("member@example.com", false);
  cookies.admin = await sessionCookie("admin@example.com", true);
  const app = express();
  app.set("env", "production"); // Express logs the errors it handles, as in production (not under NODE_ENV=test)
  configureHttp(app, { development: false });
  app.use(reactRouterHandlers({ build, mode: "production" }));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await stopBoss();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** After a write: every notification committed so far has reached the listener, if it is up. */
async function written() {
  await confirmContentVersionsListener();
}

async function listening() {
  await vi.waitFor(() => expect(contentVersionsSource()).toBe("memory"), { timeout: 15_000, interval: 50 });
}

/** A write from outside this process's app code: another connection on PostgreSQL, the raw embedded instance on PGlite. */
async function writeFromElsewhere(sqlText: string, params: unknown[]) {
  if (dbKind === "pglite") return void (await getTestConnection().pglite!.query(sqlText, params));
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText, params);
  } finally {
    await client.end();
  }
}

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${base}${pathname}`, { headers });
const cacheStatus = (response: Response) => response.headers.get("X-Gavel-Cache");

/** A GET until it is served from the cache (the first may be a miss or a hit, depending on the tests before). */
async function cachedGet(pathname: string, headers: Record<string, string> = {}) {
  await (await get(pathname, headers)).arrayBuffer();
  const response = await get(pathname, headers);
  expect(cacheStatus(response)).toBe("hit");
  return response;
}

/** The city form of /admin/city-management, posted as the admin. */
async function updateTagLine(tagLine: string) {
  const response = await fetch(`${base}/admin/city-management`, {
    method: "POST",
    headers: { Cookie: cookies.admin, "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({
      intent: "update-city",
      cityId: riverton.id,
      name: "Riverton",
      state: "CA",
      county: "River County",
      locationKey: "riverton",
      description: "",
      imageUrl: "",
      domain: "",
      tagLine,
      primaryColor: "#112233",
      secondaryColor: "#445566",
      icon: "",
      status: "Live",
    }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
}

describe(`the rendered-page cache ${dbTag}`, () => {
  it("serves an anonymous page from the cache, with a new nonce each time", async () => {
    const first = await get("/city/riverton");
    expect(cacheStatus(first)).toBe("miss");
    const firstHtml = await first.text();
    const second = await get("/city/riverton");
    expect(cacheStatus(second)).toBe("hit");
    const third = await get("/city/riverton");
    expect(cacheStatus(third)).toBe("hit");
    const nonceOf = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    const [secondNonce, thirdNonce] = [nonceOf(second), nonceOf(third)];
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(thirdNonce);
    const [secondHtml, thirdHtml] = [await second.text(), await third.text()];
    expect(secondHtml).toContain(`nonce="${secondNonce}"`);
    expect(thirdHtml).toContain(`nonce="${thirdNonce}"`);
    expect(thirdHtml).not.toContain(secondNonce);
    expect(thirdHtml.replaceAll(thirdNonce!, "N")).toBe(firstHtml.replaceAll(nonceOf(first)!, "N"));
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
  });

  it("caches the single-fetch data of the same loaders", async () => {
    const response = await cachedGet("/city/riverton.data");
    expect(response.headers.get("Content-Type")).toMatch(/text\/x-script/);
    expect(await response.text()).toContain("On the river");
  });

  it("shows an admin's edit on the next anonymous GET, and leaves another city's pages cached", async () => {
    expect(await (await cachedGet("/city/riverton")).text()).toContain("On the river");
    await cachedGet("/city/lakeside");
    await updateTagLine("By the new bridge");
    await written();
    const after = await get("/city/riverton");
    expect(cacheStatus(after)).toBe("miss");
    const html = await after.text();
    expect(html).toContain("By the new bridge");
    expect(html).not.toContain("On the river");
    expect(cacheStatus(await get("/city/lakeside"))).toBe("hit");
  });

  it("answers If-None-Match with 304 from the cache, and with 200 and a new ETag after a write", async () => {
    const page = await cachedGet(`/city/riverton/meeting/${meetingId}`);
    const etag = page.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await get(`/city/riverton/meeting/${meetingId}`, { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(cacheStatus(revalidated)).toBe("hit");
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();

    await getTestDb().update(cityVideos).set({ title: "Special meeting" }).where(eq(cityVideos.id, meetingId));
    await written();
    const changed = await get(`/city/riverton/meeting/${meetingId}`, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect(await changed.text()).toContain("Special meeting");
  });

  it("never serves a signed-in GET from the cache nor stores it", async () => {
    await cachedGet("/city/riverton");
    const member = await get("/city/riverton", { Cookie: cookies.member });
    expect(cacheStatus(member)).toBe("bypass");
    expect(member.headers.get("Cache-Control")).toBe("private, no-store");
    expect(member.headers.get("ETag")).toBeNull();
    expect(await member.text()).toContain("member@example.com");
    const visitor = await (await get("/city/riverton")).text();
    expect(visitor).not.toContain("member@example.com");
  });

  it("invalidates the pages that list every city when any city changes, and other cities' pages when its name does", async () => {
    await cachedGet("/");
    await cachedGet("/search?q=meeting");
    await cachedGet("/city/riverton");
    await getTestDb().update(cities).set({ name: "Lakeside Shores" }).where(eq(cities.id, lakeside.id));
    await written();
    for (const pathname of ["/", "/search?q=meeting"]) {
      const page = await get(pathname);
      expect([pathname, cacheStatus(page)]).toEqual([pathname, "miss"]);
      expect(await page.text()).toContain("Lakeside Shores");
    }
    expect(cacheStatus(await get("/city/riverton"))).toBe("miss");
  });

  it("keys anonymous pages on lite mode alone: other cookies neither split the cache nor bypass it", async () => {
    const full = await cachedGet("/city/riverton");
    const stray = await get("/city/riverton", { Cookie: "_ga=GA1.2.3; lite=off; theme=dark" });
    expect(cacheStatus(stray)).toBe("hit");
    expect(stray.headers.get("ETag")).toBe(full.headers.get("ETag"));
    expect(cacheStatus(await get("/city/riverton", { "Save-Data": "on", Cookie: "lite=off" }))).toBe("hit");

    const lite = await cachedGet("/city/riverton", { "Save-Data": "on" });
    expect(lite.headers.get("ETag")).not.toBe(full.headers.get("ETag"));
    expect(await lite.text()).not.toContain('<script type="module"');
    expect(cacheStatus(await get("/city/riverton", { Cookie: "lite=on; _ga=GA1.2.4" }))).toBe("hit");
  });

  it("never serves a request carrying a cookie the pages read for one person (an awaited job)", async () => {
    await cachedGet("/city/riverton");
    expect(cacheStatus(await get("/city/riverton", { Cookie: "gavel_awaited_job=x" }))).toBe("bypass");
  });

  it("renders a forged session cookie's request as a visitor's page, without storing it", async () => {
    await cachedGet("/city/riverton");
    const forged = await get("/city/riverton", { Cookie: "gavel_session=forged.value" });
    expect(cacheStatus(forged)).toBe("bypass");
    expect(forged.status).toBe(200);
    expect(await forged.text()).toContain('href="/auth"');
    expect(cacheStatus(await get("/city/riverton"))).toBe("hit");
  });

  it("keeps serving a read page from the cache through a bot's flood of one-off URLs", async () => {
    await cachedGet("/city/riverton");
    const { maxEntries } = pageCacheLimits()!;
    expect(maxEntries).toBe(27); // PAGE_CACHE_MB above
    // Twice as many one-off URLs as the cache holds: past both of its bounds
    // (an admission on first sight would have evicted the read page), in two waves.
    for (let start = 0; start < 2 * maxEntries; start += maxEntries) {
      await Promise.all(
        Array.from({ length: maxEntries }, async (_, offset) => {
          const response = await get(`/about?junk=${start + offset}`);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
        }),
      );
    }
    expect(cacheStatus(await get("/city/riverton"))).toBe("hit");
  });

  it("holds the versions in memory once listening, the same as the database's", async () => {
    await listening();
    for (const pathname of ["/city/riverton", "/city/riverton/meeting/x", "/city/nowhere", "/", "/search"]) {
      const cityKey = /^\/city\/([a-z0-9-]+)/.exec(pathname)?.[1];
      expect([pathname, await contentVersionsOf(pathname)]).toEqual([pathname, await readContentVersions(cityKey)]);
    }
  });

  it("shows a write committed elsewhere (another connection) on the next GET, from memory", async () => {
    await listening();
    const page = await cachedGet(`/city/riverton/meeting/${meetingId}`);
    await writeFromElsewhere("update city_videos set title = $1 where id = $2", ["Written elsewhere", meetingId]);
    expect(await confirmContentVersionsListener()).toBe(true);
    const after = await get(`/city/riverton/meeting/${meetingId}`, { "If-None-Match": page.headers.get("ETag")! });
    expect([after.status, cacheStatus(after)]).toEqual([200, "miss"]);
    expect(await after.text()).toContain("Written elsewhere");
    expect(contentVersionsSource()).toBe("memory");
  });

  it("reads the versions per request while the listener is down, then listens again", async () => {
    await listening();
    await cachedGet("/city/riverton");
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      if (dbKind === "postgres") {
        // Its connection killed, as by a restart of the server or a network failure.
        await execSql(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN "content_versions"'`,
        );
        await vi.waitFor(() => expect(contentVersionsSource()).toBe("database"), { timeout: 15_000, interval: 20 });
      } else {
        // Unsubscribed behind its back on the one session: only the heartbeat can tell.
        await execSql("UNLISTEN content_versions");
        expect(await confirmContentVersionsListener()).toBe(false);
        expect(contentVersionsSource()).toBe("database");
      }
      await writeFromElsewhere("update cities set tag_line = $1 where id = $2", ["While nobody listened", riverton.id]);
      const during = await get("/city/riverton");
      expect(cacheStatus(during)).toBe("miss");
      expect(await during.text()).toContain("While nobody listened");
      expect(cacheStatus(await get("/city/riverton"))).toBe("hit");
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining("reading them per request"));
    } finally {
      warnings.mockRestore();
    }

    await listening();
    await writeFromElsewhere("update cities set tag_line = $1 where id = $2", ["Listening again", riverton.id]);
    expect(await confirmContentVersionsListener()).toBe(true);
    const after = await get("/city/riverton");
    expect(cacheStatus(after)).toBe("miss");
    expect(await after.text()).toContain("Listening again");
  });

  it("does not log an error when the client hangs up mid-request", async () => {
    const errors = vi.spyOn(console, "error");
    try {
      for (let attempt = 0; attempt < 10; attempt++) {
        const connection = await RawConnection.open(port);
        await connection.write(
          `GET /search?q=meeting${attempt} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookies.member}\r\n\r\n`,
        );
        await new Promise((resolve) => setTimeout(resolve, attempt * 2));
        connection.close();
      }
      // The server is still answering, and has finished what it was doing.
      expect((await get("/about")).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
