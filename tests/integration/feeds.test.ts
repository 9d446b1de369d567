import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cities, cityVideos, trackedIssues } from "~/lib/db/schema";
import { appUrl } from "~/lib/env/env.server";
import { confirmContentVersionsListener } from "~/lib/page-cache/content-versions.server";
import { loader as cityLayoutLoader } from "~/routes/city/city";
import { loader as cityFeedLoader } from "~/routes/feeds/city-feed";
import { loader as robotsLoader } from "~/routes/seo/robots";
import { sitemapCacheStats } from "~/lib/feeds/sitemap-cache.server";
import { loader as sitemapLoader } from "~/routes/seo/sitemap";
import { loader as sitemapCityLoader } from "~/routes/seo/sitemap-city";
import { loader as sitemapSiteLoader } from "~/routes/seo/sitemap-site";
import { callLoader, dbTag, getTestDb, type RouteResult } from "../setup";
import { createBusinessListing, createCity, createMeeting } from "../support/factories";
import { elementsNamed, parseXml, type XmlElement } from "../support/xml";

/**
 * The city's Atom feed, /sitemap.xml (an index) and its parts, and /robots.txt
 * (docs/decisions/0043-feeds-and-api.md): well-formed, the right entries,
 * Live cities only, conditional GETs.
 */

const NASTY_HEADLINE = `Budget <b>cuts</b> & "fees" for O'Neil's park \u0001 ]]> <!-- end`;

let live: { id: string; locationKey: string };
let hidden: { id: string; locationKey: string };
const storyIds: string[] = [];
let noStoryId: string;
let hiddenMeetingId: string;
let liveListingKey: string;
let hiddenListingKey: string;

function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.name === name);
}

async function feed(key: string, headers: HeadersInit = {}) {
  const result = await callLoader(cityFeedLoader, `/city/${key}/feed.atom`, { params: { locationKey: key }, headers });
  return { result, body: result.response ? await result.response.clone().text() : "" };
}

beforeAll(async () => {
  live = await createCity({ name: "Feedtown", locationKey: "feedtown", status: "Live" });
  hidden = await createCity({ name: "Hiddenville", locationKey: "hiddenville", status: "Archive" });
  for (let index = 0; index < 3; index++) {
    const meeting = await createMeeting({ cityId: live.id, analysis: true, story: true, title: `Meeting ${index}` });
    await getTestDb()
      .update(cityVideos)
      .set({ storyGeneratedAt: new Date(Date.UTC(2026, 2, 1 + index, 12)) })
      .where(eq(cityVideos.id, meeting.id));
    storyIds.unshift(meeting.id); // newest story first
  }
  // The newest story's headline holds everything XML must escape or drop.
  const [newest] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, storyIds[0]!));
  const story = structuredClone(newest!.newsStory) as { article: { headline: string } };
  story.article.headline = NASTY_HEADLINE;
  await getTestDb().update(cityVideos).set({ newsStory: story }).where(eq(cityVideos.id, storyIds[0]!));
  noStoryId = (await createMeeting({ cityId: live.id, title: "Not yet written up" })).id;
  hiddenMeetingId = (await createMeeting({ cityId: hidden.id, analysis: true, story: true })).id;
  liveListingKey = (await createBusinessListing({ cityId: live.id, name: "Feedtown Bakery" })).businessKey;
  hiddenListingKey = (await createBusinessListing({ cityId: hidden.id, name: "Hidden Hardware" })).businessKey;
  await getTestDb()
    .insert(trackedIssues)
    .values([
      { issueKey: "creek-development", title: "Creek development", query: "creek", cityIds: [live.id, hidden.id] },
      { issueKey: "hidden-issue", title: "Hidden issue", query: "hidden", cityIds: [hidden.id] },
    ]);
});

describe(`a city's Atom feed ${dbTag}`, () => {
  it("is well-formed Atom 1.0 listing the city's stories, newest first, everything escaped", async () => {
    const { result, body } = await feed("feedtown");
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    expect(body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    // eslint-disable-next-line no-control-regex
    expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const root = parseXml(body);
    expect(root.name).toBe("feed");
    expect(root.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
    for (const name of ["id", "title", "updated", "author"]) expect(child(root, name), name).toBeDefined();
    const links = root.children.filter((element) => element.name === "link");
    expect(links.map((link) => link.attributes.rel).sort()).toEqual(["alternate", "self"]);
    expect(links.find((link) => link.attributes.rel === "self")!.attributes.href).toBe(
      `${appUrl()}/city/feedtown/feed.atom`,
    );

    const entries = elementsNamed(root, "entry");
    expect(entries.map((entry) => child(entry, "link")!.attributes.href)).toEqual(
      storyIds.map((id) => `${appUrl()}/city/feedtown/meeting-story/${id}`),
    );
    expect(child(entries[0]!, "title")!.text).toBe(NASTY_HEADLINE.replace("\u0001", ""));
    expect(child(entries[0]!, "updated")!.text).toBe("2026-03-03T12:00:00Z");
    expect(child(root, "updated")!.text).toBe("2026-03-03T12:00:00Z");
    for (const entry of entries) {
      expect(child(entry, "id")!.text).toMatch(/^http/);
      expect(child(entry, "updated")!.text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(child(entry, "summary")!.text.length).toBeGreaterThan(20);
    }
    expect(body).not.toContain(noStoryId);
    expect(body).not.toContain("<b>");
  });

  it("answers 304 to a reader that has it, and changes when a story is written", async () => {
    const { result } = await feed("feedtown");
    const etag = result.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(result.headers.get("Last-Modified")).toBe(new Date(Date.UTC(2026, 2, 3, 12)).toUTCString());
    expect(result.headers.get("Cache-Control")).toMatch(/public/);
    expect((await feed("feedtown", { "If-None-Match": etag })).result.status).toBe(304);
    const since = await feed("feedtown", { "If-Modified-Since": result.headers.get("Last-Modified")! });
    expect(since.result.status).toBe(304);

    await getTestDb()
      .update(cityVideos)
      .set({ storyGeneratedAt: new Date(Date.UTC(2026, 2, 4, 12)) })
      .where(eq(cityVideos.id, storyIds[2]!));
    await confirmContentVersionsListener(); // on PostgreSQL, the bump arrives by NOTIFY
    const after = await feed("feedtown", { "If-None-Match": etag });
    expect(after.result.status).toBe(200);
    expect(
      elementsNamed(parseXml(after.body), "entry")[0]!.children.find((c) => c.name === "link")!.attributes.href,
    ).toContain(storyIds[2]);
  });

  it("does not exist for a city that is not Live, or an unknown one", async () => {
    expect((await feed("hiddenville")).result.status).toBe(404);
    expect((await feed("no-such-city")).result.status).toBe(404);
    await getTestDb().update(cities).set({ status: "Test" }).where(eq(cities.id, live.id));
    try {
      expect((await feed("feedtown")).result.status).toBe(404);
    } finally {
      await getTestDb().update(cities).set({ status: "Live" }).where(eq(cities.id, live.id));
    }
  });

  it("is linked from the city's pages when the city is Live, and only then", async () => {
    const liveLayout = await callLoader(cityLayoutLoader, "/city/feedtown", { params: { locationKey: "feedtown" } });
    expect((liveLayout.data as { city: { feedPath: string | null } }).city.feedPath).toBe("/city/feedtown/feed.atom");
    const hiddenLayout = await callLoader(cityLayoutLoader, "/city/hiddenville", {
      params: { locationKey: "hiddenville" },
    });
    expect((hiddenLayout.data as { city: { feedPath: string | null } }).city.feedPath).toBeNull();
  });
});

describe(`the sitemap: an index of parts, each built once per content version ${dbTag}`, () => {
  const xmlOf = async (result: RouteResult) => (result.response ? await result.response.clone().text() : "");
  const index = (path = "/sitemap.xml", headers: HeadersInit = {}) => callLoader(sitemapLoader, path, { headers });
  /** Any document the index names (an absolute URL), through its own route. */
  async function part(url: string, headers: HeadersInit = {}) {
    const path = url.startsWith("http") ? url.slice(appUrl().length) : url;
    const [pathname] = path.split("?");
    if (pathname === "/sitemap/site.xml") return callLoader(sitemapSiteLoader, path, { headers });
    const [, , locationKey, name] = pathname!.split("/");
    return callLoader(sitemapCityLoader, path, { headers, params: { locationKey, part: name } });
  }
  const locsOf = (body: string) => elementsNamed(parseXml(body), "loc").map((loc) => loc.text.slice(appUrl().length));

  it("indexes the site's part and each Live city's parts that have addresses, and nothing of other cities", async () => {
    const result = await index();
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const root = parseXml(await xmlOf(result));
    expect(root.name).toBe("sitemapindex");
    expect(root.attributes.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(locsOf(await xmlOf(result))).toEqual([
      "/sitemap/site.xml",
      "/sitemap/feedtown/meetings-1.xml",
      "/sitemap/feedtown/businesses-1.xml",
      "/sitemap/feedtown/issues-1.xml",
    ]);
  });

  it("lists in its parts the site's pages and the Live cities' pages, meetings, stories, listings and issues only", async () => {
    const bodies: string[] = [];
    for (const url of locsOf(await xmlOf(await index()))) {
      const result = await part(url);
      expect([url, result.status, result.headers.get("Content-Type")]).toEqual([
        url,
        200,
        "application/xml; charset=utf-8",
      ]);
      const body = await xmlOf(result);
      expect(parseXml(body).name).toBe("urlset");
      bodies.push(body);
    }
    const body = bodies.join("\n");
    const locs = bodies.flatMap(locsOf);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of ["/", "/about", "/privacy", "/contact", "/businesses", "/api", "/city/feedtown"]) {
      expect(locs).toContain(path);
    }
    for (const id of storyIds) {
      expect(locs).toContain(`/city/feedtown/meeting/${id}`);
      expect(locs).toContain(`/city/feedtown/meeting-story/${id}`);
    }
    expect(locs).toContain(`/city/feedtown/meeting/${noStoryId}`);
    expect(locs).not.toContain(`/city/feedtown/meeting-story/${noStoryId}`);
    expect(locs).toContain(`/city/feedtown/businesses/${liveListingKey}`);
    expect(locs).toContain("/city/feedtown/issues/creek-development");
    expect(body).not.toContain("hiddenville");
    expect(body).not.toContain(hiddenMeetingId);
    expect(body).not.toContain(hiddenListingKey);
    expect(body).not.toContain("hidden-issue");
    for (const lastmod of bodies.flatMap((b) => elementsNamed(parseXml(b), "lastmod")))
      expect(lastmod.text).toMatch(/^\d{4}-\d\d-\d\dT[\d:]+Z$/);
  });

  it("answers 404 for a city that is not Live, a part past the last and any other name", async () => {
    for (const path of [
      "/sitemap/hiddenville/meetings-1.xml",
      "/sitemap/no-such-city/meetings-1.xml",
      "/sitemap/feedtown/meetings-2.xml",
      "/sitemap/feedtown/meetings-0.xml",
      "/sitemap/feedtown/stories-1.xml",
      "/sitemap/feedtown/meetings-1.json",
    ])
      expect([path, (await part(path)).status]).toEqual([path, 404]);
  });

  it("gives a city's page its newest meeting's date as lastmod, not the city row's last update", async () => {
    await getTestDb()
      .update(cityVideos)
      .set({ publishedAt: new Date("2026-01-05T18:00:00Z") })
      .where(eq(cityVideos.cityId, live.id));
    await getTestDb()
      .update(cityVideos)
      .set({ publishedAt: new Date("2026-02-10T18:30:00Z") })
      .where(eq(cityVideos.id, noStoryId));
    await getTestDb().execute(sql`update cities set tag_line = 'Edited today' where location_key = 'feedtown'`);
    await confirmContentVersionsListener();
    const site = parseXml(await xmlOf(await part("/sitemap/site.xml")));
    const city = site.children.find((url) => child(url, "loc")?.text === `${appUrl()}/city/feedtown`);
    expect(child(city!, "lastmod")?.text).toBe("2026-02-10T18:30:00Z");
  });

  it("splits a city's meetings into parts of 2,500 (5,000 addresses at most), oldest first, so new ones change only the last", async () => {
    const big = await createCity({ name: "Bigtown", locationKey: "bigtown", status: "Live" });
    await getTestDb().execute(
      sql`insert into city_videos (city_id, video_id, title, published_at, created_at)
        select ${big.id}, 'big-' || g, 'Meeting ' || g, now() - g * interval '1 day', now() - (3000 - g) * interval '1 minute'
        from generate_series(1, 2600) g`,
    );
    await confirmContentVersionsListener();
    const parts = locsOf(await xmlOf(await index())).filter((path) => path.startsWith("/sitemap/bigtown/"));
    expect(parts).toEqual(["/sitemap/bigtown/meetings-1.xml", "/sitemap/bigtown/meetings-2.xml"]);
    const first = locsOf(await xmlOf(await part(parts[0]!)));
    const second = locsOf(await xmlOf(await part(parts[1]!)));
    expect([first.length, second.length]).toEqual([2_500, 100]);
    const titles = async (paths: string[]) => {
      const ids = paths.map((path) => path.split("/").at(-1)!);
      const rows = await getTestDb()
        .select({ videoId: cityVideos.videoId })
        .from(cityVideos)
        .where(inArray(cityVideos.id, ids));
      return new Set(rows.map((row) => row.videoId));
    };
    expect(await titles(first)).toContain("big-1"); // the first stored
    expect(await titles(second)).toContain("big-2600"); // the last stored
  });

  it("builds each document once per content version, whatever the query string; requests at the same time share the build", async () => {
    const path = "/sitemap/feedtown/meetings-1.xml";
    const elsewhere = await createCity({ status: "Live" }); // a new city changes the site's version: before
    await confirmContentVersionsListener();
    await part(path); // built at the current versions
    const before = sitemapCacheStats();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => part(`${path}?n=${n}&junk=${"x".repeat(n)}`)),
    );
    const bodies = new Set(await Promise.all(answers.map(xmlOf)));
    expect(bodies.size).toBe(1);
    expect(new Set(answers.map((answer) => answer.headers.get("ETag"))).size).toBe(1);
    expect(sitemapCacheStats().builds).toBe(before.builds);
    expect(sitemapCacheStats().hits).toBe(before.hits + 8);

    // A write to the city: one new build, shared by the requests that arrive together.
    await createMeeting({ cityId: live.id, title: "A new meeting" });
    await confirmContentVersionsListener();
    const afterWrite = await Promise.all(Array.from({ length: 8 }, (_, n) => part(`${path}?again=${n}`)));
    expect(new Set(await Promise.all(afterWrite.map(xmlOf))).size).toBe(1);
    expect(sitemapCacheStats().builds).toBe(before.builds + 1);
    expect(await xmlOf(afterWrite[0]!)).not.toBe([...bodies][0]);

    // A write to another city leaves this city's parts as they are.
    await createMeeting({ cityId: elsewhere.id });
    await confirmContentVersionsListener();
    await part(path);
    expect(sitemapCacheStats().builds).toBe(before.builds + 1);

    // The index too ignores its query string.
    await index();
    const indexBuilds = sitemapCacheStats().builds;
    await Promise.all([index("/sitemap.xml?a=1"), index("/sitemap.xml?b=2"), index("/sitemap.xml?c=3")]);
    expect(sitemapCacheStats().builds).toBe(indexBuilds);
  });

  it("answers 304 while nothing changed", async () => {
    for (const get of [
      (headers: HeadersInit) => index("/sitemap.xml", headers),
      (headers: HeadersInit) => part("/sitemap/feedtown/meetings-1.xml", headers),
    ]) {
      const etag = (await get({})).headers.get("ETag")!;
      expect((await get({ "If-None-Match": etag })).status).toBe(304);
      await getTestDb().execute(sql`update cities set tag_line = ${`Changed ${etag}`} where location_key = 'feedtown'`);
      await confirmContentVersionsListener();
      expect((await get({ "If-None-Match": etag })).status).toBe(200);
    }
  });
});

describe(`robots.txt ${dbTag}`, () => {
  it("robots.txt allows public pages, keeps crawlers out of private ones and names the sitemap", async () => {
    const result = await callLoader(robotsLoader, "/robots.txt");
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = String(result.data).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/profile", "/desk", "/resources", "/auth"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${appUrl()}/sitemap.xml`);
  });
});
