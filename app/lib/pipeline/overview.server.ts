/** Reads for the admin pipeline pages (story playground, revisions). */
import { asc, desc, eq, sql } from "drizzle-orm";
import {
  parseStoredAnalysis,
  parseStoredStory,
  type Analysis,
  type NewsStory,
  type PlainText,
} from "~/lib/ai/index.server";
import { getDb } from "~/lib/db/client.server";
import { cities, cityVideos } from "~/lib/db/schema";
import { getRevisionPair, type Revision } from "./revisions.server";
import type { ComparedRevision, RevisionKind } from "./types";
import { isUuid } from "~/lib/uuid";

export type CityChoice = { key: string; name: string; state: string };

export type VideoChoice = {
  id: string;
  title: string;
  publishedAt: string | null;
  hasAnalysis: boolean;
  hasStory: boolean;
  transcriptLength: number | null;
};

export type VideoOverview = VideoChoice & {
  cityKey: string;
  cityName: string;
  analysis: Analysis | PlainText | null;
  story: NewsStory | PlainText | null;
  storyGeneratedAt: string | null;
};

const untitled = (title: string | null) => title?.trim() || "Untitled meeting";

export async function listCityChoices(): Promise<CityChoice[]> {
  return getDb()
    .select({ key: cities.locationKey, name: cities.name, state: cities.state })
    .from(cities)
    .orderBy(asc(cities.name), asc(cities.state));
}

/** A city's meetings, newest first; null for an unknown city. */
export async function listVideoChoices(cityKey: string): Promise<VideoChoice[] | null> {
  const [city] = await getDb().select({ id: cities.id }).from(cities).where(eq(cities.locationKey, cityKey)).limit(1);
  if (!city) return null;
  const rows = await getDb()
    .select({
      id: cityVideos.id,
      title: cityVideos.title,
      publishedAt: cityVideos.publishedAt,
      hasAnalysis: sql<boolean>`${cityVideos.analysisResults} is not null`,
      hasStory: sql<boolean>`${cityVideos.newsStory} is not null`,
      transcriptLength: sql<number | null>`char_length(${cityVideos.transcript})`,
    })
    .from(cityVideos)
    .where(eq(cityVideos.cityId, city.id))
    .orderBy(sql`${cityVideos.publishedAt} desc nulls last`, desc(cityVideos.id));
  return rows.map((row) => ({
    ...row,
    title: untitled(row.title),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    transcriptLength: row.transcriptLength === null ? null : Number(row.transcriptLength),
  }));
}

export async function getVideoOverview(cityVideoId: string): Promise<VideoOverview | null> {
  if (!isUuid(cityVideoId)) return null;
  const [row] = await getDb()
    .select({
      id: cityVideos.id,
      title: cityVideos.title,
      publishedAt: cityVideos.publishedAt,
      analysisResults: cityVideos.analysisResults,
      newsStory: cityVideos.newsStory,
      storyGeneratedAt: cityVideos.storyGeneratedAt,
      transcriptLength: sql<number | null>`char_length(${cityVideos.transcript})`,
      cityKey: cities.locationKey,
      cityName: cities.name,
    })
    .from(cityVideos)
    .innerJoin(cities, eq(cities.id, cityVideos.cityId))
    .where(eq(cityVideos.id, cityVideoId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    title: untitled(row.title),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    hasAnalysis: row.analysisResults !== null,
    hasStory: row.newsStory !== null,
    transcriptLength: row.transcriptLength === null ? null : Number(row.transcriptLength),
    cityKey: row.cityKey,
    cityName: row.cityName,
    analysis: parseStoredAnalysis(row.analysisResults),
    story: parseStoredStory(row.newsStory),
    storyGeneratedAt: row.storyGeneratedAt?.toISOString() ?? null,
  };
}

function toCompared(revision: Revision | null): ComparedRevision | null {
  if (!revision) return null;
  const { content, verificationReport: _report, ...summary } = revision;
  return {
    ...summary,
    parsed: revision.kind === "analysis" ? parseStoredAnalysis(content) : parseStoredStory(content),
  };
}

/** Two revisions of a video for the side-by-side view; a revision of another video counts as missing. */
export async function loadComparison(
  kind: RevisionKind,
  cityVideoId: string,
  leftId: string,
  rightId: string,
): Promise<{ left: ComparedRevision | null; right: ComparedRevision | null }> {
  const [left, right] = await getRevisionPair(kind, cityVideoId, leftId, rightId);
  return { left: toCompared(left), right: toCompared(right) };
}
