import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, grantRole } from "~/lib/auth/users.server";
import { signIn } from "~/lib/auth/session.server";
import { citiesUrls, cities, cityUrls, cityVideoSources, cityVideos } from "~/lib/db/schema";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, publicPageHeaders } from "~/lib/http/cache.server";
import { INSUFFICIENT_TRANSCRIPT_BADGE, cardDescription, transcriptRules } from "~/lib/meetings/rules";
import type { VideoCardData } from "~/lib/meetings/meetings.server";
import { action as cityAction, loader as cityLoader } from "~/routes/city/index";
import { loader as layoutLoader } from "~/routes/city/city";
import { loader as loadMoreLoader } from "~/routes/resources/city-videos";
import { RouterContextProvider } from "react-router";
import { startFakeYoutubeServer, type FakeYoutubeServer } from "../support/fake-youtube-server";
import {
  callAction,
  callLoader,
  cookiesFrom,
  dbKind,
  dbTag,
  formRequest,
  getRequest,
  getTestConnection,
  getTestDb,
} from "../setup";

/**
 * The city page on fixtures of its own: paging in SQL, the source filter,
 * the transcript rules at their thresholds, admin-only Fetch Transcript,
 * caching, and the 404 for an unknown city.
 */

const KEY = "testford";
let cityId: string;
let councilId: string;
let planningId: string;
let admin: string;
let member: string;
/** Newest first, as the page lists them. */
const councilVideoIds: string[] = [];
const allVideoIds: string[] = [];

const LENGTHS = [null, 99, 100, 101, 999, 1000, 1001];

function day(n: number): Date {
  return new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
}

async function sessionCookie(email: string, role?: string): Promise<string> {
  const user = await createUser({ email, emailConfirmed: true });
  if (role) await grantRole(email, role);
  const response = await signIn(getRequest("/"), user.id, "/", { title: "Signed in" });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((cookie) => cookie.startsWith("gavel_session="))
    .join("; ");
}

// Fetch Transcript talks to a fake YouTube on 127.0.0.1 whose videos have no captions.
let youtube: FakeYoutubeServer;
afterAll(() => youtube?.close());

beforeAll(async () => {
  youtube = await startFakeYoutubeServer(
    Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [
        `abcdefghi${String(i).padStart(2, "0")}`,
        { kind: "no-captions" as const },
      ]),
    ),
  );
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  const db = getTestDb();
  const [city] = await db
    .insert(cities)
    .values({
      name: "Testford",
      locationKey: KEY,
      state: "OR",
      status: "Live",
      primaryColor: null,
      secondaryColor: "  ",
    })
    .returning();
  cityId = city!.id;
  await db.insert(cities).values({ name: "Elsewhere", locationKey: "elsewhere", status: "Live" });
  const sources = await db
    .insert(cityUrls)
    .values([
      { title: "Testford Council", url: "https://example.test/council", contentType: "video" },
      { title: "Testford Planning", url: "https://example.test/planning", contentType: "video" },
      { title: "Testford Agendas", url: "https://example.test/agendas", contentType: "document" },
    ])
    .returning();
  [councilId, planningId] = [sources[0]!.id, sources[1]!.id];
  await db.insert(citiesUrls).values(sources.map((source) => ({ cityId, urlId: source.id })));

  // 25 videos: 19 council, 6 planning (every fourth), one a day, the last the newest.
  const rows = Array.from({ length: 25 }, (_, i) => {
    const length = LENGTHS[i % LENGTHS.length]!;
    return {
      cityId,
      videoId: `video-${i}`,
      videoUrl: `https://www.youtube.com/watch?v=abcdefghi${String(i).padStart(2, "0")}`,
      title: `Meeting ${i}`,
      description: i % 2 === 0 ? null : `Agenda of meeting ${i}`,
      transcript: length === null ? null : "x".repeat(length),
      publishedAt: day(i),
      newsStory: i % 5 === 0 ? { article: { headline: `Story ${i}`, body: "Body." } } : null,
    };
  });
  const stored = await db.insert(cityVideos).values(rows).returning({ id: cityVideos.id });
  const inserted = stored.map((row, i) => ({ id: row.id, source: i % 4 === 3 ? planningId : councilId }));
  await db.insert(cityVideoSources).values(inserted.map((row) => ({ cityVideoId: row.id, cityUrlId: row.source })));
  for (const row of [...inserted].reverse()) {
    allVideoIds.push(row.id);
    if (row.source === councilId) councilVideoIds.push(row.id);
  }
  admin = await sessionCookie("admin@testford.test", "admin");
  member = await sessionCookie("member@testford.test");
});

type CityPageData = {
  list: { videos: VideoCardData[]; hasMore: boolean; page: number };
  sources: { id: string; title: string }[];
  stats: { totalVideos: number; stories: number; months: { month: string; count: number }[] };
  isAdmin: boolean;
  state: { page: number; source: string | null; searchOpen: boolean; q: string };
};

async function cityPage(search = "", headers?: HeadersInit) {
  const result = await callLoader(cityLoader, `/city/${KEY}${search}`, { params: { locationKey: KEY }, headers });
  return { ...result, page: result.data as CityPageData };
}

describe(`city page paging ${dbTag}`, () => {
  it("lists the newest 10 first, then 20 for ?page=2, then all 25 with none left", async () => {
    const first = await cityPage();
    expect(first.page.list.videos.map((v) => v.id)).toEqual(allVideoIds.slice(0, 10));
    expect(first.page.list.hasMore).toBe(true);
    const second = await cityPage("?page=2");
    expect(second.page.list.videos.map((v) => v.id)).toEqual(allVideoIds.slice(0, 20));
    expect(second.page.list.hasMore).toBe(true);
    const third = await cityPage("?page=3");
    expect(third.page.list.videos.map((v) => v.id)).toEqual(allVideoIds);
    expect(third.page.list.hasMore).toBe(false);
    // Nonsense pages fall back to the first.
    expect((await cityPage("?page=-4")).page.list.videos).toHaveLength(10);
    expect((await cityPage("?page=abc")).page.state.page).toBe(1);
  });

  it("Load More's resource returns one page at a time, in the same order", async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const result = await callLoader(loadMoreLoader, `/resources/city-videos?city=${KEY}&page=${page}`);
      expect(result.status).toBe(200);
      pages.push(result.data as { videos: VideoCardData[]; hasMore: boolean; page: number });
    }
    expect(pages.map((p) => p.videos.length)).toEqual([10, 10, 5, 0]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false, false]);
    expect(pages.flatMap((p) => p.videos.map((v) => v.id))).toEqual(allVideoIds);
    const unknown = await callLoader(loadMoreLoader, `/resources/city-videos?city=nowhere&page=2`);
    expect(unknown.status).toBe(404);
  });

  it("filters by source in SQL, starting again at the first 10", async () => {
    const filtered = await cityPage(`?source=${councilId}`);
    expect(filtered.page.state).toMatchObject({ source: councilId, page: 1 });
    expect(filtered.page.list.videos.map((v) => v.id)).toEqual(councilVideoIds.slice(0, 10));
    const more = await cityPage(`?source=${councilId}&page=2`);
    expect(more.page.list.videos.map((v) => v.id)).toEqual(councilVideoIds);
    expect(more.page.list.hasMore).toBe(false);
    const planning = await callLoader(loadMoreLoader, `/resources/city-videos?city=${KEY}&page=1&source=${planningId}`);
    expect((planning.data as { videos: unknown[] }).videos).toHaveLength(6);
  });

  it("lists only the city's video sources", async () => {
    const { page } = await cityPage();
    expect(page.sources.map((s) => s.title)).toEqual(["Testford Council", "Testford Planning"]);
  });

  it("ignores the source filter while search is open", async () => {
    const { page } = await cityPage(`?source=${councilId}&search=1`);
    expect(page.state).toMatchObject({ searchOpen: true, source: null });
    expect(page.list.videos.map((v) => v.id)).toEqual(allVideoIds.slice(0, 10));
  });

  it("counts meetings and stories, and meetings per month for the chart", async () => {
    const { page } = await cityPage();
    expect(page.stats.totalVideos).toBe(25);
    expect(page.stats.stories).toBe(5);
    expect(page.stats.months).toHaveLength(12);
  });
});

describe(`video cards ${dbTag}`, () => {
  it("apply the transcript thresholds exactly", () => {
    expect(transcriptRules(null)).toEqual({ analysisEnabled: false, insufficient: true, fetchTranscript: true });
    expect(transcriptRules(0)).toEqual({ analysisEnabled: false, insufficient: true, fetchTranscript: true });
    expect(transcriptRules(99)).toEqual({ analysisEnabled: false, insufficient: true, fetchTranscript: true });
    expect(transcriptRules(100)).toEqual({ analysisEnabled: false, insufficient: true, fetchTranscript: false });
    expect(transcriptRules(101)).toEqual({ analysisEnabled: true, insufficient: true, fetchTranscript: false });
    expect(transcriptRules(999)).toEqual({ analysisEnabled: true, insufficient: true, fetchTranscript: false });
    expect(transcriptRules(1000)).toEqual({ analysisEnabled: true, insufficient: false, fetchTranscript: false });
    expect(transcriptRules(1001)).toEqual({ analysisEnabled: true, insufficient: false, fetchTranscript: false });
    expect(INSUFFICIENT_TRANSCRIPT_BADGE).toBe("Transcript insufficient - excluded from analysis");
  });

  it("carry the transcript length from the database, so the rules see the real value", async () => {
    const { page } = await cityPage("?page=3");
    const lengths = page.list.videos.map((v) => v.transcriptLength);
    for (const length of LENGTHS) expect(lengths).toContain(length);
  });

  it("fall back to the transcript, collapsed and cut to 200 characters plus '...'", () => {
    const transcript = `[00:00:01] MAYOR:   Hello\n\n\tthere   ${"word ".repeat(80)}`;
    const fallback = cardDescription(null, transcript);
    expect(fallback.endsWith("...")).toBe(true);
    expect(fallback).toHaveLength(203);
    expect(fallback).not.toMatch(/\s{2,}|\n|\t/);
    expect(fallback.startsWith("[00:00:01] MAYOR: Hello there word")).toBe(true);
    expect(cardDescription("  ", "short one")).toBe("short one");
    expect(cardDescription("Own description", transcript)).toBe("Own description");
    expect(cardDescription(null, null)).toBe("");
    expect(cardDescription(null, "y".repeat(200))).toBe("y".repeat(200));
    expect(cardDescription(null, "y".repeat(201))).toBe(`${"y".repeat(200)}...`);
  });

  it("use the teal and amber fallbacks in the loader's city when colors are missing or blank", async () => {
    const result = await callLoader(layoutLoader, `/city/${KEY}`, { params: { locationKey: KEY } });
    const { city } = result.data as { city: { primaryColor: string | null; secondaryColor: string | null } };
    const { publicCityColors } = await import("~/lib/color/city-theme");
    expect(publicCityColors(city.primaryColor, city.secondaryColor)).toEqual({
      primary: "#0D9488",
      secondary: "#F59E0B",
    });
    expect(publicCityColors("#166534", "red;background:url(x)")).toEqual({ primary: "#166534", secondary: "#F59E0B" });
  });
});

describe(`Fetch Transcript ${dbTag}`, () => {
  it("is offered to admins only, as decided on the server", async () => {
    expect((await cityPage()).page.isAdmin).toBe(false);
    expect((await cityPage("", { Cookie: member })).page.isAdmin).toBe(false);
    expect((await cityPage("", { Cookie: admin })).page.isAdmin).toBe(true);
  });

  it("refuses visitors and members, and tells an admin what happened", async () => {
    const meetingId = allVideoIds[0]!;
    const fields = { intent: "fetch-transcript", meetingId };
    const visitor = await callAction(cityAction, `/city/${KEY}?index&page=2`, fields, { params: { locationKey: KEY } });
    expect(visitor.thrown).toBe(true);
    expect(visitor.status).toBe(401);
    const asMember = await callAction(cityAction, `/city/${KEY}?index`, fields, {
      params: { locationKey: KEY },
      headers: { Cookie: member },
    });
    expect(asMember.status).toBe(403);

    const asAdmin = await callAction(cityAction, `/city/${KEY}?index&page=2`, fields, {
      params: { locationKey: KEY },
      headers: { Cookie: admin },
    });
    expect(asAdmin.status).toBe(302);
    expect(asAdmin.headers.get("Location")).toBe(`/city/${KEY}?page=2`);
    const toast = await callLoader((await import("~/root")).loader, `/city/${KEY}?page=2`, {
      headers: { Cookie: cookiesFrom(asAdmin) },
    });
    expect((toast.data as { toast: { title: string } }).toast.title).toBe("No transcript available for this video.");

    const invalid = await callAction(
      cityAction,
      `/city/${KEY}?index`,
      { intent: "fetch-transcript", meetingId: "nope" },
      { params: { locationKey: KEY }, headers: { Cookie: admin } },
    );
    expect(invalid.status).toBe(400);
  });

  it("sends a fetcher's post back to the page, not to its .data address", async () => {
    // With JavaScript the post goes to /city/{key}.data; the action gets the page's URL as `url`.
    const request = formRequest(
      `/city/${KEY}.data?index&page=2`,
      { intent: "fetch-transcript", meetingId: allVideoIds[0]! },
      { headers: { Cookie: admin } },
    );
    const response = (await cityAction({
      request,
      url: new URL(`http://localhost/city/${KEY}?index&page=2`),
      pattern: "/city/:locationKey",
      params: { locationKey: KEY },
      context: new RouterContextProvider(),
    } as unknown as Parameters<typeof cityAction>[0])) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/city/${KEY}?page=2`);
  });
});

describe(`city page states and caching ${dbTag}`, () => {
  it("throws a 404 for an unknown city", async () => {
    for (const loader of [cityLoader, layoutLoader]) {
      const result = await callLoader(loader, "/city/nowhere", { params: { locationKey: "nowhere" } });
      expect(result.thrown).toBe(true);
      expect(result.status).toBe(404);
    }
  });

  it("is public for visitors and private for anyone signed in", async () => {
    expect((await cityPage()).headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    expect((await cityPage("", { Cookie: member })).headers.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("never lets a response that sets a cookie be cached publicly", () => {
    const publicLoader = new Headers({ "Cache-Control": PUBLIC_CACHE_CONTROL });
    const empty = new Headers();
    const headersOf = (init: HeadersInit) => new Headers(init);
    const plain = headersOf(
      publicPageHeaders({
        loaderHeaders: publicLoader,
        parentHeaders: empty,
        actionHeaders: empty,
        errorHeaders: undefined,
      }),
    );
    expect(plain.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(plain.get("Vary")).toBe("Cookie, Save-Data");
    const toastCookie = new Headers({ "Set-Cookie": "gavel_toast=; Max-Age=0" });
    const withCookie = headersOf(
      publicPageHeaders({
        loaderHeaders: publicLoader,
        parentHeaders: toastCookie,
        actionHeaders: empty,
        errorHeaders: undefined,
      }),
    );
    expect(withCookie.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
    const noPolicy = headersOf(
      publicPageHeaders({ loaderHeaders: empty, parentHeaders: empty, actionHeaders: empty, errorHeaders: undefined }),
    );
    expect(noPolicy.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it.runIf(dbKind === "pglite")(
    "reads the page in 4 SQL statements, one of them its upcoming meetings (8 with the search panel open: the query's words with their lexicon entries, the meeting-level query, how many meetings can match, then the search)",
    async () => {
      const pglite = getTestConnection().pglite!;
      const original = pglite.query.bind(pglite);
      let statements = 0;
      pglite.query = ((...args: Parameters<typeof original>) => {
        statements++;
        return original(...args);
      }) as typeof pglite.query;
      try {
        // The layout's middleware reads the city once; here the loaders read it themselves.
        await callLoader(layoutLoader, `/city/${KEY}`, { params: { locationKey: KEY } });
        statements = 0;
        await cityPage();
        expect(statements).toBe(4);
        statements = 0;
        await cityPage("?search=1&q=meeting");
        expect(statements).toBe(8);
      } finally {
        pglite.query = original;
      }
    },
  );
});
