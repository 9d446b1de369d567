/**
 * Shapes of what the AI pipeline produces: the analysis of a meeting and the
 * news story written from it. These schemas double as the model-facing
 * structured-output schemas, so every field is required; "no value" is
 * `null` (OpenAI strict mode rejects `.optional()` without `.nullable()`).
 */
import { z } from "zod";

export const quoteSchema = z.object({
  text: z.string().describe("Words copied exactly from the transcript, without changes"),
  speaker: z.string().describe('Speaker as labeled in the transcript, or "Unknown"'),
});

export const highlightSchema = z.object({
  timestamp: z.string().describe('Start time of the moment as hh:mm:ss, "00:00:00" when the transcript has no times'),
  point_of_interest: z.string().describe("One sentence on why this moment matters"),
  quotes: z.array(quoteSchema).describe("One or two verbatim quotes from this moment"),
});

export const actionItemSchema = z.object({
  description: z.string(),
  responsible_party: z.string().describe('Who must act: a department, staff, a named official, or "City Council"'),
  due_date: z.string().nullable().describe("Deadline exactly as said in the meeting, or null"),
});

export const entitySchema = z.object({
  name: z.string(),
  type: z.string().describe("person, organization, place, money, date or other"),
  context: z.string().describe("Role, title or why it came up"),
});

/** Kinds of motion a decision can be (docs/decisions/0060-decisions-on-the-record.md). */
export const MOTION_KINDS = [
  "approve",
  "adopt",
  "deny",
  "refer",
  "place-on-file",
  "receive-and-file",
  "set-public-hearing",
  "postpone",
  "amend",
  "substitute",
  "override-veto",
  "reconsider",
  "suspend-rules",
  "adjourn",
  "other",
] as const;
// Kinds that say the same of a vote: a prediction, a claim and a gold annotation agree when their classes do.
const MOTION_CLASSES: Partial<Record<MotionKind, string>> = {
  adopt: "approve",
  other: "approve",
  "place-on-file": "receive-and-file",
  substitute: "amend",
};

/** "approve", "adopt" and "other" are one class; so are the two kinds of filing, and amend and substitute. */
export const motionClass = (kind: MotionKind): string => MOTION_CLASSES[kind] ?? kind;

export const DECISION_RESULTS = ["carried", "failed", "withdrawn"] as const;
export const VOTE_METHODS = ["roll-call", "voice", "consent", "unanimous-consent"] as const;

export const evidenceSpanSchema = z.object({
  text: z.string().describe("Words copied exactly from the transcript, without changes"),
  timestamp: z.string().describe('Start time of the segment holding the words as hh:mm:ss, "00:00:00" when untimed'),
});

export const decisionSchema = z.object({
  item: z.string().describe("What was decided, in plain words (the agenda item, not the motion)"),
  motion: z
    .enum(MOTION_KINDS)
    .describe("The kind of motion; a failed veto override is override-veto with result failed"),
  result: z.enum(DECISION_RESULTS),
  ayes: z.number().int().nullable().describe("Ayes as said or counted from the roll call, else null"),
  nays: z.number().int().nullable(),
  abstain: z.number().int().nullable(),
  absent: z.number().int().nullable(),
  how: z.enum(VOTE_METHODS).nullable().describe("How the vote was taken, or null when not said"),
  consent_items: z.array(z.string()).describe("For a consent agenda, the items it holds; else empty"),
  motion_evidence: evidenceSpanSchema.describe("The verbatim words where the motion is made"),
  result_evidence: evidenceSpanSchema.describe("The verbatim words where the result is stated"),
});

export const analysisSchema = z.object({
  summary: z.string(),
  highlights: z.array(highlightSchema),
  action_items: z.array(actionItemSchema),
  entities: z.array(entitySchema),
  decisions: z.array(decisionSchema).describe("Every vote or decision taken, each with its evidence"),
});

export const storySchema = z.object({
  article: z.object({
    headline: z.string(),
    body: z.string().describe("Paragraphs separated by blank lines"),
    word_count: z.number().int(),
    primary_focus: z.string(),
  }),
  sidebar_elements: z.object({
    quote_block: z.object({
      quote: z.string().describe("A verbatim quote from the transcript"),
      attribution: z.string(),
      context: z.string(),
    }),
    quick_facts: z.array(z.string()),
    background: z.string(),
  }),
  metadata: z.object({
    follow_up_needed: z.boolean(),
    next_meeting_date: z.string().nullable(),
    sources_used: z.array(z.string()),
    uncertainty_notes: z.array(z.string()),
  }),
  notes: z.string(),
});

/** Model-facing schema for merging the partial summaries of a long transcript. */
export const mergedSummarySchema = z.object({ summary: z.string() });

export type Quote = z.infer<typeof quoteSchema>;
export type Highlight = z.infer<typeof highlightSchema>;
export type ActionItem = z.infer<typeof actionItemSchema>;
export type Entity = z.infer<typeof entitySchema>;
export type EvidenceSpan = z.infer<typeof evidenceSpanSchema>;
export type Decision = z.infer<typeof decisionSchema>;
export type MotionKind = (typeof MOTION_KINDS)[number];
export type DecisionResult = (typeof DECISION_RESULTS)[number];
export type VoteMethod = (typeof VOTE_METHODS)[number];
export type Analysis = z.infer<typeof analysisSchema>;
export type NewsStory = z.infer<typeof storySchema>;

export const ENTITY_TYPES = ["person", "organization", "place", "money", "date", "other"] as const;
