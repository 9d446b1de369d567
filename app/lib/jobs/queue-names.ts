/**
 * The pipeline's job queues by name, for the server and the jobs page's
 * filter; what their jobs carry (zod) is queues.ts, which stays on the server.
 */
export const QUEUES = {
  transcriptFetch: "transcript-fetch",
  analysis: "analysis",
  story: "story",
  sourceRefresh: "source-refresh",
  /** Matching one newly analyzed meeting against the saved searches (docs/decisions/0040-alerts.md). */
  alertMatch: "alert-match",
  /** One alert e-mail to one member (at once or a digest). */
  alertMail: "alert-mail",
  /** One "Follow this bill" e-mail: a followed matter's new actions (docs/decisions/0076-bills-and-calendars.md). */
  matterMail: "matter-mail",
  issueSummary: "issue-summary",
  /** The admin inbox's mail: notices to admins, a requester's "your city is Live" (docs/decisions/0053-admin-inbox.md). */
  inboxMail: "inbox-mail",
  /** One meeting of "Analyze every eligible meeting": its analysis, then its story (docs/decisions/0050). */
  backfill: "backfill",
  /** One city's official record from its Legistar client (docs/decisions/0067-legistar-record.md); singletonKey = the city's id. */
  legistarSync: "legistar-sync",
  /** A meeting's transcript from its recording by speech-to-text (docs/decisions/0071-speech-to-text.md); singletonKey = city_videos.id. */
  transcription: "transcription",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The queues whose jobs work on one video (singletonKey = city_videos.id). */
export type VideoQueueName = Exclude<
  QueueName,
  | "source-refresh"
  | "alert-match"
  | "alert-mail"
  | "matter-mail"
  | "issue-summary"
  | "inbox-mail"
  | "backfill"
  | "legistar-sync"
  | "transcription"
>;

export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

export function isQueueName(value: unknown): value is QueueName {
  return typeof value === "string" && (QUEUE_NAMES as readonly string[]).includes(value);
}
