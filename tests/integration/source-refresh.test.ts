import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cityUrls, cityVideoSources, cityVideos } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { runNextJob } from "~/lib/jobs/worker.server";
import { NO_COUNTS, refreshSource } from "~/lib/sources/refresh.server";
import { getSourceRefreshStatus, queueDueRefreshes, requestSourceRefresh } from "~/lib/sources/requests.server";
import { updateVideoByAdmin } from "~/lib/sources/videos.server";
import { describeChannel, listSourceVideos, VideoSourceError } from "~/lib/youtube/sources.server";
import { dbTag, getTestDb, truncateAllTables } from "../setup";
import { createCity, createSourceUrl } from "../support/factories";
import {
  FAKE_MEETING_CAPTIONS,
  startFakeYoutubeServer,
  type FakeListedVideo,
  type FakeYoutubeServer,
} from "../support/fake-youtube-server";

/**
 * Listing YouTube sources against a local fake of the Data API and the
 * keyless feeds, and refreshing a source URL into its cities' videos.
 */

const CHANNEL_ID = "UCfakeRivertonCouncil001";
const COUNCIL_PLAYLIST = "PLcouncilMeetings0001";
const PLANNING_PLAYLIST = "PLplanningCommission01";
const CHANNEL_URL = "https://www.youtube.com/@RivertonCity";
const PLAYLIST_URL = `https://www.youtube.com/playlist?list=${COUNCIL_PLAYLIST}`;

/** Eleven-character ids like YouTube's: meeting00001, meeting00002, ... */
function listed(count: number, prefix = "meeting"): FakeListedVideo[] {
  return Array.from({ length: count }, (_, i) => ({
    videoId: `${prefix}${String(count - i).padStart(11 - prefix.length, "0")}`,
    title: `City Council meeting ${count - i}`,
    description: `Agenda of meeting ${count - i}`,
    publishedAt: new Date(Date.UTC(2026, 0, count - i)).toISOString(),
  }));
}

let youtube: FakeYoutubeServer;

function setCouncilPlaylist(videos: FakeListedVideo[], extra: { failure?: "malformed"; failFromPage?: number } = {}) {
  youtube.setPlaylist({ id: COUNCIL_PLAYLIST, title: "City Council", videos, pageSize: 2, ...extra });
}

beforeAll(async () => {
  youtube = await startFakeYoutubeServer();
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  process.env.YOUTUBE_API_BASE_URL = youtube.apiBaseUrl;
  process.env.YOUTUBE_RETRIES = "0";
});
afterAll(async () => {
  await stopBoss();
  await youtube.close();
});
beforeEach(async () => {
  await truncateAllTables();
  await (await getBoss()).clearStorage();
  process.env.YOUTUBE_API_KEY = "fake-api-key";
  process.env.YOUTUBE_TIMEOUT_MS = "2000";
  youtube.setChannel({
    id: CHANNEL_ID,
    handle: "RivertonCity",
    username: "rivertoncity",
    customName: "Riverton",
    title: "City of Riverton",
    description: "Meetings of the Riverton City Council",
    uploads: listed(20, "upload"),
    playlistIds: [COUNCIL_PLAYLIST, PLANNING_PLAYLIST],
  });
  setCouncilPlaylist(listed(5));
  youtube.setPlaylist({ id: PLANNING_PLAYLIST, title: "Planning Commission", description: "Land use", videos: [] });
});

async function sourcesOfVideo(meetingId: string) {
  const rows = await getTestDb()
    .select({ id: cityVideoSources.cityUrlId })
    .from(cityVideoSources)
    .where(eq(cityVideoSources.cityVideoId, meetingId))
    .orderBy(asc(cityVideoSources.createdAt));
  return rows.map((row) => row.id);
}

async function videosOf(cityId: string) {
  return getTestDb().select().from(cityVideos).where(eq(cityVideos.cityId, cityId)).orderBy(asc(cityVideos.videoId));
}

describe(`listing YouTube sources ${dbTag}`, () => {
  it("lists a playlist over several pages of the Data API", async () => {
    const videos = await listSourceVideos(PLAYLIST_URL);
    expect(videos.map((video) => video.videoId)).toEqual(listed(5).map((video) => video.videoId));
    expect(youtube.requests.filter((r) => r.path === "/youtube/v3/playlistItems")).toHaveLength(3);
    expect(videos[0]).toMatchObject({
      title: "City Council meeting 5",
      description: "Agenda of meeting 5",
      url: "https://www.youtube.com/watch?v=meeting0005",
      channelTitle: "City of Riverton",
      publishedAt: new Date(Date.UTC(2026, 0, 5)),
    });
  });

  it("lists a channel's uploads from every form of channel URL", async () => {
    for (const url of [
      CHANNEL_URL,
      `https://www.youtube.com/channel/${CHANNEL_ID}`,
      "https://www.youtube.com/c/Riverton",
      "https://youtube.com/user/rivertoncity/videos",
    ]) {
      expect((await listSourceVideos(url)).length, url).toBe(20);
    }
  });

  it("without an API key reads the keyless feed: the 15 newest", async () => {
    delete process.env.YOUTUBE_API_KEY;
    const videos = await listSourceVideos(CHANNEL_URL);
    expect(videos.map((video) => video.videoId)).toEqual(
      listed(20, "upload")
        .slice(0, 15)
        .map((v) => v.videoId),
    );
    expect(videos[0]).toMatchObject({ channelTitle: "City of Riverton", description: "Agenda of meeting 20" });
  });

  it("describes a channel with its playlists", async () => {
    expect(await describeChannel(CHANNEL_URL)).toEqual({
      channelId: CHANNEL_ID,
      title: "City of Riverton",
      description: "Meetings of the Riverton City Council",
      playlists: [
        { id: COUNCIL_PLAYLIST, title: "City Council", description: "", videoCount: 5 },
        { id: PLANNING_PLAYLIST, title: "Planning Commission", description: "Land use", videoCount: 0 },
      ],
      playlistsListed: true,
    });
  });

  it("gives a typed error for a URL that is not a source, an unknown channel, and a failing site", async () => {
    const failure = (url: string) =>
      listSourceVideos(url).then(
        () => null,
        (error: unknown) => error,
      );
    expect(await failure("https://example.com/@RivertonCity")).toMatchObject({ code: "not-a-source" });
    expect(await failure("https://www.youtube.com/watch?v=meeting0001")).toBeInstanceOf(VideoSourceError);
    expect(await failure("https://www.youtube.com/@NoSuchCity")).toMatchObject({ code: "not-found" });
    expect(await failure("https://www.youtube.com/playlist?list=PLnoSuchPlaylist01")).toMatchObject({
      code: "not-found",
    });
    youtube.setPlaylist({ id: "PLserverError000001", title: "", videos: [], failure: { status: 500 } });
    youtube.setPlaylist({ id: "PLmalformed00000001", title: "", videos: [], failure: "malformed" });
    youtube.setPlaylist({ id: "PLhangs000000000001", title: "", videos: [], failure: "hang" });
    for (const id of ["PLserverError000001", "PLmalformed00000001", "PLhangs000000000001"]) {
      expect(await failure(`https://www.youtube.com/playlist?list=${id}`), id).toMatchObject({ code: "unavailable" });
    }
  });
});

describe(`refreshing a source ${dbTag}`, () => {
  it("saves every video in every linked city with its details, and saving twice makes no duplicates", async () => {
    const riverton = await createCity();
    const lakeside = await createCity();
    const source = await createSourceUrl({ url: PLAYLIST_URL, cityIds: [riverton.id, lakeside.id] });

    expect(await refreshSource(source.id)).toEqual({ ...NO_COUNTS, found: 5, new: 10 });
    expect(await refreshSource(source.id)).toEqual({ ...NO_COUNTS, found: 5 });

    for (const city of [riverton, lakeside]) {
      const videos = await videosOf(city.id);
      expect(videos).toHaveLength(5);
      expect(videos[0]).toMatchObject({
        videoId: "meeting0001",
        videoUrl: "https://www.youtube.com/watch?v=meeting0001",
        title: "City Council meeting 1",
        description: "Agenda of meeting 1",
        channelTitle: "City of Riverton",
        publishedAt: new Date(Date.UTC(2026, 0, 1)),
      });
      expect(await sourcesOfVideo(videos[0]!.id)).toEqual([source.id]);
    }
    const [stored] = await getTestDb().select().from(cityUrls).where(eq(cityUrls.id, source.id));
    expect(stored!.lastRefreshedAt).toBeInstanceOf(Date);
  });

  it("two concurrent refreshes of the same URL make no duplicate videos", async () => {
    const city = await createCity();
    const source = await createSourceUrl({ url: PLAYLIST_URL, cityIds: [city.id] });
    const [first, second] = await Promise.all([refreshSource(source.id), refreshSource(source.id)]);
    expect(first.new + second.new).toBe(5);
    expect(await videosOf(city.id)).toHaveLength(5);
  });

  it("keeps a title an admin edited, and follows YouTube's changes on the others", async () => {
    const city = await createCity();
    const source = await createSourceUrl({ url: PLAYLIST_URL, cityIds: [city.id] });
    await refreshSource(source.id);
    const [edited, untouched] = await videosOf(city.id);
    expect(await updateVideoByAdmin(edited!.id, { title: "Budget hearing, January 1" })).toBe(true);

    setCouncilPlaylist(listed(5).map((video) => ({ ...video, title: `${video.title} (renamed on YouTube)` })));
    expect(await refreshSource(source.id)).toEqual({ ...NO_COUNTS, found: 5, updated: 4 });

    const after = await videosOf(city.id);
    expect(after.find((video) => video.id === edited!.id)!.title).toBe("Budget hearing, January 1");
    expect(after.find((video) => video.id === untouched!.id)!.title).toBe(
      "City Council meeting 2 (renamed on YouTube)",
    );
  });

  it("a refresh failing halfway through the listing keeps what was stored", async () => {
    const city = await createCity();
    const source = await createSourceUrl({ url: PLAYLIST_URL, cityIds: [city.id] });
    await refreshSource(source.id);
    const [before] = await getTestDb().select().from(cityUrls).where(eq(cityUrls.id, source.id));

    setCouncilPlaylist(listed(7), { failure: "malformed", failFromPage: 2 });
    await expect(refreshSource(source.id)).rejects.toMatchObject({ code: "unavailable" });

    expect((await videosOf(city.id)).map((video) => video.videoId)).toEqual(
      listed(5)
        .map((v) => v.videoId)
        .reverse(),
    );
    const [after] = await getTestDb().select().from(cityUrls).where(eq(cityUrls.id, source.id));
    expect(after!.lastRefreshedAt).toEqual(before!.lastRefreshedAt);
  });
});

describe(`refreshing through the queue ${dbTag}`, () => {
  it("runs the refresh as a job with its counts, queues it once, and fetches the new videos' captions", async () => {
    const city = await createCity();
    const source = await createSourceUrl({ url: PLAYLIST_URL, cityIds: [city.id] });
    setCouncilPlaylist(listed(1));
    youtube.setVideo("meeting0001", { kind: "captions", tracks: [{ lang: "en", captions: FAKE_MEETING_CAPTIONS }] });

    const first = await requestSourceRefresh(source.id, null);
    expect(first.status).toBe("queued");
    expect(await requestSourceRefresh(source.id, null)).toEqual({ status: "already-queued", jobId: first.jobId });
    expect(await getSourceRefreshStatus(source.id)).toEqual({ state: "queued" });

    expect(await runNextJob("source-refresh")).toMatchObject({
      id: first.jobId,
      output: { outcome: "refreshed", ...NO_COUNTS, found: 1, new: 1 },
    });
    expect(await getSourceRefreshStatus(source.id)).toMatchObject({
      state: "done",
      counts: { ...NO_COUNTS, found: 1, new: 1 },
    });
    expect(await runNextJob("transcript-fetch")).toMatchObject({ output: { outcome: "fetched" } });
    const [video] = await getTestDb()
      .select()
      .from(cityVideos)
      .where(and(eq(cityVideos.cityId, city.id), eq(cityVideos.videoId, "meeting0001")));
    expect(video!.transcript).toContain("MAYOR LOPEZ");
  });

  it("a URL that is not a video source completes as failed with a clear message", async () => {
    const city = await createCity();
    const source = await createSourceUrl({ url: "https://example.com/council", cityIds: [city.id] });
    await requestSourceRefresh(source.id, null);
    expect(await runNextJob("source-refresh")).toMatchObject({
      output: { outcome: "failed", error: "This is not a YouTube channel or playlist URL." },
    });
    expect(await getSourceRefreshStatus(source.id)).toMatchObject({
      state: "failed",
      error: "This is not a YouTube channel or playlist URL.",
    });
  });

  it("the schedule queues the URLs of every city but Archived ones not refreshed within the interval, once", async () => {
    const live = await createCity({ status: "Live" });
    const fresh = await createSourceUrl({ url: PLAYLIST_URL, cityIds: [live.id] });
    const due = await createSourceUrl({ url: CHANNEL_URL, cityIds: [live.id] });
    // A city being set up (New, Test) fills itself before it goes Live (issue 26, item 13).
    const newCity = await createSourceUrl({ url: PLAYLIST_URL, cityIds: [(await createCity({ status: "New" })).id] });
    const testCity = await createSourceUrl({ url: CHANNEL_URL, cityIds: [(await createCity({ status: "Test" })).id] });
    const archived = await createSourceUrl({
      url: PLAYLIST_URL,
      cityIds: [(await createCity({ status: "Archive" })).id],
    });
    await refreshSource(fresh.id);

    expect(await queueDueRefreshes(6)).toBe(3);
    expect(await queueDueRefreshes(6)).toBe(0);
    for (const queued of [due, newCity, testCity])
      expect(await getSourceRefreshStatus(queued.id)).toEqual({ state: "queued" });
    expect(await getSourceRefreshStatus(fresh.id)).toEqual({ state: "none" });
    expect(await getSourceRefreshStatus(archived.id)).toEqual({ state: "none" });
  });
});
