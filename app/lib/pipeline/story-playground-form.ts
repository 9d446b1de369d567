import { z } from "zod";

/** The story playground's Write a story form, shared by the action and the page. */

export const PLAYGROUND_CONTEXT_MAX = 2000;
const contextTooLong = `Please keep the additional context under ${PLAYGROUND_CONTEXT_MAX.toLocaleString("en-US")} characters`;
const rewriteNeedsContext = "Describe what the rewrite should change";

const meetingId = z.uuid("Unknown video");

const GenerateSchema = z.object({
  intent: z.literal("generate"),
  meetingId,
  additionalContext: z.string().trim().max(PLAYGROUND_CONTEXT_MAX, contextTooLong).optional(),
});

const RewriteSchema = z.object({
  intent: z.literal("rewrite"),
  meetingId,
  additionalContext: z
    .string({ error: rewriteNeedsContext })
    .trim()
    .min(1, rewriteNeedsContext)
    .max(PLAYGROUND_CONTEXT_MAX, contextTooLong),
});

export const PlaygroundSchema = z.discriminatedUnion("intent", [GenerateSchema, RewriteSchema]);
