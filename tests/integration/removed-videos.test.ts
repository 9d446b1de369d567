import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cityVideoSources, cityVideos, deletedVideos } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { runNextJob } from "~/lib/jobs/worker.server";
import { NO_COUNTS, refreshSource } from "~/lib/sources/refresh.server";
import { queueDueRefreshes, requestSourceRefresh } from "~/lib/sources/requests.server";
import { getToast } from "~/lib/toast/toast.server";
import { action, loader } from "~/routes/admin/city-management";
import { action as managerAction } from "~/routes/admin/youtube-manager";
import {
  callAction,
  callLoader,
  cookiesFrom,
  dbTag,
  execSql,
  getTestDb,
  TEST_ORIGIN,
  truncateAllTables,
} from "../setup";
import type { RouteResult } from "../setup";
import { createCity, createCitySource, createSignedInUser } from "../support/factories";
import { startFakeYoutubeServer, type FakeListedVideo, type FakeYoutubeServer } from "../support/fake-youtube-server";

/**
 * Deleted videos stay deleted (issue 26, item 2; docs/decisions/0047): a
 * deletion in City Management is remembered per city by the video site's
 * id, with who and when; every refresh (Refresh Videos, the schedule, the
 * Channel Manager's Save and fetch) skips it; City Management lists it as
 * removed by an admin, and Restore brings it back.
 */

const PAGE = "/admin/city-management";
const CHANNEL_URL = "https://www.youtube.com/@RivertonCity";
const PROMO = "promo000001";

const listed = (videoId: string, title: string, day: number): FakeListedVideo => ({
  videoId,
  title,
  publishedAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
});

let youtube: FakeYoutubeServer;
let admin: { cookie: string; id: string; email: string };

beforeAll(async () => {
  youtube = await startFakeYoutubeServer();
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  process.env.YOUTUBE_API_BASE_URL = youtube.apiBaseUrl;
  process.env.YOUTUBE_RETRIES = "0";
  process.env.YOUTUBE_TIMEOUT_MS = "2000";
  delete process.env.YOUTUBE_API_KEY;
});
afterAll(async () => {
  await stopBoss();
  await youtube.close();
});
beforeEach(async () => {
  await truncateAllTables();
  await (await getBoss()).clearStorage();
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  youtube.setChannel({
    id: "UCfakeRivertonCouncil001",
    handle: "RivertonCity",
    title: "City of Riverton",
    uploads: [listed("meeting0002", "City Council, February", 20), listed(PROMO, "Promo: summer fair", 10)],
  });
});

const post = (fields: Record<string, string>, cookie = admin.cookie) =>
  callAction(action, PAGE, fields, { headers: cookie ? { Cookie: cookie } : {} });

async function toastOf(result: RouteResult) {
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookiesFrom(result) } }))).toast;
}

async function videoIds(cityId: string): Promise<string[]> {
  const rows = await getTestDb()
    .select({ videoId: cityVideos.videoId })
    .from(cityVideos)
    .where(eq(cityVideos.cityId, cityId))
    .orderBy(cityVideos.videoId);
  return rows.map((row) => row.videoId);
}

async function promoOf(cityId: string) {
  const [row] = await getTestDb()
    .select()
    .from(cityVideos)
    .where(and(eq(cityVideos.cityId, cityId), eq(cityVideos.videoId, PROMO)));
  return row ?? null;
}

/** A New city with the channel, refreshed once: the council meeting and the promo. */
async function refreshedCity() {
  const city = await createCity({ name: "Riverton", status: "New" });
  const source = await createCitySource(city.id, { title: "Council channel", url: CHANNEL_URL });
  await refreshSource(source.id);
  expect(await videoIds(city.id)).toEqual(["meeting0002", PROMO]);
  return { city, source };
}

describe(`deleted videos stay deleted ${dbTag}`, () => {
  it("asks first, remembers who deleted what and when, and lists it as removed by an admin", async () => {
    const { city, source } = await refreshedCity();
    const promo = (await promoOf(city.id))!;

    // The confirm step is a state of the page, reached by a link: nothing is deleted by opening it.
    const confirm = await callLoader(
      loader,
      `${PAGE}?city=${city.id}&url=${source.id}&confirm=delete-video:${promo.id}`,
      {
        headers: { Cookie: admin.cookie },
      },
    );
    expect(confirm.data).toMatchObject({ confirm: { kind: "video", id: promo.id } });
    expect(await promoOf(city.id)).not.toBeNull();

    const deleted = await post({ intent: "delete-video", cityId: city.id, urlId: source.id, meetingId: promo.id });
    expect(deleted.status).toBe(302);
    expect(await toastOf(deleted)).toMatchObject({ type: "success", title: "Video deleted successfully" });
    expect(await promoOf(city.id)).toBeNull();
    const [memory] = await getTestDb().select().from(deletedVideos);
    expect(memory).toMatchObject({
      cityId: city.id,
      videoId: PROMO,
      title: "Promo: summer fair",
      deletedBy: admin.id,
      sourceIds: [source.id],
    });
    expect(memory!.deletedAt).toBeInstanceOf(Date);

    const page = await callLoader(loader, `${PAGE}?city=${city.id}&url=${source.id}`, {
      headers: { Cookie: admin.cookie },
    });
    expect(page.data).toMatchObject({
      removed: [{ videoId: PROMO, title: "Promo: summer fair", deletedBy: admin.email }],
    });
  });

  it("no refresh brings it back: Refresh Videos twice, the schedule, and the Channel Manager's Save and fetch", async () => {
    const { city, source } = await refreshedCity();
    await post({ intent: "delete-video", cityId: city.id, urlId: source.id, meetingId: (await promoOf(city.id))!.id });

    // Refresh Videos, twice, through the queue.
    for (let round = 0; round < 2; round++) {
      await post({ intent: "refresh-videos", cityId: city.id, urlId: source.id });
      expect(await runNextJob("source-refresh")).toMatchObject({
        output: { outcome: "refreshed", ...NO_COUNTS, found: 2, skipped: 1 },
      });
      expect(await videoIds(city.id)).toEqual(["meeting0002"]);
    }
    // The schedule (New cities are refreshed too).
    await execSql("update city_urls set last_refreshed_at = now() - interval '7 hours'");
    expect(await queueDueRefreshes(6)).toBe(1);
    await runNextJob("source-refresh");
    expect(await videoIds(city.id)).toEqual(["meeting0002"]);
    // The Channel Manager's Save and fetch of the same channel's recent videos: the URL is already there, its refresh skips the promo.
    const saved = await callAction(
      managerAction,
      "/admin/youtube-manager",
      {
        intent: "save-and-fetch",
        cityId: city.id,
        analyzedUrl: CHANNEL_URL,
        includeRecent: "on",
        sourceType: "YouTube",
        contentType: "Playlist",
        entityType: "Government",
      },
      { headers: { Cookie: admin.cookie } },
    );
    expect(saved.status).toBe(302);
    while (await runNextJob("source-refresh"));
    expect(await videoIds(city.id)).toEqual(["meeting0002"]);
    // No caption job was queued again: the two of the first refresh are all there are.
    const jobs = await execSql<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'transcript-fetch'",
    );
    expect(jobs[0]!.n).toBe(2);
  });

  it("is remembered per city: the same video in another city is refreshed as usual", async () => {
    const { city, source } = await refreshedCity();
    const other = await createCity({ name: "Lakeside" });
    await execSql("insert into cities_urls (city_id, url_id) values ($1, $2)", [other.id, source.id]);
    await post({ intent: "delete-video", cityId: city.id, urlId: source.id, meetingId: (await promoOf(city.id))!.id });
    expect(await refreshSource(source.id)).toMatchObject({ found: 2, new: 2, skipped: 1 });
    expect(await videoIds(other.id)).toEqual(["meeting0002", PROMO]);
    expect(await videoIds(city.id)).toEqual(["meeting0002"]);
  });

  it("Restore forgets the removal and brings the video back, listed by its source, its captions queued", async () => {
    const { city, source } = await refreshedCity();
    await post({ intent: "delete-video", cityId: city.id, urlId: source.id, meetingId: (await promoOf(city.id))!.id });
    await refreshSource(source.id);

    const restored = await post({ intent: "restore-video", cityId: city.id, urlId: source.id, videoId: PROMO });
    expect(restored.status).toBe(302);
    expect(await toastOf(restored)).toMatchObject({ type: "success", title: "Video restored successfully" });
    expect(restored.headers.get("Location")).toBe(`${PAGE}?city=${city.id}&url=${source.id}`);
    const promo = (await promoOf(city.id))!;
    expect(promo).toMatchObject({ title: "Promo: summer fair", publishedAt: new Date(Date.UTC(2026, 0, 10)) });
    const sources = await getTestDb()
      .select({ url: cityVideoSources.cityUrlId })
      .from(cityVideoSources)
      .where(eq(cityVideoSources.cityVideoId, promo.id));
    expect(sources).toEqual([{ url: source.id }]);
    expect(await getTestDb().select().from(deletedVideos)).toEqual([]);
    const captions = await execSql<{ id: string }>(
      "select id from pgboss.job where name = 'transcript-fetch' and singleton_key = $1",
      [promo.id],
    );
    expect(captions).toHaveLength(1);
    // The next refresh finds it stored: nothing new, nothing skipped.
    expect(await refreshSource(source.id)).toEqual({ ...NO_COUNTS, found: 2 });

    const again = await post({ intent: "restore-video", cityId: city.id, urlId: source.id, videoId: PROMO });
    expect(again.status).toBe(404);
    expect(again.data).toMatchObject({ toast: { title: "Error restoring video" } });
  });

  it("refuses a visitor and a member, on Restore too", async () => {
    const { city, source } = await refreshedCity();
    await post({ intent: "delete-video", cityId: city.id, urlId: source.id, meetingId: (await promoOf(city.id))!.id });
    const member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
    for (const [cookie, status] of [
      ["", 401],
      [member.cookie, 403],
    ] as const) {
      const result = await post({ intent: "restore-video", cityId: city.id, videoId: PROMO }, cookie);
      expect(result.status).toBe(status);
    }
    expect(await getTestDb().select().from(deletedVideos)).toHaveLength(1);
    expect(await promoOf(city.id)).toBeNull();
  });
});

describe(`removal and refresh at the same time ${dbTag}`, () => {
  it("a refresh saving the city's videos while a deletion commits never brings the video back", async () => {
    const { city, source } = await refreshedCity();
    // Both at once, several times: whichever runs first, the promo ends up deleted and remembered.
    for (let round = 0; round < 5; round++) {
      if (round > 0) await post({ intent: "restore-video", cityId: city.id, videoId: PROMO });
      const promo = (await promoOf(city.id))!;
      const [, deleted] = await Promise.all([
        refreshSource(source.id),
        post({ intent: "delete-video", cityId: city.id, urlId: source.id, meetingId: promo.id }),
      ]);
      expect(deleted.status).toBe(302);
      expect(await promoOf(city.id)).toBeNull();
    }
    await requestSourceRefresh(source.id, null);
    await runNextJob("source-refresh");
    expect(await promoOf(city.id)).toBeNull();
  });
});
