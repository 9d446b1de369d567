import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { seedVideo } from "#demo/meetings";
import { cities, cityVideos, storyRevisions } from "~/lib/db/schema";
import { ensureAnalysisQueued, runNextJob } from "~/lib/jobs/index.server";
import { analyzeVideo, writeVideoStory } from "~/lib/pipeline/index.server";
import { getToast } from "~/lib/toast/toast.server";
import { NoScriptRefresh, PipelineStatusNotice } from "~/components/pipeline/pipeline-status";
import * as jobsPage from "~/routes/admin/jobs";
import { action as jobsAction, loader as jobsLoader } from "~/routes/admin/jobs";
import * as revisionsPage from "~/routes/admin/revisions";
import { action as revisionsAction, loader as revisionsLoader } from "~/routes/admin/revisions";
import * as playgroundPage from "~/routes/admin/story-playground";
import { action as playgroundAction, loader as playgroundLoader } from "~/routes/admin/story-playground";
import { loader as statusLoader } from "~/routes/resources/pipeline-status";
import { callRoute, dbTag, execSql, formRequest, getRequest, getTestDb, TEST_ORIGIN } from "../setup";
import { createCity, createMeeting, createSignedInUser } from "../support/factories";
import { withPipelineServices } from "../support/pipeline-services";
import routeConfig from "../../app/routes";
import { useFakeModel } from "../support/fake-openai-server";

/** The admin pipeline pages: who may use them, and what their forms do. */

const TRANSCRIPT = seedVideo("ac-cc-2025-07-15").transcript!;
const openai = withPipelineServices();
let admin: { cookie: string; id: string };
let member: { cookie: string; id: string };

/** A meeting in the Live city "riverton" (created by the first one), as the story playground lists it. */
async function createRivertonMeeting(transcript: string | null = TRANSCRIPT) {
  const [existing] = await getTestDb().select().from(cities).where(eq(cities.locationKey, "riverton"));
  const city = existing ?? (await createCity({ name: "Riverton", locationKey: "riverton", status: "Live" }));
  return createMeeting({
    cityId: city.id,
    transcript,
    title: "Regular meeting",
    publishedAt: new Date("2026-01-13T18:00:00Z"),
  });
}

async function toastOf(result: { headers: Headers }) {
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }))).toast;
}

beforeEach(async () => {
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
});

/** One route of the config: React Router's RouteConfigEntry, as far as the walk needs it. */
type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/");

/**
 * Every route at or under /admin in app/routes.ts, with its full path. A
 * pathless layout counts when everything inside it is an admin route
 * (prefix() puts the path on its children, not on the layout).
 */
function adminRoutes(
  entries: RouteEntry[] = routeConfig as RouteEntry[],
  parentPath = "",
): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parentPath}/${entry.path}` : parentPath;
    const children = entry.children ?? [];
    const inside = adminRoutes(children, path);
    const isAdmin = (child: RouteEntry) => inside.some((route) => route.file === child.file);
    if (isAdminPath(path)) return [{ path, file: entry.file }, ...inside];
    if (entry.path || children.length === 0 || !children.every(isAdmin)) return inside;
    // A pathless layout answers at its shortest child's address.
    const [shortest] = inside.map((route) => route.path).sort((a, b) => a.length - b.length);
    return [{ path: shortest!, file: entry.file }, ...inside];
  });
}

/** The forms each admin action really takes, so that a missing check would act; others get a made-up intent. */
function adminPostFields(path: string, meetingId: string): Record<string, string> {
  const known: Record<string, Record<string, string>> = {
    "/admin/story-playground": { intent: "generate", meetingId },
    "/admin/jobs": { intent: "retry", queue: "analysis", jobId: meetingId },
    "/admin/revisions/:meetingId": { intent: "reanalyze" },
    "/admin/city-management": { intent: "create-city", name: "Forged city", county: "Forged" },
    "/admin/youtube-manager": { intent: "analyze", url: "https://www.youtube.com/@forged" },
  };
  return known[path] ?? { intent: "anything", meetingId };
}

describe(`admin pages refuse others ${dbTag}`, () => {
  it("finds every admin route of app/routes.ts", () => {
    expect(adminRoutes().map((r) => r.file)).toEqual(
      expect.arrayContaining([
        "routes/admin/layout.tsx",
        "routes/admin/index.tsx",
        "routes/admin/jobs.tsx",
        "routes/admin/revisions.tsx",
        "routes/admin/story-playground.tsx",
        "routes/admin/city-management.tsx",
        "routes/admin/youtube-manager.tsx",
      ]),
    );
  });

  it("answers a visitor with 401 and a member with 403, for every loader and action under /admin", async () => {
    const video = await createRivertonMeeting();
    const checked: string[] = [];
    for (const { path: pattern, file } of adminRoutes()) {
      const module = (await import(`../../app/${file}`)) as {
        loader?: (args: never) => unknown;
        action?: (args: never) => unknown;
      };
      const params = Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name!, video.id]));
      const path = pattern.replace(/:\w+/g, video.id);
      for (const [who, cookie, status] of [
        ["visitor", "", 401],
        ["member", member.cookie, 403],
      ] as const) {
        const headers = cookie ? { Cookie: cookie } : undefined;
        if (module.loader) {
          const result = await callRoute(module.loader, { request: getRequest(path, { headers }), params, pattern });
          expect([who, "GET", path, result.status, result.thrown]).toEqual([who, "GET", path, status, true]);
          checked.push(`GET ${pattern}`);
        }
        if (module.action) {
          const request = formRequest(path, adminPostFields(pattern, video.id), { headers });
          const result = await callRoute(module.action, { request, params, pattern });
          expect([who, "POST", path, result.status]).toEqual([who, "POST", path, status]);
          checked.push(`POST ${pattern}`);
        }
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        "GET /admin",
        "GET /admin/jobs",
        "POST /admin/jobs",
        "POST /admin/revisions/:meetingId",
        "POST /admin/story-playground",
        "GET /admin/city-management",
        "POST /admin/city-management",
        "GET /admin/youtube-manager",
        "POST /admin/youtube-manager",
      ]),
    );
    // Nothing was done on their behalf.
    expect(await getTestDb().select().from(storyRevisions)).toEqual([]);
    expect(await execSql("select id from pgboss.job")).toEqual([]);
    expect(await execSql("select id from cities where name = 'Forged city'")).toEqual([]);
  });
});

describe(`story playground ${dbTag}`, () => {
  it("lists cities, then a city's meetings, then shows the meeting's analysis and story versions", async () => {
    const video = await createRivertonMeeting();
    await analyzeVideo(video.id);
    const headers = { Cookie: admin.cookie };
    const start = await callRoute(playgroundLoader, { request: getRequest("/admin/story-playground", { headers }) });
    expect(start.data).toMatchObject({ cities: [{ key: "riverton", name: "Riverton" }], videos: null, video: null });
    const city = await callRoute(playgroundLoader, {
      request: getRequest("/admin/story-playground?city=riverton", { headers }),
    });
    expect(city.data).toMatchObject({
      videos: [{ id: video.id, title: "Regular meeting", hasAnalysis: true, hasStory: false }],
    });
    const opened = await callRoute(playgroundLoader, {
      request: getRequest(`/admin/story-playground?city=riverton&video=${video.id}`, { headers }),
    });
    expect(opened.data).toMatchObject({
      video: { id: video.id, analysis: { summary: expect.any(String) }, story: null },
      revisions: [],
    });
    const unknown = await callRoute(playgroundLoader, {
      request: getRequest("/admin/story-playground?city=nowhere", { headers }),
    });
    expect(unknown.data).toMatchObject({ unknown: { city: true } });
  });

  it("generates a story, then rewrites it with context, and compares the two", async () => {
    const video = await createRivertonMeeting();
    await analyzeVideo(video.id);
    const headers = { Cookie: admin.cookie };
    const generated = await callRoute(playgroundAction, {
      request: formRequest(
        "/admin/story-playground",
        { intent: "generate", meetingId: video.id, additionalContext: "" },
        { headers },
      ),
    });
    expect(generated.status).toBe(302);
    expect(await toastOf(generated)).toMatchObject({
      type: "success",
      title: "Story Generated",
      description: "The news story has been successfully generated.",
    });
    const [first] = await getTestDb().select().from(storyRevisions);
    expect(first).toMatchObject({ createdBy: admin.id, additionalContext: null });
    expect(generated.headers.get("Location")).toBe(
      `/admin/story-playground?city=riverton&video=${video.id}&right=${first!.id}`,
    );

    const refused = await callRoute(playgroundAction, {
      request: formRequest(
        "/admin/story-playground",
        { intent: "rewrite", meetingId: video.id, additionalContext: " " },
        { headers },
      ),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Describe what the rewrite should change");

    const rewritten = await callRoute(playgroundAction, {
      request: formRequest(
        "/admin/story-playground",
        { intent: "rewrite", meetingId: video.id, additionalContext: "Lead with the water rates." },
        { headers },
      ),
    });
    expect(rewritten.status).toBe(302);
    const second = (await getTestDb().select().from(storyRevisions)).find((row) => row.id !== first!.id)!;
    expect(second.additionalContext).toBe("Lead with the water rates.");
    const location = rewritten.headers.get("Location")!;
    expect(location).toBe(
      `/admin/story-playground?city=riverton&video=${video.id}&left=${first!.id}&right=${second.id}`,
    );
    const compared = await callRoute(playgroundLoader, { request: getRequest(location, { headers }) });
    expect(compared.data).toMatchObject({
      revisions: [
        { id: second.id, current: true },
        { id: first!.id, current: false },
      ],
      comparison: {
        left: { id: first!.id, parsed: { article: expect.any(Object) } },
        right: { id: second.id, additionalContext: "Lead with the water rates." },
      },
    });
  });

  it("says so when there is no analysis, and keeps the story when the model fails", async () => {
    const bare = await createRivertonMeeting();
    const headers = { Cookie: admin.cookie };
    const noAnalysis = await callRoute(playgroundAction, {
      request: formRequest("/admin/story-playground", { intent: "generate", meetingId: bare.id }, { headers }),
    });
    expect(noAnalysis.status).toBe(400);
    expect(noAnalysis.data).toMatchObject({
      toast: { type: "error", title: "Error", description: "Analysis results are required to generate a story" },
    });

    const video = await createRivertonMeeting();
    await analyzeVideo(video.id);
    await writeVideoStory(video.id);
    const [before] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, video.id));
    useFakeModel(openai);
    openai.otherwise(() => ({ kind: "status", status: 503 }));
    const failed = await callRoute(playgroundAction, {
      request: formRequest(
        "/admin/story-playground",
        { intent: "generate", meetingId: video.id, additionalContext: "Shorter." },
        { headers },
      ),
    });
    expect(failed.status).toBe(502);
    expect(failed.data).toMatchObject({
      toast: { type: "error", title: "Error", description: "Failed to generate the news story. Please try again." },
    });
    const [after] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, video.id));
    expect(after!.newsStory).toEqual(before!.newsStory);
    expect(
      await getTestDb().select().from(storyRevisions).where(eq(storyRevisions.cityVideoId, video.id)),
    ).toHaveLength(1);
  });
});

describe(`revisions and jobs pages ${dbTag}`, () => {
  it("lists a meeting's revisions and restores an earlier one", async () => {
    const video = await createRivertonMeeting();
    await analyzeVideo(video.id);
    await writeVideoStory(video.id);
    await writeVideoStory(video.id, { additionalContext: "Second try." });
    const headers = { Cookie: admin.cookie };
    const page = await callRoute(revisionsLoader, {
      request: getRequest(`/admin/revisions/${video.id}`, { headers }),
      params: { meetingId: video.id },
    });
    const data = page.data as { revisions: { analyses: unknown[]; stories: Array<{ id: string; current: boolean }> } };
    expect(data.revisions.analyses).toHaveLength(1);
    expect(data.revisions.stories.map((s) => s.current)).toEqual([true, false]);
    const older = data.revisions.stories[1]!.id;

    const restored = await callRoute(revisionsAction, {
      request: formRequest(
        `/admin/revisions/${video.id}`,
        { intent: "restore", kind: "story", revisionId: older },
        { headers },
      ),
      params: { meetingId: video.id },
    });
    expect(restored.status).toBe(302);
    expect(await toastOf(restored)).toMatchObject({ type: "success", title: "Story restored" });
    const stories = await getTestDb().select().from(storyRevisions).where(eq(storyRevisions.cityVideoId, video.id));
    expect(stories).toHaveLength(3);
    const [row] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, video.id));
    expect(row!.newsStory).toEqual(stories.find((s) => s.id === older)!.story);

    const other = await createRivertonMeeting();
    const elsewhere = await callRoute(revisionsAction, {
      request: formRequest(
        `/admin/revisions/${other.id}`,
        { intent: "restore", kind: "story", revisionId: older },
        { headers },
      ),
      params: { meetingId: other.id },
    });
    expect(elsewhere.status).toBe(400);
    expect(
      await getTestDb().select().from(storyRevisions).where(eq(storyRevisions.cityVideoId, video.id)),
    ).toHaveLength(3);

    const missing = await callRoute(revisionsLoader, {
      request: getRequest("/admin/revisions/nope", { headers }),
      params: { meetingId: "nope" },
    });
    expect(missing.status).toBe(404);
  });

  it("queues a re-analysis from the revisions page and lists it on the jobs page; a failed job can be retried", async () => {
    const video = await createRivertonMeeting();
    await analyzeVideo(video.id);
    const headers = { Cookie: admin.cookie };
    const queued = await callRoute(revisionsAction, {
      request: formRequest(`/admin/revisions/${video.id}`, { intent: "reanalyze" }, { headers }),
      params: { meetingId: video.id },
    });
    expect(await toastOf(queued)).toMatchObject({
      type: "success",
      title: "Re-analysis queued. The page updates when it is done.",
    });
    const jobs = await callRoute(jobsLoader, { request: getRequest("/admin/jobs?queue=analysis", { headers }) });
    expect(jobs.data).toMatchObject({
      jobs: [
        {
          queue: "analysis",
          state: "created",
          mode: "manual",
          attempts: 0,
          video: { title: "Regular meeting", cityKey: "riverton" },
        },
      ],
      filter: { queue: "analysis", state: "", archived: false },
    });

    const bare = await createRivertonMeeting();
    useFakeModel(openai);
    openai.otherwise(() => ({ kind: "status", status: 500 }));
    const { jobId } = await ensureAnalysisQueued(bare.id);
    await execSql("update pgboss.job set retry_limit = 0 where id = $1", [jobId]);
    await execSql("update pgboss.job set start_after = now() + interval '1 hour' where id <> $1", [jobId]); // run only this one
    await runNextJob("analysis");
    const failed = await callRoute(jobsLoader, { request: getRequest("/admin/jobs?state=failed", { headers }) });
    expect(failed.data).toMatchObject({
      jobs: [
        {
          id: jobId,
          state: "failed",
          attempts: 1,
          error: "Analysis failed: the AI service returned an error (HTTP 500).",
        },
      ],
    });
    const retried = await callRoute(jobsAction, {
      request: formRequest(
        "/admin/jobs?state=failed",
        { intent: "retry", queue: "analysis", jobId: jobId! },
        { headers },
      ),
    });
    expect(retried.status).toBe(302);
    expect(await toastOf(retried)).toMatchObject({ title: "Job queued again" });
    expect((await execSql<{ state: string }>("select state from pgboss.job where id = $1", [jobId]))[0]!.state).toBe(
      "retry",
    );
  });
});

describe(`pipeline status resource route ${dbTag}`, () => {
  it("tells visitors the states, and admins the jobs too; never cached", async () => {
    const video = await createRivertonMeeting();
    await ensureAnalysisQueued(video.id);
    const visitor = await callRoute(statusLoader, {
      request: getRequest(`/resources/pipeline-status/${video.id}`),
      params: { meetingId: video.id },
    });
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("Cache-Control")).toBe("no-store");
    expect(visitor.data).toEqual({
      cityVideoId: video.id,
      transcript: "present",
      analysis: "queued",
      story: "none",
      refresh: true,
    });
    const asAdmin = await callRoute(statusLoader, {
      request: getRequest(`/resources/pipeline-status/${video.id}`, { headers: { Cookie: admin.cookie } }),
      params: { meetingId: video.id },
    });
    expect(asAdmin.data).toMatchObject({ analysis: "queued", jobs: [{ queue: "analysis", state: "created" }] });
    const missing = await callRoute(statusLoader, {
      request: getRequest("/resources/pipeline-status/nope"),
      params: { meetingId: "nope" },
    });
    expect(missing.status).toBe(404);
  });
});

// ---------------------------------------------------------------------------
// The pages render on the server with real data (a static data router with
// the route modules' loaders and components).

async function renderPage(
  module: { loader: (args: never) => unknown; default: () => unknown },
  pattern: string,
  path: string,
  cookie: string,
): Promise<string> {
  const routes = [{ id: "page", path: pattern, loader: module.loader as never, Component: module.default as never }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${TEST_ORIGIN}${path}`, { headers: { Cookie: cookie } }));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe(`pages render ${dbTag}`, () => {
  it("story playground: pickers, the analysis digest with counts of the rest, the write form and the comparison", async () => {
    const video = await createRivertonMeeting();
    await analyzeVideo(video.id);
    await writeVideoStory(video.id);
    await writeVideoStory(video.id, { additionalContext: "Shorter." });
    const stories = await getTestDb().select().from(storyRevisions);
    const [analyzed] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, video.id));
    const analysis = analyzed!.analysisResults as { highlights: unknown[]; action_items: unknown[] };
    const html = await renderPage(
      playgroundPage,
      "/admin/story-playground",
      `/admin/story-playground?city=riverton&video=${video.id}&left=${stories[0]!.id}&right=${stories[1]!.id}`,
      admin.cookie,
    );
    for (const text of [
      "Story Playground",
      "Show meetings",
      "Previous analysis",
      "Current story",
      "Generate Story",
      "Rewrite",
      "Compare stories",
      "Additional context",
    ]) {
      expect(html).toContain(text);
    }
    if (analysis.highlights.length > 3) expect(html).toContain(`and ${analysis.highlights.length - 3} more highlight`);
    if (analysis.action_items.length > 3)
      expect(html).toContain(`and ${analysis.action_items.length - 3} more action item`);
    expect(html).toContain('method="get"');
    expect(html).toMatch(/<button[^>]*value="generate"[^>]*name="intent"/);
  });

  it("revisions page and jobs page", async () => {
    const video = await createRivertonMeeting();
    await analyzeVideo(video.id);
    await analyzeVideo(video.id, { force: true });
    await ensureAnalysisQueued(await createRivertonMeeting().then((v) => v.id));
    const revisions = await renderPage(
      revisionsPage,
      "/admin/revisions/:meetingId",
      `/admin/revisions/${video.id}`,
      admin.cookie,
    );
    for (const text of [
      "Analyses",
      "Stories",
      "Restore",
      "Compare with current",
      "Re-Analyze Meeting",
      "No story available",
      "current",
    ]) {
      expect(revisions).toContain(text);
    }
    const jobs = await renderPage(jobsPage, "/admin/jobs", "/admin/jobs", admin.cookie);
    for (const text of ["Jobs", "analysis", "created", "Regular meeting", "Include archived"])
      expect(jobs).toContain(text);
  });

  it("the status notice refreshes without JavaScript while a job is pending", () => {
    const status = {
      cityVideoId: "6f1c1a0e-1f8a-4c5e-9d51-000000000000",
      transcript: "present",
      analysis: "analyzing",
      story: "none",
      refresh: true,
    } as const;
    const notice = renderToString(createElement(PipelineStatusNotice, { status, step: "analysis" }));
    expect(notice).toContain("Analyzing meeting…");
    expect(renderToString(createElement(NoScriptRefresh, { active: true }))).toBe(
      '<noscript><meta http-equiv="refresh" content="5"/></noscript>',
    );
    expect(renderToString(createElement(NoScriptRefresh, { active: false }))).toBe("");
    const failed = renderToString(
      createElement(PipelineStatusNotice, {
        status: { ...status, analysis: "failed", refresh: false, error: "Analysis failed" },
        step: "analysis",
      }),
    );
    expect(failed).toContain('role="alert"');
    expect(failed).toContain("Analysis failed");
  });
});
