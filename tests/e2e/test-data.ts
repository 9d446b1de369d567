import type { CityOptions, MeetingOptions, SourceOptions } from "../support/factories";
import type { LegislativeRecordOptions } from "../support/legistar-factories";

/**
 * The specs' side of the e2e server's test-data door (test-data-server.ts):
 * creates users, cities and meetings with the shared factories and answers
 * with what a browser needs (ids, paths, a session cookie).
 */

export type TestUser = { id: string; email: string; cookie: { name: string; value: string } };
export type TestCity = { id: string; name: string; locationKey: string; path: string };
export type TestMeeting = {
  meetingId: string;
  videoId: string;
  title: string;
  city: TestCity;
  /** The analysis page, in its city. */
  path: string;
  storyPath: string;
};

/** What a new meeting should have; JSON-friendly MeetingOptions plus the city to create when no cityId is given. */
export type TestMeetingOptions = Omit<MeetingOptions, "cityId" | "publishedAt"> & {
  city?: TestCity | CityOptions;
  publishedAt?: string;
};

export type TestSource = { id: string; title: string | null; url: string };

export type TestListing = { id: string; name: string; businessKey: string; imageUrl: string | null };

export type TestData = {
  createUser(role: "member" | "admin"): Promise<TestUser>;
  createCity(options?: CityOptions): Promise<TestCity>;
  createMeeting(options?: TestMeetingOptions): Promise<TestMeeting>;
  /** The city's official record: its Legistar source saved and synced from the e2e server's fake Legistar. */
  syncLegislativeRecord(city: TestCity): Promise<void>;
  /** A source (city URL) of the city; meetings join it with `cityUrlsId`. */
  createSource(city: TestCity, options?: SourceOptions): Promise<TestSource>;
  /** Legistar events and items of the city, stored as a sync stores them, then matched to its videos. */
  createLegislativeRecord(
    city: TestCity,
    options: LegislativeRecordOptions,
  ): Promise<{ linked: number; changed: number }>;
  /** Business listings of the city, one per entry (Tier 3 unless given). */
  createBusinesses(city: TestCity, listings: TestBusinessInput[]): Promise<{ id: string; name: string }[]>;
  /** A business listing in the city (Premium unless asked). */
  createListing(
    city: TestCity,
    options?: {
      name?: string;
      listingTier?: "Tier 1" | "Tier 2" | "Tier 3";
      imageUrl?: string | null;
      latitude?: number | null;
      longitude?: number | null;
    },
  ): Promise<TestListing>;
};

export type TestBusinessInput = { name: string; description?: string; listingTier?: "Tier 1" | "Tier 2" | "Tier 3" };

export type TestDataDoor = { url: string; token: string };

/** The door of the server playwright.config.ts starts. */
export function mainTestDataDoor(): TestDataDoor {
  const { E2E_TEST_DATA_PORT: port, E2E_TEST_DATA_TOKEN: token } = process.env;
  if (!port || !token)
    throw new Error("E2E_TEST_DATA_PORT/E2E_TEST_DATA_TOKEN are not set (playwright.config.ts sets them)");
  return { url: `http://127.0.0.1:${port}`, token };
}

function withPath(city: Omit<TestCity, "path">): TestCity {
  return { ...city, path: `/city/${city.locationKey}` };
}

export function testDataClient(door: TestDataDoor): TestData {
  async function post<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${door.url}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${door.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`test data ${path}: ${response.status} ${answer.error ?? ""}`);
    return answer;
  }

  return {
    async createUser(role) {
      const user = await post<{ id: string; email: string; cookie: string }>("/users", { role });
      const [name, ...value] = user.cookie.split("=");
      return { id: user.id, email: user.email, cookie: { name: name!, value: value.join("=") } };
    },
    async createCity(options = {}) {
      return withPath(await post<Omit<TestCity, "path">>("/cities", options));
    },
    async syncLegislativeRecord(city) {
      await post("/legislative-syncs", { cityId: city.id });
    },
    async createSource(city, options = {}) {
      return post<TestSource>("/sources", { ...options, cityId: city.id });
    },
    async createLegislativeRecord(city, options) {
      return post<{ linked: number; changed: number }>("/legislative-records", { ...options, cityId: city.id });
    },
    async createBusinesses(city, listings) {
      const answer = await post<{ listings: { id: string; name: string }[] }>("/businesses", {
        cityId: city.id,
        listings,
      });
      return answer.listings;
    },
    async createListing(city, options = {}) {
      return post<TestListing>("/listings", { ...options, cityId: city.id });
    },
    async createMeeting({ city, ...options } = {}) {
      const existing = city && "id" in city ? city : null;
      const created = await post<Omit<TestMeeting, "city" | "path" | "storyPath"> & { city: TestCity | null }>(
        "/meetings",
        { ...options, cityId: existing?.id, city: existing ? undefined : city },
      );
      const meetingCity = existing ?? withPath(created.city!);
      return {
        ...created,
        city: meetingCity,
        path: `${meetingCity.path}/meeting/${created.meetingId}`,
        storyPath: `${meetingCity.path}/meeting-story/${created.meetingId}`,
      };
    },
  };
}
