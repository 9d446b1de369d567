/**
 * Refreshing a source URL: list all its videos on YouTube, save them in
 * every city linked to the URL (listed by the URL, the videos admins removed
 * left out), queue captions for the new ones.
 *
 *   const counts = await refreshSource(urlId);
 *   // { found: 120, new: 3, updated: 1, linked: 0, skipped: 1, failed: 0 }
 *
 * The listing comes first: when YouTube fails (VideoSourceError) nothing is
 * written and what was stored stays. Each city's save is its own statement,
 * so one that fails leaves the others (its videos count as failed).
 */
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities, citiesUrls, cityUrls } from "~/lib/db/schema";
import { queueTranscriptFetch } from "~/lib/jobs/enqueue.server";
import { UnknownCityError } from "~/lib/pipeline/backfill.server";
import { isUuid } from "~/lib/uuid";
import { listSourceVideos, VideoSourceError } from "~/lib/youtube/sources.server";
import { NO_COUNTS, type RefreshCounts } from "./refresh-counts";
import { saveSourceVideos } from "./videos.server";
import { matchCityEvents } from "~/lib/legistar/matching.server";

export { describeRefreshCounts, NO_COUNTS, type RefreshCounts } from "./refresh-counts";

export type RefreshProgress = { cityName: string; done: number; total: number };

export type RefreshOptions = {
  requestedBy?: string | null;
  /** After each city's videos are saved (the CLI prints it). */
  onProgress?: (progress: RefreshProgress) => void;
};

/** Saved per statement: bounds the parameters of one INSERT (9 per video). */
const BATCH_SIZE = 500;

async function sourceOf(urlId: string) {
  if (!isUuid(urlId)) return null;
  const [source] = await getDb().select().from(cityUrls).where(eq(cityUrls.id, urlId));
  if (!source) return null;
  const linked = await getDb()
    .select({ id: cities.id, name: cities.name })
    .from(citiesUrls)
    .innerJoin(cities, eq(cities.id, citiesUrls.cityId))
    .where(eq(citiesUrls.urlId, urlId));
  return { ...source, cities: linked };
}

function batches<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) result.push(items.slice(i, i + BATCH_SIZE));
  return result;
}

/** Refreshes one source URL. Throws VideoSourceError when the URL is unknown or YouTube fails. */
export async function refreshSource(urlId: string, options: RefreshOptions = {}): Promise<RefreshCounts> {
  const source = await sourceOf(urlId);
  if (!source) throw new VideoSourceError("not-found", "This source URL no longer exists.");
  const videos = await listSourceVideos(source.url);
  const counts: RefreshCounts = { ...NO_COUNTS, found: videos.length };
  const newVideoIds: string[] = [];
  for (const [index, city] of source.cities.entries()) {
    let changed = false;
    for (const batch of batches(videos)) {
      try {
        const saved = await saveSourceVideos(city.id, urlId, batch);
        changed ||= saved.inserted.length + saved.updated + saved.linked > 0;
        counts.new += saved.inserted.length;
        counts.updated += saved.updated;
        counts.linked += saved.linked;
        counts.skipped += saved.skipped;
        newVideoIds.push(...saved.inserted);
      } catch (error) {
        console.error(`[sources] saving videos of ${source.url} for ${city.name} failed:`, error);
        counts.failed += batch.length;
      }
    }
    // New or renamed videos may be the city's Legistar events (docs/decisions/0069).
    if (changed) await matchCityEvents(city.id);
    options.onProgress?.({ cityName: city.name, done: index + 1, total: source.cities.length });
  }
  for (const meetingId of newVideoIds) await queueTranscriptFetch(meetingId, { requestedBy: options.requestedBy });
  await getDb().update(cityUrls).set({ lastRefreshedAt: new Date() }).where(eq(cityUrls.id, urlId));
  return counts;
}

export type SourceTarget = { cityKey: string } | { all: true };

/** The source URLs of one city (by its key) or of every city, each once. Throws UnknownCityError for an unknown key. */
export async function sourcesOf(target: SourceTarget): Promise<Array<{ id: string; url: string }>> {
  const query = getDb()
    .selectDistinct({ id: cityUrls.id, url: cityUrls.url })
    .from(cityUrls)
    .innerJoin(citiesUrls, eq(citiesUrls.urlId, cityUrls.id))
    .innerJoin(cities, eq(cities.id, citiesUrls.cityId));
  if ("all" in target) return query.orderBy(asc(cityUrls.url));
  const [city] = await getDb().select({ id: cities.id }).from(cities).where(eq(cities.locationKey, target.cityKey));
  if (!city) throw new UnknownCityError(`No city with the key "${target.cityKey}".`);
  return query.where(eq(cities.id, city.id)).orderBy(asc(cityUrls.url));
}
