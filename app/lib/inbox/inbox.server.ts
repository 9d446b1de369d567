/**
 * The admin inbox in the database (docs/decisions/0053-admin-inbox.md):
 * contact messages and city requests listed newest first with their
 * status, one opened with its replies, a status set, a reply recorded.
 * Filtering, counting and paging happen in SQL.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities, cityRequests, contactSubmissions, inboxReplies, users } from "~/lib/db/schema";
import type { InboxStatus } from "~/lib/constants";
import { INBOX_PAGE_SIZE, type InboxBox, type InboxQuery } from "./inbox";

export type MessageRow = {
  id: string;
  email: string | null;
  topic: string;
  excerpt: string;
  status: string;
  createdAt: Date;
  replies: number;
};

export type CityRef = { id: string; name: string; state: string; status: string; locationKey: string };

export type RequestRow = {
  id: string;
  email: string | null;
  cityName: string;
  state: string;
  status: string;
  createdAt: Date;
  replies: number;
  /** The city it is linked to, or else the one whose name and state it names; null when none. */
  city: CityRef | null;
  liveNotifiedAt: Date | null;
};

export type InboxPage<Row> = { rows: Row[]; total: number; page: number; pageCount: number };

/** How many of each box are New (the tabs and the admin panel's button). */
export async function countNewInInbox(): Promise<Record<InboxBox, number>> {
  const db = getDb();
  const [[messages], [requests]] = await Promise.all([
    db.select({ n: count() }).from(contactSubmissions).where(eq(contactSubmissions.status, "New")),
    db.select({ n: count() }).from(cityRequests).where(eq(cityRequests.status, "New")),
  ]);
  return { messages: messages?.n ?? 0, requests: requests?.n ?? 0 };
}

/** One page of rows by `pageOf`, clamped to the last page when asked past it. */
async function paged<Row>(
  query: InboxQuery,
  total: Promise<number>,
  pageOf: (page: number) => Promise<Row[]>,
): Promise<InboxPage<Row>> {
  const [counted, firstTry] = await Promise.all([total, pageOf(query.page)]);
  const pageCount = Math.ceil(counted / INBOX_PAGE_SIZE);
  if (firstTry.length > 0 || query.page <= Math.max(1, pageCount)) {
    return { rows: firstTry, total: counted, page: query.page, pageCount };
  }
  return { rows: await pageOf(pageCount), total: counted, page: pageCount, pageCount };
}

// Correlated subqueries name every column with its table, written out: a
// bare column reference would bind to the subquery's own table (issue 26, item 7).
const MESSAGE_REPLIES = sql<number>`(select count(*)::int from inbox_replies r where r.contact_submission_id = contact_submissions.id)`;
const REQUEST_REPLIES = sql<number>`(select count(*)::int from inbox_replies r where r.city_request_id = city_requests.id)`;

/** Contact messages, newest first, of one status or all. */
export async function listContactMessages(query: InboxQuery): Promise<InboxPage<MessageRow>> {
  const db = getDb();
  const where = query.status ? eq(contactSubmissions.status, query.status) : undefined;
  const total = db
    .select({ n: count() })
    .from(contactSubmissions)
    .where(where)
    .then(([row]) => row?.n ?? 0);
  return paged(query, total, (page) =>
    db
      .select({
        id: contactSubmissions.id,
        email: contactSubmissions.email,
        topic: contactSubmissions.topic,
        excerpt: sql<string>`left(${contactSubmissions.message}, 160)`,
        status: contactSubmissions.status,
        createdAt: contactSubmissions.createdAt,
        replies: MESSAGE_REPLIES,
      })
      .from(contactSubmissions)
      .where(where)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE),
  );
}

/**
 * The city a request is for: the one an admin linked it to, or else the
 * city with its name (any case) in its state.
 */
export const requestCitySql = sql`coalesce(city_requests.city_id, (
  select c.id from cities c
  where c.state = city_requests.state and lower(c.name) = lower(btrim(city_requests.city_name))
  order by c.created_at, c.id limit 1))`;

const requestColumns = {
  id: cityRequests.id,
  email: cityRequests.email,
  cityName: cityRequests.cityName,
  state: cityRequests.state,
  status: cityRequests.status,
  createdAt: cityRequests.createdAt,
  liveNotifiedAt: cityRequests.liveNotifiedAt,
  linkedCityId: cityRequests.cityId,
  replies: REQUEST_REPLIES,
  cityId: cities.id,
  cityRefName: cities.name,
  cityRefState: cities.state,
  cityRefStatus: cities.status,
  cityRefKey: cities.locationKey,
};

type RequestSelect = Omit<RequestRow, "city"> & {
  linkedCityId: string | null;
  cityId: string | null;
  cityRefName: string | null;
  cityRefState: string | null;
  cityRefStatus: string | null;
  cityRefKey: string | null;
};

function toRequestRow(row: RequestSelect): RequestRow & { linkedCityId: string | null } {
  const { cityId, cityRefName, cityRefState, cityRefStatus, cityRefKey, ...rest } = row;
  return {
    ...rest,
    city:
      cityId && cityRefName && cityRefState && cityRefStatus && cityRefKey
        ? { id: cityId, name: cityRefName, state: cityRefState, status: cityRefStatus, locationKey: cityRefKey }
        : null,
  };
}

/** City requests, newest first, of one status or all, each with the city it is for when one exists. */
export async function listCityRequests(query: InboxQuery): Promise<InboxPage<RequestRow>> {
  const db = getDb();
  const where = query.status ? eq(cityRequests.status, query.status) : undefined;
  const total = db
    .select({ n: count() })
    .from(cityRequests)
    .where(where)
    .then(([row]) => row?.n ?? 0);
  return paged(query, total, async (page) => {
    const rows = await db
      .select(requestColumns)
      .from(cityRequests)
      .leftJoin(cities, sql`${cities.id} = ${requestCitySql}`)
      .where(where)
      .orderBy(desc(cityRequests.createdAt), desc(cityRequests.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE);
    return rows.map(toRequestRow);
  });
}

export type ReplyView = { id: string; subject: string; body: string; sentAt: Date; sentBy: string | null };

async function repliesTo(
  column: typeof inboxReplies.contactSubmissionId | typeof inboxReplies.cityRequestId,
  id: string,
): Promise<ReplyView[]> {
  return getDb()
    .select({
      id: inboxReplies.id,
      subject: inboxReplies.subject,
      body: inboxReplies.body,
      sentAt: inboxReplies.sentAt,
      sentBy: users.email,
    })
    .from(inboxReplies)
    .leftJoin(users, eq(users.id, inboxReplies.sentBy))
    .where(eq(column, id))
    .orderBy(asc(inboxReplies.sentAt), asc(inboxReplies.id));
}

export type ContactMessage = {
  id: string;
  email: string | null;
  phone: string | null;
  topic: string;
  message: string;
  status: string;
  createdAt: Date;
  replies: ReplyView[];
};

export async function getContactMessage(id: string): Promise<ContactMessage | null> {
  const [row] = await getDb()
    .select({
      id: contactSubmissions.id,
      email: contactSubmissions.email,
      phone: contactSubmissions.phone,
      topic: contactSubmissions.topic,
      message: contactSubmissions.message,
      status: contactSubmissions.status,
      createdAt: contactSubmissions.createdAt,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id));
  if (!row) return null;
  return { ...row, replies: await repliesTo(inboxReplies.contactSubmissionId, id) };
}

export type CityRequest = Omit<RequestRow, "replies"> & {
  linkedCityId: string | null;
  liveNoticeQueuedAt: Date | null;
  replies: ReplyView[];
};

export async function getCityRequest(id: string): Promise<CityRequest | null> {
  const [row] = await getDb()
    .select({ ...requestColumns, liveNoticeQueuedAt: cityRequests.liveNoticeQueuedAt })
    .from(cityRequests)
    .leftJoin(cities, sql`${cities.id} = ${requestCitySql}`)
    .where(eq(cityRequests.id, id));
  if (!row) return null;
  const { liveNoticeQueuedAt, ...rest } = row;
  return {
    ...toRequestRow(rest),
    liveNoticeQueuedAt,
    replies: await repliesTo(inboxReplies.cityRequestId, id),
  };
}

/** Sets a message's or request's status; false when it is gone. */
export async function setInboxStatus(box: InboxBox, id: string, status: InboxStatus): Promise<boolean> {
  const db = getDb();
  const updated =
    box === "messages"
      ? await db
          .update(contactSubmissions)
          .set({ status })
          .where(eq(contactSubmissions.id, id))
          .returning({ id: contactSubmissions.id })
      : await db.update(cityRequests).set({ status }).where(eq(cityRequests.id, id)).returning({ id: cityRequests.id });
  return updated.length > 0;
}

/** Records a sent reply (who, when, what) and marks the message Answered, together. */
export async function recordReply(
  box: InboxBox,
  id: string,
  reply: { subject: string; body: string; sentBy: string },
): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.insert(inboxReplies).values({
      ...(box === "messages" ? { contactSubmissionId: id } : { cityRequestId: id }),
      subject: reply.subject,
      body: reply.body,
      sentBy: reply.sentBy,
    });
    if (box === "messages")
      await tx.update(contactSubmissions).set({ status: "Answered" }).where(eq(contactSubmissions.id, id));
    else await tx.update(cityRequests).set({ status: "Answered" }).where(eq(cityRequests.id, id));
  });
}

/** Links a request to a city (or unlinks it: null); false when the request or the city is gone. */
export async function linkRequestToCity(id: string, cityId: string | null): Promise<boolean> {
  const db = getDb();
  if (cityId) {
    const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
    if (!city) return false;
  }
  const updated = await db
    .update(cityRequests)
    .set({ cityId })
    .where(eq(cityRequests.id, id))
    .returning({ id: cityRequests.id });
  return updated.length > 0;
}

/** Whether a request (not yet mailed) is waiting for this city to be Live. */
export function pendingRequestsOf(city: { id: string; name: string; state: string }): SQL {
  return and(
    isNull(cityRequests.liveNoticeQueuedAt),
    sql`${cityRequests.email} is not null`,
    sql`(city_requests.city_id = ${city.id} or (city_requests.city_id is null and city_requests.state = ${city.state} and lower(btrim(city_requests.city_name)) = lower(${city.name})))`,
  )!;
}
