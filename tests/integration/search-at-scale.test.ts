import { beforeAll, describe, expect, it } from "vitest";
import { cities, cityVideos } from "~/lib/db/schema";
import { CITY_SEARCH_LIMIT, MEETING_SEARCH_LIMIT } from "~/lib/constants";
import { citySearch, FEW_MEETINGS, liveCitySearch } from "~/lib/search/search.server";
import { storeTranscript } from "~/lib/transcripts/store.server";
import { loader as citySearchLoader } from "~/routes/city/search";
import { loader as searchPageLoader } from "~/routes/search";
import { callLoader, dbTag, getTestDb } from "../setup";

/**
 * A query that more than FEW_MEETINGS meetings can match, and whose newest
 * candidates fill a page, lists the newest matching meetings and says so;
 * rarer queries keep the relevance order and the best moment
 * (docs/decisions/0031-search-at-scale.md).
 */

const MEETINGS = FEW_MEETINGS + 10;
const SEGMENTS = 30;
const RARE_MEETING = 5;
const RARE_POSITION = 21;

type Made = { id: string; cityKey: string; publishedAt: Date };
const made: Made[] = [];

function clock(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

async function createMeeting(cityId: string, cityKey: string, index: number, lines: string[]): Promise<void> {
  const publishedAt = new Date(Date.UTC(2025, 0, 1 + index, 18));
  const [video] = await getTestDb()
    .insert(cityVideos)
    .values({ cityId, videoId: `yt-${cityKey}-${index}`, title: `Regular meeting ${index}`, publishedAt })
    .returning();
  await storeTranscript(video!.id, lines.map((line, position) => `[${clock(position * 10)}] ${line}`).join("\n"));
  made.push({ id: video!.id, cityKey, publishedAt });
}

function councilLines(index: number): string[] {
  return Array.from({ length: SEGMENTS }, (_, position) => {
    if (index === RARE_MEETING && position === RARE_POSITION)
      return "RESIDENT: The zeppelin mooring mast, yes, the zeppelin mast again.";
    if (index === 30 && position === 7) return "RESIDENT: A zeppelin flew over once.";
    return `MAYOR: The council chamber is open for item ${position}.`;
  });
}

async function createCity(locationKey: string, status: "Live" | "Test") {
  const [city] = await getTestDb()
    .insert(cities)
    .values({ name: locationKey, locationKey, state: "OR", status })
    .returning();
  return city!.id;
}

let manyId = "";

beforeAll(async () => {
  manyId = await createCity("many-meetings", "Live");
  for (let index = 0; index < MEETINGS; index++)
    await createMeeting(manyId, "many-meetings", index, councilLines(index));
  const otherId = await createCity("other-town", "Live");
  // The newest Live meeting matches only in a line halfway through.
  await createMeeting(otherId, "other-town", 1000, [
    "MAYOR: Welcome.",
    "CLERK: Roll call and the fee schedule.",
    "MAYOR: The council votes.",
  ]);
  const hiddenId = await createCity("hidden-town", "Test");
  await createMeeting(hiddenId, "hidden-town", 2000, ["MAYOR: The council of a Test city."]);
}, 120_000);

function byDateDescending(ids: string[]): string[] {
  const byId = new Map(made.map((meeting) => [meeting.id, meeting]));
  return [...ids].sort((a, b) => byId.get(b)!.publishedAt.getTime() - byId.get(a)!.publishedAt.getTime());
}

describe(`search over many meetings ${dbTag}`, () => {
  it("seeds more matching meetings than the common-query bounds", () => {
    expect(MEETINGS).toBeGreaterThan(FEW_MEETINGS);
    expect(MEETINGS).toBeGreaterThan(MEETING_SEARCH_LIMIT);
  });

  it("lists a common query's newest matching meetings across Live cities, each at its first matching moment", async () => {
    const search = await liveCitySearch("council");
    expect(search.order).toBe("newest");
    const ids = search.results.map((result) => result.id);
    expect(ids).toEqual(byDateDescending(ids));
    // The newest Live meetings, newest first; the Test city's (the newest of all) never shows.
    expect(ids).toEqual(
      byDateDescending(made.filter((meeting) => meeting.cityKey !== "hidden-town").map((meeting) => meeting.id)).slice(
        0,
        MEETING_SEARCH_LIMIT,
      ),
    );
    expect(search.results[0]).toMatchObject({ city: { location_key: "other-town" }, start_seconds: 20 });
    expect(search.results.every((result) => result.city.location_key !== "hidden-town")).toBe(true);
    expect(search.results[1]).toMatchObject({ start_seconds: 0, speaker: "MAYOR" });
    expect(search.results[1]!.snippet).toContain("<mark>council</mark>");
    expect(search.results[1]!.score).toBeGreaterThan(0);
  });

  it("says so on /search and on a city's search", async () => {
    const page = await callLoader(searchPageLoader, "/search?q=council");
    expect(page.status).toBe(200);
    const data = page.data as { search: { outcome: { order: string; results: unknown[] } } };
    expect(data.search.outcome).toMatchObject({ order: "newest" });

    const cityPage = await callLoader(citySearchLoader, "/city/many-meetings/search?q=council", {
      params: { locationKey: "many-meetings" },
    });
    const city = cityPage.data as { search: { outcome: { order: string; results: { id: string }[] } } };
    expect(city.search.outcome.order).toBe("newest");
    const ids = city.search.outcome.results.map((result) => result.id);
    expect(ids.length).toBe(CITY_SEARCH_LIMIT);
    expect(ids).toEqual(
      byDateDescending(
        made.filter((meeting) => meeting.cityKey === "many-meetings").map((meeting) => meeting.id),
      ).slice(0, CITY_SEARCH_LIMIT),
    );
  });

  it("keeps a city's common search to that city", async () => {
    const search = await citySearch(manyId, "council", 5);
    expect(search.order).toBe("newest");
    expect(search.results.map((result) => result.city.location_key)).toEqual(Array(5).fill("many-meetings"));
  });

  it("ranks a rare query by relevance and lands on the best moment", async () => {
    const search = await liveCitySearch("zeppelin");
    expect(search.order).toBe("relevance");
    expect(search.results.map((result) => result.id)).toEqual([made[RARE_MEETING]!.id, made[30]!.id]);
    expect(search.results[0]).toMatchObject({ start_seconds: RARE_POSITION * 10, speaker: "RESIDENT" });
    expect(search.results[0]!.score).toBeGreaterThan(search.results[1]!.score);
  });

  it("lists a common phrase's newest meetings, and only those that say it", async () => {
    const search = await liveCitySearch('"council chamber"');
    expect(search.order).toBe("newest");
    const ids = search.results.map((result) => result.id);
    // other-town says "council" but never "council chamber".
    expect(ids).toEqual(
      byDateDescending(
        made.filter((meeting) => meeting.cityKey === "many-meetings").map((meeting) => meeting.id),
      ).slice(0, MEETING_SEARCH_LIMIT),
    );
  });

  it("keeps a common query's meeting that says a negated word in another line", async () => {
    // other-town's newest meeting says "fee" in one line and "council" in another.
    const search = await liveCitySearch("council -fee");
    expect(search.order).toBe("newest");
    expect(search.results[0]).toMatchObject({ city: { location_key: "other-town" }, start_seconds: 20 });
    expect(search.results.length).toBe(MEETING_SEARCH_LIMIT);
  });

  it("ranks a query that many meetings can match but few do by relevance", async () => {
    // Every meeting says "council", all but other-town's only with "chamber".
    const search = await liveCitySearch("council -chamber");
    expect(search.order).toBe("relevance");
    expect(search.results.map((result) => result.city.location_key)).toEqual(["other-town"]);
  });

  it("ranks a phrase said in few meetings by relevance", async () => {
    const search = await liveCitySearch('"zeppelin mooring mast"');
    expect(search.order).toBe("relevance");
    expect(search.results.map((result) => result.id)).toEqual([made[RARE_MEETING]!.id]);
  });
});
