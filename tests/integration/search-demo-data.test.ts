import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cities, cityVideos } from "~/lib/db/schema";
import { HTML_TEXT_VIDEO_ID, SEARCHABLE_MOMENTS } from "#demo/meetings";
import { seedDemoData } from "#demo/seed.server";
import { relevancePercent } from "~/lib/search/relevance";
import { searchCityVideos, searchLiveCityVideos } from "~/lib/search/search.server";
import { meetingHref } from "~/lib/meetings/links";
import { loader as searchPageLoader } from "~/routes/search";
import { loader as citySearchLoader } from "~/routes/city/search";
import { loader as cityPageLoader } from "~/routes/city/index";
import { loader as searchResourceLoader } from "~/routes/resources/city-videos-search";
import { callLoader, dbTag, getTestDb } from "../setup";

/**
 * Search on the seeded demo data: the distinctive phrases of
 * SEARCHABLE_MOMENTS are found at the second they were said, snippets mark
 * them, and transcript text that looks like HTML stays text.
 */

const cityIdByKey = new Map<string, string>();
const videoUuidByExternalId = new Map<string, string>();

async function uuidOf(externalVideoId: string): Promise<string> {
  const known = videoUuidByExternalId.get(externalVideoId);
  if (known) return known;
  const [row] = await getTestDb()
    .select({ id: cityVideos.id })
    .from(cityVideos)
    .where(eq(cityVideos.videoId, externalVideoId));
  if (!row) throw new Error(`no video ${externalVideoId}`);
  videoUuidByExternalId.set(externalVideoId, row.id);
  return row.id;
}

/** Every HTML tag of a snippet: only <mark> and </mark> may appear. */
function tagsOf(snippet: string): string[] {
  return snippet.match(/<[^>]*>/g) ?? [];
}

beforeAll(async () => {
  await seedDemoData();
  const rows = await getTestDb().select({ id: cities.id, key: cities.locationKey }).from(cities);
  for (const row of rows) cityIdByKey.set(row.key, row.id);
}, 120_000);

describe(`search on the demo data ${dbTag}`, () => {
  it.each(SEARCHABLE_MOMENTS.map((moment) => [moment.phrase, moment] as const))(
    "finds %s at the second it was said",
    async (_phrase, moment) => {
      const results = await searchCityVideos(cityIdByKey.get(moment.cityKey)!, moment.phrase);
      const id = await uuidOf(moment.videoId);
      expect(results[0]?.id, "the meeting that says it comes first").toBe(id);
      const hit = results[0]!;
      expect(hit.start_seconds).toBe(moment.startSeconds);
      expect(hit.speaker).toBe(moment.speaker);
      expect(hit.snippet).toMatch(/<mark>[^<]+<\/mark>/);
      for (const tag of tagsOf(hit.snippet)) expect(["<mark>", "</mark>"]).toContain(tag);
      const firstWord = moment.phrase.split(" ").find((word) => word.length > 3)!;
      expect(hit.snippet.toLowerCase()).toContain(`<mark>${firstWord.toLowerCase()}`);
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThan(1);
      expect(relevancePercent(hit.score)).toBeGreaterThan(0);
      expect(meetingHref(hit.id, { cityKey: moment.cityKey, seconds: hit.start_seconds })).toBe(
        `/city/${moment.cityKey}/meeting/${id}?t=${moment.startSeconds}`,
      );
    },
  );

  it("finds each moment across all Live cities too, with the city's name, state and domain", async () => {
    for (const moment of SEARCHABLE_MOMENTS) {
      const results = await searchLiveCityVideos(`"${moment.phrase}"`);
      expect(results.map((result) => result.id)).toEqual([await uuidOf(moment.videoId)]);
      expect(results[0]!.city.location_key).toBe(moment.cityKey);
      expect(results[0]!.city.name).toBeTruthy();
      expect(results[0]!.city.state).toMatch(/^[A-Z]{2}$/);
      expect(results[0]!.city.domain).toBeTruthy();
    }
  });

  it("matches a quoted phrase only in that order", async () => {
    const moment = SEARCHABLE_MOMENTS.find((m) => m.phrase === "sea lions on the fuel dock")!;
    const cityId = cityIdByKey.get(moment.cityKey)!;
    const id = await uuidOf(moment.videoId);
    expect((await searchCityVideos(cityId, `"sea lions on the fuel dock"`)).map((r) => r.id)).toEqual([id]);
    expect((await searchCityVideos(cityId, `"fuel dock sea lions"`)).map((r) => r.id)).not.toContain(id);
    // Unquoted, the same words in any order still find it.
    expect((await searchCityVideos(cityId, "fuel dock sea lions")).map((r) => r.id)).toContain(id);
  });

  it("escapes transcript text that looks like HTML in snippets", async () => {
    const id = await uuidOf(HTML_TEXT_VIDEO_ID);
    const [video] = await getTestDb()
      .select({ cityId: cityVideos.cityId })
      .from(cityVideos)
      .where(eq(cityVideos.id, id));
    for (const query of ["alert comment form", "rate increase formatting tags", "security problem"]) {
      const results = await searchCityVideos(video!.cityId, query);
      const hit = results.find((result) => result.id === id);
      expect(hit, `"${query}" should find the meeting with markup in its transcript`).toBeDefined();
      for (const result of results) {
        for (const tag of tagsOf(result.snippet)) expect(["<mark>", "</mark>"]).toContain(tag);
        expect(result.snippet).not.toMatch(/<script|<b>|<i>/i);
      }
    }
    // The excerpt starts where the matches do on PostgreSQL 18 (PGlite), a little earlier on 15: ask from before the tag.
    const script = (await searchCityVideos(video!.cityId, "typed alert comment form")).find((r) => r.id === id)!;
    expect(script.snippet).toContain(
      "<mark>typed</mark> &lt;script&gt;<mark>alert</mark>(&quot;x&quot;)&lt;/script&gt; into the <mark>comment</mark>",
    );
    const bold = (await searchCityVideos(video!.cityId, "rate increase formatting tags")).find((r) => r.id === id)!;
    expect(bold.snippet).toContain("&lt;b&gt;");
  });

  it("returns nothing for a blank query and for words nobody said", async () => {
    const cityId = cityIdByKey.get("alder-creek")!;
    expect(await searchCityVideos(cityId, "   ")).toEqual([]);
    expect(await searchCityVideos(cityId, "zeppelinhangar")).toEqual([]);
    expect(await searchCityVideos(cityId, "the")).toEqual([]);
  });

  it("keeps to one city, to at most the limit, and to Live cities on /search", async () => {
    const cityId = cityIdByKey.get("alder-creek")!;
    const results = await searchCityVideos(cityId, "council", 5);
    expect(results.length).toBe(5);
    const ids = results.map((r) => r.id);
    const owners = await getTestDb()
      .select({ cityId: cityVideos.cityId })
      .from(cityVideos)
      .where(inArray(cityVideos.id, ids));
    expect(new Set(owners.map((o) => o.cityId))).toEqual(new Set([cityId]));
    expect([...results].sort((a, b) => b.score - a.score).map((r) => r.id)).toEqual(ids);

    const live = await searchLiveCityVideos("council");
    expect(live.length).toBeLessThanOrEqual(50);
    const liveCities = await getTestDb().select({ key: cities.locationKey, status: cities.status }).from(cities);
    const statusOf = new Map(liveCities.map((c) => [c.key, c.status]));
    for (const result of live) expect(statusOf.get(result.city.location_key)).toBe("Live");
    const onlyAlder = await searchLiveCityVideos("council", { cityKey: "alder-creek" });
    expect(onlyAlder.length).toBeGreaterThan(0);
    for (const result of onlyAlder) expect(result.city.location_key).toBe("alder-creek");
  });
});

describe(`search pages on the demo data ${dbTag}`, () => {
  const moment = () => SEARCHABLE_MOMENTS.find((m) => m.phrase === "javelina in the community garden")!;

  it("/search lists results across cities and, in the summary view, a digest of stored analyses", async () => {
    const traditional = await callLoader(searchPageLoader, `/search?q=${encodeURIComponent(moment().phrase)}`);
    expect(traditional.status).toBe(200);
    expect(traditional.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=600");
    const data = traditional.data as {
      search: { outcome: { status: string; results: { id: string }[] } };
      view: string;
    };
    expect(data.view).toBe("traditional");
    expect(data.search.outcome.results[0]!.id).toBe(await uuidOf(moment().videoId));

    const summary = await callLoader(searchPageLoader, `/search?q=council&view=summary&city=alder-creek`);
    const digest = (
      summary.data as { digest: { entries: { summary: string | null; cityKey: string }[]; analyzed: number } }
    ).digest;
    expect(digest.entries.length).toBeGreaterThan(0);
    expect(digest.analyzed).toBeGreaterThan(0);
    expect(
      digest.entries.some((entry) => entry.summary === null),
      "some meetings have no analysis",
    ).toBe(true);
    for (const entry of digest.entries) expect(entry.cityKey).toBe("alder-creek");
  });

  it("/search without a query asks for one; zero results say so with a toast", async () => {
    const empty = await callLoader(searchPageLoader, "/search?q=%20%20");
    expect((empty.data as { search: { outcome: { status: string } } }).search.outcome.status).toBe("idle");
    const none = await callLoader(searchPageLoader, "/search?q=zeppelinhangar");
    const { search } = none.data as {
      search: { outcome: { results: unknown[] }; toast: { title: string; description: string } };
    };
    expect(search.outcome.results).toEqual([]);
    expect(search.toast).toMatchObject({ title: "No Results", description: "No videos found matching the query." });
  });

  it("the city search page, the city page's search panel and the JSON resource agree", async () => {
    const m = moment();
    const id = await uuidOf(m.videoId);
    const q = encodeURIComponent(m.phrase);
    const page = await callLoader(citySearchLoader, `/city/${m.cityKey}/search?q=${q}`, {
      params: { locationKey: m.cityKey },
    });
    const pageResults = (page.data as { search: { outcome: { results: { id: string; start_seconds: number }[] } } })
      .search.outcome.results;
    expect(pageResults[0]).toMatchObject({ id, start_seconds: m.startSeconds });

    const panel = await callLoader(cityPageLoader, `/city/${m.cityKey}?search=1&q=${q}`, {
      params: { locationKey: m.cityKey },
    });
    const panelData = panel.data as {
      state: { searchOpen: boolean; source: string | null };
      search: { outcome: { results: { id: string }[] } };
    };
    expect(panelData.state.searchOpen).toBe(true);
    expect(panelData.search.outcome.results[0]!.id).toBe(id);

    const json = await callLoader(
      searchResourceLoader,
      `/resources/city-videos-search?cityId=${cityIdByKey.get(m.cityKey)}&q=${q}`,
    );
    expect(json.status).toBe(200);
    const body = json.data as { results: Record<string, unknown>[] };
    expect(Object.keys(body.results[0]!).sort()).toEqual(
      [
        "description",
        "id",
        "published_at",
        "score",
        "snippet",
        "speaker",
        "start_seconds",
        "title",
        "video_url",
      ].sort(),
    );
    expect(body.results[0]).toMatchObject({ id, start_seconds: m.startSeconds });
  });
});
