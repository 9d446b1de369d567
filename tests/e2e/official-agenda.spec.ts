import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, jsIndependent, test, waitForHydration } from "./fixtures";
import { DECISIONS_MADE, DECISIONS_TRANSCRIPT, DENY_ITEM, VETO_ITEM } from "../support/decision-content";

/**
 * Events become meetings (issue 29, deliverable 3; docs/decisions/0069):
 * the meeting page's Official agenda with its moment links, and an upcoming
 * meeting listed on the city page with a page of its own, which leads to
 * the meeting once its video is matched. The record is stored through the
 * test-data door with days relative to today. JavaScript on and off: the
 * moment links navigate in the browser with it and load a page without.
 */

const VIDEO_URL = "https://www.youtube.com/watch?v=abcdefghijk";
const NASTY_TITLE = `A resolution awarding the <b>Elm Street</b> paving contract <img src=x onerror=alert(1)>`;

const TRANSCRIPT = [
  "[00:00:05] MAYOR OKAFOR: Good evening, I call this meeting to order.",
  "[00:41:30] MAYOR OKAFOR: Next we have item seven point two, the paving of Elm Street.",
  "[00:42:10] COUNCILMEMBER HUANG: I move approval.",
].join("\n");

/** The section fits a phone: within 375 px, nothing wider inside; screenshots at 1280 and 375 px are kept for a look. */
async function fitsPhone(page: Page, testInfo: TestInfo, name: string, section: Locator) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`), fullPage: true });
  const box = await section.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await section.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

/** Opens a page as a reader's reload would: past the browser's copy (public pages may be kept 60 s). */
async function reload(page: Page, js: boolean) {
  await page.reload();
  if (js) await waitForHydration(page);
}

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("the meeting page shows the official agenda with the moments items are taken up", async ({
  page,
  open,
  testData,
}, testInfo) => {
  const city = await testData.createCity({ name: "Maple Falls" });
  const meeting = await testData.createMeeting({
    city,
    title: "City Council Regular Meeting",
    videoUrl: VIDEO_URL,
    transcript: TRANSCRIPT,
    publishedAt: "2026-11-17T23:00:00Z",
  });
  const linked = await testData.createLegislativeRecord(city, {
    timeZone: "UTC",
    events: [
      {
        id: 902,
        body: "City Council",
        date: "2026-11-17",
        minutes: true,
        items: [
          {
            id: 14342,
            number: "7.1",
            title: "An ordinance extending the hours of the Maple Falls Public Library",
            action: "adopted",
            passed: "Pass",
            tally: "3:1",
            matterFile: "ORD 2026-14",
            videoIndex: 1912,
          },
          { id: 14343, number: "7.2", title: NASTY_TITLE, action: "failed", passed: "Fail", tally: "1:2" },
          { id: 14344, number: "8.1", title: "Adjournment" },
        ],
      },
    ],
  });
  expect(linked).toEqual({ linked: 1, changed: 1 });

  await open(meeting.path);
  const agenda = page.getByRole("region", { name: "Official agenda" });
  await expect(agenda).toContainText("City Council · Tuesday, Nov 17, 2026, 6:30 PM UTC");
  const items = agenda.locator("[data-agenda-item]");
  await expect(items).toHaveCount(3);
  for (const text of ["7.1", "Maple Falls Public Library", "ORD 2026-14", "Pass", "adopted", "3:1"])
    await expect(items.nth(0)).toContainText(text);
  // Legistar's words are text, never markup.
  await expect(items.nth(1).getByText(NASTY_TITLE)).toBeVisible();
  await expect(agenda.locator("b, img")).toHaveCount(0);
  await expect(items.nth(1)).toContainText("found in the transcript");
  await expect(items.nth(0)).not.toContainText("found in the transcript");
  await expect(items.nth(2).getByRole("link")).toHaveCount(0);
  await fitsPhone(page, testInfo, "meeting-agenda", agenda);

  // The city's documents open outside, without access to this page.
  const minutes = agenda.getByRole("link", { name: /^Minutes/ });
  await expect(minutes).toHaveAttribute(
    "href",
    "https://maplefalls.legistar1.example/meetings/2026-11-17/902_M_Minutes.pdf",
  );
  await expect(minutes).toHaveAttribute("rel", "noopener noreferrer");
  await expect(minutes).toHaveAttribute("target", "_blank");

  const found = items.nth(1).getByRole("link", { name: "Taken up at 00:41:30: play the video from here" });
  await expect(found).toHaveAttribute("href", `${meeting.path}?t=2490#video`);
  await items.nth(0).getByRole("link", { name: "Taken up at 00:31:52: play the video from here" }).click();
  await expect(page).toHaveURL(/\?t=1912#video$/);
  await expect(page.locator("iframe")).toHaveAttribute("src", /\?start=1912$/);
  await expect(page.getByRole("region", { name: "Official agenda" }).locator("[data-agenda-item]")).toHaveCount(3);
});

test("an upcoming meeting is listed on the city page with its agenda, and leads to its video once matched", async ({
  page,
  open,
  js,
  testData,
}, testInfo) => {
  const city = await testData.createCity({ name: "Maple Falls" });
  const day = dayFromToday(10);
  const record = {
    timeZone: "America/Chicago",
    events: [
      { id: 880, body: "City Council", date: dayFromToday(-3) },
      {
        id: 881,
        body: "Finance Committee",
        date: day,
        time: "5:30 PM",
        items: [{ id: 8811, number: "4.1", title: "Fiscal year 2027 budget hearing", matterFile: "RES 2026-90" }],
      },
    ],
  };
  await testData.createLegislativeRecord(city, record);

  await open(city.path);
  const upcoming = page.getByRole("region", { name: "Upcoming meetings" });
  await expect(upcoming.locator("[data-upcoming-meeting]")).toHaveCount(1);
  await expect(upcoming).toContainText(/5:30 PM C[SD]T/);
  await expect(upcoming.getByRole("link", { name: /^Agenda of the Finance Committee meeting/ })).toHaveAttribute(
    "href",
    `https://maplefalls.legistar1.example/meetings/${day}/881_A_Agenda.pdf`,
  );
  await fitsPhone(page, testInfo, "city-upcoming", upcoming);
  await upcoming.getByRole("link", { name: "Finance Committee", exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`${city.path}/events/881$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Finance Committee");
  const agenda = page.getByRole("region", { name: "Agenda", exact: true });
  await expect(agenda).toContainText("4.1");
  await expect(agenda).toContainText("Fiscal year 2027 budget hearing");
  await expect(agenda).toContainText("RES 2026-90");
  await expect(agenda.getByRole("link")).toHaveCount(0);
  await fitsPhone(page, testInfo, "upcoming-meeting", agenda);

  // The video arrives and is matched: the event's page leads to the meeting.
  const meeting = await testData.createMeeting({
    city,
    title: "Finance Committee",
    publishedAt: `${day}T23:30:00Z`,
  });
  expect(await testData.createLegislativeRecord(city, record)).toEqual({ linked: 1, changed: 1 });
  await open(`${city.path}/events/881`);
  await reload(page, js);
  await expect(page).toHaveURL(new RegExp(`${meeting.path}$`));
  await expect(page.getByRole("region", { name: "Official agenda" })).toContainText("Fiscal year 2027 budget hearing");
  await open(city.path);
  await reload(page, js);
  await expect(page.getByRole("region", { name: "Upcoming meetings" })).toHaveCount(0);
});

test("each decision sits beside the official record, and a disagreement is said, not hidden", async ({
  page,
  open,
  testData,
}, testInfo) => {
  const city = await testData.createCity({ name: "Harbor Point" });
  const meeting = await testData.createMeeting({
    city,
    title: "City Council Regular Meeting",
    videoUrl: VIDEO_URL,
    transcript: DECISIONS_TRANSCRIPT,
    publishedAt: "2026-11-17T23:00:00Z",
    analysis: true,
    story: true,
    made: DECISIONS_MADE,
  });
  const linked = await testData.createLegislativeRecord(city, {
    timeZone: "UTC",
    events: [
      {
        id: 902,
        body: "City Council",
        date: "2026-11-17",
        items: [
          { id: 9101, number: "1", title: VETO_ITEM, action: "Veto sustained", passed: "Fail", tally: "6-6" },
          { id: 9102, number: "2", title: DENY_ITEM, action: "Denied", passed: "Pass", tally: "9-3" },
          { id: 9103, number: "3", title: "Consent agenda", action: "Adopted", passed: "Pass" },
        ],
      },
    ],
  });
  expect(linked).toEqual({ linked: 1, changed: 1 });

  await open(meeting.path);
  const decisions = page.getByRole("region", { name: "Decisions" }).locator("[data-decision]");
  await expect(decisions).toHaveCount(3);
  // The record first, labeled as the official record; the transcript's decision after it.
  const denial = decisions.nth(1);
  await expect(denial.locator("[data-official-record]")).toContainText("Official record, item 2");
  await expect(denial.locator("[data-official-tally]")).toHaveText("9-3");
  await expect(denial).toContainText("Denied");
  await expect(denial).toContainText("From the transcript");
  await expect(denial).toContainText("8-4");
  await expect(denial.locator("[data-record-disagreement]")).toHaveText(
    "Disagreement: The official record differs from the transcript on the tally: the record says 9-3, the transcript 8-4.",
  );
  // Where they agree, nothing is flagged.
  await expect(decisions.nth(0).locator("[data-official-tally]")).toHaveText("6-6");
  await expect(page.locator("[data-record-disagreement]")).toHaveCount(1);
  await fitsPhone(page, testInfo, "decisions-beside-record", page.getByRole("region", { name: "Decisions" }));

  // The transcript's decision still leads to its moment.
  await page.setViewportSize({ width: 1280, height: 800 });
  await denial.getByRole("link", { name: "Result at 00:04:05: play the video from here" }).click();
  await expect(page).toHaveURL(/\?t=245#video$/);
  await expect(page.locator("iframe")).toHaveAttribute("src", /\?start=245$/);
});

test(
  "the demo's Alder Creek special meeting shows its deliberate disagreement with the record",
  jsIndependent,
  async ({ page, open }) => {
    await open("/city/alder-creek");
    await page.getByRole("link", { name: "City Council Special Meeting – August 18, 2026" }).first().click();
    const appeal = page.getByRole("region", { name: "Decisions" }).locator("[data-decision]").nth(1);
    await expect(appeal.locator("[data-official-tally]")).toHaveText("5-0");
    await expect(appeal.locator("[data-record-disagreement]")).toContainText("the record says 5-0, the transcript 4-1");
  },
);
