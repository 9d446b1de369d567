import { beforeAll, describe, expect, it } from "vitest";
import { cities, cityVideos } from "~/lib/db/schema";
import { MEETING_SEARCH_LIMIT } from "~/lib/constants";
import { FEW_MEETINGS, liveCitySearch, MIN_SCORE } from "~/lib/search/search.server";
import { storeTranscript } from "~/lib/transcripts/store.server";
import { dbTag, getTestDb } from "../setup";

/**
 * A common query lists its newest matching meetings above the score cut-off
 * (MIN_SCORE, docs/decisions/0081-search-relevance.md): a few weak matches
 * among the newest take no place on the page, and do not make the query look
 * sparse (which ranked it through every matching segment instead).
 */

const MEETINGS = FEW_MEETINGS + 10;
const WEAK = 3;
const ids: string[] = [];

/** The two words 80 words apart in one line: a cover that long ranks under the cut-off. */
const WEAK_LINE = `MAYOR: The council ${Array.from({ length: 80 }, () => "item").join(" ")} budget.`;

beforeAll(async () => {
  const [city] = await getTestDb()
    .insert(cities)
    .values({ name: "Weak Town", locationKey: "weak-town", state: "OR", status: "Live" })
    .returning();
  for (let index = 0; index < MEETINGS; index++) {
    const [video] = await getTestDb()
      .insert(cityVideos)
      .values({
        cityId: city!.id,
        videoId: `yt-weak-${index}`,
        title: `Regular meeting ${index}`,
        publishedAt: new Date(Date.UTC(2025, 0, 1 + index, 18)),
      })
      .returning();
    // The newest WEAK meetings say the words far apart only.
    const line = index >= MEETINGS - WEAK ? WEAK_LINE : "MAYOR: The council budget is adopted.";
    await storeTranscript(video!.id, `[00:00:00] MAYOR: Welcome.\n[00:00:10] ${line}`);
    ids.push(video!.id);
  }
}, 120_000);

describe(`a common query's weak matches ${dbTag}`, () => {
  it("lists the newest matching meetings above the cut-off, newest first", async () => {
    const search = await liveCitySearch("council budget");
    expect(search.order).toBe("newest");
    expect(search.results.map((result) => result.id)).toEqual(
      ids
        .slice(0, MEETINGS - WEAK)
        .reverse()
        .slice(0, MEETING_SEARCH_LIMIT),
    );
    expect(search.results.every((result) => result.score >= MIN_SCORE)).toBe(true);
  });
});
