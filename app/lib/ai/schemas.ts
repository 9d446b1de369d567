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

export const analysisSchema = z.object({
  summary: z.string(),
  highlights: z.array(highlightSchema),
  action_items: z.array(actionItemSchema),
  entities: z.array(entitySchema),
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
export type Analysis = z.infer<typeof analysisSchema>;
export type NewsStory = z.infer<typeof storySchema>;

export const ENTITY_TYPES = ["person", "organization", "place", "money", "date", "other"] as const;
