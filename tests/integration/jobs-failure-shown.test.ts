import { describe, expect, it } from "vitest";
import { signIn } from "~/lib/auth/session.server";
import { ADMIN_ROLE, createUser, grantRole } from "~/lib/auth/users.server";
import { seedVideo } from "#demo/meetings";
import { getBoss } from "~/lib/jobs/boss.server";
import type { PublicPipelineStatus, QueueName } from "~/lib/jobs/index.server";
import { analyzeVideo, writeVideoStory } from "~/lib/pipeline/index.server";
import { loader as meetingLoader, action as meetingAction } from "~/routes/meeting/meeting";
import { loader as storyLoader, action as storyAction } from "~/routes/meeting/meeting-story";
import { loader as statusLoader } from "~/routes/resources/pipeline-status";
import { callRoute, dbTag, execSql, formRequest, getRequest } from "../setup";
import { withPipelineServices, workQueue } from "../support/pipeline-services";
import { createMeeting } from "../support/factories";
import { useFakeModel } from "../support/fake-openai-server";

/**
 * A failed analysis (or story) reaches the page, and page views never queue
 * it again: it stays failed, with its message, until an admin re-runs it.
 * An admin's failed re-run shows on the page above the previous result, and
 * the admin who asked for a story gets 'Story Generated' once it is written.
 */

const TRANSCRIPT = seedVideo("ac-cc-2025-07-15").transcript!;
const HTTP_500 = "Analysis failed: the AI service returned an error (HTTP 500).";
let counter = 0;
const openai = withPipelineServices();

function useFailingModel() {
  useFakeModel(openai);
  openai.otherwise(() => ({ kind: "status", status: 500, message: "model overloaded" }));
}

async function adminCookie(): Promise<string> {
  const email = `admin-${++counter}@example.com`;
  const user = await createUser({ email, emailConfirmed: true });
  await grantRole(email, ADMIN_ROLE);
  const response = await signIn(getRequest("/auth"), user.id, "/", { title: "Welcome back!" });
  // The session only (the sign-in's toast would be read by the root loader, not by these).
  return cookiesOf(response.headers)
    .split("; ")
    .filter((pair) => !pair.startsWith("gavel_toast="))
    .join("; ");
}

type PageData = { pipeline: PublicPipelineStatus | null };

async function viewPage(loader: typeof meetingLoader | typeof storyLoader, path: string, videoId: string, cookie = "") {
  const result = await callRoute(loader, {
    request: getRequest(`${path}/${videoId}`, { headers: { Cookie: cookie } }),
    params: { meetingId: videoId },
  });
  return { data: result.data as PageData, headers: result.headers };
}

async function jobCount(queue: QueueName, videoId: string): Promise<number> {
  const [row] = await execSql<{ count: number }>(
    "select count(*)::int as count from pgboss.job where name = $1 and singleton_key = $2",
    [queue, videoId],
  );
  return row!.count;
}

function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe(`a failed analysis ${dbTag}`, () => {
  it("is queued once however often the page is viewed, and the page and the status resource show its message", async () => {
    useFailingModel();
    const video = await createMeeting({ transcript: TRANSCRIPT });
    for (let view = 1; view <= 5; view++) {
      const { data } = await viewPage(meetingLoader, "/meeting", video.id);
      if (view === 1) expect(data.pipeline).toMatchObject({ analysis: "queued", refresh: true });
      else expect(data.pipeline).toMatchObject({ analysis: "failed", error: HTTP_500, refresh: false });
      await workQueue("analysis");
    }
    expect(await jobCount("analysis", video.id)).toBe(1);
    // three attempts: the first run and its two retries
    expect(openai.requestCount).toBe(3);
    const status = await callRoute(statusLoader, {
      request: getRequest(`/resources/pipeline-status/${video.id}`),
      params: { meetingId: video.id },
    });
    expect(status.data).toMatchObject({ analysis: "failed", error: HTTP_500, refresh: false });
  });

  it("stays failed after pg-boss archives its job", async () => {
    useFailingModel();
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await viewPage(meetingLoader, "/meeting", video.id);
    await workQueue("analysis");
    await execSql("update pgboss.job set completed_on = now() - interval '30 days' where singleton_key = $1", [
      video.id,
    ]);
    await (await getBoss()).maintain();
    expect(await jobCount("analysis", video.id)).toBe(0);
    const { data } = await viewPage(meetingLoader, "/meeting", video.id);
    expect(data.pipeline).toMatchObject({ analysis: "failed", error: HTTP_500 });
    expect(await jobCount("analysis", video.id)).toBe(0);
  });
});

describe(`a story that cannot be written ${dbTag}`, () => {
  it("completes as failed once, and page views do not queue it again", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    // An analysis stored empty (as legacy imports left some): there is one, but no story can be written from it.
    await execSql(`update city_videos set analysis_results = '""'::jsonb where id = $1`, [video.id]);
    for (let view = 1; view <= 5; view++) {
      const { data } = await viewPage(storyLoader, "/meeting-story", video.id);
      if (view > 1)
        expect(data.pipeline).toMatchObject({
          story: "failed",
          error: "Analysis results are required to generate a story",
          refresh: false,
        });
      await workQueue("story");
    }
    expect(await jobCount("story", video.id)).toBe(1);
  });
});

describe(`an admin's re-run ${dbTag}`, () => {
  it("a failed Re-Analyze shows its failure to the admin above the previous analysis, and as a toast once", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await analyzeVideo(video.id);
    const cookie = await adminCookie();
    useFailingModel();
    const posted = await callRoute(meetingAction, {
      request: formRequest(
        `/meeting/${video.id}`,
        { intent: "re-analyze", meetingId: video.id },
        { headers: { Cookie: cookie } },
      ),
      params: { meetingId: video.id },
    });
    expect(posted.status).toBe(302);
    const withJob = `${cookie}; ${cookiesOf(posted.headers)}`;
    await workQueue("analysis");
    const first = await viewPage(meetingLoader, "/meeting", video.id, withJob);
    expect(first.data.pipeline).toMatchObject({
      analysis: "present",
      errors: { analysis: HTTP_500 },
      toast: { type: "error", title: HTTP_500 },
    });
    // The toast shows once: the page's answer forgets the job.
    const again = await viewPage(meetingLoader, "/meeting", video.id, `${cookie}; ${cookiesOf(first.headers)}`);
    expect(again.data.pipeline).toMatchObject({ analysis: "present", errors: { analysis: HTTP_500 } });
    expect(again.data.pipeline?.toast).toBeUndefined();
    // Visitors see the previous analysis and nothing of the failed re-run.
    const visitor = await viewPage(meetingLoader, "/meeting", video.id);
    expect(visitor.data.pipeline).toMatchObject({ analysis: "present" });
    expect(visitor.data.pipeline).not.toHaveProperty("errors");
  });

  it("Rewrite Story: 'Story Generated' once the queued story is written, for the admin who asked", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    await analyzeVideo(video.id);
    await writeVideoStory(video.id);
    const cookie = await adminCookie();
    const posted = await callRoute(storyAction, {
      request: formRequest(
        `/meeting-story/${video.id}`,
        { intent: "rewrite-story", meetingId: video.id, additionalContext: "Lead with the budget." },
        { headers: { Cookie: cookie } },
      ),
      params: { meetingId: video.id },
    });
    expect(posted.status).toBe(302);
    const withJob = `${cookie}; ${cookiesOf(posted.headers)}`;
    const waiting = await viewPage(storyLoader, "/meeting-story", video.id, withJob);
    expect(waiting.data.pipeline).toMatchObject({ story: "queued" });
    expect(waiting.data.pipeline?.toast).toBeUndefined();
    await workQueue("story");
    const done = await viewPage(storyLoader, "/meeting-story", video.id, withJob);
    expect(done.data.pipeline?.toast).toMatchObject({
      type: "success",
      title: "Story Generated",
      description: "The news story has been successfully generated.",
    });
    const later = await viewPage(storyLoader, "/meeting-story", video.id, `${cookie}; ${cookiesOf(done.headers)}`);
    expect(later.data.pipeline?.toast).toBeUndefined();
    // Another admin sees no toast.
    const other = await viewPage(storyLoader, "/meeting-story", video.id, await adminCookie());
    expect(other.data.pipeline?.toast).toBeUndefined();
  });
});

describe(`an attempt's deadline ${dbTag}`, () => {
  it("ends a call to a model that does not answer, as a timeout in plain words", async () => {
    const video = await createMeeting({ transcript: TRANSCRIPT });
    process.env.OPENAI_API_KEY = "sk-test";
    process.env.OPENAI_BASE_URL = openai.baseURL;
    process.env.OPENAI_TIMEOUT_MS = "60000";
    // The model never answers (and the client's own timeout is a minute): the attempt's deadline ends it.
    openai.otherwise(() => ({ kind: "hang" }));
    await expect(analyzeVideo(video.id, { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      "Analysis failed: it took longer than its time limit.",
    );
    delete process.env.OPENAI_TIMEOUT_MS;
  });
});
