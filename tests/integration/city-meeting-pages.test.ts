import { beforeAll, describe, expect, it } from "vitest";
import { serializeJsonLd } from "~/components/meeting/json-ld";
import { createUser, grantRole } from "~/lib/auth/users.server";
import { signIn } from "~/lib/auth/session.server";
import { cities, cityVideos } from "~/lib/db/schema";
import type { MeetingView } from "~/lib/meetings/view";
import { storyMeta } from "~/lib/meetings/meta";
import { action as cityMeetingAction, loader as cityMeetingLoader } from "~/routes/meeting/meeting";
import { action as cityStoryAction, loader as cityStoryLoader } from "~/routes/meeting/meeting-story";
import { loader as meetingLoader } from "~/routes/meeting/meeting";
import { loader as storyLoader } from "~/routes/meeting/meeting-story";
import { loader as rootLoader } from "~/root";
import { callAction, callLoader, cookiesFrom, dbTag, getRequest, getTestDb } from "../setup";

/** The meeting analysis and story pages: what they load, their 404s, meta, and admin actions. */

const KEY = "meetville";
let structuredId: string;
let plainId: string;
let emptyId: string;
let otherCityVideoId: string;
let admin: string;

const ANALYSIS = {
  summary: "The council adopted the budget.",
  highlights: [
    {
      timestamp: "00:12:41",
      point_of_interest: "Budget vote",
      quotes: [{ text: "We adopt it.", speaker: "MAYOR LOPEZ" }],
    },
    { timestamp: "soon", point_of_interest: "Unreadable time", quotes: [] },
  ],
  action_items: [{ description: "Publish the budget", responsible_party: "Finance", deadline: "June 30" }],
  entities: [{ name: "Finance Department", type: "organization", context: "Prepares the budget" }],
};

const HOSTILE_HEADLINE = `Budget passes </script><script>alert("x")</script> & more`;
const STORY = {
  article: {
    headline: HOSTILE_HEADLINE,
    body: "First paragraph.\n\nSecond <b>paragraph</b>.",
    word_count: 4,
    primary_focus: "Budget",
  },
  sidebar_elements: {
    quote_block: { quote: "We adopt it.", attribution: "Mayor Lopez", context: "At the vote" },
    quick_facts: ["$4M"],
    background: "Annual.",
  },
  metadata: { follow_up_needed: true, next_meeting_date: "2026-07-01", sources_used: ["Video"], uncertainty_notes: [] },
  notes: "",
};

beforeAll(async () => {
  const db = getTestDb();
  const [city, other] = await db
    .insert(cities)
    .values([
      { name: "Meetville", locationKey: KEY, status: "Live" },
      { name: "Otherton", locationKey: "otherton", status: "Live" },
    ])
    .returning();
  const videos = await db
    .insert(cityVideos)
    .values([
      {
        cityId: city!.id,
        videoId: "structured",
        videoUrl: "https://youtu.be/abcdefghijk",
        title: "Budget hearing",
        transcript: "x".repeat(2000),
        analysisResults: ANALYSIS,
        newsStory: STORY,
        storyGeneratedAt: new Date("2026-06-02T10:00:00Z"),
        publishedAt: new Date("2026-06-01T10:00:00Z"),
      },
      {
        cityId: city!.id,
        videoId: "plain",
        videoUrl: "https://vimeo.com/123",
        title: "Old meeting",
        transcript: "x".repeat(500),
        analysisResults: "An old analysis, as text.",
        newsStory: "An old story.\n\n  Kept   as written.",
      },
      { cityId: city!.id, videoId: "empty", videoUrl: null, title: "Silent meeting", transcript: null },
      {
        cityId: other!.id,
        videoId: "elsewhere",
        videoUrl: "https://www.youtube.com/watch?v=zyxwvutsrqp",
        title: "Elsewhere",
      },
    ])
    .returning({ id: cityVideos.id });
  [structuredId, plainId, emptyId, otherCityVideoId] = videos.map((v) => v.id) as [string, string, string, string];
  const user = await createUser({ email: "admin@meetville.test", emailConfirmed: true });
  await grantRole("admin@meetville.test", "admin");
  const signedIn = await signIn(getRequest("/"), user.id, "/", { title: "hi" });
  admin = signedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((cookie) => cookie.startsWith("gavel_session="))
    .join("; ");
});

type PageData = { meeting: MeetingView; isAdmin: boolean; canonicalUrl: string; jsonLd?: Record<string, unknown> };

function cityMeeting(
  meetingId: string,
  headers?: HeadersInit,
  loader: (args: never) => unknown = cityMeetingLoader as never,
  kind = "meeting",
) {
  return callLoader(loader, `/city/${KEY}/${kind}/${meetingId}`, { params: { locationKey: KEY, meetingId }, headers });
}

describe(`meeting analysis page ${dbTag}`, () => {
  it("loads the analysis, with highlight times as seconds for ?t= links", async () => {
    const result = await cityMeeting(structuredId);
    expect(result.status).toBe(200);
    expect(result.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=600");
    const { meeting, isAdmin, canonicalUrl } = result.data as PageData;
    expect(isAdmin).toBe(false);
    expect(canonicalUrl).toMatch(new RegExp(`/city/${KEY}/meeting/${structuredId}$`));
    expect(meeting.youTubeId).toBe("abcdefghijk");
    expect(meeting.analysis.kind).toBe("structured");
    if (meeting.analysis.kind !== "structured") return;
    expect(meeting.analysis.highlights.map((h) => h.seconds)).toEqual([12 * 60 + 41, null]);
    expect(meeting.analysis.highlights[0]!.quotes).toEqual([{ text: "We adopt it.", speaker: "MAYOR LOPEZ" }]);
    expect(meeting.analysis.actionItems).toEqual([
      { description: "Publish the budget", responsibleParty: "Finance", dueDate: "June 30" },
    ]);
    expect(meeting.analysis.entities[0]).toEqual({
      name: "Finance Department",
      type: "organization",
      context: "Prepares the budget",
    });
  });

  it("shows stored text that is not structured as plain text, and says when there is none", async () => {
    const plain = (await cityMeeting(plainId)).data as PageData;
    expect(plain.meeting.analysis).toEqual({ kind: "plain", text: "An old analysis, as text." });
    expect(plain.meeting.youTubeId).toBeNull();
    const empty = (await cityMeeting(emptyId)).data as PageData;
    expect(empty.meeting.analysis).toEqual({ kind: "none" });
    expect(empty.meeting.canAnalyze).toBe(false);
  });

  it("answers 404 for unknown, malformed or other cities' videos", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1; drop table cities", otherCityVideoId]) {
      const result = await cityMeeting(id);
      expect(result.thrown, id).toBe(true);
      expect(result.status, id).toBe(404);
    }
    const unknownCity = await callLoader(cityMeetingLoader, `/city/nowhere/meeting/${structuredId}`, {
      params: { locationKey: "nowhere", meetingId: structuredId },
    });
    expect(unknownCity.status).toBe(404);
  });

  it("has a city-less route that shares the canonical URL with the city one", async () => {
    const result = await callLoader(meetingLoader, `/meeting/${otherCityVideoId}`, {
      params: { meetingId: otherCityVideoId },
    });
    const { meeting, canonicalUrl } = result.data as PageData;
    expect(meeting.city.locationKey).toBe("otherton");
    expect(canonicalUrl).toMatch(new RegExp(`/city/otherton/meeting/${otherCityVideoId}$`));
    const missing = await callLoader(meetingLoader, "/meeting/zzz", { params: { meetingId: "zzz" } });
    expect(missing.status).toBe(404);
  });

  it("lets only admins ask for a re-analysis, and toasts the answer", async () => {
    const fields = { intent: "re-analyze", meetingId: structuredId };
    const path = `/city/${KEY}/meeting/${structuredId}?t=20`;
    const params = { locationKey: KEY, meetingId: structuredId };
    const visitor = await callAction(cityMeetingAction, path, fields, { params });
    expect(visitor.status).toBe(401);
    expect(((await cityMeeting(structuredId, { Cookie: admin })).data as PageData).isAdmin).toBe(true);
    const done = await callAction(cityMeetingAction, path, fields, { params, headers: { Cookie: admin } });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(path);
    const next = await callLoader(rootLoader, path, { headers: { Cookie: cookiesFrom(done) } });
    expect((next.data as { toast: { title: string } }).toast.title).toBe(
      "Re-analysis queued. The page updates when it is done.",
    );
    const mismatch = await callAction(
      cityMeetingAction,
      path,
      { intent: "re-analyze", meetingId: plainId },
      { params, headers: { Cookie: admin } },
    );
    expect(mismatch.status).toBe(400);
  });
});

describe(`meeting story page ${dbTag}`, () => {
  it("loads the structured story with NewsArticle JSON-LD that cannot close its script tag", async () => {
    const result = await cityMeeting(structuredId, undefined, cityStoryLoader as never, "meeting-story");
    const { meeting, jsonLd, canonicalUrl } = result.data as PageData;
    expect(meeting.story.kind).toBe("structured");
    expect(canonicalUrl).toMatch(new RegExp(`/city/${KEY}/meeting-story/${structuredId}$`));
    expect(jsonLd).toMatchObject({
      "@type": "NewsArticle",
      headline: HOSTILE_HEADLINE,
      url: canonicalUrl,
      datePublished: "2026-06-02T10:00:00.000Z",
    });
    const serialized = serializeJsonLd(jsonLd);
    expect(serialized).not.toMatch(/[<>]/);
    expect(serialized).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(serialized)).toEqual(jsonLd);
  });

  it("describes itself with Open Graph, Twitter and canonical tags", async () => {
    const { meeting, canonicalUrl } = (
      await cityMeeting(structuredId, undefined, cityStoryLoader as never, "meeting-story")
    ).data as PageData;
    const tags = storyMeta(meeting, canonicalUrl);
    const content = (key: string, value: string) => tags.find((tag) => tag[key] === value)?.content;
    expect(content("property", "og:type")).toBe("article");
    expect(content("property", "og:title")).toBe(HOSTILE_HEADLINE);
    expect(content("property", "og:url")).toBe(canonicalUrl);
    expect(content("property", "og:description")).toBe("First paragraph.");
    expect(content("name", "twitter:card")).toMatch(/^summary/);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: canonicalUrl });
  });

  it("keeps a legacy story as plain text, and 404s like the analysis page", async () => {
    const plain = (await callLoader(storyLoader, `/meeting-story/${plainId}`, { params: { meetingId: plainId } }))
      .data as PageData;
    expect(plain.meeting.story).toEqual({ kind: "plain", text: "An old story.\n\n  Kept   as written." });
    const none = (await callLoader(storyLoader, `/meeting-story/${emptyId}`, { params: { meetingId: emptyId } }))
      .data as PageData;
    expect(none.meeting.story).toEqual({ kind: "none" });
    expect((await callLoader(storyLoader, "/meeting-story/x", { params: { meetingId: "x" } })).status).toBe(404);
  });

  it("lets only admins rewrite or regenerate", async () => {
    const path = `/city/${KEY}/meeting-story/${structuredId}`;
    const params = { locationKey: KEY, meetingId: structuredId };
    const answers = {
      "rewrite-story": "A new story is being written. The page updates when it is ready.",
      // No worker runs in this test: the rewrite is still queued.
      "regenerate-story": "A new story for this meeting is already queued.",
    };
    for (const intent of ["rewrite-story", "regenerate-story"] as const) {
      const visitor = await callAction(cityStoryAction, path, { intent, meetingId: structuredId }, { params });
      expect(visitor.status).toBe(401);
      const done = await callAction(
        cityStoryAction,
        path,
        { intent, meetingId: structuredId, additionalContext: "Lead with the vote" },
        { params, headers: { Cookie: admin } },
      );
      expect(done.status).toBe(302);
      const next = await callLoader(rootLoader, path, { headers: { Cookie: cookiesFrom(done) } });
      expect((next.data as { toast: { title: string } }).toast.title).toBe(answers[intent]);
    }
    const unknown = await callAction(
      cityStoryAction,
      path,
      { intent: "publish", meetingId: structuredId },
      { params, headers: { Cookie: admin } },
    );
    expect(unknown.status).toBe(400);
  });
});
