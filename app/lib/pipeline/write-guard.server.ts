/**
 * When a pipeline write may go ahead. Checked twice: before the (slow) AI
 * call, to save it, and again under the video's row lock in the writing
 * transaction, so that concurrent or repeated runs (a job retried after a
 * crash) produce one revision, not two.
 */
import { latestRevisionId, type RevisionKind } from "./revisions.server";
import type { Queryable } from "./video.server";

export type WriteGuard = {
  /** Write only when the video has no analysis (or story) yet. */
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

export async function skipReason(
  db: Queryable,
  kind: RevisionKind,
  cityVideoId: string,
  guard: WriteGuard,
  hasCurrent: boolean,
): Promise<SkipReason | null> {
  if (guard.onlyIfMissing && hasCurrent) return "present";
  if (guard.ifCurrentRevision === undefined) return null;
  const latest = await latestRevisionId(db, kind, cityVideoId);
  return latest === guard.ifCurrentRevision ? null : "superseded";
}
