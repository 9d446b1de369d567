/**
 * A member's draft of quotes (table draft_quotes), kept in the database so
 * that it follows them to another device. Every read and write names the
 * member: an id of someone else's row is no row at all. Quotes are added
 * only as the meeting really has them (verifiedQuotesOfMeeting), never as
 * the client sent them.
 */
import { and, asc, count, eq, max, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { meetingReference } from "./meeting-reference.server";
import { cities, cityVideos, draftQuotes } from "~/lib/db/schema";
import { isUuid } from "~/lib/uuid";
import { MAX_DRAFT_QUOTES, type QuoteSource } from "./forms";
import { verifiedQuotesOfMeeting } from "./quotes.server";

export { MAX_DRAFT_QUOTES };

export type DraftEntry = {
  id: string;
  position: number;
  quote: string;
  speaker: string;
  seconds: number | null;
  meeting: { id: string; title: string; publishedAt: string | null };
  city: { name: string; state: string; locationKey: string };
};

export async function listDraft(userId: string): Promise<DraftEntry[]> {
  const rows = await getDb()
    .select({
      id: draftQuotes.id,
      position: draftQuotes.position,
      quote: draftQuotes.quote,
      speaker: draftQuotes.speaker,
      seconds: draftQuotes.startSeconds,
      ...meetingReference,
    })
    .from(draftQuotes)
    .innerJoin(cityVideos, eq(cityVideos.id, draftQuotes.cityVideoId))
    .innerJoin(cities, eq(cities.id, cityVideos.cityId))
    .where(eq(draftQuotes.userId, userId))
    .orderBy(asc(draftQuotes.position), asc(draftQuotes.createdAt));
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    quote: row.quote,
    speaker: row.speaker?.trim() || "Unknown",
    seconds: row.seconds === null ? null : Math.floor(row.seconds),
    meeting: {
      id: row.meetingId,
      title: row.title?.trim() || "Untitled meeting",
      publishedAt: row.publishedAt?.toISOString() ?? null,
    },
    city: { name: row.cityName, state: row.cityState, locationKey: row.locationKey },
  }));
}

export type AddQuoteInput = {
  meetingId: string;
  source: QuoteSource;
  highlight: number;
  quote: number;
  /** The text the page showed: it must be the quote at that place, or the post is refused. */
  text: string;
};

export type AddQuoteResult = "added" | "duplicate" | "full" | "not-found";

/**
 * Adds the quote the meeting holds at (source, highlight, quote), when its
 * text is the one the member saw. A quote already in the draft is not added
 * twice; a draft holds at most MAX_DRAFT_QUOTES.
 */
export async function addToDraft(userId: string, input: AddQuoteInput): Promise<AddQuoteResult> {
  if (!isUuid(input.meetingId)) return "not-found";
  const quotes = await verifiedQuotesOfMeeting(input.meetingId);
  const found = quotes?.find(
    (q) =>
      q.source === input.source &&
      q.highlight === input.highlight &&
      q.quote === input.quote &&
      q.text === input.text.trim(),
  );
  if (!found) return "not-found";
  return getDb().transaction(async (tx) => {
    // Serializes this member's adds, so that the limit and the positions hold under concurrent posts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`draft:${userId}`}))`);
    const [existing] = await tx
      .select({ id: draftQuotes.id })
      .from(draftQuotes)
      .where(
        and(
          eq(draftQuotes.userId, userId),
          eq(draftQuotes.cityVideoId, input.meetingId),
          eq(draftQuotes.quote, found.text),
        ),
      )
      .limit(1);
    if (existing) return "duplicate";
    const [totals] = await tx
      .select({ n: count(), last: max(draftQuotes.position) })
      .from(draftQuotes)
      .where(eq(draftQuotes.userId, userId));
    if ((totals?.n ?? 0) >= MAX_DRAFT_QUOTES) return "full";
    await tx.insert(draftQuotes).values({
      userId,
      cityVideoId: input.meetingId,
      startSeconds: found.seconds,
      speaker: found.speaker,
      quote: found.text,
      position: (totals?.last ?? 0) + 1,
    });
    return "added";
  });
}

/** Swaps a quote of the member's draft with its neighbor; false when there is no such quote or neighbor. */
export async function moveDraftQuote(userId: string, id: string, direction: "up" | "down"): Promise<boolean> {
  if (!isUuid(id)) return false;
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`draft:${userId}`}))`);
    const rows = await tx
      .select({ id: draftQuotes.id })
      .from(draftQuotes)
      .where(eq(draftQuotes.userId, userId))
      .orderBy(asc(draftQuotes.position), asc(draftQuotes.createdAt));
    const index = rows.findIndex((row) => row.id === id);
    const other = direction === "up" ? index - 1 : index + 1;
    if (index < 0 || other < 0 || other >= rows.length) return false;
    const order = rows.map((row) => row.id);
    [order[index], order[other]] = [order[other]!, order[index]!];
    // Renumbered 1..n: positions stay dense whatever happened before.
    for (const [i, rowId] of order.entries())
      await tx
        .update(draftQuotes)
        .set({ position: i + 1 })
        .where(and(eq(draftQuotes.id, rowId), eq(draftQuotes.userId, userId)));
    return true;
  });
}

export async function removeDraftQuote(userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const removed = await getDb()
    .delete(draftQuotes)
    .where(and(eq(draftQuotes.id, id), eq(draftQuotes.userId, userId)))
    .returning({ id: draftQuotes.id });
  return removed.length > 0;
}

export async function clearDraft(userId: string): Promise<number> {
  const removed = await getDb()
    .delete(draftQuotes)
    .where(eq(draftQuotes.userId, userId))
    .returning({ id: draftQuotes.id });
  return removed.length;
}
