import type { APIRequestContext } from "@playwright/test";
import { findDemoData, type Audience } from "./a11y/pages";
import { addSessionCookie, expect, jsOnly, test } from "./fixtures";
import { watchPageErrors } from "./page-errors";

/**
 * With JavaScript on, the meeting and story pages hydrate without an error
 * for a visitor, a member and an admin: React keeps the server's HTML. Issue
 * 26 item 11: for a signed-in reader, "Add to draft" (a form) sat inside a
 * paragraph; the browser's parser closes a paragraph before a form, so the
 * document was not what React rendered, and React threw it away (#418) and
 * rendered the page again. (Every other page is watched for the same errors
 * by the accessibility audit, which opens them all: accessibility.spec.ts.)
 */

type ApiMeeting = { id: string; hasAnalysis: boolean; hasStory: boolean };

/** A demo meeting whose pages show "Add to draft" to a signed-in reader (its quotes are verified). */
async function meetingWithDraftQuotes(signedIn: APIRequestContext, cityKey: string): Promise<string> {
  const { meetings } = (await (await signedIn.get(`/api/v1/meetings?city=${cityKey}&limit=100`)).json()) as {
    meetings: ApiMeeting[];
  };
  for (const meeting of meetings.filter((candidate) => candidate.hasAnalysis && candidate.hasStory)) {
    const html = await (await signedIn.get(`/city/${cityKey}/meeting/${meeting.id}`)).text();
    if (html.includes("data-add-to-draft")) return meeting.id;
  }
  throw new Error(`no demo meeting of ${cityKey} offers "Add to draft"`);
}

for (const audience of ["visitor", "member", "admin"] satisfies Audience[]) {
  test(
    `the meeting and story pages hydrate without an error for a ${audience}`,
    jsOnly,
    async ({ page, open, browser, baseURL, request, testData, signedInAs }) => {
      test.setTimeout(90_000); // two browser contexts' lookups, then five pages each waited for until hydrated
      const admin = await testData.createUser("admin");
      const adminContext = await browser.newContext({ baseURL });
      try {
        await addSessionCookie(adminContext, admin, baseURL!);
        const demo = await findDemoData(request, adminContext.request);
        const meetingId = await meetingWithDraftQuotes(adminContext.request, demo.cityKey);
        if (audience !== "visitor") await signedInAs(audience);
        const errors = watchPageErrors(page);
        const paths = [
          `/city/${demo.cityKey}/meeting/${meetingId}`,
          `/city/${demo.cityKey}/meeting-story/${meetingId}`,
          `/meeting/${meetingId}?t=60`,
          `/meeting-story/${meetingId}`,
          `/city/${demo.cityKey}`,
        ];
        for (const path of paths) {
          await open(path);
          // What makes the pages differ by reader was there: a signed-in reader's quote forms.
          if (path.includes("/meeting/"))
            expect((await page.locator("[data-add-to-draft]").count()) > 0, path).toBe(audience !== "visitor");
        }
        expect(errors, `errors on ${paths.join(", ")}`).toEqual([]);
      } finally {
        await adminContext.close();
      }
    },
  );
}
