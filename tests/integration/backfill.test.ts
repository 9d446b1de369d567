import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { seedVideo } from "#demo/meetings";
import { cityVideos } from "~/lib/db/schema";
import { getToast } from "~/lib/toast/toast.server";
import { listBackfillRuns, queueBackfill, UnknownCityError } from "~/lib/pipeline/backfill.server";
import { action as jobsAction, loader as jobsLoader } from "~/routes/admin/jobs";
import { callRoute, dbTag, execSql, formRequest, getRequest, getTestDb, TEST_ORIGIN } from "../setup";
import { createCity, createMeeting, createSignedInUser } from "../support/factories";
import { withPipelineServices, workQueue } from "../support/pipeline-services";

/**
 * Issue 26, item 12: "Analyze every eligible meeting" from the back office
 * (per city and for all), through the worker's queue, with its progress.
 * The same runs that `npm run analyze` hands to a running server
 * (hand-off.test.ts).
 */

const TRANSCRIPT = seedVideo("ac-cc-2025-07-15").transcript!;
withPipelineServices();

async function meetingsOfRiverton() {
  const city = await createCity({ name: "Riverton", locationKey: "riverton", status: "Live" });
  const meeting = (title: string, options: Parameters<typeof createMeeting>[0] = { cityId: city.id }) =>
    createMeeting({ transcript: TRANSCRIPT, ...options, cityId: city.id, title });
  return {
    city,
    bare: await meeting("Bare"),
    done: await meeting("Done", { cityId: city.id, analysis: true, story: true }),
    noStory: await meeting("No story", { cityId: city.id, analysis: true }),
    short: await meeting("Short", { cityId: city.id, transcript: "CLERK: The meeting is adjourned. ".repeat(10) }),
    untranscribed: await meeting("No transcript", { cityId: city.id, transcript: null }),
  };
}

async function flags(id: string) {
  const [row] = await getTestDb()
    .select({ analysis: cityVideos.analysisResults, story: cityVideos.newsStory })
    .from(cityVideos)
    .where(eq(cityVideos.id, id));
  return { analysis: row?.analysis != null, story: row?.story != null };
}

async function toastOf(result: { headers: Headers }) {
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }))).toast;
}

describe(`backfill through the queue ${dbTag}`, () => {
  it("queues each eligible meeting that lacks its analysis or story, once; the run's progress follows its jobs", async () => {
    const riverton = await meetingsOfRiverton();
    const elsewhere = await createCity({ name: "Elsewhere", locationKey: "elsewhere" });
    const other = await createMeeting({ cityId: elsewhere.id, transcript: TRANSCRIPT, title: "Elsewhere's" });

    const first = await queueBackfill({ cityKey: "riverton" }, { origin: "admin" });
    expect(first).toMatchObject({ cityName: "Riverton", queued: 2, skipped: 1 });
    // Asked again while those wait: nothing more.
    expect(await queueBackfill({ cityKey: "riverton" }, { origin: "command" })).toEqual({
      runId: null,
      cityName: "Riverton",
      queued: 0,
      skipped: 3,
    });
    const queuedFor = await execSql<{ video: string }>(
      "select singleton_key as video from pgboss.job where name = 'backfill' order by 1",
    );
    expect(queuedFor.map((row) => row.video)).toEqual([riverton.bare.id, riverton.noStory.id].sort());

    expect(await listBackfillRuns()).toMatchObject([
      {
        id: first.runId,
        cityName: "Riverton",
        origin: "admin",
        queued: 2,
        skipped: 1,
        progress: { waiting: 2, running: 0, done: 0, failed: 0 },
        finished: false,
      },
    ]);

    await workQueue("backfill");
    expect(await flags(riverton.bare.id)).toEqual({ analysis: true, story: true });
    expect(await flags(riverton.noStory.id)).toEqual({ analysis: true, story: true });
    expect(await flags(riverton.short.id)).toEqual({ analysis: false, story: false });
    expect(await flags(other.id)).toEqual({ analysis: false, story: false });
    expect(await listBackfillRuns()).toMatchObject([
      { id: first.runId, progress: { waiting: 0, running: 0, done: 2, failed: 0 }, finished: true },
    ]);

    // Every city: only what is still missing.
    const all = await queueBackfill({ all: true }, { origin: "admin" });
    expect(all).toMatchObject({ cityName: null, queued: 1, skipped: 3 });
    // With force, done ones again (npm run analyze -- --force).
    expect(await queueBackfill({ cityKey: "riverton" }, { origin: "command", force: true })).toMatchObject({
      queued: 3,
    });
    const runs = await listBackfillRuns();
    expect(runs.map((run) => [run.cityName, run.queued, run.force, run.origin])).toEqual([
      ["Riverton", 3, true, "command"],
      [null, 1, false, "admin"],
      ["Riverton", 2, false, "admin"],
    ]);
  }, 120_000); // two meetings analyzed and written by the offline analyzer

  it("counts a meeting that cannot be analyzed any more as failed", async () => {
    const riverton = await meetingsOfRiverton();
    await queueBackfill({ cityKey: "riverton" }, { origin: "admin" });
    await execSql("update city_videos set transcript = null where id = $1", [riverton.bare.id]);
    await workQueue("backfill");
    const [run] = await listBackfillRuns();
    expect(run).toMatchObject({ progress: { waiting: 0, running: 0, done: 1, failed: 1 }, finished: true });
  });

  it("refuses an unknown city", async () => {
    await expect(queueBackfill({ cityKey: "nowhere" }, { origin: "admin" })).rejects.toBeInstanceOf(UnknownCityError);
  });
});

describe(`"Analyze every eligible meeting" on /admin/jobs ${dbTag}`, () => {
  let headers: HeadersInit;
  beforeEach(async () => {
    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    headers = { Cookie: admin.cookie };
  });

  it("queues per city or for all, says how many, and the page lists the run with its progress", async () => {
    await meetingsOfRiverton();
    const post = (fields: Record<string, string>) =>
      callRoute(jobsAction, { request: formRequest("/admin/jobs", { intent: "backfill", ...fields }, { headers }) });

    const queued = await post({ city: "riverton" });
    expect(queued.status).toBe(302);
    expect(queued.headers.get("Location")).toBe("/admin/jobs");
    expect(await toastOf(queued)).toMatchObject({
      type: "success",
      title: "Analysis queued for 2 meetings",
      description: "Of Riverton. 1 meeting was already done or waiting. The progress shows below.",
    });
    expect(await toastOf(await post({ city: "" }))).toMatchObject({
      type: "info",
      title: "Nothing to analyze",
      description: "Every eligible meeting of every city already has its analysis and story, or is waiting for them.",
    });
    const unknown = await post({ city: "nowhere" });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ toast: { type: "error", title: "City not found" } });

    const page = await callRoute(jobsLoader, { request: getRequest("/admin/jobs", { headers }) });
    expect(page.data).toMatchObject({
      cities: [{ name: "Riverton", locationKey: "riverton" }],
      runs: [{ cityName: "Riverton", queued: 2, progress: { waiting: 2, done: 0 }, finished: false }],
    });
  });
});
