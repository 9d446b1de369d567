import { eq } from "drizzle-orm";
import { getSourceRefreshStatus } from "~/lib/sources/requests.server";
import { beforeEach, describe, expect, it } from "vitest";
import { cities, citiesUrls, cityUrls, cityVideos, transcriptSegments } from "~/lib/db/schema";
import { getToast } from "~/lib/toast/toast.server";
import { action, loader } from "~/routes/admin/city-management";
import { callAction, callLoader, cookiesFrom, dbTag, getTestDb, TEST_ORIGIN, type RouteResult } from "../setup";
import { createCity, createMeeting, createSignedInUser } from "../support/factories";

/** /admin/city-management: its loader and every intent of its action, as an admin, a member and a visitor. */

const PAGE = "/admin/city-management";
let admin: { cookie: string; id: string };
let member: { cookie: string; id: string };

beforeEach(async () => {
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
});

const post = (fields: Record<string, string>, cookie = admin.cookie) =>
  callAction(action, PAGE, fields, { headers: cookie ? { Cookie: cookie } : {} });
const get = (path: string, cookie = admin.cookie) =>
  callLoader(loader, path, { headers: cookie ? { Cookie: cookie } : {} });

async function toastOf(result: RouteResult) {
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookiesFrom(result) } }))).toast;
}

async function createUrl(cityId: string, url = "https://www.youtube.com/@councilchannel") {
  const created = await post({ intent: "create-url", cityId, url, title: "Council videos" });
  expect(created.status).toBe(302);
  const urlId = new URL(created.headers.get("Location")!, TEST_ORIGIN).searchParams.get("url")!;
  return { created, urlId };
}

describe(`city management: cities ${dbTag}`, () => {
  it("asks to pick a city first, and lists cities by name with their state", async () => {
    await createCity({ name: "Zeta" });
    await createCity({ name: "Alpha" });
    const page = await get(PAGE);
    const data = page.data as { city: unknown; cities: { name: string; state: string }[] };
    expect(data.city).toBeNull();
    const names = data.cities.map((c) => c.name).filter((n) => n === "Alpha" || n === "Zeta");
    expect(names).toEqual(["Alpha", "Zeta"]);
    expect(data.cities[0]).toHaveProperty("state");
  });

  it("refuses a blank name or county (after trimming) with the spec's message", async () => {
    const before = await getTestDb().select().from(cities);
    const refused = await post({ intent: "create-city", name: "  ", county: "San Mateo" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      toast: { type: "error", title: "Please fill in required fields", description: "Name and county are required" },
      result: { error: { name: expect.any(Array) } },
    });
    const noCounty = await post({ intent: "create-city", name: "Foster City", county: "   " });
    expect(noCounty.status).toBe(400);
    expect(await getTestDb().select().from(cities)).toHaveLength(before.length);
  });

  it("creates a city with the defaults and selects it", async () => {
    const created = await post({ intent: "create-city", name: "  Half Moon Bay ", county: " San Mateo " });
    expect(created.status).toBe(302);
    expect(await toastOf(created)).toMatchObject({ type: "success", title: "City created successfully" });
    const [city] = await getTestDb().select().from(cities).where(eq(cities.name, "Half Moon Bay"));
    expect(city).toMatchObject({
      county: "San Mateo",
      state: "CA",
      status: "New",
      primaryColor: "#3B82F6",
      secondaryColor: "#1E40AF",
      locationKey: "half-moon-bay",
    });
    expect(created.headers.get("Location")).toBe(`${PAGE}?city=${city!.id}`);
    // A second city of the same name gets a key of its own.
    await post({ intent: "create-city", name: "Half Moon Bay", county: "San Mateo" });
    const keys = (await getTestDb().select().from(cities).where(eq(cities.name, "Half Moon Bay"))).map(
      (c) => c.locationKey,
    );
    expect(keys.sort()).toEqual(["half-moon-bay", "half-moon-bay-2"]);
  });

  it("updates every field, refuses a taken or malformed location key and bad colors", async () => {
    const city = await createCity({ name: "Belmont" });
    const other = await createCity({ name: "Other" });
    const fields = {
      intent: "update-city",
      cityId: city.id,
      name: "Belmont",
      state: "CA",
      county: "San Mateo",
      locationKey: "belmont-ca",
      description: "A city on the Peninsula",
      imageUrl: "https://example.test/belmont.jpg",
      domain: "belmont.gov",
      tagLine: "Home of the Belmont Bears",
      primaryColor: "#112233",
      secondaryColor: "#445566",
      icon: "🏛",
      status: "Live",
    };
    const updated = await post(fields);
    expect(updated.status).toBe(302);
    expect(await toastOf(updated)).toMatchObject({ title: "City updated successfully" });
    const [row] = await getTestDb().select().from(cities).where(eq(cities.id, city.id));
    const { intent: _intent, cityId: _cityId, ...expected } = fields;
    expect(row).toMatchObject(expected);

    const taken = await post({ ...fields, locationKey: other.locationKey });
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({
      toast: { type: "error", title: "Error updating city", description: expect.stringContaining("already used") },
      result: { error: { locationKey: [expect.stringContaining("already used")] } },
    });
    const malformed = await post({ ...fields, locationKey: "Not a key!" });
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({
      toast: { title: "Error updating city" },
      result: { error: { locationKey: expect.any(Array) } },
    });
    const badColor = await post({ ...fields, primaryColor: "blue" });
    expect(badColor.data).toMatchObject({ result: { error: { primaryColor: expect.any(Array) } } });
    const [unchanged] = await getTestDb().select().from(cities).where(eq(cities.id, city.id));
    expect(unchanged!.locationKey).toBe("belmont-ca");
  });
});

describe(`city management: URLs ${dbTag}`, () => {
  it("creates a URL with the defaults and the content type from the address, edits it and deletes it", async () => {
    const city = await createCity();
    const { created, urlId } = await createUrl(city.id);
    expect(await toastOf(created)).toMatchObject({ title: "URL created successfully" });
    const [row] = await getTestDb().select().from(cityUrls).where(eq(cityUrls.id, urlId));
    expect(row).toMatchObject({ contentType: "video", sourceType: "website", entityType: "Unknown" });
    expect(await getTestDb().select().from(citiesUrls).where(eq(citiesUrls.urlId, urlId))).toEqual([
      { cityId: city.id, urlId },
    ]);

    const page = await get(`${PAGE}?city=${city.id}&url=${urlId}`);
    expect(page.data).toMatchObject({ urls: [{ id: urlId }], selectedUrl: { id: urlId }, videos: [] });

    const updated = await post({
      intent: "update-url",
      cityId: city.id,
      urlId,
      url: "https://belmont.gov/agendas",
      title: "Agendas",
      sourceType: "city",
      entityType: "Government",
    });
    expect(await toastOf(updated)).toMatchObject({ title: "URL updated successfully" });
    const [edited] = await getTestDb().select().from(cityUrls).where(eq(cityUrls.id, urlId));
    expect(edited).toMatchObject({ url: "https://belmont.gov/agendas", contentType: "text", sourceType: "city" });

    const elsewhere = await createCity();
    const foreign = await post({ intent: "delete-url", cityId: elsewhere.id, urlId });
    expect(foreign.status).toBe(404);
    expect(foreign.data).toMatchObject({ toast: { title: "Error deleting URL" } });

    const deleted = await post({ intent: "delete-url", cityId: city.id, urlId });
    expect(await toastOf(deleted)).toMatchObject({ title: "URL deleted successfully" });
    expect(deleted.headers.get("Location")).toBe(`${PAGE}?city=${city.id}`);
    expect(await getTestDb().select().from(cityUrls).where(eq(cityUrls.id, urlId))).toEqual([]);
  });

  it("refuses an address that is not a web address", async () => {
    const city = await createCity();
    const refused = await post({ intent: "create-url", cityId: city.id, url: "not a url" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ toast: { type: "error", title: "Error creating URL" } });
  });

  it("asks for a URL before refreshing, and queues the refresh of one", async () => {
    const city = await createCity();
    const missing = await post({ intent: "refresh-videos", cityId: city.id, urlId: "" });
    expect(missing.data).toMatchObject({ toast: { type: "error", title: "URL is required to refresh videos" } });
    const { urlId } = await createUrl(city.id);
    const refreshed = await post({ intent: "refresh-videos", cityId: city.id, urlId });
    expect(refreshed.status).toBe(302);
    expect(await toastOf(refreshed)).toMatchObject({ title: "Videos refreshed successfully" });
    expect(await getSourceRefreshStatus(urlId)).toMatchObject({ state: "queued" });
  });
});

describe(`city management: videos ${dbTag}`, () => {
  it("lists a URL's videos newest first, edits title, description and transcript (with segments), deletes", async () => {
    const city = await createCity();
    const { urlId } = await createUrl(city.id);
    const older = await createMeeting({
      cityId: city.id,
      cityUrlsId: urlId,
      title: "Older",
      publishedAt: new Date("2026-01-01"),
    });
    const newer = await createMeeting({
      cityId: city.id,
      cityUrlsId: urlId,
      title: "Newer",
      publishedAt: new Date("2026-02-01"),
    });
    await createMeeting({ cityId: city.id, title: "Another source" });
    const page = await get(`${PAGE}?city=${city.id}&url=${urlId}`);
    expect((page.data as { videos: { title: string }[] }).videos.map((v) => v.title)).toEqual(["Newer", "Older"]);

    const updated = await post({
      intent: "update-video",
      cityId: city.id,
      urlId,
      meetingId: newer.id,
      title: "Budget hearing",
      description: "The budget",
      transcript: "MAYOR: The meeting is called to order.\nCLERK: All members are present.",
    });
    expect(updated.status).toBe(302);
    expect(await toastOf(updated)).toMatchObject({ title: "Video updated successfully" });
    const [row] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, newer.id));
    expect(row).toMatchObject({ title: "Budget hearing", description: "The budget" });
    expect(row!.transcript).toContain("All members are present.");
    const segments = await getTestDb()
      .select()
      .from(transcriptSegments)
      .where(eq(transcriptSegments.cityVideoId, newer.id));
    expect(segments.map((s) => s.text).join(" ")).toContain("All members are present.");
    expect(segments).toHaveLength(2); // the sample transcript's segments are gone

    const deleted = await post({ intent: "delete-video", cityId: city.id, urlId, meetingId: older.id });
    expect(await toastOf(deleted)).toMatchObject({ title: "Video deleted successfully" });
    expect(await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, older.id))).toEqual([]);
    const gone = await post({ intent: "delete-video", cityId: city.id, urlId, meetingId: older.id });
    expect(gone.data).toMatchObject({
      toast: { title: "Error deleting video", description: "No video details found" },
    });
  });
});

describe(`city management: permissions ${dbTag}`, () => {
  it("answers a visitor with 401 and a member with 403, on the page and every intent, and changes nothing", async () => {
    const city = await createCity();
    const { urlId } = await createUrl(city.id);
    const video = await createMeeting({ cityId: city.id, cityUrlsId: urlId });
    const intents: Record<string, string>[] = [
      { intent: "create-city", name: "Forged", county: "Forged" },
      {
        intent: "update-city",
        cityId: city.id,
        name: "Forged",
        state: "CA",
        locationKey: "forged",
        primaryColor: "#000000",
        secondaryColor: "#000000",
        status: "Live",
      },
      { intent: "create-url", cityId: city.id, url: "https://forged.test/" },
      { intent: "update-url", cityId: city.id, urlId, url: "https://forged.test/" },
      { intent: "delete-url", cityId: city.id, urlId },
      { intent: "refresh-videos", cityId: city.id, urlId },
      { intent: "update-video", cityId: city.id, urlId, meetingId: video.id, title: "Forged", transcript: "" },
      { intent: "delete-video", cityId: city.id, urlId, meetingId: video.id },
    ];
    for (const [who, cookie, status] of [
      ["visitor", "", 401],
      ["member", member.cookie, 403],
    ] as const) {
      const page = await get(`${PAGE}?city=${city.id}`, cookie);
      expect([who, "GET", page.status]).toEqual([who, "GET", status]);
      for (const fields of intents) {
        const result = await post(fields, cookie);
        expect([who, fields.intent, result.status]).toEqual([who, fields.intent, status]);
      }
    }
    expect(await getTestDb().select().from(cities).where(eq(cities.name, "Forged"))).toEqual([]);
    expect(await getTestDb().select().from(cityUrls).where(eq(cityUrls.id, urlId))).toHaveLength(1);
    const [row] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, video.id));
    expect(row!.title).toBe(video.title);
  });
});
