/**
 * A Live city's newest stories as an Atom feed (/city/{key}/feed.atom):
 * each meeting with a story, newest story first, its headline, a summary,
 * its decisions (as content) and the link to the story page.
 */
import { href } from "react-router";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { isPlainText, parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import { PRODUCT_NAME } from "~/lib/constants";
import { getDb } from "~/lib/db/client.server";
import { cities, cityVideos } from "~/lib/db/schema";
import { storyHref } from "~/lib/meetings/links";
import { decisionLine, type StoredDecision } from "~/lib/meetings/decisions";
import { listDecisions } from "~/lib/meetings/decisions.server";
import { excerpt, paragraphsOf } from "~/lib/meetings/text";
import { atomFeed, type AtomEntry } from "./atom";
import { cityFeedPath } from "./links";

/** How many stories a city's feed lists. */
export const CITY_FEED_ENTRIES = 30;
const SUMMARY_LENGTH = 400;

export type LiveCity = { id: string; name: string; state: string; locationKey: string; tagLine: string | null };

/** The city with this key when it is Live; null otherwise (unknown, New, Test, Archive). */
export async function getLiveCity(locationKey: string): Promise<LiveCity | null> {
  const [city] = await getDb()
    .select({
      id: cities.id,
      name: cities.name,
      state: cities.state,
      locationKey: cities.locationKey,
      tagLine: cities.tagLine,
    })
    .from(cities)
    .where(and(eq(cities.locationKey, locationKey), eq(cities.status, "Live")))
    .limit(1);
  return city ?? null;
}

type StoryRow = {
  id: string;
  title: string | null;
  newsStory: unknown;
  analysisResults: unknown;
  storyGeneratedAt: Date | null;
};

/** The story's headline and a plain summary: the analysis's summary, else the story's opening. */
export function storyEntryText(row: Pick<StoryRow, "title" | "newsStory" | "analysisResults">): {
  headline: string;
  summary: string | null;
} {
  const story = parseStoredStory(row.newsStory);
  const analysis = parseStoredAnalysis(row.analysisResults);
  const fallbackTitle = row.title?.trim() || "Untitled meeting";
  const headline = story && !isPlainText(story) ? story.article.headline.trim() || fallbackTitle : fallbackTitle;
  const analysisSummary = analysis ? (isPlainText(analysis) ? analysis.plainText : analysis.summary) : "";
  const storyText = story ? (isPlainText(story) ? story.plainText : (paragraphsOf(story.article.body)[0] ?? "")) : "";
  const summary =
    analysisSummary.trim() || storyText.trim() ? excerpt(analysisSummary.trim() || storyText, SUMMARY_LENGTH) : null;
  return { headline, summary };
}

export async function cityStoryEntries(city: LiveCity, origin: string): Promise<AtomEntry[]> {
  const rows: StoryRow[] = await getDb()
    .select({
      id: cityVideos.id,
      title: cityVideos.title,
      newsStory: cityVideos.newsStory,
      analysisResults: cityVideos.analysisResults,
      storyGeneratedAt: cityVideos.storyGeneratedAt,
    })
    .from(cityVideos)
    .where(and(eq(cityVideos.cityId, city.id), isNotNull(cityVideos.newsStory), isNotNull(cityVideos.storyGeneratedAt)))
    .orderBy(desc(cityVideos.storyGeneratedAt), desc(cityVideos.id))
    .limit(CITY_FEED_ENTRIES);
  const decisions = await listDecisions(rows.map((row) => row.id));
  return rows.map((row) => {
    const { headline, summary } = storyEntryText(row);
    const link = `${origin}${storyHref(row.id, city.locationKey)}`;
    const content = decisionsContent(summary, decisions.get(row.id) ?? []);
    return { id: link, title: headline, link, updated: row.storyGeneratedAt!, summary, content };
  });
}

/**
 * An entry's content: its summary, then the meeting's decisions one a line
 * (plain text, escaped by the writer like every text); null without decisions.
 */
export function decisionsContent(summary: string | null, decisions: StoredDecision[]): string | null {
  if (decisions.length === 0) return null;
  const lines = decisions.map((decision) => `- ${decisionLine(decision)}`);
  return [summary, "Decisions:", ...lines].filter((line) => line !== null && line !== "").join("\n");
}

export function cityFeedXml(city: LiveCity, entries: AtomEntry[], origin: string): string {
  const pagePath = href("/city/:locationKey", { locationKey: encodeURIComponent(city.locationKey) });
  const feedUrl = `${origin}${cityFeedPath(city.locationKey)}`;
  return atomFeed({
    id: feedUrl,
    title: `${city.name}, ${city.state}: new stories | ${PRODUCT_NAME}`,
    subtitle: city.tagLine ?? `Stories from the public meetings of ${city.name}, ${city.state}.`,
    selfUrl: feedUrl,
    pageUrl: `${origin}${pagePath}`,
    author: PRODUCT_NAME,
    entries,
  });
}
