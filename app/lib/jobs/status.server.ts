/**
 * Where a video's pipeline stands, for the meeting pages (and their status
 * resource route), and recent jobs for the admin jobs page. Read from the
 * video row and pg-boss's job table.
 */
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities, cityVideos } from "~/lib/db/schema";
import { ANALYSIS_FAILED, STORY_FAILED_TOAST } from "~/lib/pipeline/messages";
import { isAnalyzableLength, readVideoFlags } from "~/lib/pipeline/video.server";
import { isUuid } from "~/lib/uuid";
import { isTransientReason, type CaptionStateView } from "~/lib/captions/reasons";
import { readCaptionState } from "~/lib/captions/state.server";
import { TRANSCRIPT_FETCH_MESSAGES } from "~/lib/transcripts/fetch.server";
import { getBoss } from "./boss.server";
import { QUEUES, type QueueName } from "./queue-names";
import type { AnalysisState, JobSummary, PublicPipelineStatus, StoryState } from "./status-types";
import { bossArchive, bossJobs, PENDING_STATES, type JobState } from "./tables.server";

export type { AnalysisState, JobSummary, PublicPipelineStatus, StoryState, TranscriptState } from "./status-types";

export type PipelineStatus = PublicPipelineStatus & {
  hasAnalysis: boolean;
  hasStory: boolean;
  /** The video's caption state (admins; docs/decisions/0049-captions-from-a-data-center.md). */
  captions: CaptionStateView | null;
  errors: NonNullable<PublicPipelineStatus["errors"]>;
  /** This video's jobs in the job table, newest first (for admins). */
  jobs: JobSummary[];
};

/** What visitors may see: no job details. */
export function toPublicStatus(status: PipelineStatus): PublicPipelineStatus {
  const { cityVideoId, transcript, analysis, story, error, refresh } = status;
  return { cityVideoId, transcript, analysis, story, refresh, ...(error ? { error } : {}) };
}

type JobRow = typeof bossJobs.$inferSelect;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function outcomeOf(row: JobRow): string | null {
  const output = record(row.output);
  if (row.state !== "completed" || typeof output?.outcome !== "string") return null;
  // A source refresh's counts (docs/decisions/0021-video-ingestion.md).
  if (output.outcome === "refreshed")
    return `refreshed: ${String(output.found)} found, ${String(output.new)} new, ${String(output.updated)} updated, ${String(output.failed)} failed`;
  if (output.outcome === "recorded")
    return `recorded: ${String(output.events)} events, ${String(output.eventItems)} items, ${String(output.votes)} votes, ${String(output.matters)} matters`;
  // Speech-to-text: its chunks and cost in audio minutes (docs/decisions/0071-speech-to-text.md).
  if (output.outcome === "transcribed")
    return `transcribed: ${String(output.audioMinutes)} audio minutes in ${String(output.chunks)} chunks (${String(output.resumed)} resumed), ${String(output.segmentCount)} segments, ${String(output.dropped)} dropped as hallucinations`;
  if (output.outcome === "backfilled") return `analysis ${String(output.analysis)}, story ${String(output.story)}`;
  return output.outcome;
}

/** The recorded error: a completed job's `{ outcome: "failed", error }`, or a failed job's serialized error. */
function errorOf(row: JobRow): { message: string; fromPipeline: boolean } | null {
  const output = record(row.output);
  if (!output) return null;
  if (row.state === "completed")
    return output.outcome === "failed" && typeof output.error === "string"
      ? { message: output.error, fromPipeline: true }
      : null;
  const value = record(output.value) ?? output;
  if (typeof value.message !== "string") return null;
  return { message: value.message, fromPipeline: value.name === "PipelineError" };
}

function summarize(row: JobRow, archived = false): JobSummary {
  const data = record(row.data);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    queue: row.name,
    state: row.state as JobState,
    attempts: row.startedOn ? row.retryCount + 1 : row.retryCount,
    retryLimit: row.retryLimit,
    mode: typeof data?.mode === "string" ? data.mode : null,
    cityVideoId: row.singletonKey,
    createdOn: row.createdOn.toISOString(),
    startAfter: row.startAfter.toISOString(),
    startedOn: iso(row.startedOn),
    completedOn: iso(row.completedOn),
    outcome: outcomeOf(row),
    error: errorOf(row)?.message ?? null,
    archived,
  };
}

const GENERIC_FAILURE: Record<QueueName, string> = {
  [QUEUES.transcriptFetch]: TRANSCRIPT_FETCH_MESSAGES.failed,
  [QUEUES.analysis]: ANALYSIS_FAILED,
  [QUEUES.story]: STORY_FAILED_TOAST.description,
  [QUEUES.sourceRefresh]: "Refreshing the videos failed.",
  [QUEUES.alertMatch]: "Matching the saved searches failed.",
  [QUEUES.alertMail]: "Sending an alert e-mail failed.",
  [QUEUES.matterMail]: "Sending a followed bill's e-mail failed.",
  [QUEUES.issueSummary]: "Writing an issue's summary failed.",
  [QUEUES.inboxMail]: "Sending an inbox e-mail failed.",
  [QUEUES.backfill]: "Analyzing the meeting failed.",
  [QUEUES.legistarSync]: "Syncing the official record failed.",
  [QUEUES.transcription]: "Transcribing the recording failed.",
};

type StepState = "none" | "queued" | "running" | "present" | "failed" | "unavailable";
type StepView = { state: StepState; error?: string };

/** The newest job's failure, as the pages may show it. */
function failureMessage(queue: QueueName, latest: JobRow | undefined): string | undefined {
  if (!latest || (latest.state !== "failed" && outcomeOf(latest) !== "failed")) return undefined;
  const recorded = errorOf(latest);
  return recorded?.fromPipeline ? recorded.message : GENERIC_FAILURE[queue];
}

/** One step's state from its jobs (newest first) and whether its result exists. */
function stepView(queue: QueueName, jobs: JobRow[], present: boolean): StepView {
  const pending = jobs.filter((job) => PENDING_STATES.includes(job.state as JobState));
  if (pending.some((job) => job.state === "active")) return { state: "running" };
  if (pending.length > 0) return { state: "queued" };
  const error = failureMessage(queue, jobs[0]);
  if (present) return { state: "present", error };
  if (error) return { state: "failed", error };
  if (jobs[0] && outcomeOf(jobs[0]) === "unavailable") return { state: "unavailable" };
  return { state: "none" };
}

/** A caption attempt planned for later (back-off, a breaker's pause) is not "queued": nothing to wait for on the page. */
const PLANNED_LATER_MS = 15_000;

/**
 * The transcript step: its jobs, except an attempt planned for later; a
 * failed caption state without a transcript is a failure (visitors read
 * only the product's generic message; the reason is in `captions`, for admins).
 */
function transcriptView(jobs: JobRow[], captions: CaptionStateView | null, present: boolean): StepView {
  const soon = Date.now() + PLANNED_LATER_MS;
  const due = jobs.filter(
    (job) => job.name === QUEUES.transcriptFetch && !(job.state === "created" && job.startAfter.getTime() > soon),
  );
  const view = stepView(QUEUES.transcriptFetch, due, present);
  if (present || captions?.status !== "failed" || view.state === "queued" || view.state === "running") return view;
  return captions.reason && !isTransientReason(captions.reason) && !captions.nextRetryAt
    ? { state: "unavailable" }
    : { state: "failed", error: TRANSCRIPT_FETCH_MESSAGES.failed };
}

/** The step's state in its own words ("analyzing", "generating", "fetching" while running). */
function named<T extends string>(view: StepView, running: T): Exclude<StepState, "running"> | T {
  return view.state === "running" ? running : view.state;
}

async function jobsOfVideo(cityVideoId: string): Promise<JobRow[]> {
  await getBoss(); // creates pg-boss's tables on first use
  return getDb()
    .select()
    .from(bossJobs)
    .where(eq(bossJobs.singletonKey, cityVideoId))
    .orderBy(desc(bossJobs.createdOn))
    .limit(30);
}

/**
 * The step's jobs; when the job table has none and the result is missing
 * though the step could run, the newest archived one (a failure archived
 * since stays shown, and is not queued again).
 */
async function jobsOfStep(
  jobs: JobRow[],
  queue: QueueName,
  cityVideoId: string,
  step: { present: boolean; canRun: boolean },
): Promise<JobRow[]> {
  const live = jobs.filter((job) => job.name === queue);
  if (live.length > 0 || step.present || !step.canRun) return live;
  const archived = await getDb()
    .select()
    .from(bossArchive)
    .where(and(eq(bossArchive.name, queue), eq(bossArchive.singletonKey, cityVideoId)))
    .orderBy(desc(bossArchive.createdOn))
    .limit(1);
  // A job archived before it ran (its retention passed) will not run.
  return archived.filter((job) => !PENDING_STATES.includes(job.state as JobState));
}

/** The pipeline's state for one video, or null for an unknown video. */
export async function getVideoPipelineStatus(cityVideoId: string): Promise<PipelineStatus | null> {
  if (!isUuid(cityVideoId)) return null;
  const video = await readVideoFlags(cityVideoId);
  if (!video) return null;
  const [jobs, captions] = await Promise.all([jobsOfVideo(cityVideoId), readCaptionState(cityVideoId)]);
  const { hasAnalysis, hasStory } = video;
  const transcript = transcriptView(jobs, captions, (video.transcriptLength ?? 0) > 0);
  const analysisJobs = await jobsOfStep(jobs, QUEUES.analysis, cityVideoId, {
    present: hasAnalysis,
    canRun: isAnalyzableLength(video.transcriptLength),
  });
  const analysis = stepView(QUEUES.analysis, analysisJobs, hasAnalysis);
  const story = stepView(
    QUEUES.story,
    await jobsOfStep(jobs, QUEUES.story, cityVideoId, { present: hasStory, canRun: hasAnalysis }),
    hasStory,
  );
  const errors = { transcript: transcript.error, analysis: analysis.error, story: story.error };
  const failedError = [analysis, story, transcript].find((step) => step.state === "failed")?.error;
  return {
    cityVideoId,
    transcript: named(transcript, "fetching"),
    analysis: named(analysis, "analyzing") as AnalysisState,
    story: named(story, "generating") as StoryState,
    hasAnalysis,
    hasStory,
    captions,
    ...(failedError ? { error: failedError } : {}),
    errors: Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as PipelineStatus["errors"],
    refresh: [transcript, analysis, story].some((step) => step.state === "queued" || step.state === "running"),
    jobs: jobs.map((job) => summarize(job)),
  };
}

export type RecentJob = JobSummary & { video: { title: string | null; cityName: string; cityKey: string } | null };

export type JobFilter = {
  queue?: QueueName;
  state?: JobState;
  cityVideoId?: string;
  limit?: number;
  includeArchived?: boolean;
};

async function videosById(ids: string[]) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map<string, RecentJob["video"]>();
  const rows = await getDb()
    .select({ id: cityVideos.id, title: cityVideos.title, cityName: cities.name, cityKey: cities.locationKey })
    .from(cityVideos)
    .innerJoin(cities, eq(cities.id, cityVideos.cityId))
    .where(inArray(cityVideos.id, valid));
  return new Map(rows.map((row) => [row.id, { title: row.title, cityName: row.cityName, cityKey: row.cityKey }]));
}

/** The newest jobs of the pipeline's queues (and, optionally, the archive), with their videos. */
export async function listRecentJobs(filter: JobFilter = {}): Promise<RecentJob[]> {
  await getBoss();
  const limit = Math.min(Math.max(filter.limit ?? 100, 1), 500);
  const conditions = (table: typeof bossJobs | typeof bossArchive): SQL | undefined =>
    and(
      inArray(table.name, Object.values(QUEUES)),
      filter.queue ? eq(table.name, filter.queue) : undefined,
      filter.state ? eq(table.state, filter.state) : undefined,
      filter.cityVideoId ? eq(table.singletonKey, filter.cityVideoId) : undefined,
    );
  const live = (
    await getDb().select().from(bossJobs).where(conditions(bossJobs)).orderBy(desc(bossJobs.createdOn)).limit(limit)
  ).map((row) => summarize(row));
  const archived = filter.includeArchived
    ? (
        await getDb()
          .select()
          .from(bossArchive)
          .where(conditions(bossArchive))
          .orderBy(desc(bossArchive.createdOn))
          .limit(limit)
      ).map((row) => summarize(row, true))
    : [];
  const jobs = [...live, ...archived].sort((a, b) => b.createdOn.localeCompare(a.createdOn)).slice(0, limit);
  const videos = await videosById(jobs.flatMap((job) => (job.cityVideoId ? [job.cityVideoId] : [])));
  return jobs.map((job) => ({ ...job, video: (job.cityVideoId && videos.get(job.cityVideoId)) || null }));
}
