/**
 * Saved searches (alerts) of members: saving, listing and changing them.
 * Every function that reads or changes one takes the member's id from the
 * session and acts only on that member's rows, so a forged id is refused
 * like an unknown one (docs/decisions/0040-alerts.md).
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { AlertFrequency, Body } from "~/lib/constants";
import { getDb } from "~/lib/db/client.server";
import { alertMatches, cities, cityVideos, legislativeSources, legistarEvents, savedSearches } from "~/lib/db/schema";
import type { AgendaAlertEvent } from "./agenda";
import type { StoredDecision } from "~/lib/meetings/decisions";
import { listDecisions } from "~/lib/meetings/decisions.server";
import { queryFormsOf } from "~/lib/search/search.server";
import { type AlertIntent, MAX_SAVED_SEARCHES, NO_WORDS, type SaveSearchInput, TOO_MANY_SEARCHES } from "./forms";
import { isUuid } from "~/lib/uuid";
import { queryRows } from "~/lib/db/rows.server";

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** A random token for the unsubscribe link and the private feed. */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

export type SavedSearchView = {
  id: string;
  query: string;
  cities: { key: string; name: string }[];
  body: Body | null;
  frequency: AlertFrequency;
  active: boolean;
  feedToken: string;
  matchCount: number;
  createdAt: string;
};

export type SaveResult = { ok: true; id: string } | { ok: false; error: string };

/** Saves a search for `userId`; refused past MAX_SAVED_SEARCHES or when it has no words to look for. */
export async function saveSearch(userId: string, input: SaveSearchInput): Promise<SaveResult> {
  const { meeting } = await queryFormsOf(input.q);
  if (meeting === "" || meeting === null) return { ok: false, error: NO_WORDS };
  const db = getDb();
  const keys = [...new Set(input.city)];
  const cityRows = keys.length
    ? await db.select({ id: cities.id }).from(cities).where(inArray(cities.locationKey, keys))
    : [];
  if (cityRows.length !== keys.length) return { ok: false, error: "One of the chosen cities does not exist." };
  const id = await db.transaction(async (tx) => {
    // One member's saves are serialized, so two at once cannot pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gavel.saved_searches'), hashtext(${userId}))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if (n >= MAX_SAVED_SEARCHES) return null;
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        query: input.q,
        cityIds: cityRows.map((c) => c.id),
        body: input.body ?? null,
        frequency: input.frequency,
        unsubscribeToken: newToken(),
        feedToken: newToken(),
      })
      .returning({ id: savedSearches.id });
    return row!.id;
  });
  return id ? { ok: true, id } : { ok: false, error: TOO_MANY_SEARCHES };
}

/** The member's saved searches, newest first, with their cities' names and how many meetings matched. */
export async function listSavedSearches(userId: string): Promise<SavedSearchView[]> {
  const db = getDb();
  // Qualified by hand: drizzle renders a column of a one-table select unqualified,
  // and a bare "id" inside the subquery would be alert_matches' own id.
  const searchId = sql`${savedSearches}.${sql.identifier("id")}`;
  const rows = await db
    .select({
      id: savedSearches.id,
      query: savedSearches.query,
      cityIds: savedSearches.cityIds,
      body: savedSearches.body,
      frequency: savedSearches.frequency,
      active: savedSearches.active,
      feedToken: savedSearches.feedToken,
      createdAt: savedSearches.createdAt,
      matchCount: sql<number>`(select count(distinct m.city_video_id)::int from ${alertMatches} m where m.saved_search_id = ${searchId})`,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), asc(savedSearches.id));
  const ids = [...new Set(rows.flatMap((r) => r.cityIds))];
  const names = ids.length
    ? await db
        .select({ id: cities.id, key: cities.locationKey, name: cities.name })
        .from(cities)
        .where(inArray(cities.id, ids))
    : [];
  const byId = new Map(names.map((c) => [c.id, c]));
  return rows.map((r) => ({
    id: r.id,
    query: r.query,
    cities: r.cityIds.flatMap((id) => {
      const city = byId.get(id);
      return city ? [{ key: city.key, name: city.name }] : [];
    }),
    body: r.body as Body | null,
    frequency: r.frequency as AlertFrequency,
    active: r.active,
    feedToken: r.feedToken,
    matchCount: Number(r.matchCount),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Applies a change from the profile page to one of the member's own searches; false when it is not theirs (or gone). */
export async function changeSavedSearch(userId: string, change: AlertIntent): Promise<boolean> {
  if (!isUuid(change.id)) return false;
  const db = getDb();
  const mine = and(eq(savedSearches.id, change.id), eq(savedSearches.userId, userId));
  const set =
    change.intent === "set-frequency"
      ? { frequency: change.frequency }
      : change.intent === "turn-off"
        ? { active: false }
        : change.intent === "turn-on"
          ? { active: true }
          : null;
  const rows = set
    ? await db
        .update(savedSearches)
        .set({ ...set, updatedAt: new Date() })
        .where(mine)
        .returning({ id: savedSearches.id })
    : await db.delete(savedSearches).where(mine).returning({ id: savedSearches.id });
  return rows.length === 1;
}

export type UnsubscribeView = { query: string; active: boolean };

/**
 * A followed bill's token (docs/decisions/0076-bills-and-calendars.md): the
 * follow shows as the alert for the matter's file number.
 */
async function matterFollowByToken(token: string, turnOff: boolean): Promise<UnsubscribeView | null> {
  const [row] = await queryRows<{ query: string; active: boolean }>(sql`
    ${turnOff ? sql`with off as (update matter_follows set active = false, updated_at = now() where unsubscribe_token = ${token} returning city_id, matter_legistar_id, active)` : sql`with off as (select city_id, matter_legistar_id, active from matter_follows where unsubscribe_token = ${token})`}
    select coalesce(m.file, 'a bill') as query, off.active from off
    left join legistar_matters m on m.city_id = off.city_id and m.legistar_id = off.matter_legistar_id`);
  return row ? { query: row.query, active: row.active === true || String(row.active) === "true" } : null;
}

/** What the unsubscribe page shows for a token (a saved search's or a followed bill's); null when unknown. */
export async function findByUnsubscribeToken(token: string): Promise<UnsubscribeView | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await getDb()
    .select({ query: savedSearches.query, active: savedSearches.active })
    .from(savedSearches)
    .where(eq(savedSearches.unsubscribeToken, token))
    .limit(1);
  return row ?? (await matterFollowByToken(token, false));
}

/** Turns the search (or followed bill) of an unsubscribe token off (no sign-in needed: the token is the key); null when unknown. */
export async function unsubscribe(token: string): Promise<UnsubscribeView | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await getDb()
    .update(savedSearches)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(savedSearches.unsubscribeToken, token))
    .returning({ query: savedSearches.query, active: savedSearches.active });
  return row ?? (await matterFollowByToken(token, true));
}

export type FeedMatch = {
  id: string;
  /** Null for an upcoming agenda's alert (docs/decisions/0080): then `event` says which. */
  meetingId: string | null;
  event?: AgendaAlertEvent | null;
  title: string;
  cityKey: string;
  cityName: string;
  publishedAt: Date | null;
  passage: string;
  speaker: string | null;
  startSeconds: number | null;
  matchedAt: Date;
  /** What the meeting decided (its current decisions rows). */
  decisions: StoredDecision[];
};

/** A search's newest matches by its feed token (Live cities only); null when the token is unknown. */
export async function feedByToken(
  token: string,
  limit = 50,
): Promise<{ query: string; updatedAt: Date; matches: FeedMatch[] } | null> {
  if (!TOKEN.test(token)) return null;
  const db = getDb();
  const [search] = await db
    .select({ id: savedSearches.id, query: savedSearches.query, createdAt: savedSearches.createdAt })
    .from(savedSearches)
    .where(eq(savedSearches.feedToken, token))
    .limit(1);
  if (!search) return null;
  const rows = await db
    .select({
      id: alertMatches.id,
      meetingId: cityVideos.id,
      title: sql<string>`coalesce(${cityVideos.title}, 'Meeting')`,
      cityKey: cities.locationKey,
      cityName: cities.name,
      publishedAt: cityVideos.publishedAt,
      passage: alertMatches.passage,
      speaker: alertMatches.speaker,
      startSeconds: alertMatches.startSeconds,
      matchedAt: alertMatches.matchedAt,
      eventId: legistarEvents.legistarId,
      bodyName: legistarEvents.bodyName,
      eventDay: legistarEvents.date,
      eventTime: legistarEvents.time,
      timeZone: legislativeSources.timeZone,
    })
    .from(alertMatches)
    // A meeting's alert, or an upcoming agenda's.
    .leftJoin(cityVideos, eq(cityVideos.id, alertMatches.cityVideoId))
    .leftJoin(
      legistarEvents,
      and(eq(legistarEvents.cityId, alertMatches.cityId), eq(legistarEvents.legistarId, alertMatches.eventLegistarId)),
    )
    .leftJoin(legislativeSources, eq(legislativeSources.cityId, legistarEvents.cityId))
    .innerJoin(cities, eq(cities.id, sql`coalesce(${cityVideos.cityId}, ${legistarEvents.cityId})`))
    .where(and(eq(alertMatches.savedSearchId, search.id), eq(cities.status, "Live")))
    .orderBy(desc(alertMatches.matchedAt), desc(alertMatches.id))
    .limit(limit);
  const matches = rows.map(({ eventId, bodyName, eventDay, eventTime, timeZone, ...match }) => ({
    ...match,
    event:
      match.meetingId === null && eventId !== null
        ? { eventId, bodyName, day: eventDay, time: eventTime, timeZone: timeZone ?? "UTC" }
        : null,
  }));
  const decisions = await listDecisions(matches.flatMap((match) => (match.meetingId ? [match.meetingId] : [])));
  return {
    query: search.query,
    updatedAt: matches[0]?.matchedAt ?? search.createdAt,
    matches: matches.map((match) => ({
      ...match,
      decisions: match.meetingId ? (decisions.get(match.meetingId) ?? []) : [],
    })),
  };
}
