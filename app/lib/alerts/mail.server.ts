/**
 * Alert jobs (docs/decisions/0040-alerts.md):
 * - "alert-match": after an analysis is written, match the meeting against
 *   every saved search; the new matches of searches mailed at once become
 *   one "alert-mail" job per member;
 * - "alert-mail": one e-mail listing the job's matches that are still
 *   unsent; `emailed_at` is set only after the mail server accepted it. A
 *   failure throws, and pg-boss retries with back-off;
 * - the digests: every DIGEST_CHECK_MINUTES the worker queues one
 *   "alert-mail" job per member for the daily and weekly searches that are
 *   due, marking them digested in the same transaction, so a search is in
 *   at most one digest per period.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import {
  alertMatches,
  cities,
  cityVideos,
  legislativeSources,
  legistarEvents,
  savedSearches,
  users,
} from "~/lib/db/schema";
import { sendEmail } from "~/lib/email/email.server";
import { settings } from "~/lib/env/settings.server";
import { getBoss, transactionExecutor } from "~/lib/jobs/boss.server";
import { AlertMailJobData, AlertMatchJobData, type JobOutput } from "~/lib/jobs/queues";
import { QUEUES } from "~/lib/jobs/queue-names";
import { listDecisions } from "~/lib/meetings/decisions.server";
import { meetingHref } from "~/lib/meetings/links";
import { agendaHeadline, agendaHref, agendaWhen } from "./agenda";
import { alertDecisions } from "./decisions";
import { type AlertMailItem, type AlertMailSearch, alertEmail } from "./email";
import { matchStatement, type NewMatch } from "./matching.server";
import { queryRows } from "~/lib/db/rows.server";

type JobInput = { id: string; data: unknown };

export function unsubscribeUrl(tokens: string[]): string {
  return `${settings().APP_URL}/alerts/unsubscribe/${tokens.map(encodeURIComponent).join(".")}`;
}

/** Queues the matching of a meeting (after its analysis was written; see handleAnalysisJob). */
export async function queueAlertMatching(cityVideoId: string): Promise<void> {
  const boss = await getBoss();
  await boss.send(QUEUES.alertMatch, { cityVideoId });
}

export async function handleAlertMatchJob(job: JobInput): Promise<JobOutput> {
  const { cityVideoId } = AlertMatchJobData.parse(job.data);
  const boss = await getBoss();
  // The matches and their mail jobs are committed together: a crash between them cannot leave a match unmailed.
  return getDb().transaction(async (tx) => {
    const matches = await queryRows<NewMatch>(matchStatement(cityVideoId), tx);
    const byUser = new Map<string, string[]>();
    for (const match of matches) {
      if (match.frequency !== "immediate") continue;
      byUser.set(match.userId, [...(byUser.get(match.userId) ?? []), match.id]);
    }
    for (const [userId, matchIds] of byUser) {
      await boss.send(QUEUES.alertMail, { userId, digest: "immediate", matchIds }, { db: transactionExecutor(tx) });
    }
    return { outcome: "matched" as const, matches: matches.length, mails: byUser.size };
  });
}

type PendingRow = {
  matchId: string;
  searchId: string;
  query: string;
  unsubscribeToken: string;
  email: string;
  /** Null for an upcoming agenda's alert: then the event's fields are set. */
  meetingId: string | null;
  title: string | null;
  cityKey: string;
  cityName: string;
  publishedAt: Date | null;
  passage: string;
  speaker: string | null;
  startSeconds: number | null;
  eventId: number | null;
  bodyName: string | null;
  eventDay: string | null;
  eventTime: string | null;
  timeZone: string | null;
};

function meetingItem(
  row: PendingRow,
  meetingId: string,
  appUrl: string,
  decisions: Awaited<ReturnType<typeof listDecisions>>,
): AlertMailItem {
  return {
    meetingId,
    cityName: row.cityName,
    title: row.title ?? "Meeting",
    publishedAt: row.publishedAt,
    passage: row.passage,
    speaker: row.speaker,
    startSeconds: row.startSeconds,
    url: appUrl + meetingHref(meetingId, { cityKey: row.cityKey, seconds: row.startSeconds }),
    decisions: alertDecisions(decisions.get(meetingId) ?? [], { appUrl, meetingId, cityKey: row.cityKey }),
  };
}

/** An upcoming agenda's alert: "On the agenda of Thursday's Budget Committee", linked to the agenda. */
function agendaItem(row: PendingRow, appUrl: string): AlertMailItem {
  const event = {
    eventId: row.eventId ?? 0,
    bodyName: row.bodyName,
    day: row.eventDay,
    time: row.eventTime,
    timeZone: row.timeZone ?? "UTC",
  };
  return {
    meetingId: `event:${row.cityKey}:${event.eventId}`,
    cityName: row.cityName,
    title: agendaHeadline(event),
    publishedAt: null,
    passage: row.passage,
    speaker: null,
    startSeconds: null,
    url: appUrl + agendaHref(row.cityKey, event.eventId),
    decisions: [],
    agenda: { when: agendaWhen(event) },
  };
}

/** Sends one alert e-mail: the job's matches that are still unsent, of the member's searches that are still on. */
export async function handleAlertMailJob(job: JobInput): Promise<JobOutput> {
  const data = AlertMailJobData.parse(job.data);
  const db = getDb();
  const rows: PendingRow[] = await db
    .select({
      matchId: alertMatches.id,
      searchId: savedSearches.id,
      query: savedSearches.query,
      unsubscribeToken: savedSearches.unsubscribeToken,
      email: users.email,
      meetingId: cityVideos.id,
      title: cityVideos.title,
      cityKey: cities.locationKey,
      cityName: cities.name,
      publishedAt: cityVideos.publishedAt,
      passage: alertMatches.passage,
      speaker: alertMatches.speaker,
      startSeconds: alertMatches.startSeconds,
      eventId: legistarEvents.legistarId,
      bodyName: legistarEvents.bodyName,
      eventDay: legistarEvents.date,
      eventTime: legistarEvents.time,
      timeZone: legislativeSources.timeZone,
    })
    .from(alertMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, alertMatches.savedSearchId))
    .innerJoin(users, eq(users.id, savedSearches.userId))
    // A meeting's alert, or an upcoming agenda's (its event and the city's time zone).
    .leftJoin(cityVideos, eq(cityVideos.id, alertMatches.cityVideoId))
    .leftJoin(
      legistarEvents,
      and(eq(legistarEvents.cityId, alertMatches.cityId), eq(legistarEvents.legistarId, alertMatches.eventLegistarId)),
    )
    .leftJoin(legislativeSources, eq(legislativeSources.cityId, legistarEvents.cityId))
    .innerJoin(cities, eq(cities.id, sql`coalesce(${cityVideos.cityId}, ${legistarEvents.cityId})`))
    .where(
      and(
        inArray(alertMatches.id, data.matchIds),
        isNull(alertMatches.emailedAt),
        eq(savedSearches.userId, data.userId),
        eq(savedSearches.active, true),
        eq(cities.status, "Live"),
      ),
    )
    .orderBy(savedSearches.createdAt, savedSearches.id, sql`${cityVideos.publishedAt} desc nulls last`);
  if (rows.length === 0) return { outcome: "skipped", reason: "Nothing left to send" };
  const appUrl = settings().APP_URL;
  const decisions = await listDecisions(rows.flatMap((row) => (row.meetingId ? [row.meetingId] : [])));
  const searches = new Map<string, AlertMailSearch & { token: string }>();
  for (const row of rows) {
    let search = searches.get(row.searchId);
    if (!search) {
      search = {
        query: row.query,
        token: row.unsubscribeToken,
        unsubscribeUrl: unsubscribeUrl([row.unsubscribeToken]),
        items: [],
      };
      searches.set(row.searchId, search);
    }
    search.items.push(row.meetingId ? meetingItem(row, row.meetingId, appUrl, decisions) : agendaItem(row, appUrl));
  }
  const list = [...searches.values()];
  await sendEmail(
    alertEmail({
      to: rows[0]!.email,
      digest: data.digest,
      searches: list,
      unsubscribeUrl: unsubscribeUrl(list.map((s) => s.token)),
      profileUrl: `${appUrl}/profile#alerts`,
    }),
  );
  // Only now: the mail server accepted the message.
  await db
    .update(alertMatches)
    .set({ emailedAt: new Date() })
    .where(
      and(
        inArray(
          alertMatches.id,
          rows.map((r) => r.matchId),
        ),
        isNull(alertMatches.emailedAt),
      ),
    );
  return { outcome: "mailed", matches: rows.length };
}

const PERIOD_SQL = { daily: sql`interval '1 day'`, weekly: sql`interval '7 days'` } as const;
/** A digest may go a little early, so that a check at the same hour each day still finds it due. */
const DIGEST_SLACK = sql`interval '30 minutes'`;

/** Queues the due daily and weekly digests (one job per member and frequency); returns how many. */
export async function queueDueDigests(now = new Date()): Promise<number> {
  const boss = await getBoss();
  let queued = 0;
  for (const digest of ["daily", "weekly"] as const) {
    queued += await getDb().transaction(async (tx) => {
      const rows = await queryRows<{ userId: string; matchIds: string[] }>(
        sql`
        with due as (
          select ss.id, ss.user_id from saved_searches ss
          where ss.active and ss.frequency = ${digest}
            and (ss.last_digest_at is null
              or ss.last_digest_at <= ${now.toISOString()}::timestamptz - ${PERIOD_SQL[digest]} + ${DIGEST_SLACK})
            and exists (select 1 from alert_matches m where m.saved_search_id = ss.id and m.emailed_at is null)
          for update of ss skip locked
        ),
        marked as (
          update saved_searches ss set last_digest_at = ${now.toISOString()}::timestamptz
          from due where ss.id = due.id
          returning ss.id, ss.user_id
        )
        select k.user_id as "userId", array_agg(m.id::text order by m.matched_at) as "matchIds"
        from marked k join alert_matches m on m.saved_search_id = k.id and m.emailed_at is null
        group by k.user_id`,
        tx,
      );
      for (const row of rows) {
        for (let i = 0; i < row.matchIds.length; i += 1000) {
          await boss.send(
            QUEUES.alertMail,
            { userId: row.userId, digest, matchIds: row.matchIds.slice(i, i + 1000) },
            { db: transactionExecutor(tx) },
          );
        }
      }
      return rows.length;
    });
  }
  return queued;
}

/** How often the worker looks for due digests. */
export const DIGEST_CHECK_MINUTES = 15;
let digestSchedule: NodeJS.Timeout | null = null;

export function startDigestSchedule(minutes = DIGEST_CHECK_MINUTES): void {
  if (digestSchedule) return;
  digestSchedule = setInterval(() => {
    queueDueDigests().then(
      (queued) => queued > 0 && console.log(`[jobs] queued ${queued} alert digest(s)`),
      (error: unknown) => console.error("[jobs] queueing alert digests failed:", error),
    );
  }, minutes * 60_000);
  digestSchedule.unref();
}

export function stopDigestSchedule(): void {
  if (digestSchedule) clearInterval(digestSchedule);
  digestSchedule = null;
}
