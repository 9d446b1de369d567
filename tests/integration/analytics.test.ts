import fs from "node:fs";
import http, { type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { like } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { flushAnalytics, pruneAnalyticsVisitors, resetAnalytics, stopAnalytics } from "~/lib/analytics/recorder.server";
import { settleForwardedEvents } from "~/lib/analytics/forward.server";
import { signIn } from "~/lib/auth/session.server";
import { signUpWithPassword } from "~/lib/auth/sign-in.server";
import { ADMIN_ROLE, createUser, grantRole } from "~/lib/auth/users.server";
import { OTHER_SEARCHES } from "~/lib/analytics/events";
import { analyticsReport } from "~/lib/analytics/report.server";
import {
  analyticsDailyCounts,
  analyticsDailyVisitors,
  analyticsSearchAskers,
  appMeta,
  cities,
  cityVideos,
} from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { configureHttp, reactRouterHandlers } from "~/lib/http/stack.server";
import { dbTag, getTestDb, TEST_ORIGIN } from "../setup";
import { CookieJar } from "../support/cookie-jar";

/**
 * Analytics without tracking (ADR 0036) in server.ts's HTTP stack in front
 * of the BUILT app (`npm run build` first): what a visit stores, that the
 * stored rows hold nothing about the reader, cached pages, Do Not Track and
 * Global Privacy Control, searches that found nothing, the share beacon,
 * forwarding to a fake Plausible and Umami, and the admin page's guard.
 */

const BUILD_FILE = path.resolve(import.meta.dirname, "../../build/server/index.js");
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const OTHER_BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/133.0";

let server: Server;
let base: string;
let meetingId: string;
const cookies = { member: "", admin: "", memberId: "" };

async function sessionCookie(email: string, isAdmin: boolean): Promise<{ cookie: string; id: string }> {
  const user = await createUser({ email, emailConfirmed: true });
  if (isAdmin) await grantRole(email, ADMIN_ROLE);
  const jar = new CookieJar();
  jar.store((await signIn(new Request(`${TEST_ORIGIN}/auth`), user.id, "/", { title: "Welcome back!" })).headers);
  return { cookie: `gavel_session=${jar.get("gavel_session")}`, id: user.id };
}

beforeAll(async () => {
  if (!fs.existsSync(BUILD_FILE)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const build = (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
  const [riverton] = await getTestDb()
    .insert(cities)
    .values({ name: "Riverton", locationKey: "riverton", status: "Live" })
    .returning();
  const [video] = await getTestDb()
    .insert(cityVideos)
    .values({
      cityId: riverton!.id,
      videoId: "riverton-001",
      title: "Budget hearing",
      publishedAt: new Date("2026-01-13T18:00:00Z"),
    })
    .returning();
  meetingId = video!.id;
  await getBoss();
  const member = await sessionCookie("member@example.com", false);
  cookies.member = member.cookie;
  cookies.memberId = member.id;
  cookies.admin = (await sessionCookie("admin@example.com", true)).cookie;
  const app = express();
  app.set("env", "production");
  configureHttp(app, { development: false });
  app.use(reactRouterHandlers({ build, mode: "production" }));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await stopBoss();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

afterEach(() => {
  process.env.ANALYTICS = "local";
  delete process.env.ANALYTICS_FORWARD_URL;
  delete process.env.ANALYTICS_FORWARD_KIND;
  delete process.env.ANALYTICS_FORWARD_SITE;
});

/** A page as a browser asks for it. */
async function visit(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${pathname}`, {
    headers: { "User-Agent": BROWSER, Accept: "text/html,application/xhtml+xml", ...headers },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response;
}

async function counts() {
  await flushAnalytics();
  return getTestDb().select().from(analyticsDailyCounts);
}

/** Another reader: another browser version, so another visitor hash (the address is the same: 127.0.0.1). */
function asVisitor(n: number): Record<string, string> {
  return { "User-Agent": BROWSER.replace("Chrome/131.0.0.0", `Chrome/131.0.0.${n}`) };
}

/** The total of `event` (optionally for one route and subject) over every day. */
async function total(event: string, match: { route?: string; subject?: string } = {}) {
  return (await counts())
    .filter(
      (row) =>
        row.event === event &&
        (match.route === undefined || row.route === match.route) &&
        (match.subject === undefined || row.subject === match.subject),
    )
    .reduce((sum, row) => sum + row.count, 0);
}

async function snapshot() {
  await flushAnalytics();
  return JSON.stringify([
    await getTestDb().select().from(analyticsDailyCounts),
    await getTestDb().select().from(analyticsDailyVisitors),
  ]);
}

const MEETING_ROUTE = "/city/:locationKey/meeting/:meetingId";

describe(`analytics without tracking ${dbTag}`, () => {
  it("counts page views by route pattern, the city picked, the meeting and story opened, and one visitor", async () => {
    const cityPage = await visit("/city/riverton", { Referer: `${base}/` });
    expect(cityPage.status).toBe(200);
    await visit(`/city/riverton/meeting/${meetingId}`);
    await visit(`/meeting-story/${meetingId}`);
    await visit("/about");
    expect(await total("page_view", { route: "/city/:locationKey", subject: "riverton" })).toBe(1);
    expect(await total("city_picked", { route: "/city/:locationKey", subject: "riverton" })).toBe(1);
    expect(await total("page_view", { route: MEETING_ROUTE, subject: "riverton" })).toBe(1);
    expect(await total("meeting_opened", { route: MEETING_ROUTE, subject: meetingId })).toBe(1);
    expect(await total("story_opened", { route: "/meeting-story/:meetingId", subject: meetingId })).toBe(1);
    expect(await total("page_view", { route: "/about", subject: "" })).toBe(1);
    // Four pages from one browser: one visitor, one hash for today.
    expect(await total("visitor")).toBe(1);
    expect(await getTestDb().select().from(analyticsDailyVisitors)).toHaveLength(1);
    // Another browser on the same address is another visitor.
    await visit("/about", { "User-Agent": OTHER_BROWSER });
    expect(await total("visitor")).toBe(2);
  });

  it("counts a city page without a landing-page referrer as a view, not a pick", async () => {
    const before = await total("city_picked");
    await visit("/city/riverton", { Referer: `${base}/about` });
    await visit("/city/riverton");
    expect(await total("city_picked")).toBe(before);
  });

  it("counts a page served from the page cache, and a 304", async () => {
    const before = await total("page_view", { route: "/city/:locationKey" });
    await visit("/city/riverton");
    const cached = await visit("/city/riverton");
    expect(cached.headers.get("X-Gavel-Cache")).toBe("hit");
    const notModified = await visit("/city/riverton", { "If-None-Match": cached.headers.get("ETag")! });
    expect(notModified.status).toBe(304);
    expect(await total("page_view", { route: "/city/:locationKey" })).toBe(before + 3);
  });

  it("counts client-side navigations (.data) but not prefetches, admin pages or resource routes", async () => {
    const before = await total("meeting_opened", { subject: meetingId });
    const data = await visit(`/city/riverton/meeting/${meetingId}.data`, { Accept: "*/*" });
    expect(data.status).toBe(200);
    expect(await total("meeting_opened", { subject: meetingId })).toBe(before + 1);
    await visit(`/city/riverton/meeting/${meetingId}.data`, { Accept: "*/*", "Sec-Purpose": "prefetch" });
    await visit(`/meeting/${meetingId}`, { Purpose: "prefetch" });
    expect(await total("meeting_opened", { subject: meetingId })).toBe(before + 1);
    const views = await total("page_view");
    await visit("/admin", { Cookie: cookies.admin });
    await visit("/resources/city-videos?cityKey=riverton");
    await visit("/no-such-page");
    await visit(`/meeting/00000000-0000-4000-8000-000000000000`);
    expect(await total("page_view")).toBe(views);
  });

  it("counts a search by its normalized words, and a search that found nothing, without leaking the signal", async () => {
    const page = await visit("/search?q=%20%20Zoning%20%20VARIANCE%09Appeal%20", asVisitor(1));
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Gavel-Analytics")).toBeNull();
    // From the page cache: the stored signal is replayed to the counter, and still not sent.
    const cached = await visit("/search?q=zoning+variance+appeal", asVisitor(2));
    await visit("/search?q=zoning+variance+appeal", asVisitor(3));
    expect(cached.headers.get("X-Gavel-Analytics")).toBeNull();
    expect(await total("search", { route: "/search", subject: "zoning variance appeal" })).toBe(3);
    expect(await total("search_no_results", { subject: "zoning variance appeal" })).toBe(3);
    // The city search counts on its own route; an empty query is no search.
    for (const n of [1, 2, 3]) await visit("/city/riverton/search?q=Parking", asVisitor(n));
    await visit("/search");
    expect(await total("search", { route: "/city/:locationKey/search", subject: "parking" })).toBe(3);
    expect(await total("search", { subject: "" })).toBe(0);
  });

  it("keeps a search's words only once three visitors asked them that day: until then they count as other searches", async () => {
    const words = "library hours change";
    const search = `/search?q=${encodeURIComponent(words)}`;
    const before = await total("search");
    await visit(search, asVisitor(11));
    await visit(search, asVisitor(11));
    await visit(search, asVisitor(12));
    expect(await total("search", { subject: words })).toBe(0);
    expect(await total("search", { subject: OTHER_SEARCHES })).toBe(3);
    expect(await snapshot()).not.toContain("library");
    // The third visitor: the words are kept, with the searches counted before.
    await visit(search, asVisitor(13));
    expect(await total("search", { subject: words })).toBe(4);
    expect(await total("search", { subject: OTHER_SEARCHES })).toBe(0);
    await visit(search, asVisitor(14));
    expect(await total("search", { subject: words })).toBe(5);
    expect(await total("search")).toBe(before + 5);
    // The hashes kept meanwhile are of today only, and say nothing of the words.
    const askers = await getTestDb().select().from(analyticsSearchAskers);
    expect(JSON.stringify(askers)).not.toContain("library");
  });

  it("never keeps an e-mail address, a phone number or a street address, whoever asked", async () => {
    const personal = "/search?q=jane.doe@example.test%20555-0199%20123%20Elm%20Street";
    const mixed = "/search?q=Budget%20JANE@EXAMPLE.TEST%20(555)%20123-4567";
    for (const n of [21, 22, 23, 24]) {
      await visit(personal, asVisitor(n));
      await visit(mixed, asVisitor(n));
    }
    await flushAnalytics();
    // Every text the tables keep (the rest are counts, days and salted hashes, whose hex digits may spell "555").
    const stored = JSON.stringify(
      await getTestDb()
        .select({
          event: analyticsDailyCounts.event,
          route: analyticsDailyCounts.route,
          subject: analyticsDailyCounts.subject,
        })
        .from(analyticsDailyCounts),
    );
    for (const detail of ["jane", "example.test", "555", "0199", "4567", "elm"]) expect(stored).not.toContain(detail);
    expect(await total("search", { subject: OTHER_SEARCHES })).toBeGreaterThanOrEqual(4);
    expect(await total("search", { subject: "budget" })).toBe(4);
  });

  it("lists the kept words in the admin's top searches, and other searches under their own label", async () => {
    await visit("/search?q=one-off%20question", asVisitor(31));
    const report = await analyticsReport(30);
    const subjects = report.topSearches.map((row) => row.subject);
    expect(subjects).toContain("zoning variance appeal");
    expect(subjects).toContain(OTHER_SEARCHES);
    expect(subjects).not.toContain("one-off question");
    expect(report.topSearches.every((row) => row.count > 0)).toBe(true);
  });

  it("records nothing for Do Not Track, Global Privacy Control, bots or ANALYTICS=off", async () => {
    await visit("/about");
    const before = await snapshot();
    await visit("/about", { DNT: "1" });
    await visit(`/city/riverton/meeting/${meetingId}`, { "Sec-GPC": "1" });
    await visit("/search?q=tracking", { DNT: "1" });
    await visit("/about", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await visit("/about", { "User-Agent": "" });
    process.env.ANALYTICS = "off";
    await visit("/about", { "User-Agent": "Mozilla/5.0 (Windows NT 10.0) Edg/131.0" });
    expect(await snapshot()).toBe(before);
  });

  it("counts a share from the beacon, answers 204 without a cookie, and ignores anything else", async () => {
    const beacon = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${base}/resources/analytics`, {
        method: "POST",
        headers: { "User-Agent": BROWSER, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(fields),
      });
    const shared = await beacon({ event: "share", page: `/city/riverton/meeting/${meetingId}` });
    expect(shared.status).toBe(204);
    expect(shared.headers.get("Set-Cookie")).toBeNull();
    expect(await total("share", { route: MEETING_ROUTE, subject: meetingId })).toBe(1);
    const before = await snapshot();
    for (const response of [
      await beacon({ event: "page_view", page: `/meeting/${meetingId}` }),
      await beacon({ event: "share", page: "/about" }),
      await beacon({ event: "share", page: "/meeting/00000000-0000-4000-8000-000000000000" }),
      await beacon({ event: "share", page: `/meeting/${meetingId}` }, { DNT: "1" }),
    ])
      expect(response.status).toBe(204);
    // Another site's page: refused by the stack's origin check, like every post from elsewhere.
    for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://evil.example" }] as Record<
      string,
      string
    >[])
      expect((await beacon({ event: "share", page: `/meeting/${meetingId}` }, headers)).status).toBe(403);
    expect(await snapshot()).toBe(before);
    expect((await fetch(`${base}/resources/analytics`)).status).toBe(405);
  });

  it("counts a sign-up", async () => {
    const before = await total("sign_up");
    const request = new Request(`${TEST_ORIGIN}/auth`, { headers: { "User-Agent": BROWSER } });
    expect(
      await signUpWithPassword(request, { email: "newcomer@example.com", password: "a long enough passphrase 1" }),
    ).toEqual({ ok: true });
    expect(await total("sign_up", { route: "/auth" })).toBe(before + 1);
  });

  it("stores no IP address, user agent, cookie, e-mail or user id", async () => {
    await visit(`/city/riverton/meeting/${meetingId}`, { Cookie: `${cookies.member}; other=cookie-value-123` });
    for (const n of [41, 42, 43]) await visit("/search?q=member%20search", { Cookie: cookies.member, ...asVisitor(n) });
    const stored = `${await snapshot()}${JSON.stringify(await getTestDb().select().from(analyticsSearchAskers))}`;
    expect(stored).toContain("member search");
    const sessionValue = cookies.member.split("=")[1]!;
    for (const secret of [
      "127.0.0.1",
      "::ffff",
      "Mozilla",
      "Chrome",
      "Firefox",
      "cookie-value-123",
      sessionValue,
      "gavel_session",
      "@example.com",
      cookies.memberId,
    ])
      expect(stored).not.toContain(secret);
    // Only these columns exist: nowhere else to put anything.
    const [row] = await getTestDb().select().from(analyticsDailyCounts);
    expect(Object.keys(row!).sort()).toEqual(["count", "day", "event", "route", "subject"]);
    const [visitor] = await getTestDb().select().from(analyticsDailyVisitors);
    expect(Object.keys(visitor!).sort()).toEqual(["day", "visitorHash"]);
    expect(visitor!.visitorHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("prunes the visitor hashes of past days, and keeps today's", async () => {
    await getTestDb().insert(analyticsDailyVisitors).values({ day: "2020-01-01", visitorHash: "old" });
    const today = (await getTestDb().select().from(analyticsDailyVisitors)).length - 1;
    expect(await pruneAnalyticsVisitors()).toBe(1);
    expect(await getTestDb().select().from(analyticsDailyVisitors)).toHaveLength(today);
  });

  it("counts a reader once across app servers and restarts: the day's salt is shared through the database", async () => {
    const reader = asVisitor(90);
    const before = await total("visitor");
    await visit("/about", reader);
    expect(await total("visitor")).toBe(before + 1);
    // What a second server (or this one restarted) holds in memory: nothing of the first.
    await stopAnalytics();
    resetAnalytics();
    await visit("/about", reader);
    await visit("/city/riverton", reader);
    expect(await total("visitor")).toBe(before + 1);
    await visit("/about", asVisitor(91));
    expect(await total("visitor")).toBe(before + 2);
    // One salt for today; a past day's is deleted with that day's hashes.
    const salts = () => getTestDb().select().from(appMeta).where(like(appMeta.key, "analytics_salt:%"));
    expect((await salts()).map((row) => row.key)).toEqual([`analytics_salt:${new Date().toISOString().slice(0, 10)}`]);
    await getTestDb().insert(appMeta).values({ key: "analytics_salt:2020-01-01", value: "b2xk" });
    await pruneAnalyticsVisitors();
    expect(await salts()).toHaveLength(1);
  });

  for (const kind of ["plausible", "umami"] as const) {
    it(`forwards the same events to ${kind}, with the reader's agent and address, and stores nothing`, async () => {
      const received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
      const fake = http.createServer((req, res) => {
        let body = "";
        req.on("data", (chunk) => (body += chunk));
        req.on("end", () => {
          received.push({ headers: req.headers, body: JSON.parse(body) as Record<string, unknown> });
          res.writeHead(202).end("ok");
        });
      });
      await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
      try {
        process.env.ANALYTICS = "forward";
        process.env.ANALYTICS_FORWARD_KIND = kind;
        process.env.ANALYTICS_FORWARD_URL = `http://127.0.0.1:${(fake.address() as { port: number }).port}/api/event`;
        process.env.ANALYTICS_FORWARD_SITE = kind === "umami" ? "5f1c1b0e-website" : "gavel.example.org";
        const before = await snapshot();
        await visit(`/city/riverton/meeting/${meetingId}?t=30`);
        await visit("/about", { DNT: "1" });
        await settleForwardedEvents();
        expect(await snapshot()).toBe(before);
        expect(received).toHaveLength(2);
        for (const { headers } of received) {
          expect(headers["user-agent"]).toBe(BROWSER);
          expect(headers["x-forwarded-for"]).toMatch(/127\.0\.0\.1/);
          expect(headers["content-type"]).toBe("application/json");
        }
        const pageUrl = `${base}/city/riverton/meeting/${meetingId}?t=30`;
        const bodies = received.map((r) => r.body);
        if (kind === "plausible") {
          expect(bodies).toContainEqual({
            name: "pageview",
            url: pageUrl,
            domain: "gavel.example.org",
            props: { route: MEETING_ROUTE, subject: "riverton" },
          });
          expect(bodies).toContainEqual({
            name: "meeting_opened",
            url: pageUrl,
            domain: "gavel.example.org",
            props: { route: MEETING_ROUTE, subject: meetingId },
          });
        } else {
          const payload = {
            website: "5f1c1b0e-website",
            hostname: "127.0.0.1",
            url: `/city/riverton/meeting/${meetingId}?t=30`,
          };
          expect(bodies).toContainEqual({
            type: "event",
            payload: { ...payload, data: { route: MEETING_ROUTE, subject: "riverton" } },
          });
          expect(bodies).toContainEqual({
            type: "event",
            payload: { ...payload, name: "meeting_opened", data: { route: MEETING_ROUTE, subject: meetingId } },
          });
        }
      } finally {
        await new Promise((resolve) => fake.close(resolve));
      }
    });
  }

  it("keeps /admin/analytics from visitors (401) and members (403), and shows the admin the counts", async () => {
    expect((await visit("/admin/analytics")).status).toBe(401);
    expect((await visit("/admin/analytics", { Cookie: cookies.member })).status).toBe(403);
    const response = await fetch(`${base}/admin/analytics?days=7`, { headers: { Cookie: cookies.admin } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Visits per day");
    expect(html).toContain("Budget hearing");
    expect(html).toContain("zoning variance appeal");
    expect(html).toContain("Riverton");
    expect(html).toContain('aria-current="page"');
  });
});
