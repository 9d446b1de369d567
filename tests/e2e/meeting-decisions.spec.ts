import { expect, jsIndependent, test } from "./fixtures";
import {
  CONSENT_ITEMS,
  DECISIONS,
  DECISIONS_MADE,
  DECISIONS_TRANSCRIPT,
  DENY_ITEM,
  VETO_ITEM,
} from "../support/decision-content";

/**
 * What a meeting decided, where readers look (docs/decisions/0060-decisions-on-the-record.md):
 * the meeting page's Decisions section and the story's quick facts. Both are
 * server-rendered and plain links, so each case runs once, without JavaScript
 * (docs/decisions/0056-e2e-each-case-once.md).
 */

const VIDEO_URL = "https://www.youtube.com/watch?v=abcdefghijk";
const NASTY_ITEM = `Raise <b>for</b> "staff" <img src=x onerror=alert(1)>`;

test(
  "the meeting page's Decisions section says what failed and what was denied, and links to the moments",
  jsIndependent,
  async ({ page, open, testData }) => {
    const meeting = await testData.createMeeting({
      analysis: true,
      story: true,
      videoUrl: VIDEO_URL,
      transcript: DECISIONS_TRANSCRIPT,
      made: DECISIONS_MADE,
    });
    await open(meeting.path);
    const section = page.getByRole("region", { name: "Decisions" });
    const decisions = section.locator("[data-decision]");
    await expect(decisions).toHaveCount(3);
    await expect(decisions.nth(0)).toContainText(VETO_ITEM);
    await expect(decisions.nth(0)).toContainText("Override the veto");
    await expect(decisions.nth(0)).toContainText("Failed: veto sustained");
    await expect(decisions.nth(0)).toContainText("6-6");
    await expect(decisions.nth(0)).toContainText("roll call");
    await expect(decisions.nth(1)).toContainText(DENY_ITEM);
    await expect(decisions.nth(1)).toContainText("Carried: denied");
    await expect(decisions.nth(1)).toContainText("8-4");

    // The consent agenda's items are folded under it, and open without scripts.
    const consent = decisions.nth(2);
    await expect(consent.getByText(CONSENT_ITEMS[0]!)).toBeHidden();
    await consent.getByText("2 items on the consent agenda").click();
    for (const item of CONSENT_ITEMS) await expect(consent.getByText(item)).toBeVisible();

    const motion = decisions.nth(0).getByRole("link", { name: "Motion at 00:01:20: play the video from here" });
    await expect(motion).toHaveAttribute("href", `${meeting.path}?t=80#video`);
    const result = decisions.nth(0).getByRole("link", { name: "Result at 00:02:15: play the video from here" });
    await result.click();
    await expect(page).toHaveURL(new RegExp(`\\?t=135#video$`));
    await expect(page.locator("iframe")).toHaveAttribute("src", /\?start=135$/);
    await expect(page.getByRole("region", { name: "Decisions" }).locator("[data-decision]")).toHaveCount(3);
  },
);

test("a decision's words are shown as text, never as markup", jsIndependent, async ({ page, open, testData }) => {
  const analysis = { ...(DECISIONS_MADE.analysis as object), decisions: [{ ...DECISIONS[1], item: NASTY_ITEM }] };
  const meeting = await testData.createMeeting({
    analysis: true,
    story: true,
    transcript: DECISIONS_TRANSCRIPT,
    made: { ...DECISIONS_MADE, analysis },
  });
  await open(meeting.path);
  const section = page.getByRole("region", { name: "Decisions" });
  await expect(section.getByText(NASTY_ITEM)).toBeVisible();
  await expect(section.locator("b, img")).toHaveCount(0);
});

test("a meeting without decisions has no Decisions section", jsIndependent, async ({ page, open, testData }) => {
  const meeting = await testData.createMeeting({ analysis: true, story: true });
  await open(meeting.path);
  await expect(page.getByRole("region", { name: "Summary" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Decisions" })).toHaveCount(0);
});

test("the story's quick facts list the decisions first", jsIndependent, async ({ page, open, testData }) => {
  const meeting = await testData.createMeeting({
    analysis: true,
    story: true,
    transcript: DECISIONS_TRANSCRIPT,
    made: DECISIONS_MADE,
  });
  await open(meeting.storyPath);
  const facts = page.getByRole("region", { name: "Quick Facts" }).getByRole("listitem");
  await expect(facts).toHaveText([
    `${VETO_ITEM}: Override the veto. Failed: veto sustained, 6-6 (roll call)`,
    `${DENY_ITEM}: Deny. Carried: denied, 8-4`,
    "Consent agenda: Approve. Carried: approved (unanimous consent; 2 items)",
    "The council meets again in December",
  ]);
});
