import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_ANALYSES } from "#demo/analyses";
import { seedVideo } from "#demo/meetings";
import { cities } from "~/lib/db/schema";
import { startWorker, stopWorker } from "~/lib/jobs/worker.server";
import { action, loader as adminLoader } from "~/routes/admin/city-management";
import { loader as cityPageLoader } from "~/routes/city/index";
import { callAction, callLoader, dbTag, getTestDb, TEST_ORIGIN } from "../setup";
import { createSignedInUser } from "../support/factories";
import {
  startFakeYoutubeServer,
  type FakeCaption,
  type FakeListedVideo,
  type FakeYoutubeServer,
} from "../support/fake-youtube-server";
import { withPipelineServices } from "../support/pipeline-services";

/**
 * The whole flow, as issue 10 checks it: an admin creates a city and adds a
 * channel served by the fake video site; one Refresh Videos and the worker
 * (running in this process, nobody running a command) bring the videos,
 * their captions, analyses (the offline analyzer) and stories, and the
 * public city page lists them with their Analysis and Story links.
 */

withPipelineServices();

const PAGE = "/admin/city-management";
const CHANNEL_ID = "UCfakeHalfMoonBayCity001";
const CHANNEL_URL = "https://www.youtube.com/@HalfMoonBayCity";

/** A demo meeting's timed transcript ("[hh:mm:ss] text" lines) as the video site's captions. */
function captionsOf(transcript: string): FakeCaption[] {
  return transcript.split("\n").flatMap((line) => {
    const match = /^\[(\d\d):(\d\d):(\d\d)\] (.+)$/.exec(line);
    if (!match) return [];
    const [, h, m, s, text] = match;
    return [{ start: Number(h) * 3600 + Number(m) * 60 + Number(s), dur: 4, text: text! }];
  });
}

const MEETINGS: FakeListedVideo[] = SEED_ANALYSES.slice(0, 2).map((record, index) => ({
  videoId: `hmbCouncil${index + 1}`,
  title: `Half Moon Bay City Council – meeting ${index + 1}`,
  description: `Regular meeting ${index + 1} of the City Council`,
  publishedAt: new Date(Date.UTC(2026, 9, 6 + 14 * index, 1)).toISOString(),
}));

let youtube: FakeYoutubeServer;

beforeAll(async () => {
  youtube = await startFakeYoutubeServer();
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  process.env.YOUTUBE_API_BASE_URL = youtube.apiBaseUrl;
  process.env.YOUTUBE_RETRIES = "0";
  delete process.env.YOUTUBE_API_KEY; // a fresh clone has none: the keyless feeds
});
afterAll(async () => {
  await youtube.close();
});
beforeEach(() => {
  youtube.setChannel({ id: CHANNEL_ID, handle: "HalfMoonBayCity", title: "City of Half Moon Bay", uploads: MEETINGS });
  SEED_ANALYSES.slice(0, 2).forEach((record, index) => {
    const transcript = seedVideo(record.videoKey).transcript!;
    youtube.setVideo(MEETINGS[index]!.videoId, {
      kind: "captions",
      tracks: [{ lang: "en", captions: captionsOf(transcript) }],
    });
  });
});
afterEach(async () => {
  await stopWorker({ timeoutMs: 1000 });
});

async function waitFor<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type CityPageData = {
  list: { videos: Array<{ id: string; title: string; hasStory: boolean; transcriptLength: number | null }> };
  stats: { totalVideos: number; analyzedVideos: number; stories: number; withTranscript: number };
};

describe(`a city's videos flow in by themselves ${dbTag}`, () => {
  it("admin adds a city and a channel, one Refresh Videos: meetings, transcripts, analyses and stories on the city page", async () => {
    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    const headers = { Cookie: admin.cookie };
    const post = async (fields: Record<string, string>) => {
      const result = await callAction(action, PAGE, fields, { headers });
      expect(result.status, JSON.stringify(result.data)).toBe(302);
      return new URL(result.headers.get("Location")!, TEST_ORIGIN).searchParams;
    };
    await startWorker({ pollingIntervalSeconds: 0.5 });

    const cityId = (await post({ intent: "create-city", name: "Half Moon Bay", county: "San Mateo" })).get("city")!;
    const [city] = await getTestDb().select().from(cities).where(eq(cities.id, cityId));
    await post({
      intent: "update-city",
      cityId,
      name: city!.name,
      state: city!.state,
      county: city!.county ?? "",
      locationKey: city!.locationKey,
      primaryColor: city!.primaryColor ?? "",
      secondaryColor: city!.secondaryColor ?? "",
      status: "Live",
    });
    const urlId = (await post({ intent: "create-url", cityId, url: CHANNEL_URL, title: "City Council" })).get("url")!;
    await post({ intent: "refresh-videos", cityId, urlId });

    const page = `${PAGE}?city=${cityId}&url=${urlId}`;
    const admin_ = await waitFor(
      async () => (await callLoader(adminLoader, page, { headers })).data as { refresh: { state: string } },
      (data) => data.refresh.state === "done" || data.refresh.state === "failed",
    );
    expect(admin_.refresh).toMatchObject({ state: "done", counts: { found: 2, new: 2, updated: 0, failed: 0 } });

    const cityPage = () =>
      callLoader(cityPageLoader, `/city/${city!.locationKey}`, { params: { locationKey: city!.locationKey } });
    const data = await waitFor(
      async () => (await cityPage()).data as CityPageData,
      (d) => d.stats.stories === 2,
    );
    expect(data.stats).toMatchObject({ totalVideos: 2, withTranscript: 2, analyzedVideos: 2, stories: 2 });
    expect(data.list.videos.map((video) => video.title)).toEqual([MEETINGS[1]!.title, MEETINGS[0]!.title]);
    for (const video of data.list.videos) {
      expect(video.hasStory).toBe(true); // View Story is a link
      expect(video.transcriptLength).toBeGreaterThan(1000); // Analysis is a link, the transcript is sufficient
    }
  }, 120_000);
});
