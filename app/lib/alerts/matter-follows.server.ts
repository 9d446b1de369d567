/**
 * "Follow this bill" (issue 29, deliverable 6; docs/decisions/0076-bills-and-calendars.md),
 * on the alerts' machinery (docs/decisions/0040-alerts.md):
 *
 *   await followMatter(userId, cityId, "ORD 2026-14");   // { ok: true } | { ok: false, error }
 *   await queueNewMatterActions(cityId, matterId);     // after a sync stored the matter's history
 *   await handleMatterMailJob(job);                    // the "matter-mail" job: one e-mail, once
 *
 * - Following writes the matter's actions already on the record as seen:
 *   only the actions a later sync finds are mailed.
 * - A sync's new actions are written unsent for every active follow, and
 *   one "matter-mail" job per follow is queued in the same transaction.
 * - The mail lists the follow's unsent actions; they are marked sent only
 *   after the mail server accepted it, so each action is mailed once.
 * - The unsubscribe link is the alerts' (/alerts/unsubscribe/{token}).
 */
import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { queryRows } from "~/lib/db/rows.server";
import { sendEmail } from "~/lib/email/email.server";
import { settings } from "~/lib/env/settings.server";
import { formatDate } from "~/lib/format/date";
import { getBoss, transactionExecutor } from "~/lib/jobs/boss.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { MatterMailJobData, type JobOutput } from "~/lib/jobs/queues";
import { outcomeLabel } from "~/lib/legistar/matters";
import { matterHref } from "~/lib/legistar/matters";
import { findMatter } from "~/lib/legistar/matters.server";
import { meetingHref } from "~/lib/meetings/links";
import { isUuid } from "~/lib/uuid";
import { newToken } from "./alerts.server";
import { unsubscribeUrl } from "./mail.server";
import { matterEmail } from "./matter-email";

export const MATTER_NOT_FOLLOWABLE = "This city's official record has no matter with this file number.";

export type FollowResult = { ok: true; following: boolean } | { ok: false; error: string };

/** Starts (or turns on again) the member's follow of the city's matter with this file number. */
export async function followMatter(userId: string, cityId: string, file: string): Promise<FollowResult> {
  const matter = await findMatter(cityId, file);
  if (!matter || !isUuid(userId)) return { ok: false, error: MATTER_NOT_FOLLOWABLE };
  await getDb().transaction(async (tx) => {
    const [follow] = await queryRows<{ id: string }>(
      sql`
      insert into matter_follows (user_id, city_id, matter_legistar_id, unsubscribe_token)
      values (${userId}, ${cityId}, ${matter.id}, ${newToken()})
      on conflict (user_id, city_id, matter_legistar_id) do update set active = true, updated_at = now()
      returning id`,
      tx,
    );
    await tx.execute(sql`
      insert into matter_follow_actions (follow_id, history_legistar_id, emailed_at)
      select ${follow!.id}, h.legistar_id, now() from legistar_matter_histories h
      where h.city_id = ${cityId} and h.matter_legistar_id = ${matter.id}
      on conflict do nothing`);
  });
  return { ok: true, following: true };
}

/** Stops the member's follow of the city's matter (deleted; following again starts afresh). */
export async function unfollowMatter(userId: string, cityId: string, file: string): Promise<FollowResult> {
  const matter = await findMatter(cityId, file);
  if (!matter || !isUuid(userId)) return { ok: false, error: MATTER_NOT_FOLLOWABLE };
  await getDb().execute(sql`
    delete from matter_follows
    where user_id = ${userId} and city_id = ${cityId} and matter_legistar_id = ${matter.id}`);
  return { ok: true, following: false };
}

/** Whether the member follows the matter (and has not unsubscribed). */
export async function isFollowing(userId: string, cityId: string, matterId: number): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const rows = await queryRows<{ one: number }>(sql`
    select 1 as one from matter_follows
    where user_id = ${userId} and city_id = ${cityId} and matter_legistar_id = ${matterId} and active`);
  return rows.length > 0;
}

/**
 * After a sync stored a matter's history: its actions no active follow has
 * seen are written unsent, and one mail job per such follow is queued, in
 * one transaction. Returns how many follows get a mail.
 */
export async function queueNewMatterActions(cityId: string, matterId: number): Promise<number> {
  const follows = await queryRows<{ id: string }>(sql`
    select id from matter_follows where city_id = ${cityId} and matter_legistar_id = ${matterId} and active`);
  if (follows.length === 0) return 0;
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    const rows = await queryRows<{ follow_id: string }>(
      sql`
      insert into matter_follow_actions (follow_id, history_legistar_id)
      select f.id, h.legistar_id
      from matter_follows f
      join legistar_matter_histories h on h.city_id = f.city_id and h.matter_legistar_id = f.matter_legistar_id
      where f.city_id = ${cityId} and f.matter_legistar_id = ${matterId} and f.active
      on conflict do nothing
      returning follow_id`,
      tx,
    );
    const followIds = [...new Set(rows.map((row) => row.follow_id))];
    for (const followId of followIds) await boss.send(QUEUES.matterMail, { followId }, { db: transactionExecutor(tx) });
    return followIds.length;
  });
}

type PendingAction = {
  history_id: number;
  email: string;
  token: string;
  city_key: string;
  city_name: string;
  file: string;
  title: string | null;
  date: string | null;
  body_name: string | null;
  action: string | null;
  passed: string | null;
  tally: string | null;
  meeting_id: string | null;
};

/** Sends the follow's unsent actions in one e-mail; marks them sent once the mail server accepted it. */
export async function handleMatterMailJob(job: { id: string; data: unknown }): Promise<JobOutput> {
  const { followId } = MatterMailJobData.parse(job.data);
  const rows = await queryRows<PendingAction>(sql`
    select a.history_legistar_id as history_id, u.email, f.unsubscribe_token as token, c.location_key as city_key,
      c.name as city_name, m.file, m.title, coalesce(h.action_date, e.date)::text as date,
      coalesce(h.body_name, e.body_name) as body_name, h.action_name as action, h.passed_flag_name as passed, h.tally,
      ev.city_video_id as meeting_id
    from matter_follow_actions a
    join matter_follows f on f.id = a.follow_id and f.active
    join users u on u.id = f.user_id
    join cities c on c.id = f.city_id
    join legistar_matters m on m.city_id = f.city_id and m.legistar_id = f.matter_legistar_id
    join legistar_matter_histories h on h.city_id = f.city_id and h.legistar_id = a.history_legistar_id
    left join legistar_events e on e.city_id = h.city_id and e.legistar_id = h.event_legistar_id
    left join legistar_event_videos ev on ev.city_id = e.city_id and ev.event_legistar_id = e.legistar_id
    where a.follow_id = ${followId} and a.emailed_at is null
    order by coalesce(h.action_date, e.date) nulls last, h.legistar_id`);
  if (rows.length === 0) return { outcome: "skipped", reason: "Nothing left to send" };
  const appUrl = settings().APP_URL;
  const first = rows[0]!;
  const matterUrl = `${appUrl}${matterHref(first.city_key, first.file)}`;
  await sendEmail(
    matterEmail({
      to: first.email,
      cityName: first.city_name,
      file: first.file,
      title: first.title,
      matterUrl,
      unsubscribeUrl: unsubscribeUrl([first.token]),
      actions: rows.map((row) => {
        const outcome = [outcomeLabel(row.passed), row.tally].filter(Boolean).join(" ");
        const where = [formatDate(row.date), row.body_name].filter(Boolean).join(" · ");
        return {
          line: `${where ? `${where}: ` : ""}${row.action ?? "Action"}${outcome ? ` (${outcome})` : ""}`,
          url: row.meeting_id ? `${appUrl}${meetingHref(row.meeting_id, { cityKey: row.city_key })}` : matterUrl,
        };
      }),
    }),
  );
  // Only now: the mail server accepted the message.
  await getDb().execute(sql`
    update matter_follow_actions set emailed_at = now()
    where follow_id = ${followId} and emailed_at is null
      and history_legistar_id in (${sql.join(
        rows.map((row) => sql`${row.history_id}`),
        sql`, `,
      )})`);
  return { outcome: "mailed", matches: rows.length };
}
