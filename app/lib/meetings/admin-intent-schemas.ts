import { z } from "zod";
import {
  FETCH_TRANSCRIPT,
  MAX_REWRITE_INSTRUCTIONS,
  RE_ANALYZE,
  REGENERATE_STORY,
  REWRITE_STORY,
} from "./admin-intents";

const meetingId = z.uuid("Unknown video");

export const FetchTranscriptSchema = z.object({ intent: z.literal(FETCH_TRANSCRIPT), meetingId });

export const ReanalyzeSchema = z.object({ intent: z.literal(RE_ANALYZE), meetingId });

export const StoryIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(REWRITE_STORY),
    meetingId,
    additionalContext: z
      .string()
      .trim()
      .max(MAX_REWRITE_INSTRUCTIONS, "Please keep the instructions under 2,000 characters")
      .optional(),
  }),
  z.object({ intent: z.literal(REGENERATE_STORY), meetingId }),
]);
