import { expect, jsIndependent, test, toast } from "./fixtures";

/**
 * The admin buttons of the public pages, with JavaScript on and off, each
 * test as a new admin on meetings of its own. The e2e server's
 * YOUTUBE_BASE_URL is a closed local port, so a transcript fetch fails as it
 * would with the site down; analyses and stories go through the queues of
 * the in-process worker.
 */

test("Fetch Transcript shows for a missing transcript and reports the outcome", async ({
  page,
  open,
  signedInAs,
  testData,
}) => {
  await signedInAs("admin");
  const meeting = await testData.createMeeting({ transcript: null });
  await open(meeting.city.path);
  const fetchButton = page.getByRole("button", { name: "Fetch Transcript" });
  await expect(fetchButton).toHaveCount(1);
  await fetchButton.click();
  await expect(toast(page, "alert", "Failed to fetch transcript.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${meeting.city.path}$`));
});

test("visitors do not see the admin buttons", jsIndependent, async ({ page, open, testData }) => {
  const meeting = await testData.createMeeting({ transcript: null });
  await open(meeting.city.path);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Fetch Transcript" })).toHaveCount(0);
});

test("Re-Analyze Meeting and Rewrite Story queue new versions", async ({ page, open, signedInAs, testData }) => {
  await signedInAs("admin");
  const meeting = await testData.createMeeting({ analysis: true, story: true });
  await open(meeting.city.path);
  await page.getByRole("link", { name: "View Story" }).click();
  await expect(page).toHaveURL(new RegExp(`${meeting.storyPath}$`));

  await page.getByLabel("Rewrite instructions (optional)").fill("Lead with the budget figures.");
  await page.getByRole("button", { name: "Rewrite Story" }).click();
  await expect(toast(page, "status", "A new story")).toBeVisible();

  await open(meeting.path);
  await page.getByRole("button", { name: "Re-Analyze Meeting" }).click();
  await expect(toast(page, "status", "re-analysis").or(toast(page, "status", "Re-analysis"))).toBeVisible();
  await expect(page.getByRole("link", { name: "Revisions" })).toBeVisible();
});

/**
 * Rewrite and Regenerate queue the story; the page watches the job (polling
 * with JavaScript, refreshing itself without) and, once the new story is
 * written, shows 'Story Generated' once to the admin who asked.
 */
test("Rewrite Story and Regenerate show 'Story Generated' when the new story is ready", async ({
  page,
  open,
  signedInAs,
  testData,
}) => {
  test.setTimeout(90_000);
  await signedInAs("admin");
  const meeting = await testData.createMeeting({ analysis: true, story: true });
  await open(meeting.storyPath);

  await page.getByLabel("Rewrite instructions (optional)").fill("Lead with what residents must do next.");
  await page.getByRole("button", { name: "Rewrite Story" }).click();
  await expect(toast(page, "status", "A new story")).toBeVisible();
  const generated = toast(page, "status", "Story Generated");
  await expect(generated).toBeVisible({ timeout: 30_000 });
  await expect(generated).toContainText("The news story has been successfully generated.");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Once: opening the page again shows no toast.
  await open(meeting.storyPath);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(toast(page, "status", "Story Generated")).toHaveCount(0);

  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(toast(page, "status", "A new story")).toBeVisible();
  await expect(toast(page, "status", "Story Generated")).toBeVisible({ timeout: 30_000 });
});

/**
 * A post the action cannot read re-renders the meeting page with status 400
 * and its toast, with JavaScript on and off (the route's own toast reaches
 * the root's toast outlet). The Re-Analyze form is posted for another meeting.
 */
test("a meeting page shows the toast of a post it cannot read", async ({ page, open, signedInAs, testData }) => {
  await signedInAs("admin");
  const meeting = await testData.createMeeting({ analysis: true });
  await open(meeting.path);
  const otherMeeting = "00000000-0000-4000-8000-000000000000";
  const statuses: number[] = [];
  await page.route(
    (url) => url.pathname.includes("/meeting/"),
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = new URLSearchParams(request.postData() ?? "");
      body.set("meetingId", otherMeeting);
      const response = await route.fetch({ postData: body.toString() });
      statuses.push(response.status());
      return route.fulfill({ response });
    },
  );
  await page.getByRole("button", { name: "Re-Analyze Meeting" }).click();
  await expect(toast(page, "alert", "That request could not be understood.")).toBeVisible();
  expect(statuses).toContain(400);
  await expect(page.getByRole("button", { name: "Re-Analyze Meeting" })).toBeVisible();
});
