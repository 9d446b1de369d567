import fs from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cityVideoSources, cityVideos } from "~/lib/db/schema";
import { NO_COUNTS, refreshSource } from "~/lib/sources/refresh.server";
import { listVideosOfSource } from "~/lib/sources/videos.server";
import { loader as cityLoader } from "~/routes/city/index";
import { loader as contentLoader } from "~/routes/admin/content-management";
import { callLoader, dbTag, execSql, getTestDb, TEST_ORIGIN, truncateAllTables } from "../setup";
import { createCity, createCitySource, createSignedInUser } from "../support/factories";
import { startFakeYoutubeServer, type FakeListedVideo, type FakeYoutubeServer } from "../support/fake-youtube-server";

/**
 * A video belongs to every source that lists it (issue 26, items 3 and 5;
 * docs/decisions/0047-sources-and-removed-videos.md): a playlist added
 * beside the channel's uploads lists the videos the uploads already
 * brought, the city page counts and filters by every source that has
 * videos, whatever its content type, and the migration turned each video's
 * one source into a row of city_video_sources.
 */

const CHANNEL_ID = "UCfakeRivertonCouncil001";
const CHANNEL_URL = "https://www.youtube.com/@RivertonCity";
const BUDGET = "PLbudgetHearings00001";
const BUDGET_URL = `https://www.youtube.com/playlist?list=${BUDGET}`;
const KEY = "riverton-sources";

const video = (n: number, title: string): FakeListedVideo => ({
  videoId: `meeting${String(n).padStart(4, "0")}`,
  title,
  publishedAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
});
/** The channel's uploads: two budget hearings, two promos, a council meeting. */
const UPLOADS = [
  video(5, "Budget hearing, part 2"),
  video(4, "Promo: Riverton summer fair"),
  video(3, "City Council, regular meeting"),
  video(2, "Budget hearing, part 1"),
  video(1, "Promo: Parks week"),
];
const BUDGET_HEARINGS = [UPLOADS[0]!, UPLOADS[3]!];

let youtube: FakeYoutubeServer;

beforeAll(async () => {
  youtube = await startFakeYoutubeServer();
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  process.env.YOUTUBE_API_BASE_URL = youtube.apiBaseUrl;
  process.env.YOUTUBE_RETRIES = "0";
  process.env.YOUTUBE_TIMEOUT_MS = "2000";
});
afterAll(async () => {
  delete process.env.YOUTUBE_API_KEY;
  await youtube.close();
});
beforeEach(async () => {
  await truncateAllTables();
  delete process.env.YOUTUBE_API_KEY; // the keyless default
  youtube.setChannel({
    id: CHANNEL_ID,
    handle: "RivertonCity",
    title: "City of Riverton",
    uploads: UPLOADS,
    playlistIds: [BUDGET],
  });
  youtube.setPlaylist({ id: BUDGET, title: "Budget hearings", videos: BUDGET_HEARINGS });
});

type CityPage = {
  list: { videos: { id: string; title: string }[] };
  sources: { id: string; title: string }[];
  stats: { totalVideos: number };
};

const cityPage = async (search = "") =>
  (await callLoader(cityLoader, `/city/${KEY}${search}`, { params: { locationKey: KEY } })).data as CityPage;

/** A Live city with the channel's uploads (City Management, "video") and a playlist the Channel Manager saved ("Playlist"). */
async function cityWithUploadsAndPlaylist() {
  const city = await createCity({ name: "Riverton", locationKey: KEY, status: "Live" });
  const uploads = await createCitySource(city.id, {
    title: "Council channel",
    url: CHANNEL_URL,
    contentType: "video",
    body: "city",
  });
  const playlist = await createCitySource(city.id, {
    title: "Budget hearings",
    url: BUDGET_URL,
    contentType: "Playlist",
    sourceType: "YouTube",
    body: "school",
  });
  return { city, uploads, playlist };
}

describe(`a video belongs to every source that lists it ${dbTag}`, () => {
  it("a playlist added beside the channel's uploads lists the videos the uploads brought", async () => {
    const { city, uploads, playlist } = await cityWithUploadsAndPlaylist();
    expect(await refreshSource(uploads.id)).toEqual({ ...NO_COUNTS, found: 5, new: 5 });
    // Before issue 26: "2 found, 0 new" and an empty playlist.
    expect(await refreshSource(playlist.id)).toEqual({ ...NO_COUNTS, found: 2, linked: 2 });
    expect(await refreshSource(playlist.id)).toEqual({ ...NO_COUNTS, found: 2 });

    const titles = async (urlId: string) => (await listVideosOfSource(city.id, urlId)).map((v) => v.title);
    expect(await titles(playlist.id)).toEqual(["Budget hearing, part 2", "Budget hearing, part 1"]);
    expect(await titles(uploads.id)).toHaveLength(5);
    // One row per meeting, whatever the number of its sources.
    expect(await getTestDb().select().from(cityVideos).where(eq(cityVideos.cityId, city.id))).toHaveLength(5);
  });

  it("the city page counts and filters by every source with videos, whatever its content type", async () => {
    const { uploads, playlist } = await cityWithUploadsAndPlaylist();
    const empty = await createCitySource((await cityPageCity()).id, { title: "Agendas", contentType: "text" });
    await refreshSource(uploads.id);
    await refreshSource(playlist.id);

    const all = await cityPage();
    expect(all.stats.totalVideos).toBe(5);
    // "Video sources 2": both sources with videos (the "Playlist" one too), not the one without.
    expect(all.sources.map((source) => source.id).sort()).toEqual([uploads.id, playlist.id].sort());
    expect(all.sources.map((source) => source.id)).not.toContain(empty.id);

    const filtered = await cityPage(`?source=${playlist.id}`);
    expect(filtered.list.videos.map((v) => v.title)).toEqual(["Budget hearing, part 2", "Budget hearing, part 1"]);
    expect((await cityPage(`?source=${uploads.id}`)).list.videos).toHaveLength(5);
  });

  it("Content Management shows the playlist's videos under it", async () => {
    const { city, uploads, playlist } = await cityWithUploadsAndPlaylist();
    await refreshSource(uploads.id);
    await refreshSource(playlist.id);
    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    const page = await callLoader(
      contentLoader,
      `/admin/content-management?cityId=${city.id}&sourceUrlId=${playlist.id}`,
      {
        headers: { Cookie: admin.cookie },
      },
    );
    const data = page.data as { videos: { title: string }[] };
    expect(data.videos.map((v) => v.title)).toEqual(["Budget hearing, part 2", "Budget hearing, part 1"]);
  });

  it("deleting a source unlists its videos, which stay in the city with their other sources", async () => {
    const { city, uploads, playlist } = await cityWithUploadsAndPlaylist();
    await refreshSource(uploads.id);
    await refreshSource(playlist.id);
    await execSql("delete from city_urls where id = $1", [playlist.id]);
    expect(await listVideosOfSource(city.id, uploads.id)).toHaveLength(5);
    const rows = await getTestDb()
      .select({ url: cityVideoSources.cityUrlId })
      .from(cityVideoSources)
      .innerJoin(cityVideos, eq(cityVideos.id, cityVideoSources.cityVideoId))
      .where(and(eq(cityVideos.cityId, city.id)));
    expect(new Set(rows.map((row) => row.url))).toEqual(new Set([uploads.id]));
  });
});

async function cityPageCity() {
  const [row] = await execSql<{ id: string }>("select id from cities where location_key = $1", [KEY]);
  return row!;
}

describe(`the migration to city_video_sources ${dbTag}`, () => {
  const MIGRATION = path.resolve(import.meta.dirname, "../../drizzle/0013_video_sources_and_deletions.sql");

  /** The migration's statements from its backfill on (the backfill and the column's removal). */
  function backfillStatements(): string[] {
    const text = fs.readFileSync(MIGRATION, "utf8");
    const from = text.indexOf("-- hand-written: every video's one source");
    expect(from).toBeGreaterThan(0);
    const to = text.indexOf("-- hand-written: the city page lists");
    return text
      .slice(from, to)
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);
  }

  it("turns every video's one source (city_videos.city_urls_id) into its row of city_video_sources", async () => {
    const { city, uploads } = await cityWithUploadsAndPlaylist();
    // The table as it was before the migration: a city_urls_id per video.
    await execSql("alter table city_videos add column city_urls_id uuid references city_urls(id) on delete set null");
    const [withSource] = await execSql<{ id: string }>(
      "insert into city_videos (city_id, video_id, title, city_urls_id) values ($1, 'old-001', 'Old meeting', $2) returning id",
      [city.id, uploads.id],
    );
    const [without] = await execSql<{ id: string }>(
      "insert into city_videos (city_id, video_id, title) values ($1, 'old-002', 'Sourceless meeting') returning id",
      [city.id],
    );
    for (const statement of backfillStatements()) await execSql(statement);

    const rows = await getTestDb()
      .select({ video: cityVideoSources.cityVideoId, url: cityVideoSources.cityUrlId })
      .from(cityVideoSources)
      .orderBy(asc(cityVideoSources.cityVideoId));
    expect(rows).toEqual([{ video: withSource!.id, url: uploads.id }]);
    expect(rows.map((row) => row.video)).not.toContain(without!.id);
    const columns = await execSql<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'city_videos' and column_name = 'city_urls_id'",
    );
    expect(columns).toEqual([]);
  });
});
