/**
 * The admin buttons on public meeting pages post one of these intents, each
 * with the video's id. Shared by the forms (field names) and the actions.
 */
import { z } from "zod";

export const FETCH_TRANSCRIPT = "fetch-transcript";
export const RE_ANALYZE = "re-analyze";
export const REWRITE_STORY = "rewrite-story";
export const REGENERATE_STORY = "regenerate-story";

const meetingId = z.uuid("Unknown video");

export const FetchTranscriptSchema = z.object({ intent: z.literal(FETCH_TRANSCRIPT), meetingId });

export const ReanalyzeSchema = z.object({ intent: z.literal(RE_ANALYZE), meetingId });

export const StoryIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(REWRITE_STORY),
    meetingId,
    additionalContext: z.string().trim().max(2000, "Please keep the instructions under 2,000 characters").optional(),
  }),
  z.object({ intent: z.literal(REGENERATE_STORY), meetingId }),
]);
