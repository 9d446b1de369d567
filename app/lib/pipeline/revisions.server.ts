/**
 * Revisions: every analysis and story ever written for a video, newest
 * first. The newest revision is the current one (the one in city_videos);
 * restoring an older one appends a copy of it, so history only grows.
 */
import { desc, eq, sql } from "drizzle-orm";
import { isPlainText, parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import { getDb } from "~/lib/db/client.server";
import { analysisRevisions, cityVideos, storyRevisions, users } from "~/lib/db/schema";
import { PipelineError, REVISION_NOT_FOUND, VIDEO_NOT_FOUND } from "./messages";
import type { RevisionKind, RevisionSummary, VerificationSummary } from "./types";
import { isUuid, lockVideo, type Queryable, type Transaction } from "./video.server";

export {
  isRevisionKind,
  REVISION_KINDS,
  type RevisionKind,
  type RevisionSummary,
  type VerificationSummary,
} from "./types";

export type Revision = RevisionSummary & { content: unknown; verificationReport: unknown };

const LIST_LIMIT = 50;

function tableOf(kind: RevisionKind) {
  return kind === "analysis" ? analysisRevisions : storyRevisions;
}

function summarizeVerification(report: unknown): VerificationSummary | null {
  if (typeof report !== "object" || report === null) return null;
  const r = report as Record<string, unknown>;
  return {
    passed: r.passed === true,
    verifiedQuotes: Number(r.verifiedQuotes ?? 0),
    unverifiedQuotes: Number(r.unverifiedQuotes ?? 0),
    unsupportedNumbers: Array.isArray(r.unsupportedNumbers) ? r.unsupportedNumbers.length : 0,
  };
}

function titleOf(kind: RevisionKind, content: unknown): string {
  const parsed = kind === "analysis" ? parseStoredAnalysis(content) : parseStoredStory(content);
  if (!parsed) return "";
  const text = isPlainText(parsed) ? parsed.plainText : "summary" in parsed ? parsed.summary : parsed.article.headline;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

type RevisionRow = {
  id: string;
  cityVideoId: string;
  content: unknown;
  verification: unknown;
  provider: string;
  model: string | null;
  createdBy: string | null;
  createdByEmail: string | null;
  createdAt: Date;
  additionalContext: string | null;
};

function selectRevisions(kind: RevisionKind) {
  const table = tableOf(kind);
  return getDb()
    .select({
      id: table.id,
      cityVideoId: table.cityVideoId,
      content: kind === "analysis" ? analysisRevisions.analysis : storyRevisions.story,
      verification: table.verification,
      provider: table.provider,
      model: table.model,
      createdBy: table.createdBy,
      createdByEmail: users.email,
      createdAt: table.createdAt,
      additionalContext: kind === "story" ? storyRevisions.additionalContext : sql<string | null>`null`,
    })
    .from(table)
    .leftJoin(users, eq(users.id, table.createdBy));
}

function toRevision(kind: RevisionKind, row: RevisionRow, current: boolean): Revision {
  return {
    id: row.id,
    kind,
    cityVideoId: row.cityVideoId,
    createdAt: row.createdAt.toISOString(),
    provider: row.provider,
    model: row.model,
    createdBy: row.createdBy,
    createdByEmail: row.createdByEmail,
    additionalContext: kind === "story" ? row.additionalContext : null,
    title: titleOf(kind, row.content),
    verification: summarizeVerification(row.verification),
    current,
    content: row.content,
    verificationReport: row.verification,
  };
}

function withoutContent({ content: _content, verificationReport: _report, ...summary }: Revision): RevisionSummary {
  return summary;
}

/** The id of the newest revision of this kind, or null. */
export async function latestRevisionId(db: Queryable, kind: RevisionKind, cityVideoId: string): Promise<string | null> {
  const table = tableOf(kind);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.cityVideoId, cityVideoId))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(1);
  return row?.id ?? null;
}

/** The id of the video's current (newest) revision of this kind, or null. */
export async function currentRevisionId(kind: RevisionKind, cityVideoId: string): Promise<string | null> {
  return isUuid(cityVideoId) ? latestRevisionId(getDb(), kind, cityVideoId) : null;
}

async function listKind(kind: RevisionKind, cityVideoId: string): Promise<RevisionSummary[]> {
  const table = tableOf(kind);
  const rows = await selectRevisions(kind)
    .where(eq(table.cityVideoId, cityVideoId))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(LIST_LIMIT);
  return rows.map((row, index) => withoutContent(toRevision(kind, row, index === 0)));
}

/** A video's analyses and stories, newest (current) first. */
export async function listRevisions(
  cityVideoId: string,
): Promise<{ analyses: RevisionSummary[]; stories: RevisionSummary[] }> {
  if (!isUuid(cityVideoId)) return { analyses: [], stories: [] };
  const [analyses, stories] = await Promise.all([listKind("analysis", cityVideoId), listKind("story", cityVideoId)]);
  return { analyses, stories };
}

/** One revision with its content, or null. */
export async function getRevision(kind: RevisionKind, revisionId: string): Promise<Revision | null> {
  if (!isUuid(revisionId)) return null;
  const table = tableOf(kind);
  const [row] = await selectRevisions(kind).where(eq(table.id, revisionId)).limit(1);
  if (!row) return null;
  const latest = await latestRevisionId(getDb(), kind, row.cityVideoId);
  return toRevision(kind, row, latest === row.id);
}

type NewRevision = {
  cityVideoId: string;
  content: unknown;
  verification: unknown;
  provider: string;
  model: string | null;
  createdBy: string | null;
  additionalContext?: string | null;
  /** For stories: when it was written (default: now); a restored story keeps its original time. */
  generatedAt?: Date;
};

/** Appends a revision and makes it the video's current analysis or story, inside `tx`. */
export async function appendRevision(
  tx: Transaction,
  kind: RevisionKind,
  values: NewRevision,
): Promise<{ id: string; createdAt: Date }> {
  const common = {
    cityVideoId: values.cityVideoId,
    verification: values.verification ?? null,
    provider: values.provider,
    model: values.model,
    createdBy: values.createdBy,
  };
  if (kind === "analysis") {
    const [row] = await tx
      .insert(analysisRevisions)
      .values({ ...common, analysis: values.content })
      .returning({ id: analysisRevisions.id, createdAt: analysisRevisions.createdAt });
    await tx.update(cityVideos).set({ analysisResults: values.content }).where(eq(cityVideos.id, values.cityVideoId));
    return row!;
  }
  const [row] = await tx
    .insert(storyRevisions)
    .values({ ...common, story: values.content, additionalContext: values.additionalContext ?? null })
    .returning({ id: storyRevisions.id, createdAt: storyRevisions.createdAt });
  await tx
    .update(cityVideos)
    .set({ newsStory: values.content, storyGeneratedAt: values.generatedAt ?? row!.createdAt })
    .where(eq(cityVideos.id, values.cityVideoId));
  return row!;
}

/**
 * Makes an earlier revision current again by appending a copy of it
 * (provider and model of the original, created_by the person restoring).
 * With `cityVideoId`, a revision of another video counts as not found.
 */
export async function restoreRevision(
  kind: RevisionKind,
  revisionId: string,
  requestedBy: string | null,
  options: { cityVideoId?: string } = {},
): Promise<{ revisionId: string; restoredFrom: string; cityVideoId: string }> {
  const original = await getRevision(kind, revisionId);
  const elsewhere = options.cityVideoId !== undefined && original?.cityVideoId !== options.cityVideoId;
  if (!original || elsewhere) throw new PipelineError(kind, REVISION_NOT_FOUND, { permanent: true });
  return getDb().transaction(async (tx) => {
    if (!(await lockVideo(tx, original.cityVideoId)))
      throw new PipelineError(kind, VIDEO_NOT_FOUND, { permanent: true });
    const row = await appendRevision(tx, kind, {
      cityVideoId: original.cityVideoId,
      content: original.content,
      verification: original.verificationReport,
      provider: original.provider,
      model: original.model,
      createdBy: requestedBy,
      additionalContext: original.additionalContext,
      generatedAt: new Date(original.createdAt),
    });
    return { revisionId: row.id, restoredFrom: original.id, cityVideoId: original.cityVideoId };
  });
}

/** Both revisions must belong to `cityVideoId`; for the side-by-side comparison. */
export async function getRevisionPair(
  kind: RevisionKind,
  cityVideoId: string,
  leftId: string,
  rightId: string,
): Promise<[Revision | null, Revision | null]> {
  const [left, right] = await Promise.all([getRevision(kind, leftId), getRevision(kind, rightId)]);
  const own = (revision: Revision | null) => (revision && revision.cityVideoId === cityVideoId ? revision : null);
  return [own(left), own(right)];
}
