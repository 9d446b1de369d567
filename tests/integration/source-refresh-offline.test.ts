import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { seedSource } from "#demo/sources";
import { seedDemoData } from "#demo/seed.server";
import { cityUrls, cityVideoSources, cityVideos } from "~/lib/db/schema";
import { runNextJob } from "~/lib/jobs/worker.server";
import { getToast } from "~/lib/toast/toast.server";
import { action, loader } from "~/routes/admin/city-management";
import { callAction, callLoader, cookiesFrom, dbTag, execSql, getTestDb, TEST_ORIGIN } from "../setup";
import { createSignedInUser } from "../support/factories";
import { freePort } from "../support/free-port";
import { withPipelineServices } from "../support/pipeline-services";

/**
 * The demo offline: an admin's Refresh Videos on a demo URL reaches a video
 * site that is not there (a closed port on 127.0.0.1). The videos table says
 * "Error refreshing videos" with the reason, first while the one retry
 * waits, then for good; every stored video stays as it was.
 */

withPipelineServices();

const PAGE = "/admin/city-management";
type RefreshData = { refresh: { state: string; retryingAfter?: string; error?: string } | null };

beforeEach(async () => {
  const closed = await freePort();
  process.env.YOUTUBE_BASE_URL = `http://127.0.0.1:${closed}`;
  process.env.YOUTUBE_API_BASE_URL = `http://127.0.0.1:${closed}/youtube/v3`;
  delete process.env.YOUTUBE_API_KEY;
  process.env.YOUTUBE_RETRIES = "0";
});

async function demoSource() {
  await seedDemoData();
  const [source] = await getTestDb()
    .select({ id: cityUrls.id })
    .from(cityUrls)
    .where(eq(cityUrls.url, seedSource("alder-creek-council").url));
  const [video] = await getTestDb()
    .select({ cityId: cityVideos.cityId })
    .from(cityVideos)
    .innerJoin(cityVideoSources, eq(cityVideoSources.cityVideoId, cityVideos.id))
    .where(eq(cityVideoSources.cityUrlId, source!.id))
    .limit(1);
  return { urlId: source!.id, cityId: video!.cityId };
}

async function storedVideos(urlId: string) {
  const rows = await getTestDb()
    .select({ video: cityVideos })
    .from(cityVideos)
    .innerJoin(cityVideoSources, eq(cityVideoSources.cityVideoId, cityVideos.id))
    .where(eq(cityVideoSources.cityUrlId, urlId))
    .orderBy(cityVideos.id);
  return rows.map((row) => row.video);
}

describe(`refreshing a demo URL offline ${dbTag}`, () => {
  it("fails with 'Error refreshing videos' and the reason in the videos table, nothing lost", async () => {
    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    const headers = { Cookie: admin.cookie };
    const { urlId, cityId } = await demoSource();
    const before = await storedVideos(urlId);
    expect(before.length).toBeGreaterThan(0);
    const page = `${PAGE}?city=${cityId}&url=${urlId}`;

    const posted = await callAction(action, PAGE, { intent: "refresh-videos", cityId, urlId }, { headers });
    expect(posted.status).toBe(302);
    const toast = await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookiesFrom(posted) } }));
    expect(toast.toast).toMatchObject({ type: "info", title: "Refresh queued" });
    expect(((await callLoader(loader, page, { headers })).data as RefreshData).refresh).toEqual({ state: "queued" });

    expect(await runNextJob("source-refresh")).toMatchObject({ error: { message: "YouTube could not be reached." } });
    expect(((await callLoader(loader, page, { headers })).data as RefreshData).refresh).toEqual({
      state: "queued",
      retryingAfter: "YouTube could not be reached.",
    });

    await execSql(
      "update pgboss.job set start_after = now() - interval '1 second' where name = $1 and state = 'retry'",
      ["source-refresh"],
    );
    expect(await runNextJob("source-refresh")).toMatchObject({ error: { message: "YouTube could not be reached." } });
    expect(((await callLoader(loader, page, { headers })).data as RefreshData).refresh).toMatchObject({
      state: "failed",
      error: "YouTube could not be reached.",
    });
    expect(await runNextJob("source-refresh")).toBeNull();
    expect(await storedVideos(urlId)).toEqual(before);
  });
});
