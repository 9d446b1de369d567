import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import {
  isBotUserAgent,
  isPrefetch,
  normalizeSearchWords,
  optsOut,
  OTHER_SEARCHES,
  searchSubject,
} from "~/lib/analytics/events";
import { plausibleRequest, umamiRequest, type ForwardedEvent } from "~/lib/analytics/forward.server";
import { matchPage, pageEventsOf } from "~/lib/analytics/page-events.server";
import { parsePeriod } from "~/lib/analytics/periods";
import { periodDays } from "~/lib/analytics/report.server";
import { noResultsSignal } from "~/lib/analytics/signal";

describe("normalizeSearchWords", () => {
  it("lowercases, folds spaces and controls, and trims", () => {
    expect(normalizeSearchWords("  Zoning\t\tVARIANCE\n appeal ")).toBe("zoning variance appeal");
    expect(normalizeSearchWords(null)).toBe("");
    expect(normalizeSearchWords("   ")).toBe("");
  });

  it("keeps at most 200 characters, never half a character", () => {
    expect(normalizeSearchWords("a".repeat(300))).toHaveLength(200);
    const emoji = normalizeSearchWords("😀".repeat(250));
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji).toBe("😀".repeat(200));
  });
});

describe("searchSubject", () => {
  it.each([
    ["jane.doe@example.test 555-0199 123 Elm Street", OTHER_SEARCHES],
    ["Budget JANE@EXAMPLE.COM", "budget"],
    ["@mayor", OTHER_SEARCHES],
    ["Call (555) 123-4567 now", "call now"],
    ["+1 555 123 4567", OTHER_SEARCHES],
    ["water rates 555.123.4567", "water rates"],
    ["5551234567 x", "x"],
    ["zoning 9 N Main St. permit", "zoning permit"],
    ["1600 Pennsylvania Avenue", OTHER_SEARCHES],
  ])("drops what looks like a personal detail: %j", (query, subject) => expect(searchSubject(query)).toBe(subject));

  it.each([
    "budget 2024",
    "2023 2024 budget",
    "resolution 2024-0123",
    "ordinance 12-345",
    "$1,000,000 bond",
    "5th street paving",
    "route 66",
    "ward 12 st patrick",
    "district 7 council",
  ])("keeps ordinary civic words: %j", (query) => expect(searchSubject(query)).toBe(normalizeSearchWords(query)));

  it("is empty for no words at all", () => {
    expect(searchSubject("   ")).toBe("");
    expect(searchSubject(null)).toBe("");
  });
});

describe("isBotUserAgent", () => {
  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0)",
    "facebookexternalhit/1.1",
    "curl/8.5.0",
    "python-requests/2.32",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
    "node",
    "",
    "   ",
  ])("treats %j as a bot", (agent) => expect(isBotUserAgent(agent)).toBe(true));

  it.each([
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/133.0",
  ])("treats %j as a person", (agent) => expect(isBotUserAgent(agent)).toBe(false));
});

describe("privacy signals", () => {
  it("honors DNT: 1 and Sec-GPC: 1 only", () => {
    expect(optsOut(new Headers({ DNT: "1" }))).toBe(true);
    expect(optsOut(new Headers({ "Sec-GPC": "1" }))).toBe(true);
    expect(optsOut(new Headers({ DNT: "0" }))).toBe(false);
    expect(optsOut(new Headers())).toBe(false);
  });

  it("knows a prefetch", () => {
    expect(isPrefetch(new Headers({ "Sec-Purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetch(new Headers({ Purpose: "prefetch" }))).toBe(true);
    expect(isPrefetch(new Headers())).toBe(false);
  });
});

describe("forwarded payloads", () => {
  const event: ForwardedEvent = {
    event: "meeting_opened",
    url: "https://gavel.example.org/city/riverton/meeting/m1?t=30",
    route: "/city/:locationKey/meeting/:meetingId",
    subject: "m1",
    userAgent: "Mozilla/5.0 Test",
    clientIp: "203.0.113.9",
    referrer: null,
  };

  it("speaks Plausible's Events API", () => {
    const request = plausibleRequest("https://plausible.example.org/api/event", "gavel.example.org", event);
    expect(request.url).toBe("https://plausible.example.org/api/event");
    expect(request.headers).toEqual({
      "Content-Type": "application/json",
      "User-Agent": "Mozilla/5.0 Test",
      "X-Forwarded-For": "203.0.113.9",
    });
    expect(JSON.parse(request.body)).toEqual({
      name: "meeting_opened",
      url: event.url,
      domain: "gavel.example.org",
      props: { route: event.route, subject: "m1" },
    });
    const pageView = plausibleRequest("https://p.example/api/event", "site", {
      ...event,
      event: "page_view",
      subject: "",
      referrer: "https://news.example/",
    });
    expect(JSON.parse(pageView.body)).toEqual({
      name: "pageview",
      url: event.url,
      domain: "site",
      referrer: "https://news.example/",
      props: { route: event.route },
    });
  });

  it("speaks Umami's /api/send, a page view without a name", () => {
    const request = umamiRequest("https://umami.example.org/api/send", "website-id", event);
    expect(JSON.parse(request.body)).toEqual({
      type: "event",
      payload: {
        website: "website-id",
        hostname: "gavel.example.org",
        url: "/city/riverton/meeting/m1?t=30",
        name: "meeting_opened",
        data: { route: event.route, subject: "m1" },
      },
    });
    const pageView = JSON.parse(umamiRequest("https://u.example/api/send", "w", { ...event, event: "page_view" }).body);
    expect(pageView.payload.name).toBeUndefined();
    expect(request.headers["User-Agent"]).toBe("Mozilla/5.0 Test");
  });
});

const ROUTES = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/city/city": { id: "routes/city/city", parentId: "root", path: "city/:locationKey" },
  "routes/city/index": { id: "routes/city/index", parentId: "routes/city/city", index: true },
  "city-meeting": { id: "city-meeting", parentId: "routes/city/city", path: "meeting/:meetingId" },
  "routes/search": { id: "routes/search", parentId: "root", path: "search" },
  "routes/admin/layout": { id: "routes/admin/layout", parentId: "root" },
  "routes/admin/index": { id: "routes/admin/index", parentId: "routes/admin/layout", path: "admin", index: true },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
} as unknown as ServerBuild["routes"];

const html = (status = 200) => new Response("<html></html>", { status, headers: { "Content-Type": "text/html" } });
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`https://gavel.example.org${path}`, { headers });

describe("page events", () => {
  it("matches a route pattern, never the address", () => {
    expect(matchPage(ROUTES, "/city/riverton/meeting/abc")).toMatchObject({
      id: "city-meeting",
      pattern: "/city/:locationKey/meeting/:meetingId",
      params: { locationKey: "riverton", meetingId: "abc" },
    });
    expect(matchPage(ROUTES, "/city/riverton.data")?.id).toBe("routes/city/index");
    expect(matchPage(ROUTES, "/_root.data")?.id).toBe("routes/home");
  });

  it("names the events of a page read", () => {
    expect(pageEventsOf(ROUTES, get("/city/riverton/meeting/abc"), html()).events).toEqual([
      { event: "page_view", route: "/city/:locationKey/meeting/:meetingId", subject: "riverton" },
      { event: "meeting_opened", route: "/city/:locationKey/meeting/:meetingId", subject: "abc" },
    ]);
    expect(
      pageEventsOf(ROUTES, get("/city/riverton", { Referer: "https://gavel.example.org/?city=riverton" }), html())
        .events,
    ).toContainEqual({ event: "city_picked", route: "/city/:locationKey", subject: "riverton" });
    expect(
      pageEventsOf(ROUTES, get("/city/riverton", { Referer: "https://elsewhere.example/" }), html()).events,
    ).toHaveLength(1);
  });

  it("gives the page's own address for a .data request", () => {
    const { pageUrl } = pageEventsOf(ROUTES, get("/search.data?q=x&_routes=routes%2Fsearch"), new Response("x"));
    expect(pageUrl).toBe("https://gavel.example.org/search?q=x");
  });

  it("counts nothing for errors, redirects, admin pages, non-GETs and prefetches", () => {
    expect(pageEventsOf(ROUTES, get("/city/x/meeting/abc"), html(404)).events).toEqual([]);
    expect(pageEventsOf(ROUTES, get("/nowhere"), html()).events).toEqual([]);
    expect(pageEventsOf(ROUTES, get("/admin"), html()).events).toEqual([]);
    expect(pageEventsOf(ROUTES, get("/search", { "Sec-Purpose": "prefetch" }), html()).events).toEqual([]);
    expect(
      pageEventsOf(ROUTES, new Request("https://gavel.example.org/search", { method: "POST" }), html()).events,
    ).toEqual([]);
    expect(
      pageEventsOf(ROUTES, get("/search"), new Response("{}", { headers: { "Content-Type": "application/json" } }))
        .events,
    ).toEqual([]);
  });
});

describe("the admin page's period and the no-results signal", () => {
  it("offers 7, 30 and 90 days, 30 by default", () => {
    expect(parsePeriod("7")).toBe(7);
    expect(parsePeriod("90")).toBe(90);
    expect(parsePeriod("365")).toBe(30);
    expect(parsePeriod(null)).toBe(30);
  });

  it("lists the days of a period, oldest first, ending today (UTC)", () => {
    const days = periodDays(7, new Date("2026-03-02T23:30:00Z"));
    expect(days).toEqual([
      "2026-02-24",
      "2026-02-25",
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });

  it("signals only a search that ran and found nothing", () => {
    expect(noResultsSignal({ status: "ok", results: [] })).toEqual({ "X-Gavel-Analytics": "no-results" });
    expect(noResultsSignal({ status: "ok", results: [1] })).toEqual({});
    expect(noResultsSignal({ status: "idle" })).toEqual({});
    expect(noResultsSignal({ status: "error" })).toEqual({});
  });
});
