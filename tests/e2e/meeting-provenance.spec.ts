import { expect, jsIndependent, test, toast } from "./fixtures";
import { ANALYSIS_QUOTE_TIME, CHECKED_CONTENT, CONTEXT_MARKER, STORY_QUOTE_TIME } from "../support/checked-content";
import { VERIFICATION_MARKS } from "~/lib/ai/marks";

/**
 * What readers see of how an analysis and a story were made and checked
 * (docs/decisions/0025-provenance-for-readers.md), with JavaScript on and off.
 */

const VIDEO_URL = "https://www.youtube.com/watch?v=abcdefghijk";

test("the analysis page says how it was made, what was checked, explains marks and links quotes", async ({
  page,
  open,
  testData,
}) => {
  const meeting = await testData.createMeeting({ analysis: true, videoUrl: VIDEO_URL, made: CHECKED_CONTENT });
  await open(meeting.path);
  const provenance = page.getByRole("region", { name: "How this analysis was made" });
  await expect(provenance).toContainText("Written by the offline analyzer on Nov 23, 2026");
  await expect(provenance).toContainText("2 quotes checked against the transcript, 0 removed");
  await expect(provenance).toContainText("1 figure could not be found in the transcript and is marked");

  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary.locator("mark")).toHaveText([
    "quote not found in the transcript",
    "number not found in the transcript",
  ]);
  await expect(summary).toContainText(VERIFICATION_MARKS.quote.explanation);
  await expect(summary).not.toContainText("[quote not found in the transcript]");

  const quoteLink = page.locator("[data-highlight]").getByRole("link", { name: /^Play this quote from/ });
  await expect(quoteLink).toHaveAttribute("href", `${meeting.path}?t=${ANALYSIS_QUOTE_TIME.seconds}#video`);
  await quoteLink.click();
  await expect(page).toHaveURL(new RegExp(`\\?t=${ANALYSIS_QUOTE_TIME.seconds}#video$`));
  await expect(page.locator("iframe")).toHaveAttribute("src", new RegExp(`\\?start=${ANALYSIS_QUOTE_TIME.seconds}$`));
});

test("the story page names its model and a quote in its body goes to the meeting's moment", async ({
  page,
  open,
  testData,
}) => {
  const meeting = await testData.createMeeting({
    analysis: true,
    story: true,
    videoUrl: VIDEO_URL,
    made: { ...CHECKED_CONTENT, provider: "openai-compatible", model: "gpt-4o-mini" },
  });
  await open(meeting.storyPath);
  const provenance = page.getByRole("region", { name: "How this story was made" });
  await expect(provenance).toContainText("Written by gpt-4o-mini on Nov 23, 2026");
  await expect(provenance).toContainText("1 quote checked against the transcript, 0 removed");

  const bodyLink = page.getByRole("article").getByRole("link", { name: /^Play this quote from/ });
  await expect(bodyLink).toHaveCount(1);
  await bodyLink.click();
  await expect(page).toHaveURL(new RegExp(`${meeting.path}\\?t=${STORY_QUOTE_TIME.seconds}#video$`));
  await expect(page.locator("iframe")).toHaveAttribute("src", new RegExp(`\\?start=${STORY_QUOTE_TIME.seconds}$`));
});

test("a page whose content was never checked says so", jsIndependent, async ({ page, open, testData }) => {
  const meeting = await testData.createMeeting({ analysis: true, made: { provider: "offline" } });
  await open(meeting.path);
  await expect(page.getByRole("region", { name: "How this analysis was made" })).toContainText(
    "Not checked against the transcript",
  );
});

/**
 * An admin's rewrite instructions stay with the admin: the public story page,
 * its HTML and its loader data, never carry them. Needs the offline story
 * writer to stop printing "Editor's context" (issue 11, deliverable 2).
 */
test(
  "an admin's rewrite instructions never reach the public story page",
  jsIndependent,
  async ({ page, open, signedInAs, testData, baseURL }) => {
    test.setTimeout(90_000);
    await signedInAs("admin");
    const meeting = await testData.createMeeting({ analysis: true, story: true });
    await open(meeting.storyPath);
    await page.getByLabel("Rewrite instructions (optional)").fill(`Lead with ${CONTEXT_MARKER}.`);
    await page.getByRole("button", { name: "Rewrite Story" }).click();
    await expect(toast(page, "status", "Story Generated")).toBeVisible({ timeout: 30_000 });

    for (const path of [meeting.storyPath, `${meeting.storyPath}.data`, meeting.path, `${meeting.path}.data`]) {
      const response = await fetch(new URL(path, baseURL));
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain(CONTEXT_MARKER);
    }
  },
);
