/** What the desk's forms post, checked on the server (docs/decisions/0042-journalists-desk.md). */
import { z } from "zod";

export const addToDraftSchema = z.object({
  meetingId: z.uuid(),
  source: z.enum(["analysis", "story"]),
  highlight: z.coerce.number().int().min(0).max(1000),
  quote: z.coerce.number().int().min(0).max(1000),
  text: z.string().trim().min(1).max(2000),
  returnTo: z.string().max(2000).optional(),
});

/** "Add to draft" on a decision: the meeting and the decision's id, nothing of its words (the server reads them). */
export const addDecisionToDraftSchema = z.object({
  meetingId: z.uuid(),
  decision: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  returnTo: z.string().max(2000).optional(),
});

export const draftIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move-up"), id: z.uuid() }),
  z.object({ intent: z.literal("move-down"), id: z.uuid() }),
  z.object({ intent: z.literal("remove"), id: z.uuid() }),
  z.object({ intent: z.literal("clear") }),
]);

export const quoteSearchSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  speaker: z.string().trim().max(100).catch(""),
  city: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(500).catch(1),
});
