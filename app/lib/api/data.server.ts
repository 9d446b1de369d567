/**
 * What the open API reads (docs/decisions/0043-feeds-and-api.md): Live
 * cities only, and only what their public pages show. Nothing here selects
 * an e-mail address, a user id or an admin's field (revision authors,
 * edit marks, source URLs' bookkeeping).
 */
import { type SQL, sql } from "drizzle-orm";
import { href } from "react-router";
import { isPlainText, parseStoredStory } from "~/lib/ai/stored";
import { MEETING_SEARCH_LIMIT } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { issuePath } from "~/lib/feeds/sitemap.server";
import { cityFeedPath } from "~/lib/feeds/links";
import { meetingHref, storyHref } from "~/lib/meetings/links";
import { analysisView, type AnalysisView } from "~/lib/meetings/view";
import { resultLabel, type StoredDecision } from "~/lib/meetings/decisions";
import { meetingDecisionList } from "~/lib/meetings/decisions.server";
import { citySearch, liveCitySearch, type VideoSearchResult } from "~/lib/search/search.server";
import { snippetParts } from "~/lib/search/snippet";
import { decodeCursor, encodeCursor } from "./cursor";
import { ApiProblem } from "./respond.server";
import { isUuid } from "~/lib/uuid";
import { queryRows } from "~/lib/db/rows.server";

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const pageUrl = (path: string) => `${appUrl()}${path}`;

// ---------------------------------------------------------------- cities

export type ApiCityRef = { key: string; name: string; state: string };

export type ApiCity = ApiCityRef & {
  county: string | null;
  tagLine: string | null;
  description: string | null;
  links: { page: string; feed: string; self: string; meetings: string };
};

type CityRow = {
  id: string;
  location_key: string;
  name: string;
  state: string;
  county: string | null;
  tag_line: string | null;
  description: string | null;
};

function cityOf(row: CityRow): ApiCity {
  const key = row.location_key;
  return {
    key,
    name: row.name,
    state: row.state,
    county: row.county,
    tagLine: row.tag_line,
    description: row.description,
    links: {
      page: pageUrl(href("/city/:locationKey", { locationKey: encodeURIComponent(key) })),
      feed: pageUrl(cityFeedPath(key)),
      self: pageUrl(href("/api/v1/cities/:locationKey", { locationKey: encodeURIComponent(key) })),
      meetings: pageUrl(`${href("/api/v1/meetings")}?city=${encodeURIComponent(key)}`),
    },
  };
}

const CITY_COLUMNS = sql`c.id, c.location_key, c.name, c.state, c.county, c.tag_line, c.description`;

export async function listCities(): Promise<{ cities: ApiCity[] }> {
  const rows = await queryRows<CityRow>(
    sql`select ${CITY_COLUMNS} from cities c where c.status = 'Live' order by c.name, c.location_key`,
  );
  return { cities: rows.map(cityOf) };
}

/** The Live city with this key, or a 404 problem. */
export async function requireLiveCity(key: string): Promise<CityRow> {
  const [row] = await queryRows<CityRow>(
    sql`select ${CITY_COLUMNS} from cities c where c.status = 'Live' and c.location_key = ${key} limit 1`,
  );
  if (!row) throw new ApiProblem("not-found", `No city with the key '${key}' is published.`);
  return row;
}

export type ApiCityDetail = {
  city: ApiCity & {
    meetingCount: number;
    storyCount: number;
    latestMeetingAt: string | null;
    issues: { key: string; title: string; links: { page: string; self: string } }[];
  };
};

export async function getCity(key: string): Promise<ApiCityDetail> {
  const row = await requireLiveCity(key);
  const [[counts], issues] = await Promise.all([
    queryRows<{ meetings: number | string; stories: number | string; latest: Date | string | null }>(
      sql`select count(*) as meetings, count(v.news_story) as stories, max(v.published_at) as latest
        from city_videos v join cities c on c.id = v.city_id where c.location_key = ${key}`,
    ),
    queryRows<{ issue_key: string; title: string }>(
      sql`select i.issue_key, i.title from tracked_issues i join cities c on c.id = any(i.city_ids)
        where c.location_key = ${key} order by i.title, i.issue_key`,
    ),
  ]);
  return {
    city: {
      ...cityOf(row),
      meetingCount: Number(counts?.meetings ?? 0),
      storyCount: Number(counts?.stories ?? 0),
      latestMeetingAt: iso(counts?.latest ?? null),
      issues: issues.map((issue) => ({
        key: issue.issue_key,
        title: issue.title,
        links: {
          page: pageUrl(issuePath(key, issue.issue_key)),
          self: pageUrl(href("/api/v1/issues/:issueKey", { issueKey: issue.issue_key })),
        },
      })),
    },
  };
}

// ---------------------------------------------------------------- meetings

export type ApiMeetingSummary = {
  id: string;
  title: string;
  description: string | null;
  publishedAt: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  city: ApiCityRef;
  hasTranscript: boolean;
  hasAnalysis: boolean;
  hasStory: boolean;
  storyGeneratedAt: string | null;
  links: { page: string; story: string | null; self: string };
};

type MeetingRow = {
  id: string;
  title: string | null;
  description: string | null;
  published_exact: string | null;
  video_url: string | null;
  thumbnail_url: string | null;
  story_generated_at: Date | string | null;
  has_transcript: boolean;
  has_analysis: boolean;
  has_story: boolean;
  location_key: string;
  city_name: string;
  city_state: string;
};

const MEETING_COLUMNS = sql`v.id, v.title, v.description, v.video_url, v.thumbnail_url, v.story_generated_at,
  to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as published_exact,
  exists (select 1 from transcript_segments s where s.city_video_id = v.id) as has_transcript,
  v.analysis_results is not null as has_analysis, v.news_story is not null as has_story,
  c.location_key, c.name as city_name, c.state as city_state`;

function safeHttpUrl(value: string | null): string | null {
  return value && /^https?:\/\//i.test(value) ? value : null;
}

function meetingSummaryOf(row: MeetingRow): ApiMeetingSummary {
  const cityKey = row.location_key;
  return {
    id: row.id,
    title: row.title?.trim() || "Untitled meeting",
    description: row.description,
    publishedAt: iso(row.published_exact),
    videoUrl: safeHttpUrl(row.video_url),
    thumbnailUrl: safeHttpUrl(row.thumbnail_url),
    city: { key: cityKey, name: row.city_name, state: row.city_state },
    hasTranscript: row.has_transcript === true || String(row.has_transcript) === "true",
    hasAnalysis: row.has_analysis === true || String(row.has_analysis) === "true",
    hasStory: row.has_story === true || String(row.has_story) === "true",
    storyGeneratedAt: iso(row.story_generated_at),
    links: {
      page: pageUrl(meetingHref(row.id, { cityKey })),
      story: row.has_story ? pageUrl(storyHref(row.id, cityKey)) : null,
      self: pageUrl(href("/api/v1/meetings/:meetingId", { meetingId: row.id })),
    },
  };
}

export type MeetingsPage = { meetings: ApiMeetingSummary[]; nextCursor: string | null; links: { next: string | null } };

/** Newest first (meetings without a date last), `limit` after the cursor. */
export async function listMeetings(options: {
  cityKey: string | null;
  cursor: string | null;
  limit: number;
}): Promise<MeetingsPage> {
  if (options.cityKey !== null) await requireLiveCity(options.cityKey);
  const after = options.cursor === null ? null : decodeCursor(options.cursor);
  if (options.cursor !== null && !after) {
    throw new ApiProblem("bad-request", "The cursor is not one this API gave: use nextCursor from a previous page.");
  }
  const conditions: SQL[] = [sql`c.status = 'Live'`];
  if (options.cityKey !== null) conditions.push(sql`c.location_key = ${options.cityKey}`);
  if (after) {
    conditions.push(
      after.publishedAt === null
        ? sql`(v.published_at is null and v.id < ${after.id}::uuid)`
        : sql`(v.published_at < ${after.publishedAt}::timestamptz
            or (v.published_at = ${after.publishedAt}::timestamptz and v.id < ${after.id}::uuid)
            or v.published_at is null)`,
    );
  }
  const rows = await queryRows<MeetingRow>(
    sql`select ${MEETING_COLUMNS} from city_videos v join cities c on c.id = v.city_id
      where ${sql.join(conditions, sql` and `)}
      order by v.published_at desc nulls last, v.id desc
      limit ${options.limit + 1}`,
  );
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last ? encodeCursor({ publishedAt: last.published_exact, id: last.id }) : null;
  const next = new URLSearchParams();
  if (options.cityKey !== null) next.set("city", options.cityKey);
  if (nextCursor) next.set("cursor", nextCursor);
  next.set("limit", String(options.limit));
  return {
    meetings: page.map(meetingSummaryOf),
    nextCursor,
    links: { next: nextCursor ? pageUrl(`${href("/api/v1/meetings")}?${next}`) : null },
  };
}

/** The newest meeting of a Live city, for the /api page's examples; null when there is none. */
export async function newestMeetingId(): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    sql`select v.id from city_videos v join cities c on c.id = v.city_id where c.status = 'Live'
      order by v.published_at desc nulls last, v.id desc limit 1`,
  );
  return row?.id ?? null;
}

/**
 * Ids of a Live city's official record for the /api page's examples: the
 * document's example city when it has a record (the demo), else the first
 * Live city that has one; null when none has.
 */
export async function recordExampleIds(exampleCityKey: string): Promise<{
  locationKey: string;
  personId: number | null;
  matterFile: string | null;
  eventId: number | null;
} | null> {
  const [row] = await queryRows<{
    location_key: string;
    person_id: number | null;
    file: string | null;
    event_id: number | null;
  }>(sql`select c.location_key,
      (select o.person_legistar_id from legistar_office_records o where o.city_id = c.id
        order by o.person_legistar_id limit 1) as person_id,
      (select m.file from legistar_matters m where m.city_id = c.id and m.file <> ''
        order by m.intro_date desc nulls last, m.legistar_id desc limit 1) as file,
      (select e.legistar_id from legistar_events e where e.city_id = c.id
        order by e.date desc nulls last, e.legistar_id desc limit 1) as event_id
    from cities c join legislative_sources s on s.city_id = c.id
    where c.status = 'Live'
    order by (c.location_key = ${exampleCityKey}) desc, c.name, c.location_key
    limit 1`);
  if (!row) return null;
  const number = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    locationKey: row.location_key,
    personId: number(row.person_id),
    matterFile: row.file,
    eventId: number(row.event_id),
  };
}

export type ApiStory =
  | { kind: "plain"; text: string }
  | {
      kind: "structured";
      headline: string;
      body: string;
      quote: { text: string; attribution: string; context: string };
      quickFacts: string[];
      background: string;
    };

export function apiStoryOf(stored: unknown): ApiStory | null {
  const story = parseStoredStory(stored);
  if (!story) return null;
  if (isPlainText(story)) return { kind: "plain", text: story.plainText };
  const { article, sidebar_elements: sidebar } = story;
  return {
    kind: "structured",
    headline: article.headline,
    body: article.body,
    quote: {
      text: sidebar.quote_block.quote,
      attribution: sidebar.quote_block.attribution,
      context: sidebar.quote_block.context,
    },
    quickFacts: sidebar.quick_facts,
    background: sidebar.background,
  };
}

export type ApiSegment = {
  position: number;
  startSeconds: number | null;
  endSeconds: number | null;
  speaker: string | null;
  text: string;
};

/** A verified decision (docs/decisions/0060-decisions-on-the-record.md), from the meeting_decisions rows. */
export type ApiDecision = {
  item: string;
  motion: StoredDecision["motion"];
  result: StoredDecision["result"];
  /** The result in plain words: "Carried: denied", "Failed: veto sustained". */
  resultLabel: string;
  ayes: number | null;
  nays: number | null;
  abstain: number | null;
  absent: number | null;
  how: StoredDecision["how"];
  consentItems: string[];
  motionEvidence: { text: string; seconds: number | null };
  resultEvidence: { text: string; seconds: number | null };
  links: { motion: string | null; result: string | null };
};

function apiDecisionOf(decision: StoredDecision, cityKey: string, meetingId: string, timed: boolean): ApiDecision {
  const second = (value: number | null) => (timed && value !== null ? Math.floor(value) : null);
  const moment = (value: number | null) =>
    second(value) === null ? null : pageUrl(meetingHref(meetingId, { cityKey, seconds: second(value) }));
  return {
    item: decision.item,
    motion: decision.motion,
    result: decision.result,
    resultLabel: resultLabel(decision),
    ayes: decision.ayes,
    nays: decision.nays,
    abstain: decision.abstain,
    absent: decision.absent,
    how: decision.how,
    consentItems: decision.consentItems,
    motionEvidence: { text: decision.motionText, seconds: second(decision.motionSecond) },
    resultEvidence: { text: decision.resultText, seconds: second(decision.resultSecond) },
    links: { motion: moment(decision.motionSecond), result: moment(decision.resultSecond) },
  };
}

export type ApiMeetingDetail = {
  meeting: ApiMeetingSummary & {
    decisions: ApiDecision[];
    analysis: Exclude<AnalysisView, { kind: "none" }> | null;
    story: ApiStory | null;
    transcript: { timed: boolean; segments: ApiSegment[] };
  };
};

export async function getMeetingDetail(id: string): Promise<ApiMeetingDetail> {
  const notFound = new ApiProblem("not-found", `No published meeting has the id '${id}'.`);
  if (!isUuid(id)) throw notFound;
  const [row] = await queryRows<MeetingRow & { analysis_results: unknown; news_story: unknown }>(
    sql`select ${MEETING_COLUMNS}, v.analysis_results, v.news_story
      from city_videos v join cities c on c.id = v.city_id
      where v.id = ${id}::uuid and c.status = 'Live' limit 1`,
  );
  if (!row) throw notFound;
  const segments = await queryRows<{
    position: number;
    start_seconds: number | string | null;
    end_seconds: number | string | null;
    speaker: string | null;
    text: string;
  }>(
    sql`select position, start_seconds, end_seconds, speaker, text from transcript_segments
      where city_video_id = ${id}::uuid order by position`,
  );
  const number = (value: number | string | null) => (value === null ? null : Number(value));
  const timed = segments.some((segment) => segment.start_seconds !== null);
  const analysis = analysisView(row.analysis_results, timed);
  const decisions = await meetingDecisionList(row.id);
  return {
    meeting: {
      ...meetingSummaryOf(row),
      decisions: decisions.map((decision) => apiDecisionOf(decision, row.location_key, row.id, timed)),
      analysis: analysis.kind === "none" ? null : analysis,
      story: apiStoryOf(row.news_story),
      transcript: {
        timed,
        segments: segments.map((segment) => ({
          position: Number(segment.position),
          startSeconds: number(segment.start_seconds),
          endSeconds: number(segment.end_seconds),
          speaker: segment.speaker,
          text: segment.text,
        })),
      },
    },
  };
}

// ---------------------------------------------------------------- search

export type ApiSearchHit = {
  meeting: { id: string; title: string; publishedAt: string | null; city: ApiCityRef };
  score: number;
  startSeconds: number | null;
  speaker: string | null;
  /** The matching passage as plain text. */
  snippet: string;
  /** The same passage with the matching words between <mark> and </mark>, everything else escaped. */
  snippetHtml: string;
  links: { moment: string; meeting: string };
};

function hitOf(result: VideoSearchResult): ApiSearchHit {
  const cityKey = result.city.location_key;
  return {
    meeting: {
      id: result.id,
      title: result.title,
      publishedAt: iso(result.published_at),
      city: { key: cityKey, name: result.city.name, state: result.city.state },
    },
    score: result.score,
    startSeconds: result.start_seconds,
    speaker: result.speaker,
    snippet: snippetParts(result.snippet)
      .map((part) => part.text)
      .join(""),
    snippetHtml: result.snippet,
    links: {
      moment: pageUrl(meetingHref(result.id, { cityKey, seconds: result.start_seconds })),
      meeting: pageUrl(href("/api/v1/meetings/:meetingId", { meetingId: result.id })),
    },
  };
}

export async function searchMeetings(query: string, cityKey: string | null) {
  if (cityKey !== null) await requireLiveCity(cityKey);
  const { order, results } = await liveCitySearch(query, { cityKey, limit: MEETING_SEARCH_LIMIT });
  return { query, city: cityKey, order, results: results.map(hitOf) };
}

// ---------------------------------------------------------------- tracked issues

type IssueRow = {
  issue_key: string;
  title: string;
  query: string;
  bodies: string[] | string;
  summary: unknown;
  summary_generated_at: Date | string | null;
  updated_at: Date | string;
  cities: { id: string; key: string; name: string; state: string }[] | string;
};

function parsed<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** Postgres text[] as pg gives it (an array) or as text ('{a,b}'). */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);
}

/** Each issue with its Live cities; an issue with none is not published. */
const ISSUES_SQL = sql`select i.issue_key, i.title, i.query, i.bodies, i.summary, i.summary_generated_at, i.updated_at,
    (select json_agg(json_build_object('id', c.id, 'key', c.location_key, 'name', c.name, 'state', c.state)
       order by c.name, c.location_key)
     from cities c where c.id = any(i.city_ids) and c.status = 'Live') as cities
  from tracked_issues i
  where exists (select 1 from cities c where c.id = any(i.city_ids) and c.status = 'Live')`;

export type ApiIssue = {
  key: string;
  title: string;
  query: string;
  bodies: string[];
  cities: ApiCityRef[];
  summaryGeneratedAt: string | null;
  updatedAt: string | null;
  links: { pages: string[]; self: string };
};

function issueOf(row: IssueRow): ApiIssue {
  const cities = parsed(row.cities);
  return {
    key: row.issue_key,
    title: row.title,
    query: row.query,
    bodies: textArray(row.bodies),
    cities: cities.map(({ key, name, state }) => ({ key, name, state })),
    summaryGeneratedAt: iso(row.summary_generated_at),
    updatedAt: iso(row.updated_at),
    links: {
      pages: cities.map((city) => pageUrl(issuePath(city.key, row.issue_key))),
      self: pageUrl(href("/api/v1/issues/:issueKey", { issueKey: row.issue_key })),
    },
  };
}

export async function listIssues(): Promise<{ issues: ApiIssue[] }> {
  const rows = await queryRows<IssueRow>(sql`${ISSUES_SQL} order by i.title, i.issue_key`);
  return { issues: rows.map(issueOf) };
}

export type ApiIssueDetail = {
  issue: ApiIssue & { summary: unknown; meetings: ApiSearchHit[] };
};

/**
 * One issue: its stored summary as generated, and the meetings that
 * discuss it, found by the site's search with the issue's query in each of
 * its Live cities (and only its bodies when it names some), newest first.
 */
export async function getIssue(key: string): Promise<ApiIssueDetail> {
  const [row] = await queryRows<IssueRow>(sql`${ISSUES_SQL} and i.issue_key = ${key} limit 1`);
  if (!row) throw new ApiProblem("not-found", `No published issue has the key '${key}'.`);
  const issue = issueOf(row);
  const cities = parsed(row.cities);
  const searches = await Promise.all(cities.map((city) => citySearch(city.id, row.query, MEETING_SEARCH_LIMIT)));
  let results = searches.flatMap((search) => search.results);
  if (issue.bodies.length > 0 && results.length > 0) {
    const ids = results.map((result) => result.id);
    const inBodies = await queryRows<{ id: string }>(
      sql`select distinct v.id from city_videos v
        join city_video_sources s on s.city_video_id = v.id join city_urls u on u.id = s.city_url_id
        where v.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and u.body in (${sql.join(
          issue.bodies.map((body) => sql`${body}`),
          sql`, `,
        )})`,
    );
    const kept = new Set(inBodies.map((found) => found.id));
    results = results.filter((result) => kept.has(result.id));
  }
  results.sort((a, b) => (b.published_at ?? "").localeCompare(a.published_at ?? "") || b.id.localeCompare(a.id));
  return { issue: { ...issue, summary: parsed(row.summary), meetings: results.map(hitOf) } };
}
