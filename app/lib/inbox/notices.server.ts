/**
 * The admin inbox's mail, as pg-boss jobs of the "inbox-mail" queue
 * (docs/decisions/0053-admin-inbox.md):
 * - "admin-notice": when a contact message or a city request arrives, one
 *   e-mail to every admin, at once. It is queued after the message is
 *   stored and never holds up the visitor's post; a mail failure is
 *   retried with back-off and loses nothing (the message is in the inbox
 *   whatever happens to its notice);
 * - "city-live": when a city is (or becomes) Live, its waiting requests are
 *   marked and one "requester-notice" job queued for each, in one
 *   transaction, so a request is mailed at most once however often the
 *   city goes Live;
 * - "requester-notice": the e-mail telling a requester their city is Live;
 *   `live_notified_at` is set once the mail server accepted it.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { href } from "react-router";
import { ADMIN_ROLE } from "~/lib/auth/users.server";
import { getDb } from "~/lib/db/client.server";
import { cities, cityRequests, contactSubmissions, userRoles, users } from "~/lib/db/schema";
import { sendEmail } from "~/lib/email/email.server";
import { settings } from "~/lib/env/settings.server";
import { getBoss, transactionExecutor } from "~/lib/jobs/boss.server";
import { InboxMailJobData, type JobOutput } from "~/lib/jobs/queues";
import { QUEUES } from "~/lib/jobs/queue-names";
import { adminNoticeEmail, cityLiveEmail, type NoticeItem } from "./email";
import type { InboxBox } from "./inbox";
import { pendingRequestsOf } from "./inbox.server";

type JobInput = { id: string; data: unknown };

/**
 * Queues the admins' notice of a message just stored. Never throws: the
 * visitor's message is saved whatever happens here (a failure is logged).
 */
export async function queueAdminNotice(box: InboxBox, id: string): Promise<void> {
  try {
    const boss = await getBoss();
    await boss.send(QUEUES.inboxMail, { kind: "admin-notice", box, id });
  } catch (error) {
    console.error(`Inbox: queueing the admins' notice of ${box} ${id} failed:`, error);
  }
}

/**
 * After a city was saved (City Management) or a request was linked to it:
 * when the city is Live and requests are waiting for it, queues their
 * notices. Never throws: the city's change is saved whatever happens here.
 */
export async function notifyCityRequestersIfLive(
  city: { id: string; name: string; state: string; status: string } | null,
): Promise<void> {
  if (city?.status !== "Live") return;
  try {
    const [waiting] = await getDb()
      .select({ id: cityRequests.id })
      .from(cityRequests)
      .where(pendingRequestsOf(city))
      .limit(1);
    if (!waiting) return;
    const boss = await getBoss();
    await boss.send(QUEUES.inboxMail, { kind: "city-live", cityId: city.id });
  } catch (error) {
    console.error(`Inbox: queueing the requesters' notices of city ${city.id} failed:`, error);
  }
}

/** A request just stored for a city that is already Live is answered at once, like one that becomes Live. */
export async function notifyIfRequestedCityIsLive(request: { state: string; cityName: string }): Promise<void> {
  try {
    const [city] = await getDb()
      .select({ id: cities.id, name: cities.name, state: cities.state, status: cities.status })
      .from(cities)
      .where(
        and(
          eq(cities.state, request.state),
          eq(cities.status, "Live"),
          sql`lower(cities.name) = ${request.cityName.trim().toLowerCase()}`,
        ),
      )
      .orderBy(cities.createdAt, cities.id)
      .limit(1);
    await notifyCityRequestersIfLive(city ?? null);
  } catch (error) {
    console.error("Inbox: looking up the requested city failed:", error);
  }
}

function appUrl(path: string): string {
  return `${settings().APP_URL}${path}`;
}

async function adminAddresses(): Promise<string[]> {
  const rows = await getDb()
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, ADMIN_ROLE))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

async function noticeItem(box: InboxBox, id: string): Promise<{ item: NoticeItem; notified: boolean } | null> {
  const db = getDb();
  if (box === "messages") {
    const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    if (!row) return null;
    return {
      item: { kind: "message", email: row.email, phone: row.phone, topic: row.topic, message: row.message },
      notified: row.adminNotifiedAt !== null,
    };
  }
  const [row] = await db.select().from(cityRequests).where(eq(cityRequests.id, id));
  if (!row) return null;
  return {
    item: { kind: "request", email: row.email, cityName: row.cityName, state: row.state },
    notified: row.adminNotifiedAt !== null,
  };
}

async function handleAdminNotice(box: InboxBox, id: string): Promise<JobOutput> {
  const found = await noticeItem(box, id);
  if (!found) return { outcome: "skipped", reason: "The message is gone" };
  if (found.notified) return { outcome: "skipped", reason: "The admins were already notified" };
  const admins = await adminAddresses();
  if (admins.length === 0) return { outcome: "skipped", reason: "No administrator to notify" };
  const openUrl = appUrl(
    box === "messages"
      ? href("/admin/inbox/messages/:messageId", { messageId: id })
      : href("/admin/inbox/requests/:requestId", { requestId: id }),
  );
  // A failure throws: pg-boss retries the job (an admin mailed before the failure may get it twice).
  for (const to of admins) await sendEmail(adminNoticeEmail(to, found.item, openUrl));
  const now = new Date();
  if (box === "messages")
    await getDb()
      .update(contactSubmissions)
      .set({ adminNotifiedAt: now })
      .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.adminNotifiedAt)));
  else
    await getDb()
      .update(cityRequests)
      .set({ adminNotifiedAt: now })
      .where(and(eq(cityRequests.id, id), isNull(cityRequests.adminNotifiedAt)));
  return { outcome: "notified", mails: admins.length };
}

/** Marks the city's waiting requests and queues one notice each, in one transaction. */
async function handleCityLive(cityId: string): Promise<JobOutput> {
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    const [city] = await tx
      .select({ id: cities.id, name: cities.name, state: cities.state, status: cities.status })
      .from(cities)
      .where(eq(cities.id, cityId));
    if (!city) return { outcome: "skipped", reason: "The city is gone" };
    if (city.status !== "Live") return { outcome: "skipped", reason: "The city is not Live" };
    const marked = await tx
      .update(cityRequests)
      .set({ liveNoticeQueuedAt: new Date(), cityId: city.id })
      .where(pendingRequestsOf(city))
      .returning({ id: cityRequests.id });
    for (const { id } of marked) {
      await boss.send(
        QUEUES.inboxMail,
        { kind: "requester-notice", cityRequestId: id },
        { db: transactionExecutor(tx) },
      );
    }
    return { outcome: "matched", matches: marked.length, mails: marked.length };
  });
}

async function handleRequesterNotice(cityRequestId: string): Promise<JobOutput> {
  const db = getDb();
  const [row] = await db
    .select({
      email: cityRequests.email,
      liveNotifiedAt: cityRequests.liveNotifiedAt,
      name: cities.name,
      state: cities.state,
      status: cities.status,
      locationKey: cities.locationKey,
    })
    .from(cityRequests)
    .leftJoin(cities, eq(cities.id, cityRequests.cityId))
    .where(eq(cityRequests.id, cityRequestId));
  if (!row) return { outcome: "skipped", reason: "The request is gone" };
  if (row.liveNotifiedAt) return { outcome: "skipped", reason: "Already notified" };
  if (!row.email) return { outcome: "skipped", reason: "The request has no e-mail address" };
  if (!row.name || !row.state || !row.locationKey || row.status !== "Live") {
    // No longer Live (or unlinked) before the mail went: it waits for the next time.
    await db
      .update(cityRequests)
      .set({ liveNoticeQueuedAt: null })
      .where(and(eq(cityRequests.id, cityRequestId), isNull(cityRequests.liveNotifiedAt)));
    return { outcome: "skipped", reason: "The city is not Live" };
  }
  const cityUrl = appUrl(href("/city/:locationKey", { locationKey: row.locationKey }));
  await sendEmail(cityLiveEmail(row.email, { name: row.name, state: row.state }, cityUrl));
  // Only now: the mail server accepted it.
  await db
    .update(cityRequests)
    .set({ liveNotifiedAt: new Date() })
    .where(and(eq(cityRequests.id, cityRequestId), isNull(cityRequests.liveNotifiedAt)));
  return { outcome: "notified", mails: 1 };
}

export async function handleInboxMailJob(job: JobInput): Promise<JobOutput> {
  const data = InboxMailJobData.parse(job.data);
  if (data.kind === "admin-notice") return handleAdminNotice(data.box, data.id);
  if (data.kind === "city-live") return handleCityLive(data.cityId);
  return handleRequesterNotice(data.cityRequestId);
}
