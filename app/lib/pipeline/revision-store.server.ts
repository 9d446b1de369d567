/**
 * The one store for revisions of analyses and stories. A revision is
 * appended to the kind's history and made the meeting's current one (in
 * city_videos), in one transaction under the meeting's row lock, so history
 * and pointer never disagree; an analysis's decisions become the meeting's
 * `meeting_decisions` rows in the same transaction.
 *
 * The write guard says when a new result may be stored. It is checked twice:
 * before the (slow) AI call, to save it, and again under the row lock here,
 * so that concurrent or repeated runs (a job retried after a crash) produce
 * one revision, not two. A restore passes no guard: it always writes.
 */
import { desc, eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { analysisRevisions, cityVideos, storyRevisions } from "~/lib/db/schema";
import { replaceDecisions } from "~/lib/meetings/decisions.server";
import { PipelineError, toPipelineError, VIDEO_NOT_FOUND } from "./messages";
import type { RevisionKind } from "./types";
import { lockVideo, type Queryable, type Transaction, type VideoFlags } from "./video.server";

export type WriteGuard = {
  /** Write only when the meeting has no analysis (or story) yet. */
  onlyIfMissing?: boolean;
  /**
   * Write only while this is still the newest revision (null: while there is
   * none). A job records the current revision when it is queued; if another
   * revision appeared since (the job already ran before a crash, or someone
   * else wrote one), the job's result would be a duplicate and is dropped.
   */
  ifCurrentRevision?: string | null;
};

export type SkipReason = "present" | "superseded";

type WrittenRevision = {
  status: "written";
  revisionId: string;
  provider: string;
  model: string | null;
  createdAt: string;
};

export type PipelineWriteResult = WrittenRevision | { status: "skipped"; reason: SkipReason };

/** What a revision holds: the content, its verification report, and the model that wrote it. */
export type RevisionContent = Pick<typeof analysisRevisions.$inferInsert, "verification" | "provider" | "model"> & {
  content: unknown;
};

export type RevisionMeta = {
  /** users.id of whoever asked (the revision's created_by). */
  requestedBy: string | null;
  /** Stories only: the editor's additional context. */
  additionalContext?: string | null;
  /** Stories only: when it was written (default: now); a restored story keeps its original time. */
  generatedAt?: Date;
  /** Absent: always write (a restore). */
  guard?: WriteGuard;
};

export function revisionTable(kind: RevisionKind) {
  return kind === "analysis" ? analysisRevisions : storyRevisions;
}

/** The id of the newest revision of this kind, or null. */
export async function latestRevisionId(db: Queryable, kind: RevisionKind, meetingId: string): Promise<string | null> {
  const table = revisionTable(kind);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.cityVideoId, meetingId))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(1);
  return row?.id ?? null;
}

export function hasCurrent(kind: RevisionKind, flags: Pick<VideoFlags, "hasAnalysis" | "hasStory">): boolean {
  return kind === "analysis" ? flags.hasAnalysis : flags.hasStory;
}

/** Why a write must not go ahead, or null when it may. */
export async function skipReason(
  db: Queryable,
  kind: RevisionKind,
  meetingId: string,
  guard: WriteGuard,
  current: boolean,
): Promise<SkipReason | null> {
  if (guard.onlyIfMissing && current) return "present";
  if (guard.ifCurrentRevision === undefined) return null;
  const latest = await latestRevisionId(db, kind, meetingId);
  return latest === guard.ifCurrentRevision ? null : "superseded";
}

async function insertRevision(
  tx: Transaction,
  kind: RevisionKind,
  meetingId: string,
  revision: RevisionContent,
  meta: RevisionMeta,
): Promise<{ id: string; createdAt: Date }> {
  const common = {
    cityVideoId: meetingId,
    verification: revision.verification ?? null,
    provider: revision.provider,
    model: revision.model,
    createdBy: meta.requestedBy,
  };
  const [row] =
    kind === "analysis"
      ? await tx
          .insert(analysisRevisions)
          .values({ ...common, analysis: revision.content })
          .returning({ id: analysisRevisions.id, createdAt: analysisRevisions.createdAt })
      : await tx
          .insert(storyRevisions)
          .values({ ...common, story: revision.content, additionalContext: meta.additionalContext ?? null })
          .returning({ id: storyRevisions.id, createdAt: storyRevisions.createdAt });
  return row!;
}

/** The city_videos columns that hold the current revision of this kind. */
function currentColumns(kind: RevisionKind, content: unknown, generatedAt: Date) {
  return kind === "analysis" ? { analysisResults: content } : { newsStory: content, storyGeneratedAt: generatedAt };
}

/**
 * Stores a revision and makes it the meeting's current analysis or story.
 * With a guard, the write may be skipped; without one, it always happens.
 */
export function storeRevision(
  kind: RevisionKind,
  meetingId: string,
  revision: RevisionContent,
  meta: RevisionMeta & { guard?: undefined },
): Promise<WrittenRevision>;
export function storeRevision(
  kind: RevisionKind,
  meetingId: string,
  revision: RevisionContent,
  meta: RevisionMeta,
): Promise<PipelineWriteResult>;
export function storeRevision(
  kind: RevisionKind,
  meetingId: string,
  revision: RevisionContent,
  meta: RevisionMeta,
): Promise<PipelineWriteResult> {
  return getDb().transaction(async (tx): Promise<PipelineWriteResult> => {
    const locked = await lockVideo(tx, meetingId);
    if (!locked) throw new PipelineError(kind, VIDEO_NOT_FOUND, { permanent: true });
    const reason = meta.guard && (await skipReason(tx, kind, meetingId, meta.guard, hasCurrent(kind, locked)));
    if (reason) return { status: "skipped", reason };
    const row = await insertRevision(tx, kind, meetingId, revision, meta);
    await tx
      .update(cityVideos)
      .set(currentColumns(kind, revision.content, meta.generatedAt ?? row.createdAt))
      .where(eq(cityVideos.id, meetingId));
    // The current analysis's decisions are also rows, rewritten with it (0060).
    if (kind === "analysis") await replaceDecisions(tx, meetingId, revision.content);
    return {
      status: "written",
      revisionId: row.id,
      provider: revision.provider,
      model: revision.model ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * Generates a new revision (the slow AI call) and stores it, unless the guard
 * already says no; `hasCurrent`: the meeting as read before, has it one of
 * this kind? Any failure is a PipelineError and stores nothing.
 */
export async function generateRevision(
  kind: RevisionKind,
  meetingId: string,
  options: { guard: WriteGuard; hasCurrent: boolean; requestedBy: string | null; additionalContext?: string | null },
  generate: () => Promise<RevisionContent>,
): Promise<PipelineWriteResult> {
  const { guard, hasCurrent: current, ...meta } = options;
  const early = await skipReason(getDb(), kind, meetingId, guard, current);
  if (early) return { status: "skipped", reason: early };
  try {
    return await storeRevision(kind, meetingId, await generate(), { ...meta, guard });
  } catch (error) {
    throw toPipelineError(kind, error);
  }
}
