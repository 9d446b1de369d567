/**
 * Reads for /admin/content-management: one source (a city URL) of one city,
 * the videos that came from it, and everything stored for the selected one
 * (docs/product.md#routes-admin).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  parseStoredAnalysis,
  parseStoredStory,
  type Analysis,
  type NewsStory,
  type PlainText,
} from "~/lib/ai/index.server";
import { getDb } from "~/lib/db/client.server";
import { cities, citiesUrls, cityUrls, cityVideoSources, cityVideos } from "~/lib/db/schema";
import { isUuid } from "~/lib/uuid";

export type ContentCity = { id: string; name: string; state: string };

export type ContentSource = {
  id: string;
  title: string | null;
  url: string;
  contentType: string;
  sourceType: string;
};

export type SourceVideo = {
  id: string;
  title: string | null;
  videoId: string;
  publishedAt: string | null;
  hasTranscript: boolean;
  hasAnalysis: boolean;
  hasStory: boolean;
};

export type ContentVideo = {
  id: string;
  title: string | null;
  channelTitle: string | null;
  description: string | null;
  publishedAt: string | null;
  videoId: string;
  /** The video on the video site; null when neither its URL nor its id can make a safe link. */
  watchUrl: string | null;
  transcript: string | null;
  analysis: Analysis | PlainText | null;
  story: NewsStory | PlainText | null;
  storyGeneratedAt: string | null;
};

/** A city with its sources, for choosing one when the page is opened without a selection. */
export type CitySources = ContentCity & { sources: { id: string; title: string | null; url: string }[] };

const VIDEO_SITE_ID = /^[A-Za-z0-9_-]{11}$/;

/** A link only when it is http(s): a stored URL is admin-written text, never a `javascript:` link. */
function safeWatchUrl(videoUrl: string | null, videoId: string): string | null {
  if (videoUrl) {
    try {
      const url = new URL(videoUrl.trim());
      if (url.protocol === "https:" || url.protocol === "http:") return url.toString();
    } catch {
      // Not a URL: fall back to the id.
    }
  }
  return VIDEO_SITE_ID.test(videoId) ? `https://www.youtube.com/watch?v=${videoId}` : null;
}

export async function getContentCity(cityId: string): Promise<ContentCity | null> {
  if (!isUuid(cityId)) return null;
  const [city] = await getDb()
    .select({ id: cities.id, name: cities.name, state: cities.state })
    .from(cities)
    .where(eq(cities.id, cityId))
    .limit(1);
  return city ?? null;
}

/** A source of the city; null when unknown or linked to another city only. */
export async function getCitySource(cityId: string, sourceUrlId: string): Promise<ContentSource | null> {
  if (!isUuid(cityId) || !isUuid(sourceUrlId)) return null;
  const [source] = await getDb()
    .select({
      id: cityUrls.id,
      title: cityUrls.title,
      url: cityUrls.url,
      contentType: cityUrls.contentType,
      sourceType: cityUrls.sourceType,
    })
    .from(cityUrls)
    .innerJoin(citiesUrls, eq(citiesUrls.urlId, cityUrls.id))
    .where(and(eq(citiesUrls.cityId, cityId), eq(cityUrls.id, sourceUrlId)))
    .limit(1);
  return source ?? null;
}

/** Every city (by name), or the one asked for, with its sources (by title), for the page without a selection. */
export async function listCitySources(cityId?: string): Promise<CitySources[]> {
  const rows = await getDb()
    .select({
      id: cities.id,
      name: cities.name,
      state: cities.state,
      sourceId: cityUrls.id,
      sourceTitle: cityUrls.title,
      sourceUrl: cityUrls.url,
    })
    .from(cities)
    .leftJoin(citiesUrls, eq(citiesUrls.cityId, cities.id))
    .leftJoin(cityUrls, eq(cityUrls.id, citiesUrls.urlId))
    .where(cityId ? eq(cities.id, cityId) : undefined)
    .orderBy(
      asc(cities.name),
      asc(cities.state),
      asc(cities.id),
      sql`${cityUrls.title} asc nulls last`,
      asc(cityUrls.url),
    );
  const byCity = new Map<string, CitySources>();
  for (const row of rows) {
    const city = byCity.get(row.id) ?? { id: row.id, name: row.name, state: row.state, sources: [] };
    byCity.set(row.id, city);
    if (row.sourceId && row.sourceUrl)
      city.sources.push({ id: row.sourceId, title: row.sourceTitle, url: row.sourceUrl });
  }
  return [...byCity.values()];
}

/** The video is one of those the source lists. */
const listedBy = (sourceUrlId: string) =>
  sql`exists (select 1 from ${cityVideoSources} s where s.city_video_id = ${cityVideos.id} and s.city_url_id = ${sourceUrlId}::uuid)`;

/** The city's videos that the source lists, newest first. */
export async function listSourceVideos(cityId: string, sourceUrlId: string): Promise<SourceVideo[]> {
  const rows = await getDb()
    .select({
      id: cityVideos.id,
      title: cityVideos.title,
      videoId: cityVideos.videoId,
      publishedAt: cityVideos.publishedAt,
      hasTranscript: sql<boolean>`coalesce(${cityVideos.transcript}, '') <> ''`,
      hasAnalysis: sql<boolean>`${cityVideos.analysisResults} is not null`,
      hasStory: sql<boolean>`${cityVideos.newsStory} is not null`,
    })
    .from(cityVideos)
    .where(and(eq(cityVideos.cityId, cityId), listedBy(sourceUrlId)))
    .orderBy(sql`${cityVideos.publishedAt} desc nulls last`, desc(cityVideos.createdAt), asc(cityVideos.id));
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null }));
}

/** One video of the source with its transcript, analysis and story; null when it is not one of the source's. */
export async function getSourceVideo(
  cityId: string,
  sourceUrlId: string,
  meetingId: string,
): Promise<ContentVideo | null> {
  if (!isUuid(meetingId)) return null;
  const [row] = await getDb()
    .select()
    .from(cityVideos)
    .where(and(eq(cityVideos.id, meetingId), eq(cityVideos.cityId, cityId), listedBy(sourceUrlId)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    channelTitle: row.channelTitle,
    description: row.description,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    videoId: row.videoId,
    watchUrl: safeWatchUrl(row.videoUrl, row.videoId),
    transcript: row.transcript?.trim() ? row.transcript : null,
    analysis: parseStoredAnalysis(row.analysisResults),
    story: parseStoredStory(row.newsStory),
    storyGeneratedAt: row.storyGeneratedAt?.toISOString() ?? null,
  };
}

export type ContentSelection = { cityId: string | null; sourceUrlId: string | null; meetingId: string | null };

export type ContentPage =
  | { kind: "choose"; cities: CitySources[] }
  | { kind: "city-not-found" }
  | { kind: "source-not-found"; city: ContentCity }
  | {
      kind: "source";
      city: ContentCity;
      source: ContentSource;
      videos: SourceVideo[];
      /** The meeting asked for (`meetingId`), or null; `video` is null when it is not one of the source's. */
      meetingId: string | null;
      video: ContentVideo | null;
    };

/** What the page shows for its query parameters: a choice of sources, a source, or what was not found. */
export async function loadContentPage({ cityId, sourceUrlId, meetingId }: ContentSelection): Promise<ContentPage> {
  if (!cityId) return { kind: "choose", cities: await listCitySources() };
  const city = await getContentCity(cityId);
  if (!city) return { kind: "city-not-found" };
  if (!sourceUrlId) return { kind: "choose", cities: await listCitySources(city.id) };
  const source = await getCitySource(city.id, sourceUrlId);
  if (!source) return { kind: "source-not-found", city };
  const [videos, video] = await Promise.all([
    listSourceVideos(city.id, source.id),
    meetingId ? getSourceVideo(city.id, source.id, meetingId) : Promise.resolve(null),
  ]);
  return { kind: "source", city, source, videos, meetingId, video };
}
