/** Shapes shared by the pipeline's server modules and the pages that show them. */
import type { Analysis, NewsStory } from "~/lib/ai/schemas";
import type { PlainText } from "~/lib/ai/stored";
import type { analysisRevisions } from "~/lib/db/schema";

export type RevisionKind = "analysis" | "story";

export const REVISION_KINDS: readonly RevisionKind[] = ["analysis", "story"];

export function isRevisionKind(value: unknown): value is RevisionKind {
  return value === "analysis" || value === "story";
}

export type VerificationSummary = {
  passed: boolean;
  verifiedQuotes: number;
  unverifiedQuotes: number;
  unsupportedNumbers: number;
  /** Decisions published, and those withheld with the reason (ADR 0060); none on older reports. */
  publishedDecisions: number;
  withheldDecisions: { item: string; reason: string }[];
  /** A story headline that claimed a vote no verified decision backs, replaced. */
  replacedHeadline: { original: string; reason: string } | null;
};

/** A revision as pages list it: its row's columns, the date as text, and what is worked out from its content. */
export type RevisionSummary = Pick<
  typeof analysisRevisions.$inferSelect,
  "id" | "cityVideoId" | "provider" | "model" | "createdBy"
> & {
  kind: RevisionKind;
  createdAt: string;
  createdByEmail: string | null;
  additionalContext: string | null;
  /** The story's headline or the start of the analysis's summary. */
  title: string;
  verification: VerificationSummary | null;
  current: boolean;
};

/** A revision with its parsed content, for the side-by-side view. */
export type ComparedRevision = RevisionSummary & { parsed: Analysis | NewsStory | PlainText | null };
