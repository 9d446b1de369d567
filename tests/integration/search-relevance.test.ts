import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, useParams } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { cities, cityVideos, meetingDecisions, transcriptSegments } from "~/lib/db/schema";
import { citySearch } from "~/lib/search/search.server";
import { allowedEdits, editDistance } from "~/lib/search/words.server";
import * as searchPage from "~/routes/search";
import { dbTag, getTestDb, TEST_ORIGIN } from "../setup";

/**
 * What search ranks on and how it forgives (docs/decisions/0081-search-relevance.md):
 * title > decisions > entities > transcript; accents never matter; a
 * misspelled name finds its meetings; a better spelling is offered; an
 * unrelated query finds nothing.
 */

let cityId = "";
const ids: Record<string, string> = {};

async function meeting(key: string, title: string, lines: string[], analysis?: unknown): Promise<string> {
  const db = getTestDb();
  const [video] = await db
    .insert(cityVideos)
    .values({
      cityId,
      videoId: `relevance-${key}`,
      title,
      publishedAt: new Date(Date.UTC(2026, 0, 1 + Object.keys(ids).length)),
      analysisResults: analysis ?? null,
    })
    .returning({ id: cityVideos.id });
  await db
    .insert(transcriptSegments)
    .values(lines.map((text, position) => ({ cityVideoId: video!.id, position, startSeconds: 60 * position, text })));
  ids[key] = video!.id;
  return video!.id;
}

/** The /search page rendered on the server with its real loader, as JavaScript-off visitors get it. */
async function renderSearch(path: string): Promise<string> {
  const Page = searchPage.default as unknown as React.ComponentType<{ loaderData: unknown; params: unknown }>;
  const Component = () => createElement(Page, { loaderData: useLoaderData(), params: useParams() });
  const handler = createStaticHandler([{ id: "page", path: "/search", loader: searchPage.loader as never, Component }]);
  const context = await handler.query(new Request(`${TEST_ORIGIN}${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

beforeAll(async () => {
  const db = getTestDb();
  const [city] = await db
    .insert(cities)
    .values({ name: "Relevance Falls", state: "OR", locationKey: "relevance-falls", status: "Live" })
    .returning({ id: cities.id });
  cityId = city!.id;
  const filler = "The clerk read the minutes. Public comment followed. The meeting adjourned.";
  await meeting("title", "Quarry reclamation hearing", [filler, "We will hear about a quarry later."]);
  const decided = await meeting("decision", "Regular council meeting", [filler, "Next, the quarry permit."]);
  await db.insert(meetingDecisions).values({
    cityVideoId: decided,
    position: 0,
    item: "Quarry reclamation permit",
    motion: "approve",
    result: "carried",
    motionText: "I move to approve.",
    resultText: "The motion carries.",
  });
  await meeting("entity", "Work session", [filler, "Someone asked about the quarry."], {
    summary: "A work session.",
    entities: [{ name: "Quarry reclamation fund", type: "organization", context: "named" }],
  });
  await meeting("transcript", "Planning commission", [filler, "The quarry reclamation came up in passing."]);
  await meeting("names", "Budget hearing", [
    filler,
    "Councilmember Ekdahl asked about the levy.",
    "Director Díaz answered.",
    "The Pinon Senior Center needs a roof.",
  ]);
  for (const n of [1, 2, 3, 4, 5])
    await meeting(`gazebo-${n}`, `Parks board ${n}`, [filler, `The gazebo at Lindqvist Park, item ${n}.`]);
  await meeting("lindquist", "Parks board 6", [filler, "A letter from Mr. Lindquist about benches."]);
}, 120_000);

describe(`search relevance ${dbTag}`, () => {
  it("ranks a meeting by where the words are: title, then decisions, then entities, then transcript", async () => {
    const { results } = await citySearch(cityId, "quarry reclamation");
    const order = results.map((result) => result.id);
    expect(order.slice(0, 4)).toEqual([ids.title, ids.decision, ids.entity, ids.transcript]);
    // The transcript match still lands on the second the words were said.
    expect(results.find((result) => result.id === ids.transcript)?.start_seconds).toBe(60);
  });

  it("finds a misspelled name, and says it shows the corrected query's results", async () => {
    const found = await citySearch(cityId, "Ekdal");
    expect(found.results.map((result) => result.id)).toEqual([ids.names]);
    expect(found.correction).toEqual({ query: "Ekdahl", applied: true });
  });

  it("ignores accents both ways: an accented query, an unaccented record, and the reverse", async () => {
    expect((await citySearch(cityId, "Piñon")).results.map((result) => result.id)).toEqual([ids.names]);
    const plain = await citySearch(cityId, "Diaz");
    expect(plain.results.map((result) => result.id)).toEqual([ids.names]);
    expect(plain.correction).toBeUndefined();
  });

  it("offers the corrected query when it finds clearly more", async () => {
    // "Lindquist" is said in one meeting, "Lindqvist" in five: the one is shown, the other offered.
    const name = await citySearch(cityId, "Lindquist");
    expect(name.results.map((result) => result.id)).toEqual([ids.lindquist]);
    expect(name.correction).toEqual({ query: "Lindqvist", applied: false });
    // The other way round, one meeting is not clearly more than five: nothing offered.
    const other = await citySearch(cityId, "Lindqvist");
    expect(other.results).toHaveLength(5);
    expect(other.correction).toBeUndefined();
  });

  it("shows the offer as a plain link to the same page with the corrected query, and says when it shows a correction", async () => {
    const offered = await renderSearch("/search?q=Lindquist&city=relevance-falls");
    expect(offered).toContain("Did you mean");
    expect(offered).toMatch(/href="\/search\?q=Lindqvist&amp;city=relevance-falls"/);
    const applied = await renderSearch("/search?q=Ekdal");
    expect(applied).toContain("Showing results for");
    expect(applied).toMatch(/href="\/search\?q=Ekdahl"/);
    expect(await renderSearch("/search?q=Lindqvist")).not.toContain("Did you mean");
  });

  it("answers an unrelated query with nothing, rather than a word a few letters off", async () => {
    expect((await citySearch(cityId, "heliport")).results).toEqual([]);
    expect((await citySearch(cityId, "zeppelin hangar")).results).toEqual([]);
    // Similar to "Lindqvist" by trigrams, but not a letter or two off: not a misspelling of it.
    expect((await citySearch(cityId, "Lindbergh")).results).toEqual([]);
  });

  it("counts a misspelling in letters", () => {
    expect(editDistance("ekdal", "ekdahl")).toBe(1);
    expect(editDistance("okonkow", "okonkwo")).toBe(1);
    expect(editDistance("roundabout", "round")).toBe(5);
    expect(allowedEdits(3)).toBe(0);
    expect(allowedEdits(5)).toBe(1);
    expect(allowedEdits(9)).toBe(2);
  });
});
