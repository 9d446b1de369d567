/**
 * The /search page's AI summary view: a digest of the matching meetings
 * built from their stored analyses (summary and first highlights). No AI is
 * called; a meeting without an analysis says so.
 */
import { inArray } from "drizzle-orm";
import { isPlainText, parseStoredAnalysis } from "~/lib/ai/stored";
import { getDb } from "~/lib/db/client.server";
import { cityVideos } from "~/lib/db/schema";
import { highlightMoment } from "~/lib/meetings/view";
import { excerpt } from "~/lib/meetings/text";
import { hasTimedTranscript } from "~/lib/meetings/meetings.server";
import type { VideoSearchResult } from "./search.server";

export const DIGEST_HIGHLIGHTS = 3;

export type DigestEntry = {
  id: string;
  title: string;
  cityName: string;
  cityState: string;
  cityKey: string;
  publishedAt: string | null;
  /** Where the search matched in this meeting, for the link. */
  startSeconds: number | null;
  /** null when the meeting has no analysis yet. */
  summary: string | null;
  highlights: { timestamp: string | null; seconds: number | null; pointOfInterest: string }[];
};

export type SearchDigest = { entries: DigestEntry[]; analyzed: number };

export function digestEntry(result: VideoSearchResult, storedAnalysis: unknown, transcriptTimed = true): DigestEntry {
  const base = {
    id: result.id,
    title: result.title,
    cityName: result.city.name,
    cityState: result.city.state,
    cityKey: result.city.location_key,
    publishedAt: result.published_at,
    startSeconds: result.start_seconds,
  };
  const analysis = parseStoredAnalysis(storedAnalysis);
  if (!analysis) return { ...base, summary: null, highlights: [] };
  if (isPlainText(analysis)) return { ...base, summary: excerpt(analysis.plainText, 600), highlights: [] };
  return {
    ...base,
    summary: analysis.summary.trim() || null,
    highlights: analysis.highlights.slice(0, DIGEST_HIGHLIGHTS).map((highlight) => ({
      ...highlightMoment(highlight.timestamp, transcriptTimed),
      pointOfInterest: highlight.point_of_interest,
    })),
  };
}

/** One query for the analyses of all results, in the results' order. */
export async function buildSearchDigest(results: VideoSearchResult[]): Promise<SearchDigest> {
  if (results.length === 0) return { entries: [], analyzed: 0 };
  const rows = await getDb()
    .select({ id: cityVideos.id, analysisResults: cityVideos.analysisResults, timed: hasTimedTranscript() })
    .from(cityVideos)
    .where(
      inArray(
        cityVideos.id,
        results.map((result) => result.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const entries = results.map((result) => {
    const row = byId.get(result.id);
    return digestEntry(result, row?.analysisResults, row ? row.timed === true || String(row.timed) === "true" : true);
  });
  return { entries, analyzed: entries.filter((entry) => entry.summary !== null).length };
}
