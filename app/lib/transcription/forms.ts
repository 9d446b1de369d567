/** The forms of a meeting's recording page (app/routes/admin/meeting-recording.tsx), shared by its screen and its action. */
import { z } from "zod";

export const RecordingFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("url"),
    mediaUrl: z
      .string({ error: "Give the recording's address." })
      .trim()
      .min(1, "Give the recording's address.")
      .max(2000, "That address is too long."),
  }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("retry") }),
]);
export type RecordingForm = z.infer<typeof RecordingFormSchema>;
