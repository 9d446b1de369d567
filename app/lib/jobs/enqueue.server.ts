/**
 * Queueing pipeline jobs for a video, exactly once.
 *
 * Every check-and-queue runs in one transaction that first locks the
 * video's row (SELECT ... FOR UPDATE) and inserts the job through that same
 * transaction: concurrent requests for the same video, in one process or
 * several, queue one job; the others find it. The quick unlocked read before
 * it keeps page views of finished meetings free of locks.
 */
import { jobInStates } from "./pending.server";
import { and, desc, eq, inArray } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { getDb } from "~/lib/db/client.server";
import { isAutoAnalyzable } from "~/lib/meetings/rules";
import { NEED_ANALYSIS, NEED_TRANSCRIPT, VIDEO_NOT_FOUND } from "~/lib/pipeline/messages";
import { latestRevisionId } from "~/lib/pipeline/revision-store.server";
import {
  isAnalyzableLength,
  lockVideo,
  readVideoFlags,
  type VideoFlags,
  type Transaction,
} from "~/lib/pipeline/video.server";
import { isUuid } from "~/lib/uuid";
import { getBoss, transactionExecutor } from "./boss.server";
import type { JobDataByQueue } from "./queues";
import { QUEUES, type QueueName, type VideoQueueName } from "./queue-names";
import { bossArchive, bossJobs, PENDING_STATES, WAITING_STATES, type JobState } from "./tables.server";

export type EnsureReason =
  "not-found" | "no-transcript" | "insufficient-transcript" | "no-analysis" | "present" | "pending" | "failed-before";

/** What an ensure call did: queued a job, or why not (with the job it found, if any). */
export type EnsureResult = { queued: boolean; jobId: string | null; reason?: EnsureReason };

export type RequestResult = {
  queued: boolean;
  status: "queued" | "already-queued" | "refused";
  message: string;
  jobId: string | null;
};

type Step = {
  queue: VideoQueueName;
  has: (video: VideoFlags) => boolean;
  canRun: (video: VideoFlags) => EnsureReason | null;
};

// Only automatic jobs go through `canRun`: an insufficient transcript is
// never analyzed by itself, while an admin's Re-Analyze needs > 100 characters.
const ANALYSIS_STEP: Step = {
  queue: QUEUES.analysis,
  has: (video) => video.hasAnalysis,
  canRun: (video) => {
    if (!video.transcriptLength) return "no-transcript";
    return isAutoAnalyzable(video.transcriptLength) ? null : "insufficient-transcript";
  },
};

const STORY_STEP: Step = {
  queue: QUEUES.story,
  has: (video) => video.hasStory,
  canRun: (video) => (video.hasAnalysis ? null : "no-analysis"),
};

function hasLongTranscript(video: VideoFlags): boolean {
  return isAnalyzableLength(video.transcriptLength);
}

function autoJobData(queue: VideoQueueName, cityVideoId: string): JobDataByQueue[VideoQueueName] {
  const data = { cityVideoId, requestedBy: null, mode: "auto" as const, basedOnRevisionId: null };
  return queue === QUEUES.story ? { ...data, additionalContext: null } : data;
}

type LatestJob = Pick<typeof bossJobs.$inferSelect, "id" | "output"> & { state: JobState };

/**
 * The newest job of this queue for the video, in the job table or else in
 * pg-boss's archive. An archived job that never ran (dropped after waiting
 * its retention out) will not run: it counts as none.
 */
async function latestJob(tx: Transaction, queue: QueueName, cityVideoId: string): Promise<LatestJob | null> {
  for (const table of [bossJobs, bossArchive]) {
    const [job] = await tx
      .select({ id: table.id, state: table.state, output: table.output })
      .from(table)
      .where(and(eq(table.name, queue), eq(table.singletonKey, cityVideoId)))
      .orderBy(desc(table.createdOn))
      .limit(1);
    if (!job) continue;
    const state = job.state as JobState;
    if (table === bossArchive && PENDING_STATES.includes(state)) return null;
    return { id: job.id, state, output: job.output };
  }
  return null;
}

/** Failed for good: out of retries, or completed with `{ outcome: "failed" }` (a failure retrying cannot fix). */
function hasFailed(job: LatestJob): boolean {
  if (job.state === "failed") return true;
  const output = job.output as { outcome?: unknown } | null;
  return job.state === "completed" && output?.outcome === "failed";
}

async function sendInTransaction(
  boss: PgBoss,
  tx: Transaction,
  queue: VideoQueueName,
  data: JobDataByQueue[VideoQueueName],
): Promise<string | null> {
  return boss.send(queue, data, { singletonKey: data.cityVideoId, db: transactionExecutor(tx) });
}

function whyNot(step: Step, video: VideoFlags | null): EnsureReason | null {
  if (!video) return "not-found";
  if (step.has(video)) return "present";
  return step.canRun(video);
}

/**
 * Queues the step's automatic job when the video lacks its result, can run
 * it, and has no job for it waiting, running, or failed (a failed job, also
 * one that completed as failed or was archived, is not re-queued by page
 * views: the pages show its error until an admin re-runs it).
 */
async function ensureQueued(step: Step, cityVideoId: string): Promise<EnsureResult> {
  if (!isUuid(cityVideoId)) return { queued: false, jobId: null, reason: "not-found" };
  const early = whyNot(step, await readVideoFlags(cityVideoId));
  if (early) return { queued: false, jobId: null, reason: early };
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    const reason = whyNot(step, await lockVideo(tx, cityVideoId));
    if (reason) return { queued: false, jobId: null, reason };
    const job = await latestJob(tx, step.queue, cityVideoId);
    if (job && PENDING_STATES.includes(job.state)) return { queued: false, jobId: job.id, reason: "pending" };
    if (job && hasFailed(job)) return { queued: false, jobId: job.id, reason: "failed-before" };
    const jobId = await sendInTransaction(boss, tx, step.queue, autoJobData(step.queue, cityVideoId));
    return { queued: jobId !== null, jobId };
  });
}

/** Opening a meeting with a transcript but no analysis: queue its analysis, once. */
export function ensureAnalysisQueued(cityVideoId: string): Promise<EnsureResult> {
  return ensureQueued(ANALYSIS_STEP, cityVideoId);
}

/** A meeting with an analysis but no story: queue its story, once. */
export function ensureStoryQueued(cityVideoId: string): Promise<EnsureResult> {
  return ensureQueued(STORY_STEP, cityVideoId);
}

/** Both, for the meeting pages: whichever is missing and possible. */
export async function ensurePipelineQueued(
  cityVideoId: string,
): Promise<{ analysis: EnsureResult; story: EnsureResult }> {
  const analysis = await ensureAnalysisQueued(cityVideoId);
  const story = await ensureStoryQueued(cityVideoId);
  return { analysis, story };
}

// ---------------------------------------------------------------------------
// Admin requests: a new analysis or story even when one exists.

type ManualRequest = {
  step: Step;
  refusal: (video: VideoFlags) => string | null;
  queuedMessage: string;
  alreadyQueuedMessage: string;
  data: (cityVideoId: string, basedOnRevisionId: string | null) => JobDataByQueue[VideoQueueName];
};

async function requestManual(request: ManualRequest, cityVideoId: string): Promise<RequestResult> {
  const refused = (message: string): RequestResult => ({ queued: false, status: "refused", message, jobId: null });
  if (!isUuid(cityVideoId)) return refused(VIDEO_NOT_FOUND);
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    const video = await lockVideo(tx, cityVideoId);
    if (!video) return refused(VIDEO_NOT_FOUND);
    const refusal = request.refusal(video);
    if (refusal) return refused(refusal);
    const job = await latestJob(tx, request.step.queue, cityVideoId);
    // A job that is already running does not hold back a new request: the
    // admin may have changed the transcript or the instructions since.
    if (job && WAITING_STATES.includes(job.state)) {
      return { queued: false, status: "already-queued", message: request.alreadyQueuedMessage, jobId: job.id };
    }
    const kind = request.step.queue === QUEUES.story ? "story" : "analysis";
    const basedOn = await latestRevisionId(tx, kind, cityVideoId);
    const jobId = await sendInTransaction(boss, tx, request.step.queue, request.data(cityVideoId, basedOn));
    return { queued: jobId !== null, status: "queued", message: request.queuedMessage, jobId };
  });
}

/** Re-Analyze Meeting (admins). */
export function requestReanalysis(cityVideoId: string, requestedBy: string | null = null): Promise<RequestResult> {
  return requestManual(
    {
      step: ANALYSIS_STEP,
      refusal: (video) => (hasLongTranscript(video) ? null : NEED_TRANSCRIPT),
      queuedMessage: "Re-analysis queued. The page updates when it is done.",
      alreadyQueuedMessage: "A re-analysis of this meeting is already queued.",
      data: (id, basedOnRevisionId) => ({ cityVideoId: id, requestedBy, mode: "manual", basedOnRevisionId }),
    },
    cityVideoId,
  );
}

/** Rewrite Story (with instructions) and Regenerate (without), admins. */
export function requestStory(
  cityVideoId: string,
  options: { additionalContext?: string | null; requestedBy?: string | null } = {},
): Promise<RequestResult> {
  const additionalContext = options.additionalContext?.trim() || null;
  return requestManual(
    {
      step: STORY_STEP,
      refusal: (video) => (video.hasAnalysis ? null : NEED_ANALYSIS),
      queuedMessage: "A new story is being written. The page updates when it is ready.",
      alreadyQueuedMessage: "A new story for this meeting is already queued.",
      data: (id, basedOnRevisionId) => ({
        cityVideoId: id,
        requestedBy: options.requestedBy ?? null,
        mode: "manual",
        basedOnRevisionId,
        additionalContext,
      }),
    },
    cityVideoId,
  );
}

/**
 * Fetching captions in the background (for batches, e.g. new videos of a
 * channel). The Fetch Transcript button runs inline instead
 * (fetchTranscriptForVideo). "auto" skips videos that have a transcript.
 */
export async function queueTranscriptFetch(
  cityVideoId: string,
  options: { requestedBy?: string | null; force?: boolean } = {},
): Promise<EnsureResult> {
  if (!isUuid(cityVideoId)) return { queued: false, jobId: null, reason: "not-found" };
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    const video = await lockVideo(tx, cityVideoId);
    if (!video) return { queued: false, jobId: null, reason: "not-found" };
    if (!options.force && hasLongTranscript(video)) return { queued: false, jobId: null, reason: "present" };
    const job = await latestJob(tx, QUEUES.transcriptFetch, cityVideoId);
    if (job && PENDING_STATES.includes(job.state)) return { queued: false, jobId: job.id, reason: "pending" };
    const jobId = await sendInTransaction(boss, tx, QUEUES.transcriptFetch, {
      cityVideoId,
      requestedBy: options.requestedBy ?? null,
      mode: options.force ? "manual" : "auto",
    });
    return { queued: jobId !== null, jobId };
  });
}

/** Sends a failed job back to its queue (admins, jobs page). False when it is not a failed job. */
export async function retryFailedJob(queue: QueueName, jobId: string): Promise<boolean> {
  if (!isUuid(jobId)) return false;
  const boss = await getBoss();
  const result = await boss.retry(queue, jobId);
  // Typed as void, but it answers { jobs, requested, affected }.
  return (result as unknown as { affected?: number }).affected === 1;
}

// ---------------------------------------------------------------------------
// Captions retried later (docs/decisions/0049-captions-from-a-data-center.md).

/**
 * Plans the video's next caption attempt: a transcript-fetch job that starts
 * at `at`. Nothing when a fetch of the video is already waiting (the
 * running job that calls this does not count). Answers the job's id.
 */
export async function scheduleCaptionRetry(cityVideoId: string, at: Date): Promise<string | null> {
  if (!isUuid(cityVideoId)) return null;
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    if (!(await lockVideo(tx, cityVideoId))) return null;
    if (await jobInStates(tx, QUEUES.transcriptFetch, cityVideoId, WAITING_STATES)) return null;
    return boss.send(
      QUEUES.transcriptFetch,
      { cityVideoId, requestedBy: null, mode: "auto" },
      { singletonKey: cityVideoId, startAfter: at, db: transactionExecutor(tx) },
    );
  });
}

export type CaptionRetryResult = { status: "queued" | "running" | "refused"; jobId: string | null };

/**
 * The admin's Retry captions: waiting attempts are canceled and one is
 * queued now (the pace and the breaker still apply when it runs). A fetch
 * already running is left to finish.
 */
export async function requestCaptionRetry(
  cityVideoId: string,
  requestedBy: string | null,
  beforeQueueing: (tx: Transaction) => Promise<void>,
): Promise<CaptionRetryResult> {
  if (!isUuid(cityVideoId)) return { status: "refused", jobId: null };
  const boss = await getBoss();
  return getDb().transaction(async (tx) => {
    if (!(await lockVideo(tx, cityVideoId))) return { status: "refused", jobId: null };
    const ofVideo = and(eq(bossJobs.name, QUEUES.transcriptFetch), eq(bossJobs.singletonKey, cityVideoId));
    const [running] = await tx
      .select({ id: bossJobs.id })
      .from(bossJobs)
      .where(and(ofVideo, eq(bossJobs.state, "active")))
      .limit(1);
    if (running) return { status: "running", jobId: running.id };
    await tx
      .update(bossJobs)
      .set({ state: "cancelled", completedOn: new Date() })
      .where(and(ofVideo, inArray(bossJobs.state, [...WAITING_STATES])));
    await beforeQueueing(tx);
    const jobId = await sendInTransaction(boss, tx, QUEUES.transcriptFetch, {
      cityVideoId,
      requestedBy,
      mode: "manual",
    });
    return { status: "queued", jobId };
  });
}
