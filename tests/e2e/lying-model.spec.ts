import type { Page, TestInfo } from "@playwright/test";
import { expect, secondServer, test, waitForHydration } from "./fixtures";
import { localContext, startSecondServer, type SecondServer, SECOND_SERVER_START_CEILING_MS } from "./second-server";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import {
  GENUINE_QUOTE,
  INVENTED_NUMBERS,
  INVENTED_QUOTES,
  LYING_STORY,
  LYING_TRANSCRIPT,
  REMOVED_HIGHLIGHT_QUOTES,
  lyingReply,
} from "../support/lying-model";
import { VERIFICATION_MARKS } from "~/lib/ai/marks";
import { FIGURES_NOTE } from "~/lib/ai/verify";

/**
 * A reader of a meeting analyzed by a model that lies in every field
 * (tests/support/lying-model.ts) sees every invented quote and number with
 * its explained mark, none of the removed highlight quotes, genuine quotes
 * with the transcript's speaker and time, and how the pages were made and
 * checked (ADR 0024, ADR 0025). A second app server whose OPENAI_BASE_URL is
 * a fake model in this worker runs the real pipeline, with JavaScript on and
 * off: the cases open their own contexts and run in one project, so that the
 * server starts once (ADR 0056).
 */

const MODEL = "lying-fake-model";
const VIDEO_URL = "https://www.youtube.com/watch?v=lyingmodel1";

/** A mark's words as the page shows them; its explanation follows the first of its kind in a text. */
const WORDS = {
  quote: VERIFICATION_MARKS.quote.text.slice(1, -1),
  number: VERIFICATION_MARKS.number.text.slice(1, -1),
};
const EXPLAINED = {
  quote: `${WORDS.quote} (${VERIFICATION_MARKS.quote.explanation})`,
  number: `${WORDS.number} (${VERIFICATION_MARKS.number.explanation})`,
};
// A quotation marked as not found carries its numbers with it.
const MARKED_QUOTATION = new RegExp(`(["\u201c][^"\u201d]*["\u201d]|'[^']*')\\s*${WORDS.quote}`, "g");

/** Every occurrence of `lie` in the page's text is followed by its mark (closing quotes aside). */
function expectNeverUnmarked(pageText: string, lie: string, kind: "quote" | "number") {
  const text = kind === "number" ? pageText.replace(MARKED_QUOTATION, "") : pageText;
  for (let at = text.indexOf(lie); at >= 0; at = text.indexOf(lie, at + 1)) {
    const after = text.slice(at + lie.length).replace(/^["'\u2019\u201d]?\s*/, "");
    expect(after.startsWith(WORDS[kind]), `"${lie}" shown unmarked in: …${text.slice(at - 60, at + 120)}…`).toBe(true);
  }
}

async function expectMarkedEverywhere(page: Page) {
  const text = await page.locator("main").innerText();
  // The verification pass's own uncertainty note names the figures it could not find.
  const shown = text
    .split("\n")
    .filter((line) => !line.startsWith(FIGURES_NOTE))
    .join("\n");
  for (const lie of INVENTED_QUOTES) expectNeverUnmarked(shown, lie, "quote");
  for (const lie of INVENTED_NUMBERS) expectNeverUnmarked(shown, lie, "number");
  expect(text).not.toContain(VERIFICATION_MARKS.quote.text);
  expect(text).not.toContain(VERIFICATION_MARKS.number.text);
  expect(text).not.toMatch(/\[(?:quote|number) not found/);
  return text;
}

/** Reloads until `ready` shows: the page queues the analysis, then the story. */
async function reloadUntil(page: Page, js: boolean, ready: () => Promise<boolean>) {
  await expect(async () => {
    await page.reload();
    if (js) await waitForHydration(page);
    expect(await ready()).toBe(true);
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
}

async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await testInfo.attach(`${name}-${width}px`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });
  }
}

test.describe("a model that lies in every field", secondServer, () => {
  test.describe.configure({ mode: "serial" });
  let openai: FakeOpenAiServer;
  let server: SecondServer;

  test.beforeAll(async () => {
    test.setTimeout(SECOND_SERVER_START_CEILING_MS);
    openai = await startFakeOpenAiServer();
    openai.otherwise(lyingReply);
    // No demo data: the case creates its meeting, and the server starts in half the time.
    server = await startSecondServer(
      { openaiBaseURL: openai.baseURL, openaiModel: MODEL },
      { SEED_DEMO_DATA: "false" },
    );
  });
  test.afterAll(async () => {
    await server?.stop();
    await openai?.close();
  });

  for (const js of [true, false]) {
    const mode = js ? "JavaScript on" : "JavaScript off";

    test(`readers see every invented quote and number marked, and the transcript's times and speakers (${mode})`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      const meeting = await server.testData.createMeeting({
        transcript: LYING_TRANSCRIPT,
        title: "Riverton City Council",
        videoUrl: VIDEO_URL,
        analysis: false,
      });
      const context = await localContext(browser, server, { javaScriptEnabled: js });
      const page = await context.newPage();
      await page.goto(meeting.path);
      await reloadUntil(page, js, () => page.getByRole("link", { name: "Read the story" }).isVisible());
      const requests = openai.requests.map((request) => request.body.response_format?.json_schema?.name);
      expect(requests).toContain("news_story");

      // The analysis page.
      const analysisText = await expectMarkedEverywhere(page);
      const provenance = page.getByRole("region", { name: "How this analysis was made" });
      await expect(provenance).toContainText(new RegExp(`Written by ${MODEL} on [A-Z][a-z]{2} \\d{1,2}, \\d{4}`));
      await expect(provenance).toContainText("8 quotes checked against the transcript, 2 removed");
      await expect(provenance).toContainText("4 quotes could not be found in the transcript and are marked");
      await expect(provenance).toContainText("5 figures could not be found in the transcript and are marked");
      const summary = page.getByRole("region", { name: "Summary" });
      await expect(summary.locator("mark")).toContainText(["number not found in the transcript"]);
      await expect(summary).toContainText(`"we will finish by 2031" ${EXPLAINED.quote}`);
      await expect(summary).toContainText(`$47.3 million ${EXPLAINED.number}`);
      for (const removed of REMOVED_HIGHLIGHT_QUOTES) expect(analysisText).not.toContain(removed);

      const genuine = page.locator("[data-highlight]").filter({ hasText: GENUINE_QUOTE.text });
      await expect(genuine).toContainText(`— ${GENUINE_QUOTE.speaker}`);
      await expect(genuine).not.toContainText(GENUINE_QUOTE.claimedSpeaker);
      await expect(genuine.getByRole("link", { name: `Play from ${GENUINE_QUOTE.timestamp}` })).toBeVisible();
      await expect(
        genuine.getByRole("link", { name: `Play this quote from ${GENUINE_QUOTE.timestamp}` }),
      ).toHaveAttribute("href", `${meeting.path}?t=${GENUINE_QUOTE.seconds}#video`);
      await expect(page.getByRole("link", { name: `Play from ${GENUINE_QUOTE.claimedTimestamp}` })).toHaveCount(0);
      if (js) await screenshots(page, testInfo, "analysis");

      // The story page.
      await page.goto(meeting.storyPath);
      if (js) await waitForHydration(page);
      const storyText = await expectMarkedEverywhere(page);
      const storyProvenance = page.getByRole("region", { name: "How this story was made" });
      await expect(storyProvenance).toContainText(new RegExp(`Written by ${MODEL} on [A-Z][a-z]{2} \\d{1,2}, \\d{4}`));
      await expect(storyProvenance).toContainText("7 quotes checked against the transcript, 2 removed");
      await expect(storyProvenance).toContainText("3 quotes could not be found in the transcript and are marked");
      await expect(storyProvenance).toContainText("9 figures could not be found in the transcript and are marked");
      const headline = page.getByRole("heading", { level: 1 });
      await expect(headline.locator("mark")).toHaveText([WORDS.number, WORDS.number]);
      // Explained once per text: the headline stays a headline.
      await expect(headline).toHaveText(
        `Council weighs $47.3 million ${EXPLAINED.number} plan for 2031 ${WORDS.number}`,
      );
      expect(storyText).not.toContain(LYING_STORY.sidebar_elements.quote_block.quote);
      const bodyQuote = page.getByRole("article").getByRole("link", { name: /^Play this quote from/ });
      await expect(bodyQuote).toHaveAttribute("aria-label", `Play this quote from ${GENUINE_QUOTE.timestamp}`);
      await expect(bodyQuote).toHaveAttribute("href", `${meeting.path}?t=${GENUINE_QUOTE.seconds}#video`);
      await expect(page.locator("figure")).toContainText(GENUINE_QUOTE.text);
      await expect(page.locator("figure")).toContainText(`— ${GENUINE_QUOTE.speaker}`);
      if (js) await screenshots(page, testInfo, "story");
      await context.close();
    });
  }
});
