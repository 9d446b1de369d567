/**
 * Reads of meeting videos for the public pages: a city's list (paged in SQL,
 * newest first), the city's overview (statistics and video sources, one
 * statement) and one meeting with its city.
 */
import { type SQL, and, eq, sql } from "drizzle-orm";
import { meetingDecisionList } from "./decisions.server";
import type { StoredDecision } from "./decisions";
import { getDb } from "~/lib/db/client.server";
import { cities, cityVideoSources, cityVideos } from "~/lib/db/schema";
import { isUuid } from "~/lib/uuid";
import { formatDate } from "~/lib/format/date";
import { cardDescription } from "~/lib/meetings/rules";
import type { CurrentRevision } from "~/lib/meetings/provenance";
import { rowsOf } from "~/lib/db/rows.server";
import { hasPeopleSql } from "~/lib/legistar/people.server";

/** What a meeting card gets (dates as text, a description built from the transcript): a view, not a row. */
export type VideoCardData = {
  id: string;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  publishedAt: string | null;
  publishedLabel: string | null;
  hasStory: boolean;
  /** Characters in the transcript; null when there is none. */
  transcriptLength: number | null;
};

/** Enough of the transcript's start to build a 200-character description from. */
const TRANSCRIPT_PREVIEW_CHARS = 2000;

/** The id of the meeting with this id as the database writes it, or null when there is none (or it is no UUID). */
export async function findMeetingId(meetingId: string): Promise<string | null> {
  if (!isUuid(meetingId)) return null;
  const [meeting] = await getDb()
    .select({ id: cityVideos.id })
    .from(cityVideos)
    .where(eq(cityVideos.id, meetingId))
    .limit(1);
  return meeting?.id ?? null;
}

/** Only web addresses may become an <img src>; anything else gets the placeholder. */
export function safeImageUrl(value: string | null | undefined): string | null {
  const url = value?.trim();
  return url && /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : null;
}

const newestFirst = sql`${cityVideos.publishedAt} desc nulls last, ${cityVideos.id} desc`;

/**
 * `limit` videos of a city from `offset`, newest first, optionally from one
 * source; one extra row is read to tell whether more remain.
 */
export async function listCityVideos(options: {
  cityId: string;
  sourceId?: string | null;
  offset: number;
  limit: number;
}): Promise<{ videos: VideoCardData[]; hasMore: boolean }> {
  const rows = await getDb()
    .select({
      id: cityVideos.id,
      title: cityVideos.title,
      description: cityVideos.description,
      thumbnailUrl: cityVideos.thumbnailUrl,
      publishedAt: cityVideos.publishedAt,
      hasStory: sql<boolean>`${cityVideos.newsStory} is not null`,
      transcriptLength: sql<number | null>`char_length(${cityVideos.transcript})`,
      transcriptPreview: sql<string | null>`case when coalesce(btrim(${cityVideos.description}), '') = ''
        then left(${cityVideos.transcript}, ${TRANSCRIPT_PREVIEW_CHARS}) end`,
    })
    .from(cityVideos)
    .where(
      and(
        eq(cityVideos.cityId, options.cityId),
        options.sourceId
          ? sql`exists (select 1 from ${cityVideoSources} s where s.city_video_id = ${cityVideos.id} and s.city_url_id = ${options.sourceId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(newestFirst)
    .offset(options.offset)
    .limit(options.limit + 1);
  return {
    hasMore: rows.length > options.limit,
    videos: rows.slice(0, options.limit).map((row) => ({
      id: row.id,
      title: row.title?.trim() || "Untitled meeting",
      description: cardDescription(row.description, row.transcriptPreview),
      thumbnailUrl: safeImageUrl(row.thumbnailUrl),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      publishedLabel: formatDate(row.publishedAt),
      hasStory: row.hasStory,
      transcriptLength: row.transcriptLength === null ? null : Number(row.transcriptLength),
    })),
  };
}

export type VideoSource = { id: string; title: string; sourceType: string };

export type CityOverview = {
  totalVideos: number;
  analyzedVideos: number;
  stories: number;
  withTranscript: number;
  firstPublished: string | null;
  lastPublished: string | null;
  /** Videos per month ("YYYY-MM") since `since`; months without any are absent. */
  perMonth: Record<string, number>;
  sources: VideoSource[];
  /** The city's official record names its members (its people pages have someone to show). */
  hasPeople: boolean;
};

type OverviewRow = {
  total: number | string;
  analyzed: number | string;
  stories: number | string;
  transcribed: number | string;
  first_published: string | null;
  last_published: string | null;
  per_month: unknown;
  sources: unknown;
  has_people: boolean | string | null;
};

function parseJsonColumn<T>(value: unknown, fallback: T): T {
  if (typeof value === "string") {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return (value ?? fallback) as T;
}

/**
 * A city's statistics, its meetings per month since `since`, and its video
 * sources: every source of the city (city_urls linked through cities_urls)
 * that lists at least one of its videos, whatever its content type ("video"
 * from City Management, "Playlist" from the Channel Manager). One
 * statement, so the city page stays at few queries.
 */
export async function getCityOverview(cityId: string, since: Date): Promise<CityOverview> {
  const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  const result = await getDb().execute(sql`
    select
      count(*) as total,
      count(*) filter (where v.analysis_results is not null) as analyzed,
      count(*) filter (where v.news_story is not null) as stories,
      count(*) filter (where v.transcript is not null) as transcribed,
      ${iso(sql`min(v.published_at)`)} as first_published,
      ${iso(sql`max(v.published_at)`)} as last_published,
      (select coalesce(json_object_agg(m.month, m.count), '{}'::json) from (
         select to_char(date_trunc('month', published_at at time zone 'UTC'), 'YYYY-MM') as month, count(*) as count
         from city_videos
         where city_id = ${cityId}::uuid and published_at >= ${since.toISOString()}::timestamptz
         group by 1) m) as per_month,
      (select coalesce(json_agg(json_build_object('id', u.id, 'title', coalesce(u.title, u.url), 'sourceType', u.source_type)
                                order by coalesce(u.title, u.url)), '[]'::json)
         from cities_urls cu join city_urls u on u.id = cu.url_id
         where cu.city_id = ${cityId}::uuid
           and exists (select 1 from city_video_sources s join city_videos sv on sv.id = s.city_video_id
                       where s.city_url_id = u.id and sv.city_id = ${cityId}::uuid)) as sources,
      ${hasPeopleSql(cityId)} as has_people
    from city_videos v
    where v.city_id = ${cityId}::uuid
  `);
  const row = rowsOf<OverviewRow>(result)[0];
  const perMonth = parseJsonColumn<Record<string, number | string>>(row?.per_month, {});
  return {
    totalVideos: Number(row?.total ?? 0),
    analyzedVideos: Number(row?.analyzed ?? 0),
    stories: Number(row?.stories ?? 0),
    withTranscript: Number(row?.transcribed ?? 0),
    firstPublished: row?.first_published ?? null,
    lastPublished: row?.last_published ?? null,
    perMonth: Object.fromEntries(Object.entries(perMonth).map(([month, count]) => [month, Number(count)])),
    sources: parseJsonColumn<VideoSource[]>(row?.sources, []),
    hasPeople: row?.has_people === true || String(row?.has_people) === "true",
  };
}

/**
 * For a select from city_videos: false only when the video's transcript
 * segments all lack times (a plain-text transcript), whose analysis's
 * "00:00:00" is no moment. A video without segments keeps the times its
 * analysis gives. The id is written qualified: drizzle leaves columns
 * unqualified in a one-table select, and inside the subquery a bare "id"
 * would be the segment's.
 */
export function hasTimedTranscript() {
  const meetingId = sql`${cityVideos}.${sql.identifier("id")}`;
  return sql<boolean>`(exists (select 1 from transcript_segments ts where ts.city_video_id = ${meetingId} and ts.start_seconds is not null)
    or not exists (select 1 from transcript_segments ts where ts.city_video_id = ${meetingId}))`;
}

/**
 * The newest revision of a kind (the current one) as what readers may see of
 * it: provider, model, date and report, never the editor's context. A
 * subquery of the meeting's own statement, on the (video, created_at desc) index.
 */
function currentRevision(table: "analysis_revisions" | "story_revisions") {
  const meetingId = sql`${cityVideos}.${sql.identifier("id")}`;
  return sql<CurrentRevision | string | null>`(select json_build_object('provider', r.provider, 'model', r.model,
      'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'verification', r.verification)
    from ${sql.identifier(table)} r where r.city_video_id = ${meetingId} order by r.created_at desc limit 1)`;
}

/** The meeting page's meeting, serialized (dates as text, the transcript as its length); the city as its row. */
export type MeetingRecord = {
  id: string;
  title: string;
  description: string | null;
  videoUrl: string | null;
  publishedAt: string | null;
  transcriptLength: number | null;
  /** False for a transcript without times: its highlights cannot point at a moment. */
  transcriptTimed: boolean;
  /** The speech-to-text engine and model that made the transcript; null for captions and uploaded text. */
  transcriptEngine: string | null;
  transcriptModel: string | null;
  analysisResults: unknown;
  newsStory: unknown;
  storyGeneratedAt: string | null;
  /** The current revisions' provenance; null for content older than revisions. */
  analysisRevision: CurrentRevision | null;
  storyRevision: CurrentRevision | null;
  /** The current analysis's decisions (meeting_decisions rows), in order. */
  decisions: StoredDecision[];
  updatedAt: string;
  city: Pick<
    typeof cities.$inferSelect,
    "id" | "name" | "state" | "locationKey" | "primaryColor" | "secondaryColor" | "icon"
  >;
};

/**
 * One meeting with its city, or null when the id is unknown, malformed, or
 * (with `cityId`) belongs to another city.
 */
export async function getMeeting(meetingId: string, options: { cityId?: string } = {}): Promise<MeetingRecord | null> {
  if (!isUuid(meetingId)) return null;
  const [row] = await getDb()
    .select({
      id: cityVideos.id,
      title: cityVideos.title,
      description: cityVideos.description,
      videoUrl: cityVideos.videoUrl,
      publishedAt: cityVideos.publishedAt,
      transcriptLength: sql<number | null>`char_length(${cityVideos.transcript})`,
      transcriptTimed: hasTimedTranscript(),
      transcriptEngine: cityVideos.transcriptEngine,
      transcriptModel: cityVideos.transcriptModel,
      analysisResults: cityVideos.analysisResults,
      newsStory: cityVideos.newsStory,
      storyGeneratedAt: cityVideos.storyGeneratedAt,
      analysisRevision: currentRevision("analysis_revisions"),
      storyRevision: currentRevision("story_revisions"),
      updatedAt: cityVideos.updatedAt,
      city: {
        id: cities.id,
        name: cities.name,
        state: cities.state,
        locationKey: cities.locationKey,
        primaryColor: cities.primaryColor,
        secondaryColor: cities.secondaryColor,
        icon: cities.icon,
      },
    })
    .from(cityVideos)
    .innerJoin(cities, eq(cities.id, cityVideos.cityId))
    .where(and(eq(cityVideos.id, meetingId), options.cityId ? eq(cityVideos.cityId, options.cityId) : undefined))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    decisions: await meetingDecisionList(row.id),
    title: row.title?.trim() || "Untitled meeting",
    publishedAt: row.publishedAt?.toISOString() ?? null,
    transcriptLength: row.transcriptLength === null ? null : Number(row.transcriptLength),
    transcriptTimed: row.transcriptTimed === true || String(row.transcriptTimed) === "true",
    storyGeneratedAt: row.storyGeneratedAt?.toISOString() ?? null,
    analysisRevision: parseJsonColumn<CurrentRevision | null>(row.analysisRevision, null),
    storyRevision: parseJsonColumn<CurrentRevision | null>(row.storyRevision, null),
    updatedAt: row.updatedAt.toISOString(),
  };
}
