/**
 * Product feedback in the database (docs/product.md): listed by rank
 * ascending; severity, rank or status updated by id. Filtering, counting and paging happen in SQL.
 */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { productFeedback } from "~/lib/db/schema";
import { FEEDBACK_PAGE_SIZE, type FeedbackPatch, type FeedbackQuery } from "./feedback";

export type NewFeedback = {
  type: string;
  text: string;
  severity: number | null;
  /** A same-origin path and query (feedbackPagePath), or null. */
  pagePath: string | null;
  /** The signed-in user's e-mail from the session, never from the form; null for a visitor. */
  userEmail: string | null;
};

export async function saveFeedback(input: NewFeedback): Promise<void> {
  await getDb().insert(productFeedback).values({
    feedbackType: input.type,
    feedbackText: input.text,
    severity: input.severity,
    pageUrl: input.pagePath,
    userEmail: input.userEmail,
  });
}

export type FeedbackRow = {
  id: string;
  feedbackType: string;
  feedbackText: string;
  userEmail: string | null;
  pageUrl: string | null;
  severity: number | null;
  rank: number | null;
  status: string;
  createdAt: Date;
};

export type FeedbackPage = { rows: FeedbackRow[]; total: number; page: number; pageCount: number };

function whereOf(query: FeedbackQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(productFeedback.status, query.status));
  if (query.type) conditions.push(eq(productFeedback.feedbackType, query.type));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page (50) of the feedback matching the filters, by rank ascending
 * (unranked last), then newest first. A page past the last one answers the
 * last page.
 */
export async function listFeedbackForAdmin(query: FeedbackQuery): Promise<FeedbackPage> {
  const db = getDb();
  const where = whereOf(query);
  const pageOf = (page: number) =>
    db
      .select({
        id: productFeedback.id,
        feedbackType: productFeedback.feedbackType,
        feedbackText: productFeedback.feedbackText,
        userEmail: productFeedback.userEmail,
        pageUrl: productFeedback.pageUrl,
        severity: productFeedback.severity,
        rank: productFeedback.rank,
        status: productFeedback.status,
        createdAt: productFeedback.createdAt,
      })
      .from(productFeedback)
      .where(where)
      .orderBy(sql`${productFeedback.rank} asc nulls last`, desc(productFeedback.createdAt), asc(productFeedback.id))
      .limit(FEEDBACK_PAGE_SIZE)
      .offset((page - 1) * FEEDBACK_PAGE_SIZE);
  const [[counted], firstTry] = await Promise.all([
    db.select({ total: count() }).from(productFeedback).where(where),
    pageOf(query.page),
  ]);
  const total = counted?.total ?? 0;
  const pageCount = Math.ceil(total / FEEDBACK_PAGE_SIZE);
  if (firstTry.length > 0 || query.page <= Math.max(1, pageCount)) {
    return { rows: firstTry, total, page: query.page, pageCount };
  }
  return { rows: await pageOf(pageCount), total, page: pageCount, pageCount };
}

/** Saves the fields of `patch` that are set; false when the feedback is gone. */
export async function updateFeedback(id: string, patch: FeedbackPatch): Promise<boolean> {
  const db = getDb();
  if (Object.keys(patch).length === 0) {
    const [row] = await db.select({ id: productFeedback.id }).from(productFeedback).where(eq(productFeedback.id, id));
    return Boolean(row);
  }
  const updated = await db
    .update(productFeedback)
    .set(patch)
    .where(eq(productFeedback.id, id))
    .returning({ id: productFeedback.id });
  return updated.length > 0;
}
