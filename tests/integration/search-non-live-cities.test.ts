import { beforeAll, describe, expect, it } from "vitest";
import { cities, cityVideos } from "~/lib/db/schema";
import { storeTranscript } from "~/lib/transcripts/store.server";
import { loader as searchPageLoader } from "~/routes/search";
import { callLoader, dbTag, getTestDb } from "../setup";

/**
 * Words said only in a city that is not Live: /search across cities does not
 * find them, a search scoped to that city does (docs/decisions/0017-reader-navigation.md).
 */

type SearchData = {
  cityKey: string | null;
  cities: { locationKey: string }[];
  search: {
    outcome: {
      status: string;
      results: { id: string; start_seconds: number | null; city: { location_key: string } }[];
    };
  };
};

const CITIES = [
  { key: "brightwater", status: "Live", phrase: "pelicans nesting on the water tower" },
  { key: "old-harbor", status: "Archive", phrase: "lighthouse keeper pension fund" },
  { key: "new-meadow", status: "New", phrase: "alpaca grazing permit" },
  { key: "test-town", status: "Test", phrase: "hovercraft ferry pilot" },
] as const;

const videoIdByKey = new Map<string, string>();

beforeAll(async () => {
  for (const city of CITIES) {
    const [row] = await getTestDb()
      .insert(cities)
      .values({ name: city.key.replace("-", " "), locationKey: city.key, state: "OR", status: city.status })
      .returning();
    const [video] = await getTestDb()
      .insert(cityVideos)
      .values({
        cityId: row!.id,
        videoId: `yt-${city.key}`,
        title: "Regular council meeting",
        publishedAt: new Date("2026-03-03T18:00:00Z"),
      })
      .returning();
    await storeTranscript(
      video!.id,
      [
        "[00:00:05] MAYOR: The council will come to order.",
        `[00:02:10] CLERK: Next is the ${city.phrase}.`,
        "[00:03:00] MAYOR: Thank you.",
      ].join("\n"),
    );
    videoIdByKey.set(city.key, video!.id);
  }
});

async function search(query: string, cityKey?: string): Promise<SearchData> {
  const params = new URLSearchParams({ q: `"${query}"` });
  if (cityKey) params.set("city", cityKey);
  const result = await callLoader(searchPageLoader, `/search?${params}`);
  expect(result.status).toBe(200);
  return result.data as SearchData;
}

describe(`search and cities that are not Live ${dbTag}`, () => {
  it("finds words said in a Live city across cities and in that city", async () => {
    const live = CITIES[0];
    const expected = [{ id: videoIdByKey.get(live.key), start_seconds: 130, city: { location_key: live.key } }];
    expect((await search(live.phrase)).search.outcome.results).toMatchObject(expected);
    expect((await search(live.phrase, live.key)).search.outcome.results).toMatchObject(expected);
  });

  it.each(CITIES.slice(1).map((city) => [city.status, city] as const))(
    "does not find words said only in a city with status %s across cities, but finds them searching that city",
    async (_status, city) => {
      const across = await search(city.phrase);
      expect(across.search.outcome.results).toEqual([]);
      expect(across.cities.map((c) => c.locationKey)).toEqual(["brightwater"]);

      const scoped = await search(city.phrase, city.key);
      expect(scoped.search.outcome.results).toMatchObject([
        { id: videoIdByKey.get(city.key), start_seconds: 130, city: { location_key: city.key } },
      ]);
      // The city filter offers the scoped city, so that it shows as selected.
      expect(scoped.cityKey).toBe(city.key);
      expect(scoped.cities.map((c) => c.locationKey).sort()).toEqual(["brightwater", city.key].sort());
    },
  );
});
