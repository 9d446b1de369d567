/**
 * Revisions: every analysis and story ever written for a video, newest
 * first. The newest revision is the current one (the one in city_videos);
 * restoring an older one appends a copy of it, so history only grows.
 */
import { desc, eq, sql } from "drizzle-orm";
import { isPlainText, parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import { verificationReportSchema } from "~/lib/ai/verify";
import { getDb } from "~/lib/db/client.server";
import { analysisRevisions, storyRevisions, users } from "~/lib/db/schema";
import { PipelineError, REVISION_NOT_FOUND } from "./messages";
import { latestRevisionId, revisionTable, storeRevision } from "./revision-store.server";
import type { RevisionKind, RevisionSummary, VerificationSummary } from "./types";
import { isUuid } from "~/lib/uuid";

export {
  isRevisionKind,
  REVISION_KINDS,
  type RevisionKind,
  type RevisionSummary,
  type VerificationSummary,
} from "./types";

export type Revision = RevisionSummary & { content: unknown; verificationReport: unknown };

const LIST_LIMIT = 50;

function summarizeVerification(report: unknown): VerificationSummary | null {
  if (typeof report !== "object" || report === null) return null;
  const r = report as Record<string, unknown>;
  return {
    passed: r.passed === true,
    verifiedQuotes: Number(r.verifiedQuotes ?? 0),
    unverifiedQuotes: Number(r.unverifiedQuotes ?? 0),
    unsupportedNumbers: Array.isArray(r.unsupportedNumbers) ? r.unsupportedNumbers.length : 0,
    ...decisionSummary(r),
  };
}

/** What the report says of decisions and the headline; older reports hold neither. */
function decisionSummary(r: Record<string, unknown>) {
  const report = verificationReportSchema.pick({ decisions: true, headline: true }).safeParse(r);
  const decisions = report.success ? (report.data.decisions ?? []) : [];
  const headline = report.success ? report.data.headline : undefined;
  return {
    publishedDecisions: decisions.filter((check) => check.published).length,
    withheldDecisions: decisions
      .filter((check) => !check.published)
      .map((check) => ({ item: check.item, reason: check.reason ?? "" })),
    replacedHeadline: headline ? { original: headline.original, reason: headline.reason } : null,
  };
}

function titleOf(kind: RevisionKind, content: unknown): string {
  const parsed = kind === "analysis" ? parseStoredAnalysis(content) : parseStoredStory(content);
  if (!parsed) return "";
  const text = isPlainText(parsed) ? parsed.plainText : "summary" in parsed ? parsed.summary : parsed.article.headline;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

function selectRevisions(kind: RevisionKind) {
  const table = revisionTable(kind);
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

type RevisionRow = Awaited<ReturnType<typeof selectRevisions>>[number];

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

/** The id of the video's current (newest) revision of this kind, or null. */
export async function currentRevisionId(kind: RevisionKind, cityVideoId: string): Promise<string | null> {
  return isUuid(cityVideoId) ? latestRevisionId(getDb(), kind, cityVideoId) : null;
}

async function listKind(kind: RevisionKind, cityVideoId: string): Promise<RevisionSummary[]> {
  const table = revisionTable(kind);
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
  const table = revisionTable(kind);
  const [row] = await selectRevisions(kind).where(eq(table.id, revisionId)).limit(1);
  if (!row) return null;
  const latest = await latestRevisionId(getDb(), kind, row.cityVideoId);
  return toRevision(kind, row, latest === row.id);
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
  const restored = await storeRevision(
    kind,
    original.cityVideoId,
    {
      content: original.content,
      verification: original.verificationReport,
      provider: original.provider,
      model: original.model,
    },
    { requestedBy, additionalContext: original.additionalContext, generatedAt: new Date(original.createdAt) },
  );
  return { revisionId: restored.revisionId, restoredFrom: original.id, cityVideoId: original.cityVideoId };
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
