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
  z.object({ intent: z.literal("use-transcript"), kind: z.enum(["captions", "speech"]) }),
]);
export type RecordingForm = z.infer<typeof RecordingFormSchema>;

/** The file field of the recording upload form (app/routes/admin/meeting-recording-upload.tsx). */
export const RECORDING_FIELD = "recording";

/** What the upload form's file input accepts, and what its action takes: audio and video. */
export const RECORDING_ACCEPT = "audio/*,video/*";

const MEDIA_EXTENSIONS = /\.(mp4|m4v|mov|mkv|webm|avi|mpe?g|ts|m4a|mp3|wav|flac|ogg|oga|opus|aac|wma|wmv|amr)$/i;

export const UPLOAD_MESSAGES = {
  noFile: "Choose a recording to upload.",
  notMedia: "That file is not an audio or video recording.",
  busy: "A transcription of this meeting is already waiting or running: cancel it, or wait for it to finish, before uploading another recording.",
  off: "Transcription is off: set TRANSCRIPTION_BASE_URL.",
} as const;

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
