/**
 * The one place that writes and reads `meeting_decisions`: the current
 * analysis's verified decisions as rows (docs/decisions/0060-decisions-on-the-record.md).
 * Whoever stores an analysis calls `replaceDecisions` in the same
 * transaction; pages, the API, the feed, alerts, issue timelines and the desk
 * read them back here.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { isPlainText, parseStoredAnalysis } from "~/lib/ai/stored";
import { NO_TIMESTAMP, parseClockTime } from "~/lib/ai/timestamps";
import type { DecisionResult, EvidenceSpan, MotionKind, VoteMethod } from "~/lib/ai/schemas";
import { getDb, type Database } from "~/lib/db/client.server";
import { meetingDecisions } from "~/lib/db/schema";
import { isUuid } from "~/lib/uuid";
import type { StoredDecision } from "./decisions";

type Queryable = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** An evidence span's time in seconds; "00:00:00" (an untimed transcript) is no time. */
function spanSecond(span: EvidenceSpan): number | null {
  if (span.timestamp.trim() === NO_TIMESTAMP) return null;
  return parseClockTime(span.timestamp);
}

/** The rows for an analysis as stored (any shape the tolerant reader accepts); none for plain text. */
export function decisionRows(meetingId: string, analysis: unknown): (typeof meetingDecisions.$inferInsert)[] {
  const parsed = parseStoredAnalysis(analysis);
  if (!parsed || isPlainText(parsed)) return [];
  return parsed.decisions.map((decision, position) => ({
    cityVideoId: meetingId,
    position,
    item: decision.item,
    motion: decision.motion,
    result: decision.result,
    ayes: decision.ayes,
    nays: decision.nays,
    abstain: decision.abstain,
    absent: decision.absent,
    how: decision.how,
    consentItems: decision.consent_items,
    motionText: decision.motion_evidence.text,
    motionSecond: spanSecond(decision.motion_evidence),
    resultText: decision.result_evidence.text,
    resultSecond: spanSecond(decision.result_evidence),
  }));
}

/**
 * Makes the meeting's decision rows those of this analysis (null: none).
 * Call it inside the transaction that stores the analysis.
 */
export async function replaceDecisions(db: Queryable, meetingId: string, analysis: unknown): Promise<void> {
  await db.delete(meetingDecisions).where(eq(meetingDecisions.cityVideoId, meetingId));
  const rows = decisionRows(meetingId, analysis);
  if (rows.length > 0) await db.insert(meetingDecisions).values(rows);
}

const columns = {
  cityVideoId: meetingDecisions.cityVideoId,
  position: meetingDecisions.position,
  item: meetingDecisions.item,
  motion: meetingDecisions.motion,
  result: meetingDecisions.result,
  ayes: meetingDecisions.ayes,
  nays: meetingDecisions.nays,
  abstain: meetingDecisions.abstain,
  absent: meetingDecisions.absent,
  how: meetingDecisions.how,
  consentItems: meetingDecisions.consentItems,
  motionText: meetingDecisions.motionText,
  motionSecond: meetingDecisions.motionSecond,
  resultText: meetingDecisions.resultText,
  resultSecond: meetingDecisions.resultSecond,
};

function toStored({
  cityVideoId: _meeting,
  ...row
}: { cityVideoId: string } & Record<string, unknown>): StoredDecision {
  return {
    ...(row as Omit<StoredDecision, "motion" | "result" | "how">),
    motion: row.motion as MotionKind,
    result: row.result as DecisionResult,
    how: (row.how as VoteMethod | null) ?? null,
  };
}

/** The decisions of each meeting asked for, in order; a meeting without any maps to []. */
export async function listDecisions(meetingIds: readonly string[]): Promise<Map<string, StoredDecision[]>> {
  const byMeeting = new Map<string, StoredDecision[]>(meetingIds.map((id) => [id, []]));
  if (meetingIds.length === 0) return byMeeting;
  const rows = await getDb()
    .select(columns)
    .from(meetingDecisions)
    .where(inArray(meetingDecisions.cityVideoId, [...new Set(meetingIds)]))
    .orderBy(asc(meetingDecisions.cityVideoId), asc(meetingDecisions.position));
  for (const row of rows) byMeeting.get(row.cityVideoId)?.push(toStored(row));
  return byMeeting;
}

/** One meeting's decisions, in order. */
export async function meetingDecisionList(meetingId: string): Promise<StoredDecision[]> {
  return (await listDecisions([meetingId])).get(meetingId) ?? [];
}

/** A stored decision with its row's id: the desk names a decision by it (ids change when an analysis rewrites the rows). */
export type IdentifiedDecision = StoredDecision & { id: number };

/** The decisions of each meeting asked for, in order, with their ids; a meeting without any maps to []. */
export async function listIdentifiedDecisions(
  meetingIds: readonly string[],
): Promise<Map<string, IdentifiedDecision[]>> {
  const byMeeting = new Map<string, IdentifiedDecision[]>(meetingIds.map((id) => [id, []]));
  if (meetingIds.length === 0) return byMeeting;
  const rows = await getDb()
    .select({ ...columns, id: meetingDecisions.id })
    .from(meetingDecisions)
    .where(inArray(meetingDecisions.cityVideoId, [...new Set(meetingIds)]))
    .orderBy(asc(meetingDecisions.cityVideoId), asc(meetingDecisions.position));
  for (const { id, ...row } of rows) byMeeting.get(row.cityVideoId)?.push({ ...toStored(row), id });
  return byMeeting;
}

/** One decision by its id, only when it is a decision of that meeting (null otherwise). */
export async function findDecision(meetingId: string, decisionId: number): Promise<IdentifiedDecision | null> {
  if (!isUuid(meetingId) || !Number.isSafeInteger(decisionId) || decisionId < 1) return null;
  const [row] = await getDb()
    .select({ ...columns, id: meetingDecisions.id })
    .from(meetingDecisions)
    .where(and(eq(meetingDecisions.id, decisionId), eq(meetingDecisions.cityVideoId, meetingId)))
    .limit(1);
  if (!row) return null;
  const { id, ...rest } = row;
  return { ...toStored(rest), id };
}
