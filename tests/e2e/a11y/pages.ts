import type { APIRequestContext, Page } from "@playwright/test";
import { mainTestDataDoor, testDataClient } from "../test-data";

/**
 * Every page of the app, as the accessibility audit opens it: the route's
 * pattern (as app/routes.ts writes it), who opens it, and how to reach a
 * real instance of it in the demo data the e2e server seeds. Some routes
 * appear more than once, in the states a reader meets (a search with
 * results, a form sent empty, a tab). accessibility.spec.ts fails when a
 * page route of app/routes.ts is missing here.
 */

export type Audience = "visitor" | "member" | "admin";

export type AuditedPage = {
  /** The route's path pattern, as in app/routes.ts ("" is home). */
  pattern: string;
  audience: Audience;
  /** What the audit calls this page in its failures. */
  label: string;
  /** The address to open, found in the demo data. */
  path: (demo: DemoData) => string;
  /** Brings the opened page into the state to audit (a form sent, say). */
  prepare?: (page: Page) => Promise<void>;
};

/** Addresses of real rows of the seeded demo data. */
export type DemoData = {
  cityKey: string;
  meetingId: string;
  storyMeetingId: string;
  /** A meeting whose analysis holds decisions (demo/decisions.ts): its Decisions section. */
  decisionsMeetingId: string;
  issueKey: string;
  businessKey: string;
  businessId: string;
  /** A contact message and a city request of the admin inbox (demo/inbox.ts). */
  messageId: string;
  requestId: string;
  /** A city with an official record (the people pages), and one of its people: the fake Legistar's, made through the door (the demo cities have records too). */
  peopleCityKey: string;
  personId: number;
  /** A city with a legislative record made for the audit (not demo data): its page and an upcoming meeting's. */
  recordCityPath: string;
  eventPath: string;
};

/** A city with one upcoming meeting of its legislative record, two weeks from today. */
async function upcomingMeetingPaths(): Promise<{ recordCityPath: string; eventPath: string }> {
  const door = testDataClient(mainTestDataDoor());
  const city = await door.createCity({ name: "Maple Falls" });
  const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await door.createLegislativeRecord(city, {
    events: [
      {
        id: 9101,
        body: "City Council",
        date: day,
        items: [{ id: 91011, number: "4.1", title: "A resolution awarding the Elm Street paving contract" }],
      },
    ],
  });
  return { recordCityPath: city.path, eventPath: `${city.path}/events/9101` };
}

const DEMO_CITY = "alder-creek";
const DEMO_ISSUE = "oakdale-creek-development";

type ApiMeeting = { id: string; hasAnalysis: boolean; hasStory: boolean; city: { key: string } };

/** Looks the demo rows up through the public API and the admin's directory page. */
export async function findDemoData(request: APIRequestContext, adminRequest: APIRequestContext): Promise<DemoData> {
  const { meetings } = (await (await request.get(`/api/v1/meetings?city=${DEMO_CITY}&limit=100`)).json()) as {
    meetings: ApiMeeting[];
  };
  const analyzed = meetings.find((meeting) => meeting.hasAnalysis);
  const story = meetings.find((meeting) => meeting.hasStory);
  if (!analyzed || !story) throw new Error(`the demo data has no analyzed meeting with a story in ${DEMO_CITY}`);
  const directory = await (await request.get(`/city/${DEMO_CITY}/businesses`)).text();
  const businessKey = new RegExp(`/city/${DEMO_CITY}/businesses/([a-z0-9-]+)`).exec(directory)?.[1];
  const admin = await (await adminRequest.get("/admin/business-directory")).text();
  const businessId = /\/admin\/business-directory\/([0-9a-f-]{36})/.exec(admin)?.[1];
  if (!businessKey || !businessId) throw new Error("the demo data has no business listing to audit");
  const messages = await (await adminRequest.get("/admin/inbox")).text();
  const messageId = /\/admin\/inbox\/messages\/([0-9a-f-]{36})/.exec(messages)?.[1];
  const requests = await (await adminRequest.get("/admin/inbox?box=requests")).text();
  const requestId = /\/admin\/inbox\/requests\/([0-9a-f-]{36})/.exec(requests)?.[1];
  if (!messageId || !requestId) throw new Error("the demo data has no inbox message or city request to audit");
  let decisionsMeetingId: string | null = null;
  for (const meeting of meetings.filter((candidate) => candidate.hasAnalysis)) {
    const detail = (await (await request.get(`/api/v1/meetings/${meeting.id}`)).json()) as {
      meeting: { decisions: unknown[] };
    };
    if (detail.meeting.decisions.length > 0) {
      decisionsMeetingId = meeting.id;
      break;
    }
  }
  if (!decisionsMeetingId) throw new Error(`the demo data has no meeting with decisions in ${DEMO_CITY}`);
  // The people pages: a city made through the test-data door, with the fake Legistar's record (Maple Falls).
  const testData = testDataClient(mainTestDataDoor());
  const peopleCity = await testData.createCity({ name: "Maple Falls" });
  await testData.syncLegislativeRecord(peopleCity);
  return {
    peopleCityKey: peopleCity.locationKey,
    personId: 240,
    cityKey: DEMO_CITY,
    meetingId: analyzed.id,
    storyMeetingId: story.id,
    decisionsMeetingId,
    issueKey: DEMO_ISSUE,
    businessKey,
    businessId,
    messageId,
    requestId,
    ...(await upcomingMeetingPaths()),
  };
}

const fixed = (path: string) => () => path;

/** A page whose address is its pattern. */
const at = (audience: Audience, pattern: string, label: string): AuditedPage => ({
  pattern,
  audience,
  label,
  path: fixed(`/${pattern}`),
});
const inCity = (rest: string) => (demo: DemoData) => `/city/${demo.cityKey}${rest}`;

/** Follows a link or presses a button: with JavaScript it opens a dialog, without it a page. */
const openControl = (role: "link" | "button", name: string) => async (page: Page) => {
  await page.getByRole(role, { name, exact: true }).first().click();
  await page.waitForLoadState("load");
  await page.getByRole("dialog").or(page.locator("main h1")).first().waitFor({ timeout: 10_000 });
};

/** Sends the page's first form of the main content empty, to audit its error messages. */
const sendEmpty = (button: string) => async (page: Page) => {
  await page.locator("main").getByRole("button", { name: button, exact: true }).first().click();
  await page.waitForLoadState("load");
};

export const AUDITED_PAGES: AuditedPage[] = [
  // Public
  at("visitor", "", "home"),
  { pattern: "", audience: "visitor", label: "request a city", path: fixed("/?request-city") },
  at("visitor", "about", "about"),
  at("visitor", "privacy", "privacy"),
  at("visitor", "contact", "contact"),
  {
    pattern: "contact",
    audience: "visitor",
    label: "contact, sent empty",
    path: fixed("/contact"),
    prepare: sendEmpty("Send Message"),
  },
  { pattern: "feedback", audience: "visitor", label: "feedback", path: fixed("/feedback?page=%2Fabout") },
  {
    pattern: "feedback",
    audience: "visitor",
    label: "feedback from the footer",
    path: fixed("/about"),
    prepare: openControl("link", "Feedback"),
  },
  at("visitor", "auth", "sign in"),
  { pattern: "auth", audience: "visitor", label: "sign up", path: fixed("/auth?mode=signup&method=code") },
  {
    pattern: "auth",
    audience: "visitor",
    label: "enter the code",
    path: fixed("/auth?mode=login&method=code"),
    prepare: async (page) => {
      await page.getByLabel("Email").fill(`a11y-${Date.now().toString(36)}@example.com`);
      await page.getByRole("button", { name: "Send Code" }).click();
      await page.getByLabel("Verification code").waitFor({ timeout: 10_000 });
    },
  },
  { pattern: "auth/confirm", audience: "visitor", label: "confirm account", path: fixed("/auth/confirm?token=x") },
  at("member", "auth/sign-out", "sign out"),
  {
    pattern: "alerts/unsubscribe/:token",
    audience: "visitor",
    label: "unsubscribe",
    path: fixed("/alerts/unsubscribe/x"),
  },
  { pattern: "city/:locationKey", audience: "visitor", label: "city", path: inCity("") },
  {
    pattern: "city/:locationKey",
    audience: "visitor",
    label: "city with upcoming meetings",
    path: (demo) => demo.recordCityPath,
  },
  {
    pattern: "city/:locationKey/events/:eventId",
    audience: "visitor",
    label: "upcoming meeting",
    path: (demo) => demo.eventPath,
  },
  { pattern: "city/:locationKey/search", audience: "visitor", label: "city search", path: inCity("/search?q=budget") },
  {
    pattern: "city/:locationKey/meeting/:meetingId",
    audience: "visitor",
    label: "meeting analysis",
    path: (demo) => `/city/${demo.cityKey}/meeting/${demo.meetingId}`,
  },
  {
    pattern: "city/:locationKey/meeting/:meetingId",
    audience: "visitor",
    label: "meeting analysis with decisions",
    path: (demo) => `/city/${demo.cityKey}/meeting/${demo.decisionsMeetingId}`,
  },
  {
    pattern: "city/:locationKey/meeting-story/:meetingId",
    audience: "visitor",
    label: "meeting story",
    path: (demo) => `/city/${demo.cityKey}/meeting-story/${demo.storyMeetingId}`,
  },
  {
    pattern: "city/:locationKey/businesses",
    audience: "visitor",
    label: "city businesses",
    path: inCity("/businesses"),
  },
  {
    pattern: "city/:locationKey/businesses/:businessKey",
    audience: "visitor",
    label: "business listing",
    path: (demo) => `/city/${demo.cityKey}/businesses/${demo.businessKey}`,
  },
  { pattern: "city/:locationKey/issues", audience: "visitor", label: "city issues", path: inCity("/issues") },
  {
    pattern: "city/:locationKey/issues/:issueKey",
    audience: "visitor",
    label: "issue timeline",
    path: (demo) => `/city/${demo.cityKey}/issues/${demo.issueKey}`,
  },
  {
    pattern: "city/:locationKey/people",
    audience: "visitor",
    label: "city people",
    path: (demo) => `/city/${demo.peopleCityKey}/people`,
  },
  {
    pattern: "city/:locationKey/people/:personId",
    audience: "visitor",
    label: "person",
    path: (demo) => `/city/${demo.peopleCityKey}/people/${demo.personId}`,
  },
  {
    pattern: "city/:locationKey/people/:personId",
    audience: "visitor",
    label: "person, votes filtered",
    path: (demo) => `/city/${demo.peopleCityKey}/people/${demo.personId}?type=Resolution&result=failed`,
  },
  {
    pattern: "city/:locationKey/matters/:file",
    audience: "visitor",
    label: "matter",
    path: (demo) => `/city/${demo.peopleCityKey}/matters/ORD%202026-14`,
  },
  {
    pattern: "meeting/:meetingId",
    audience: "visitor",
    label: "meeting outside its city",
    path: (demo) => `/meeting/${demo.meetingId}`,
  },
  {
    pattern: "meeting-story/:meetingId",
    audience: "visitor",
    label: "story outside its city",
    path: (demo) => `/meeting-story/${demo.storyMeetingId}`,
  },
  { pattern: "search", audience: "visitor", label: "search", path: fixed("/search?q=budget") },
  at("visitor", "businesses", "businesses"),
  {
    pattern: "businesses/:businessKey",
    audience: "visitor",
    label: "listing outside its city",
    path: (demo) => `/businesses/${demo.businessKey}`,
  },
  at("visitor", "proto/business-directory", "directory prototype"),
  at("visitor", "proto/pricing", "pricing prototype"),
  at("visitor", "api", "API"),
  { pattern: "*", audience: "visitor", label: "not found", path: fixed("/no-such-page") },

  // Members
  { pattern: "", audience: "member", label: "home, signed in", path: fixed("/?cities") },
  at("member", "profile", "profile"),
  at("member", "profile/delete", "delete account"),
  {
    pattern: "profile/delete",
    audience: "member",
    label: "delete account from the profile",
    path: fixed("/profile"),
    prepare: openControl("link", "Delete my account"),
  },
  at("member", "alerts", "alerts"),
  at("member", "desk", "desk: alerts"),
  { pattern: "desk", audience: "member", label: "desk: quotes", path: fixed("/desk?tab=quotes&q=budget") },
  { pattern: "desk", audience: "member", label: "desk: draft", path: fixed("/desk?tab=draft") },
  { pattern: "city/:locationKey", audience: "member", label: "city, signed in", path: inCity("") },

  // Admins
  at("admin", "admin", "admin"),
  at("admin", "admin/story-playground", "story playground"),
  at("admin", "admin/jobs", "jobs"),
  at("admin", "admin/city-management", "city management"),
  {
    pattern: "admin/city-management/videos/:meetingId/transcript",
    audience: "admin",
    label: "video transcript",
    path: (demo) => `/admin/city-management/videos/${demo.meetingId}/transcript`,
  },
  {
    pattern: "admin/revisions/:meetingId",
    audience: "admin",
    label: "revisions",
    path: (demo) => `/admin/revisions/${demo.meetingId}`,
  },
  at("admin", "admin/content-management", "content management"),
  {
    pattern: "admin/content-management/meetings/:meetingId/recording",
    audience: "admin",
    label: "meeting recording",
    path: (demo) => `/admin/content-management/meetings/${demo.meetingId}/recording`,
  },
  at("admin", "admin/youtube-manager", "YouTube manager"),
  at("admin", "admin/analytics", "analytics"),
  at("admin", "admin/business-directory", "business directory"),
  {
    pattern: "admin/business-directory/:businessId",
    audience: "admin",
    label: "business preview",
    path: (demo) => `/admin/business-directory/${demo.businessId}`,
  },
  {
    pattern: "admin/business-directory/:businessId/edit",
    audience: "admin",
    label: "business edit",
    path: (demo) => `/admin/business-directory/${demo.businessId}/edit`,
  },
  at("admin", "admin/business-directory/new", "business new"),
  {
    pattern: "admin/business-directory/new",
    audience: "admin",
    label: "business new, sent empty",
    path: fixed("/admin/business-directory/new"),
    prepare: sendEmpty("Create Business"),
  },
  {
    pattern: "admin/business-directory/:businessId/delete",
    audience: "admin",
    label: "business delete",
    path: (demo) => `/admin/business-directory/${demo.businessId}/delete`,
  },
  {
    pattern: "admin/business-directory",
    audience: "admin",
    label: "business delete from the list",
    path: fixed("/admin/business-directory"),
    // Opens the confirmation (a dialog with JavaScript, the page without); nothing is deleted.
    prepare: async (page) => {
      await page
        .getByRole("link", { name: /^Delete / })
        .first()
        .click();
      await page.waitForLoadState("load");
      await page.getByRole("dialog").or(page.locator("main h1")).first().waitFor({ timeout: 10_000 });
    },
  },
  {
    pattern: "admin/business-directory/:businessId/image",
    audience: "admin",
    label: "business image",
    path: (demo) => `/admin/business-directory/${demo.businessId}/image`,
  },
  at("admin", "admin/product-feedback", "product feedback"),
  at("admin", "admin/inbox", "inbox"),
  {
    pattern: "admin/inbox",
    audience: "admin",
    label: "inbox: city requests",
    path: fixed("/admin/inbox?box=requests"),
  },
  {
    pattern: "admin/inbox/messages/:messageId",
    audience: "admin",
    label: "inbox message",
    path: (demo) => `/admin/inbox/messages/${demo.messageId}`,
  },
  {
    pattern: "admin/inbox/messages/:messageId",
    audience: "admin",
    label: "inbox message, reply sent empty",
    path: (demo) => `/admin/inbox/messages/${demo.messageId}`,
    prepare: async (page) => {
      await page.getByLabel("Subject").fill("");
      await sendEmpty("Send reply")(page);
    },
  },
  {
    pattern: "admin/inbox/requests/:requestId",
    audience: "admin",
    label: "inbox city request",
    path: (demo) => `/admin/inbox/requests/${demo.requestId}`,
  },
  at("admin", "admin/issues", "tracked issues"),
  at("admin", "admin/proto/frontend-components", "components prototype"),
  at("admin", "admin/proto/business-directory-tiers", "tiers prototype"),
  at("admin", "admin/proto/business-directory", "admin directory prototype"),
  at("admin", "admin/proto/pricing", "admin pricing prototype"),
];
