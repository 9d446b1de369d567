import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cityVideos } from "~/lib/db/schema";
import { loader } from "~/routes/admin/content-management";
import { callLoader, dbTag, getTestDb, TEST_ORIGIN } from "../setup";
import { createCity, createCitySource, createMeeting, createSignedInUser } from "../support/factories";

/** /admin/content-management: what its loader gives for each selection, and who may open it. */

let admin: { cookie: string };
let member: { cookie: string };

beforeEach(async () => {
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
});

function open(query: Record<string, string>, cookie = admin.cookie) {
  const search = new URLSearchParams(query).toString();
  return callLoader(loader, `/admin/content-management${search ? `?${search}` : ""}`, {
    headers: cookie ? { Cookie: cookie } : undefined,
  });
}

async function sourceWithMeetings() {
  const city = await createCity({ name: "Alderbrook" });
  const source = await createCitySource(city.id, { title: "Council playlist", sourceType: "youtube" });
  const older = await createMeeting({
    cityId: city.id,
    cityUrlsId: source.id,
    title: "January meeting",
    transcript: null,
    publishedAt: new Date("2026-01-10T18:00:00Z"),
  });
  const newer = await createMeeting({
    cityId: city.id,
    cityUrlsId: source.id,
    title: "February meeting",
    description: "Budget study session",
    channelTitle: "Alderbrook TV",
    videoUrl: "https://www.youtube.com/watch?v=abcdefghijk",
    videoId: "abcdefghijk",
    analysis: true,
    story: true,
    publishedAt: new Date("2026-02-14T18:00:00Z"),
  });
  // Another source of the same city, whose meeting must not be listed.
  const other = await createCitySource(city.id, { title: "Planning commission" });
  await createMeeting({ cityId: city.id, cityUrlsId: other.id, title: "Planning meeting" });
  return { city, source, older, newer };
}

describe(`content management loader ${dbTag}`, () => {
  it("without a selection lists every city with its sources, and says so for a city without any", async () => {
    const { city, source } = await sourceWithMeetings();
    const empty = await createCity({ name: "Birchfield" });
    const result = await open({});
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      kind: "choose",
      cities: expect.arrayContaining([
        expect.objectContaining({
          id: city.id,
          sources: expect.arrayContaining([expect.objectContaining({ id: source.id })]),
        }),
        expect.objectContaining({ id: empty.id, sources: [] }),
      ]),
    });
    const oneCity = await open({ cityId: city.id });
    expect(oneCity.data).toMatchObject({ kind: "choose", cities: [{ id: city.id, name: "Alderbrook", state: "CA" }] });
  });

  it("shows the source's context and its videos, newest first, without other sources' videos", async () => {
    const { city, source, older, newer } = await sourceWithMeetings();
    const result = await open({ cityId: city.id, sourceUrlId: source.id });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      kind: "source",
      city: { id: city.id, name: "Alderbrook", state: "CA" },
      source: { id: source.id, title: "Council playlist", contentType: "video", sourceType: "youtube" },
      meetingId: null,
      video: null,
    });
    const videos = (result.data as { videos: { id: string; hasTranscript: boolean; hasStory: boolean }[] }).videos;
    expect(videos.map((video) => video.id)).toEqual([newer.id, older.id]);
    expect(videos[0]).toMatchObject({ hasTranscript: true, hasStory: true });
    expect(videos[1]).toMatchObject({ hasTranscript: false, hasStory: false });
  });

  it("gives the selected video's details, transcript with its line breaks, analysis and story", async () => {
    const { city, source, newer } = await sourceWithMeetings();
    const result = await open({ cityId: city.id, sourceUrlId: source.id, meetingId: newer.id });
    expect(result.status).toBe(200);
    const video = (result.data as { video: Record<string, unknown> }).video;
    expect(video).toMatchObject({
      id: newer.id,
      title: "February meeting",
      channelTitle: "Alderbrook TV",
      description: "Budget study session",
      videoId: "abcdefghijk",
      publishedAt: "2026-02-14T18:00:00.000Z",
      watchUrl: "https://www.youtube.com/watch?v=abcdefghijk",
      analysis: { summary: expect.any(String) },
      story: { article: { headline: expect.any(String) } },
      storyGeneratedAt: expect.any(String),
    });
    expect(video.transcript).toContain("\n");
  });

  it("gives empty cards for a video with nothing yet, and a story that is not structured as plain text", async () => {
    const { city, source, older } = await sourceWithMeetings();
    const first = await open({ cityId: city.id, sourceUrlId: source.id, meetingId: older.id });
    expect((first.data as { video: unknown }).video).toMatchObject({
      transcript: null,
      analysis: null,
      story: null,
      storyGeneratedAt: null,
      // No URL stored: the link is made from the video site's id.
      watchUrl: `https://www.youtube.com/watch?v=${older.videoId}`,
    });

    await getTestDb()
      .update(cityVideos)
      .set({ newsStory: "A story written before stories were structured.", videoUrl: "javascript:alert(1)" })
      .where(eq(cityVideos.id, older.id));
    const second = await open({ cityId: city.id, sourceUrlId: source.id, meetingId: older.id });
    expect((second.data as { video: unknown }).video).toMatchObject({
      story: { plainText: "A story written before stories were structured." },
      watchUrl: `https://www.youtube.com/watch?v=${older.videoId}`,
    });
  });

  it("answers unknown or mismatched ids with a page that says what was not found (404), not an error", async () => {
    const { city, source, older } = await sourceWithMeetings();
    const elsewhere = await createCity({ name: "Cedar Falls" });
    const foreign = await createMeeting({ cityId: elsewhere.id, title: "Elsewhere" });

    expect(await open({ cityId: "not-a-uuid" })).toMatchObject({
      status: 404,
      thrown: false,
      data: { kind: "city-not-found" },
    });
    expect(await open({ cityId: crypto.randomUUID() })).toMatchObject({
      status: 404,
      data: { kind: "city-not-found" },
    });
    // The source belongs to another city.
    expect(await open({ cityId: elsewhere.id, sourceUrlId: source.id })).toMatchObject({
      status: 404,
      data: { kind: "source-not-found", city: { id: elsewhere.id } },
    });
    expect(await open({ cityId: city.id, sourceUrlId: "nope" })).toMatchObject({
      status: 404,
      data: { kind: "source-not-found" },
    });
    for (const meetingId of ["nope", crypto.randomUUID(), foreign.id]) {
      expect(await open({ cityId: city.id, sourceUrlId: source.id, meetingId })).toMatchObject({
        status: 404,
        data: {
          kind: "source",
          meetingId,
          video: null,
          videos: expect.arrayContaining([expect.objectContaining({ id: older.id })]),
        },
      });
    }
  });

  it("refuses a visitor (401) and a member (403) with the admin panel's message", async () => {
    const { city, source } = await sourceWithMeetings();
    const query = { cityId: city.id, sourceUrlId: source.id };
    for (const [cookie, status] of [
      ["", 401],
      [member.cookie, 403],
    ] as const) {
      const result = await open(query, cookie);
      expect(result).toMatchObject({
        status,
        thrown: true,
        data: { message: "You don't have permission to access the admin panel." },
      });
    }
  });
});
