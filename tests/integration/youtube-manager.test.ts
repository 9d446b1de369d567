import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { citiesUrls, cityUrls, cityVideos } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { runNextJob } from "~/lib/jobs/worker.server";
import { getSourceRefreshStatus } from "~/lib/sources/requests.server";
import { getToast } from "~/lib/toast/toast.server";
import { action, loader } from "~/routes/admin/youtube-manager";
import { callAction, callLoader, cookiesFrom, dbTag, getTestDb, TEST_ORIGIN, type RouteResult } from "../setup";
import { createCity, createSignedInUser } from "../support/factories";
import { startFakeYoutubeServer, type FakeYoutubeServer } from "../support/fake-youtube-server";

/** /admin/youtube-manager against a local fake of the video site: Analyze, Save, the rules and who may use it. */

const PAGE = "/admin/youtube-manager";
const CHANNEL_ID = "UCfakeRivertonCouncil001";
const CHANNEL_URL = "https://www.youtube.com/@RivertonCity";
const COUNCIL = "PLcouncilMeetings0001";
const PLANNING = "PLplanningCommission01";
const video = { videoId: "meeting0001", title: "Council, January", publishedAt: "2026-01-05T18:00:00Z" };

let youtube: FakeYoutubeServer;
let admin: { cookie: string; id: string };
let member: { cookie: string; id: string };

beforeAll(async () => {
  youtube = await startFakeYoutubeServer();
  youtube.setPlaylist({ id: COUNCIL, title: "City Council", description: "Regular meetings", videos: [video] });
  youtube.setPlaylist({ id: PLANNING, title: "Planning Commission", videos: [] });
  youtube.setChannel({
    id: CHANNEL_ID,
    handle: "RivertonCity",
    title: "City of Riverton",
    description: "Meetings of the Riverton council",
    uploads: [video],
    playlistIds: [COUNCIL, PLANNING],
  });
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  process.env.YOUTUBE_API_BASE_URL = youtube.apiBaseUrl;
  process.env.YOUTUBE_API_KEY = "fake-api-key";
  process.env.YOUTUBE_TIMEOUT_MS = "2000";
});
afterAll(async () => {
  delete process.env.YOUTUBE_API_KEY;
  await stopBoss();
  await youtube.close();
});
beforeEach(async () => {
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
});

const post = (fields: Record<string, string | string[]>, cookie = admin.cookie) =>
  callAction(action, PAGE, fields, { headers: cookie ? { Cookie: cookie } : {} });

async function toastOf(result: RouteResult) {
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookiesFrom(result) } }))).toast;
}

async function urlsOf(cityId: string) {
  const rows = await getTestDb()
    .select({ url: cityUrls })
    .from(cityUrls)
    .innerJoin(citiesUrls, eq(citiesUrls.urlId, cityUrls.id))
    .where(eq(citiesUrls.cityId, cityId));
  return rows.map((row) => row.url);
}

const save = (cityId: string, extra: Record<string, string | string[]> = {}) =>
  post({
    intent: "save",
    cityId,
    analyzedUrl: CHANNEL_URL,
    sourceType: "YouTube",
    contentType: "Playlist",
    entityType: "Government",
    ...extra,
  });

describe(`YouTube Channel Manager ${dbTag}`, () => {
  it("lists the cities and keeps a chosen one", async () => {
    const city = await createCity({ name: "Riverton" });
    const page = await callLoader(loader, `${PAGE}?city=${city.id}`, { headers: { Cookie: admin.cookie } });
    expect(page.data).toMatchObject({
      cityId: city.id,
      cities: expect.arrayContaining([expect.objectContaining({ name: "Riverton" })]),
    });
  });

  it("analyzes a channel: its title, description and playlists with their video counts", async () => {
    const analyzed = await post({ intent: "analyze", url: CHANNEL_URL });
    expect(analyzed.status).toBe(200);
    expect(analyzed.data).toMatchObject({
      toast: { type: "success", title: "Channel analyzed successfully" },
      analyzedUrl: CHANNEL_URL,
      analysis: {
        channelTitle: "City of Riverton",
        channelDescription: "Meetings of the Riverton council",
        channelId: CHANNEL_ID,
        playlists: [
          { id: COUNCIL, title: "City Council", description: "Regular meetings", itemCount: 1 },
          { id: PLANNING, title: "Planning Commission", description: "", itemCount: 0 },
        ],
        playlistsListed: true,
      },
    });
  });

  it("saves the chosen playlists and the channel's uploads, and saving twice adds nothing", async () => {
    const city = await createCity({ name: "Riverton" });
    const saved = await save(city.id, { playlistIds: [COUNCIL, PLANNING], includeRecent: "on" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${PAGE}?city=${city.id}`);
    expect(await toastOf(saved)).toMatchObject({ type: "success", title: "Saved 3 URL(s) successfully" });
    const urls = await urlsOf(city.id);
    expect(urls.map((url) => url.url).sort()).toEqual(
      [
        `https://www.youtube.com/playlist?list=${COUNCIL}`,
        `https://www.youtube.com/playlist?list=${PLANNING}`,
        `https://www.youtube.com/playlist?list=UU${CHANNEL_ID.slice(2)}`,
      ].sort(),
    );
    expect(urls.find((url) => url.url.endsWith(COUNCIL))).toMatchObject({
      title: "City Council",
      sourceType: "YouTube",
      contentType: "Playlist",
      entityType: "Government",
    });

    const again = await save(city.id, { playlistIds: COUNCIL, includeRecent: "on" });
    expect(await toastOf(again)).toMatchObject({ title: "Saved 0 URL(s) successfully" });
    expect(await urlsOf(city.id)).toHaveLength(3);
  });

  it("saves only the recent videos when asked, and never a playlist the channel does not have", async () => {
    const city = await createCity({ name: "Riverton" });
    const saved = await save(city.id, { playlistIds: "PLnotOfThisChannel00", includeRecent: "on" });
    expect(await toastOf(saved)).toMatchObject({ title: "Saved 1 URL(s) successfully" });
    expect((await urlsOf(city.id)).map((url) => url.url)).toEqual([
      `https://www.youtube.com/playlist?list=UU${CHANNEL_ID.slice(2)}`,
    ]);
  });

  it("refuses with the product's messages: blank URL, no city, no analysis, nothing chosen", async () => {
    const city = await createCity({ name: "Riverton" });
    const blank = await post({ intent: "analyze", url: "   " });
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({
      toast: { title: "Please enter a YouTube URL" },
      result: { error: { url: expect.any(Array) } },
    });

    const noCity = await save("", { playlistIds: COUNCIL });
    expect(noCity.status).toBe(400);
    expect(noCity.data).toMatchObject({ toast: { title: "Please select a city" } });

    const noAnalysis = await save(city.id, { analyzedUrl: "", playlistIds: COUNCIL });
    expect(noAnalysis.status).toBe(400);
    expect(noAnalysis.data).toMatchObject({ toast: { title: "No channel data available" } });

    const nothing = await save(city.id);
    expect(nothing.status).toBe(400);
    expect(nothing.data).toMatchObject({ toast: { title: "Failed to save URLs. Please try again." } });
    expect(await urlsOf(city.id)).toEqual([]);
  });

  it("answers a URL that is not a source, an unknown channel, and a failing site with a clear message", async () => {
    const notASource = await post({ intent: "analyze", url: "https://example.com/council" });
    expect(notASource.status).toBe(422);
    expect(notASource.data).toMatchObject({
      toast: {
        title: "Failed to analyze channel. Please check the URL and try again.",
        description: "This is not a YouTube channel or playlist URL.",
      },
      analysis: null,
    });
    const unknown = await post({ intent: "analyze", url: "https://www.youtube.com/@NoSuchTown" });
    expect(unknown.status).toBe(422);
    youtube.setChannel({
      id: "UCfakeBrokenChannel0001",
      handle: "Broken",
      title: "Broken",
      uploads: [],
      failure: { status: 500 },
    });
    const broken = await post({ intent: "analyze", url: "https://www.youtube.com/@Broken" });
    expect(broken.status).toBe(502);
    expect(broken.data).toMatchObject({ toast: { description: expect.stringContaining("(500)") } });
  });

  it("offers a pasted playlist as its only playlist, by its title, with a key and without", async () => {
    const analyzed = await post({ intent: "analyze", url: `https://www.youtube.com/playlist?list=${COUNCIL}` });
    expect(analyzed.data).toMatchObject({
      analysis: {
        channelId: null,
        playlists: [{ id: COUNCIL, title: "City Council", description: "Regular meetings", itemCount: 1 }],
      },
    });
    // Keyless, the playlist's feed names it (never "Playlist PL…").
    delete process.env.YOUTUBE_API_KEY;
    try {
      const keyless = await post({ intent: "analyze", url: `https://www.youtube.com/playlist?list=${COUNCIL}` });
      expect(keyless.data).toMatchObject({
        analysis: { playlists: [{ id: COUNCIL, title: "City Council", itemCount: 1 }] },
      });
      const city = await createCity({ name: "Riverton" });
      await save(city.id, { analyzedUrl: `https://www.youtube.com/playlist?list=${COUNCIL}`, playlistIds: COUNCIL });
      expect((await urlsOf(city.id)).map((url) => url.title)).toEqual(["City Council"]);
    } finally {
      process.env.YOUTUBE_API_KEY = "fake-api-key";
    }
  });

  it("without an API key says the playlists are not listed, never 'No playlists found', and what a key changes", async () => {
    delete process.env.YOUTUBE_API_KEY;
    try {
      const page = await callLoader(loader, PAGE, { headers: { Cookie: admin.cookie } });
      expect(page.data).toMatchObject({ keyless: true });
      const analyzed = await post({ intent: "analyze", url: CHANNEL_URL });
      expect(analyzed.data).toMatchObject({
        analysis: { channelTitle: "City of Riverton", channelId: CHANNEL_ID, playlists: [], playlistsListed: false },
      });
    } finally {
      process.env.YOUTUBE_API_KEY = "fake-api-key";
    }
    const keyed = await post({ intent: "analyze", url: CHANNEL_URL });
    expect(keyed.data).toMatchObject({ analysis: { playlistsListed: true } });
    expect((await callLoader(loader, PAGE, { headers: { Cookie: admin.cookie } })).data).toMatchObject({
      keyless: false,
    });
  });

  it("Save and fetch saves the chosen URLs and queues the first refresh of each", async () => {
    await (await getBoss()).clearStorage();
    const city = await createCity({ name: "Riverton" });
    const saved = await save(city.id, { intent: "save-and-fetch", playlistIds: COUNCIL, includeRecent: "on" });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({
      type: "success",
      title: "Saved 2 URL(s) successfully",
      description: expect.stringContaining("Refresh queued for 2 URLs"),
    });
    const urls = await urlsOf(city.id);
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(await getSourceRefreshStatus(url.id)).toEqual({ state: "queued" });
    // The refreshes run: the city's videos arrive without a Refresh Videos per URL.
    while (await runNextJob("source-refresh"));
    const videos = await getTestDb().select().from(cityVideos).where(eq(cityVideos.cityId, city.id));
    expect(videos.map((video) => video.videoId)).toEqual(["meeting0001"]);

    // Plain Save queues nothing.
    const other = await createCity({ name: "Lakeside" });
    await save(other.id, { playlistIds: COUNCIL });
    expect(await getSourceRefreshStatus((await urlsOf(other.id))[0]!.id)).toEqual({ state: "none" });
  });

  it("answers a visitor with 401 and a member with 403, on the page and both intents, and saves nothing", async () => {
    const city = await createCity({ name: "Riverton" });
    for (const [who, cookie, status] of [
      ["visitor", "", 401],
      ["member", member.cookie, 403],
    ] as const) {
      const page = await callLoader(loader, PAGE, { headers: cookie ? { Cookie: cookie } : {} });
      expect([who, page.status, page.thrown]).toEqual([who, status, true]);
      expect(page.data).toMatchObject({ message: "You don't have permission to access this page." });
      const analyzed = await post({ intent: "analyze", url: CHANNEL_URL }, cookie);
      expect([who, "analyze", analyzed.status]).toEqual([who, "analyze", status]);
      const saved = await post(
        { intent: "save", cityId: city.id, analyzedUrl: CHANNEL_URL, playlistIds: COUNCIL, includeRecent: "on" },
        cookie,
      );
      expect([who, "save", saved.status]).toEqual([who, "save", status]);
      const fetched = await post(
        { intent: "save-and-fetch", cityId: city.id, analyzedUrl: CHANNEL_URL, includeRecent: "on" },
        cookie,
      );
      expect([who, "save-and-fetch", fetched.status]).toEqual([who, "save-and-fetch", status]);
    }
    expect(await urlsOf(city.id)).toEqual([]);
  });
});
