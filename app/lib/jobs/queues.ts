/**
 * The pipeline's job queues and what their jobs carry. Every job is keyed by
 * its video (pg-boss singletonKey = city_videos.id), which is how a video's
 * jobs are found again; a source refresh by its source URL (city_urls.id).
 */
import { z } from "zod";

import { QUEUES, type QueueName } from "./queue-names";

type QueueSettings = {
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) on each further retry. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A job still waiting after this long is dropped. */
  retentionMinutes: number;
};

const WEEK_MINUTES = 7 * 24 * 60;

const SETTINGS: Record<QueueName, QueueSettings> = {
  // YouTube may rate-limit for a while: more retries, longer waits.
  "transcript-fetch": { retryLimit: 3, retryDelay: 60, retryBackoff: true, retentionMinutes: WEEK_MINUTES },
  // Long transcripts go to the model in several chunks, each with its own timeout.
  analysis: { retryLimit: 2, retryDelay: 30, retryBackoff: true, retentionMinutes: WEEK_MINUTES },
  story: { retryLimit: 2, retryDelay: 30, retryBackoff: true, retentionMinutes: WEEK_MINUTES },
  // The next scheduled refresh comes anyway: one retry, and a waiting refresh is dropped after a day.
  "source-refresh": { retryLimit: 1, retryDelay: 120, retryBackoff: false, retentionMinutes: 24 * 60 },
  "alert-match": { retryLimit: 3, retryDelay: 30, retryBackoff: true, retentionMinutes: WEEK_MINUTES },
  // An SMTP outage delays alerts but loses none: 10 retries with back-off from a minute, about 17 hours in all.
  "alert-mail": { retryLimit: 10, retryDelay: 60, retryBackoff: true, retentionMinutes: WEEK_MINUTES },
  "matter-mail": { retryLimit: 10, retryDelay: 60, retryBackoff: true, retentionMinutes: WEEK_MINUTES },
  // An issue's summary after a new meeting or an edit (docs/decisions/0041-issue-timelines.md).
  "issue-summary": { retryLimit: 2, retryDelay: 60, retryBackoff: true, retentionMinutes: 24 * 60 },
  // Like alerts: an SMTP outage delays the inbox's mail but loses none.
  "inbox-mail": { retryLimit: 10, retryDelay: 60, retryBackoff: true, retentionMinutes: WEEK_MINUTES },
  // A backlog of a whole city may wait its turn for days behind other work.
  backfill: { retryLimit: 2, retryDelay: 30, retryBackoff: true, retentionMinutes: WEEK_MINUTES },
  // Like a source refresh: Legistar's failures are recorded on the source, and the next scheduled sync comes anyway.
  "legistar-sync": { retryLimit: 1, retryDelay: 120, retryBackoff: false, retentionMinutes: 24 * 60 },
  // A retry resumes at the chunk that failed (its checkpoint); a server down for a while gets a few tries.
  transcription: { retryLimit: 3, retryDelay: 120, retryBackoff: true, retentionMinutes: WEEK_MINUTES },
};

/**
 * The queue's retry settings; `retryDelaySeconds` (JOBS_RETRY_DELAY_SECONDS)
 * overrides every queue's first retry delay. Expiries come from the attempt
 * deadlines (budgets.server.ts).
 */
export function queueSettings(name: QueueName, retryDelaySeconds?: number): QueueSettings {
  const settings = SETTINGS[name];
  return retryDelaySeconds === undefined ? settings : { ...settings, retryDelay: retryDelaySeconds };
}

/**
 * "auto": queued because a page was opened (the first analysis, the first
 * story) or after a transcript arrived; it writes only what is missing.
 * "manual": an admin asked (Re-Analyze, Rewrite, Regenerate); it replaces
 * the current revision, unless another one appeared since it was queued.
 */
export const JOB_MODES = ["auto", "manual"] as const;

const base = {
  cityVideoId: z.uuid(),
  requestedBy: z.uuid().nullable().default(null),
  mode: z.enum(JOB_MODES).default("auto"),
  /** The newest revision when the job was queued (null: none). */
  basedOnRevisionId: z.uuid().nullable().default(null),
};

export const TranscriptJobData = z.object({
  cityVideoId: base.cityVideoId,
  requestedBy: base.requestedBy,
  mode: base.mode,
});
export const AnalysisJobData = z.object(base);
export const StoryJobData = z.object({ ...base, additionalContext: z.string().nullable().default(null) });

export const SourceRefreshJobData = z.object({
  urlId: z.uuid(),
  requestedBy: base.requestedBy,
});

export const LegistarSyncJobData = z.object({
  cityId: z.uuid(),
  requestedBy: base.requestedBy,
});

/**
 * A recording on this server's disk, or a media URL fetched first to
 * $DATA_DIR/recordings (docs/decisions/0083-recordings-for-transcription.md).
 */
export const TranscriptionJobData = z
  .object({
    cityVideoId: z.uuid(),
    recordingPath: z.string().min(1).optional(),
    mediaUrl: z.url({ protocol: /^https?$/ }).optional(),
    /** An uploaded recording's file name, as the admin's browser gave it (shown on the recording page). */
    fileName: z.string().max(255).optional(),
    requestedBy: base.requestedBy,
  })
  .refine((data) => (data.recordingPath === undefined) !== (data.mediaUrl === undefined), {
    message: "a recording path or a media URL, not both",
  });

export const AlertMatchJobData = z.object({ cityVideoId: z.uuid() });
export const AlertMailJobData = z.object({
  userId: z.uuid(),
  digest: z.enum(["immediate", "daily", "weekly"]),
  matchIds: z.array(z.uuid()).min(1).max(1000),
});
export const MatterMailJobData = z.object({ followId: z.uuid() });
/** One meeting of a backfill run: `force` analyzes and writes again where done (`npm run analyze -- --force`). */
export const BackfillJobData = z.object({
  cityVideoId: base.cityVideoId,
  runId: z.uuid(),
  force: z.boolean().default(false),
  requestedBy: base.requestedBy,
});
/** One issue (created or edited), or the issues a newly analyzed meeting may have joined. */
export const IssueSummaryJobData = z.union([z.object({ issueId: z.uuid() }), z.object({ cityVideoId: z.uuid() })]);
/**
 * The admin inbox's mail: the admins' notice of a new contact message or
 * city request; a city gone Live (fan out to its requesters); one
 * requester's notice that their city is Live.
 */
export const InboxMailJobData = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("admin-notice"), box: z.enum(["messages", "requests"]), id: z.uuid() }),
  z.object({ kind: z.literal("city-live"), cityId: z.uuid() }),
  z.object({ kind: z.literal("requester-notice"), cityRequestId: z.uuid() }),
]);

export type TranscriptJob = z.infer<typeof TranscriptJobData>;
export type AnalysisJob = z.infer<typeof AnalysisJobData>;
export type StoryJob = z.infer<typeof StoryJobData>;

export type JobDataByQueue = {
  "transcript-fetch": TranscriptJob;
  analysis: AnalysisJob;
  story: StoryJob;
  "source-refresh": z.infer<typeof SourceRefreshJobData>;
  "alert-match": z.infer<typeof AlertMatchJobData>;
  "alert-mail": z.infer<typeof AlertMailJobData>;
  "matter-mail": z.infer<typeof MatterMailJobData>;
  "issue-summary": z.infer<typeof IssueSummaryJobData>;
  "inbox-mail": z.infer<typeof InboxMailJobData>;
  backfill: z.infer<typeof BackfillJobData>;
  "legistar-sync": z.infer<typeof LegistarSyncJobData>;
  transcription: z.infer<typeof TranscriptionJobData>;
};

/** What a finished job leaves in its output (pg-boss keeps it with the job). */
export type JobOutput =
  | { outcome: "written"; revisionId: string }
  | { outcome: "skipped"; reason: string }
  | { outcome: "fetched"; segmentCount: number }
  | { outcome: "unavailable"; reason: string }
  /** Captions: a transient failure; the next attempt is planned (docs/decisions/0049-captions-from-a-data-center.md). */
  | { outcome: "retrying"; reason: string; retryAt: string }
  /** Captions: every caption fetch of the process waits until then; this one moved there. */
  | { outcome: "paused"; until: string }
  /** A source refresh: what it found on YouTube and what it saved. */
  | { outcome: "refreshed"; found: number; new: number; updated: number; failed: number }
  /** Alerts: new matches recorded and mail jobs queued; or an alert e-mail accepted by the mail server. */
  | { outcome: "matched"; matches: number; mails: number }
  | { outcome: "mailed"; matches: number }
  /** The inbox's notices: e-mails accepted by the mail server. */
  | { outcome: "notified"; mails: number }
  /** Issue summaries regenerated. */
  | { outcome: "summarized"; issues: number }
  /** A backfilled meeting: what happened to its analysis and its story. */
  | { outcome: "backfilled"; analysis: "written" | "skipped"; story: "written" | "skipped" }
  /** A city's official record synced: what was written (a re-run writes nothing). */
  | { outcome: "recorded"; events: number; eventItems: number; votes: number; matters: number }
  /** A meeting transcribed from its recording: its chunks (those resumed from a checkpoint), segments stored and dropped. */
  | {
      outcome: "transcribed";
      chunks: number;
      resumed: number;
      segmentCount: number;
      dropped: number;
      audioMinutes: number;
    }
  /** A failure that retrying cannot fix (no transcript, no analysis): the job completes with it instead of retrying. */
  | { outcome: "failed"; error: string };

/** The Retry button of /admin/jobs (hidden fields), shared by the action and the page. */
export const RetryJobSchema = z.object({
  intent: z.literal("retry"),
  queue: z.enum([
    QUEUES.transcriptFetch,
    QUEUES.analysis,
    QUEUES.story,
    QUEUES.sourceRefresh,
    QUEUES.alertMatch,
    QUEUES.alertMail,
    QUEUES.issueSummary,
    QUEUES.inboxMail,
    QUEUES.backfill,
    QUEUES.legistarSync,
    QUEUES.transcription,
  ]),
  jobId: z.string(),
});

/** "Analyze every eligible meeting" on /admin/jobs: a city's location key, or none for every city. */
export const BackfillRequestSchema = z.object({
  intent: z.literal("backfill"),
  city: z.string().trim().max(200).optional(),
});
