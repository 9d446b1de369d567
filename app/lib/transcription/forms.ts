/** The forms of a meeting's recording page (app/routes/admin/meeting-recording.tsx), shared by its screen and its action. */
import { z } from "zod";
import { MEDIA_EXTENSIONS, RECORDING_FIELD, UPLOAD_MESSAGES } from "./upload-form";

export { RECORDING_ACCEPT, RECORDING_FIELD, UPLOAD_MESSAGES } from "./upload-form";

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
  z.object({ intent: z.literal("use-transcript"), kind: z.enum(["captions", "speech"]) }),
]);
export type RecordingForm = z.infer<typeof RecordingFormSchema>;

/**
 * The uploaded file's part, as the browser describes it: a name, and a type
 * the browser gives from the name (audio/…, video/…; a name it does not know
 * comes as application/octet-stream, so a known media extension is enough).
 * The recording itself is checked by ffmpeg when it is transcribed.
 */
export const RecordingFileSchema = z
  .object({
    field: z.literal(RECORDING_FIELD, { error: UPLOAD_MESSAGES.noFile }),
    fileName: z
      .string()
      .trim()
      .min(1, UPLOAD_MESSAGES.noFile)
      .max(255, "That file's name is too long.")
      .refine((name) => !name.includes("\0"), "That file's name holds a NUL character."),
    mimeType: z.string().trim().toLowerCase(),
  })
  .refine((file) => /^(audio|video)\//.test(file.mimeType) || MEDIA_EXTENSIONS.test(file.fileName), {
    message: UPLOAD_MESSAGES.notMedia,
  });
export type RecordingFile = z.infer<typeof RecordingFileSchema>;
