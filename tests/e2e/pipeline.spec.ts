import {
  adminContext,
  localContext,
  startFailingAiServer,
  type FailingAiServer,
  SECOND_SERVER_START_CEILING_MS,
} from "./second-server";
import { expect, secondServer, test } from "./fixtures";

/**
 * Opening a meeting that has a transcript but no analysis queues the
 * analysis (then the story) and the page shows the waiting state until the
 * result is there: with JavaScript through live updates, without it through
 * a page that refreshes itself. The e2e server runs the worker in process
 * with the offline analyzer. Every test opens meetings it created.
 */
test("a meeting without an analysis is analyzed on first open, and its story follows", async ({
  page,
  open,
  testData,
}) => {
  test.setTimeout(90_000);
  const meeting = await testData.createMeeting({ analysis: false });
  const response = await open(meeting.path);
  // The page as served shows the waiting state (with JavaScript it may be gone by the time the page has hydrated).
  expect(await response!.text()).toMatch(/Analysis queued|Analyzing meeting…/);
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Highlights" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the story" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("link", { name: "Read the story" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Quick Facts")).toBeVisible();
});

/**
 * With the language model unreachable (a second server, see
 * second-server.ts), a failed analysis shows its message instead of
 * 'Analysis queued', and an admin's failed Re-Analyze or Rewrite shows the
 * failure above the previous result, which stays visible. The cases open
 * their own contexts with JavaScript on and off and run in one project, so
 * that the server starts once (ADR 0056).
 */
test.describe("when the AI provider fails", secondServer, () => {
  test.describe.configure({ mode: "serial" });
  let server: FailingAiServer;

  test.beforeAll(async () => {
    test.setTimeout(SECOND_SERVER_START_CEILING_MS);
    server = await startFailingAiServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const UNREACHABLE = "Analysis failed: the AI service could not be reached.";

  for (const js of [true, false]) {
    const mode = js ? "JavaScript on" : "JavaScript off";

    test(`a meeting whose analysis fails shows the failure, not 'Analysis queued' (${mode})`, async ({ browser }) => {
      test.setTimeout(90_000);
      const meeting = await server.testData.createMeeting({ analysis: false });
      const context = await localContext(browser, server, { javaScriptEnabled: js });
      const page = await context.newPage();
      await page.goto(meeting.path);
      await expect(page.getByRole("alert").filter({ hasText: UNREACHABLE })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText("Analysis queued")).toHaveCount(0);
      // It stays failed: opening it again queues nothing and shows the message.
      await page.reload();
      await expect(page.getByRole("alert").filter({ hasText: UNREACHABLE })).toBeVisible();
      await expect(page.getByText("Analysis queued")).toHaveCount(0);
      await context.close();
    });

    test(`an admin's failed Re-Analyze and Rewrite show the failure while the previous result stays (${mode})`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const meeting = await server.testData.createMeeting({ analysis: true, story: true });
      const context = await adminContext(browser, server, js);
      const page = await context.newPage();
      await page.goto(meeting.path);
      await page.getByRole("button", { name: "Re-Analyze Meeting" }).click();
      const analysisNotice = page
        .getByRole("alert")
        .filter({ hasText: UNREACHABLE })
        .filter({ hasText: "the analysis shown is the previous one" });
      await expect(analysisNotice).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible();

      await page.goto(meeting.storyPath);
      const headline = await page.getByRole("heading", { level: 1 }).textContent();
      await page.getByLabel("Rewrite instructions (optional)").fill("Shorter, please.");
      await page.getByRole("button", { name: "Rewrite Story" }).click();
      const storyNotice = page
        .getByRole("alert")
        .filter({ hasText: "Story generation failed: the AI service could not be reached." })
        .filter({ hasText: "the story shown is the previous one" });
      await expect(storyNotice).toBeVisible({ timeout: 30_000 });
      await expect(
        page.getByRole("alert").filter({ hasText: "Failed to generate the news story. Please try again." }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline!);
      await context.close();
    });

    // The revisions page: the failure of a re-run asked there shows there (ADR 0028).
    test(`revisions page: a failed Re-Analyze shows its message above the buttons; the previous analysis stays listed (${mode})`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const meeting = await server.testData.createMeeting({ analysis: true, story: true });
      const context = await adminContext(browser, server, js);
      const page = await context.newPage();
      await page.goto(`/admin/revisions/${meeting.meetingId}`);
      await page.getByRole("button", { name: "Re-Analyze Meeting" }).click();
      const notice = page
        .getByRole("alert")
        .filter({ hasText: "Analysis failed: the AI service could not be reached." })
        .filter({ hasText: "the analysis shown is the previous one" });
      await expect(notice).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole("region", { name: "Analyses" }).getByRole("listitem")).toHaveCount(1);
      await context.close();
    });
  }
});
