/**
 * The desk's Alerts tab: the member's recent alert matches (written by the
 * alerts job), newest first, each with its saved search and its meeting.
 */
import { desc, eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { meetingReference } from "./meeting-reference.server";
import { deskDecisions, type DeskDecision } from "./decisions.server";
import { alertMatches, cities, cityVideos, savedSearches } from "~/lib/db/schema";

export const ALERTS_PER_PAGE = 20;

export type AlertEntry = {
  id: string;
  query: string;
  matchedAt: string;
  passage: string;
  speaker: string | null;
  seconds: number | null;
  meeting: { id: string; title: string; publishedAt: string | null };
  city: { name: string; state: string; locationKey: string };
  /** What the meeting decided, as the meeting page says it; [] when nothing is on the record. */
  decisions: DeskDecision[];
};

export async function listAlertMatches(
  userId: string,
  page: number,
): Promise<{ alerts: AlertEntry[]; hasMore: boolean }> {
  const offset = (Math.max(1, page) - 1) * ALERTS_PER_PAGE;
  const rows = await getDb()
    .select({
      id: alertMatches.id,
      query: savedSearches.query,
      matchedAt: alertMatches.matchedAt,
      passage: alertMatches.passage,
      speaker: alertMatches.speaker,
      seconds: alertMatches.startSeconds,
      ...meetingReference,
    })
    .from(alertMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, alertMatches.savedSearchId))
    .innerJoin(cityVideos, eq(cityVideos.id, alertMatches.cityVideoId))
    .innerJoin(cities, eq(cities.id, cityVideos.cityId))
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(alertMatches.matchedAt), desc(alertMatches.id))
    .offset(offset)
    .limit(ALERTS_PER_PAGE + 1);
  const shown = rows.slice(0, ALERTS_PER_PAGE);
  const decisions = await deskDecisions(shown.map((row) => row.meetingId));
  return {
    hasMore: rows.length > ALERTS_PER_PAGE,
    alerts: shown.map((row) => ({
      id: row.id,
      query: row.query,
      matchedAt: row.matchedAt.toISOString(),
      passage: row.passage,
      speaker: row.speaker,
      seconds: row.seconds === null ? null : Math.floor(row.seconds),
      meeting: {
        id: row.meetingId,
        title: row.title?.trim() || "Untitled meeting",
        publishedAt: row.publishedAt?.toISOString() ?? null,
      },
      city: { name: row.cityName, state: row.cityState, locationKey: row.locationKey },
      decisions: decisions.get(row.meetingId) ?? [],
    })),
  };
}
