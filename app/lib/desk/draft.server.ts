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
import { decisionLine, type StoredDecision } from "~/lib/meetings/decisions";
import { findDecision } from "~/lib/meetings/decisions.server";
import { MAX_DRAFT_QUOTES, type QuoteSource } from "./desk";

import { verifiedQuotesOfMeeting } from "./quotes.server";

export { MAX_DRAFT_QUOTES };

/** The longest words a draft row holds (its check constraint). */
const MAX_QUOTE_LENGTH = 2000;

/** The start of a decision's attribution in the draft: "Decision: {its line}". */
const DECISION_ATTRIBUTION = "Decision: ";

export type DraftEntry = {
  id: string;
  position: number;
  quote: string;
  speaker: string;
  seconds: number | null;
  meeting: { id: string; title: string; publishedAt: string | null };
  city: { name: string; state: string; locationKey: string };
  /** A decision added from the desk: the result's words, cited as the decision (`speaker` is its attribution). */
  decision: boolean;
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
    decision: row.speaker?.startsWith(DECISION_ATTRIBUTION) ?? false,
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
  return insertDraftEntry(userId, input.meetingId, {
    quote: found.text,
    speaker: found.speaker,
    seconds: found.seconds,
  });
}

/** What a draft row holds: the words, who said them (or the decision they carry) and their second. */
type NewDraftEntry = { quote: string; speaker: string; seconds: number | null };

/**
 * Appends an entry to the member's draft, unless the same words of the same
 * meeting with the same attribution are in it already, or it is full.
 */
async function insertDraftEntry(userId: string, meetingId: string, entry: NewDraftEntry): Promise<AddQuoteResult> {
  return getDb().transaction(async (tx) => {
    // Serializes this member's adds, so that the limit and the positions hold under concurrent posts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`draft:${userId}`}))`);
    const existing = await tx
      .select({ id: draftQuotes.id, speaker: draftQuotes.speaker })
      .from(draftQuotes)
      .where(
        and(eq(draftQuotes.userId, userId), eq(draftQuotes.cityVideoId, meetingId), eq(draftQuotes.quote, entry.quote)),
      );
    // A quote is once in a draft; a decision too, even when its result's words are also there as a quote.
    const decision = entry.speaker.startsWith(DECISION_ATTRIBUTION);
    if (
      existing.some((row) =>
        decision ? row.speaker === entry.speaker : !row.speaker?.startsWith(DECISION_ATTRIBUTION),
      )
    )
      return "duplicate";
    const [totals] = await tx
      .select({ n: count(), last: max(draftQuotes.position) })
      .from(draftQuotes)
      .where(eq(draftQuotes.userId, userId));
    if ((totals?.n ?? 0) >= MAX_DRAFT_QUOTES) return "full";
    await tx.insert(draftQuotes).values({
      userId,
      cityVideoId: meetingId,
      startSeconds: entry.seconds,
      speaker: entry.speaker,
      quote: entry.quote,
      position: (totals?.last ?? 0) + 1,
    });
    return "added";
  });
}

/** How a draft cites a decision: its line as every reader sees it (decisionLine). */
export function decisionAttribution(decision: StoredDecision): string {
  return `${DECISION_ATTRIBUTION}${decisionLine(decision)}`;
}

export type AddDecisionInput = { meetingId: string; decisionId: number };

/**
 * Adds a decision of the meeting to the draft, read by its id from the
 * meeting's current decisions (never from the post): the result's verbatim
 * words at their second, cited as the decision. An id of another meeting,
 * of an earlier analysis or a forged one is "not-found".
 */
export async function addDecisionToDraft(userId: string, input: AddDecisionInput): Promise<AddQuoteResult> {
  const decision = await findDecision(input.meetingId, input.decisionId);
  const words = decision?.resultText.trim() ?? "";
  if (!decision || words.length === 0 || words.length > MAX_QUOTE_LENGTH) return "not-found";
  return insertDraftEntry(userId, input.meetingId, {
    quote: words,
    speaker: decisionAttribution(decision),
    seconds: decision.resultSecond,
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
