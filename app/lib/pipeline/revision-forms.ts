import { z } from "zod";

/** The buttons of /admin/revisions/:meetingId (all hidden fields), shared by the action and the page. */
export const RevisionsPageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("restore"), kind: z.enum(["analysis", "story"]), revisionId: z.string() }),
  z.object({ intent: z.literal("reanalyze") }),
  z.object({ intent: z.literal("new-story") }),
]);
