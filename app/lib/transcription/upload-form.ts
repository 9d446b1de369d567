/**
 * The recording upload form's names and messages, shared by its screen and
 * its action without a validator (forms.ts holds the zod schema: it must not
 * reach the browser).
 */

/** The file field of the recording upload form (app/routes/admin/meeting-recording-upload.ts). */
export const RECORDING_FIELD = "recording";

/** What the upload form's file input accepts, and what its action takes: audio and video. */
export const RECORDING_ACCEPT = "audio/*,video/*";

export const MEDIA_EXTENSIONS = /\.(mp4|m4v|mov|mkv|webm|avi|mpe?g|ts|m4a|mp3|wav|flac|ogg|oga|opus|aac|wma|wmv|amr)$/i;

export const UPLOAD_MESSAGES = {
  noFile: "Choose a recording to upload.",
  notMedia: "That file is not an audio or video recording.",
  busy: "A transcription of this meeting is already waiting or running: cancel it, or wait for it to finish, before uploading another recording.",
  off: "Transcription is off: set TRANSCRIPTION_BASE_URL.",
} as const;
