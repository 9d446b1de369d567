/**
 * What each queue's job does: it calls the pipeline functions. Handlers are
 * safe to run again for the same job (after a crash or a timeout): the
 * pipeline's write guard turns a repeated run into "skipped" instead of a
 * second revision. A failure that retrying cannot fix completes the job
 * with `{ outcome: "failed" }`; any other error is thrown, and pg-boss
 * retries the job (retryLimit, retryDelay, retryBackoff). Every attempt
 * gives up at its deadline (budgets.server.ts), before the job's expiry.
 */
import { handleAlertMailJob, handleAlertMatchJob, queueAlertMatching } from "~/lib/alerts/mail.server";
import { handleMatterMailJob } from "~/lib/alerts/matter-follows.server";
import { analyzeVideo } from "~/lib/pipeline/analysis.server";
import type { PipelineWriteResult } from "~/lib/pipeline/revision-store.server";
import { isPipelineError } from "~/lib/pipeline/messages";
import { isAnalyzableLength, readVideoFlags } from "~/lib/pipeline/video.server";
import { writeVideoStory } from "~/lib/pipeline/stories.server";
import { refreshSource } from "~/lib/sources/refresh.server";
import { moveNextRetry } from "~/lib/captions/state.server";
import { fetchTranscriptForVideo } from "~/lib/transcripts/fetch.server";
import { isVideoSourceError } from "~/lib/youtube/sources.server";
import { handleIssueSummaryJob, queueIssueSummaries } from "~/lib/issues/jobs.server";
import { handleInboxMailJob } from "~/lib/inbox/notices.server";
import { handleLegistarSyncJob } from "~/lib/legistar/job.server";
import { handleTranscriptionJob, transcribeWithoutCaptions } from "~/lib/transcription/job.server";
import { attemptDeadlineMs } from "./budgets.server";
import { ensureAnalysisQueued, ensureStoryQueued, scheduleCaptionRetry } from "./enqueue.server";
import {
  AnalysisJobData,
  BackfillJobData,
  SourceRefreshJobData,
  StoryJobData,
  TranscriptJobData,
  type JobOutput,
} from "./queues";
import { QUEUES, type QueueName } from "./queue-names";

export type JobInput = { id: string; data: unknown };

/** Fires when this attempt has used up its time (well before pg-boss would expire the job). */
function attemptDeadline(queue: QueueName): AbortSignal {
  return AbortSignal.timeout(attemptDeadlineMs(queue));
}

function outputOf(result: PipelineWriteResult): JobOutput {
  return result.status === "written"
    ? { outcome: "written", revisionId: result.revisionId }
    : { outcome: "skipped", reason: result.reason };
}

async function unlessPermanent(run: () => Promise<JobOutput>): Promise<JobOutput> {
  try {
    return await run();
  } catch (error) {
    if (isPipelineError(error) && error.permanent) return { outcome: "failed", error: error.message };
    throw error;
  }
}

export async function handleAnalysisJob(job: JobInput): Promise<JobOutput> {
  const data = AnalysisJobData.parse(job.data);
  return unlessPermanent(async () => {
    const result = await analyzeVideo(data.cityVideoId, {
      requestedBy: data.requestedBy,
      force: data.mode === "manual",
      ifCurrentRevision: data.mode === "manual" ? data.basedOnRevisionId : undefined,
      signal: attemptDeadline(QUEUES.analysis),
    });
    // Also after "skipped": a run that crashed after writing the analysis
    // may not have queued the story yet.
    await ensureStoryQueued(data.cityVideoId);
    await queueAlertMatching(data.cityVideoId); // idempotent: a meeting alerts each search once
    await queueIssueSummaries({ cityVideoId: data.cityVideoId });
    return outputOf(result);
  });
}

export async function handleStoryJob(job: JobInput): Promise<JobOutput> {
  const data = StoryJobData.parse(job.data);
  return unlessPermanent(async () =>
    outputOf(
      await writeVideoStory(data.cityVideoId, {
        requestedBy: data.requestedBy,
        additionalContext: data.additionalContext,
        onlyIfMissing: data.mode === "auto",
        ifCurrentRevision: data.mode === "manual" ? data.basedOnRevisionId : undefined,
        signal: attemptDeadline(QUEUES.story),
      }),
    ),
  );
}

/**
 * Captions: the fetch waits its turn in the process's pace; a transient
 * failure plans the next attempt itself (back-off, Retry-After), so the job
 * completes instead of failing; while the breaker holds every caption fetch
 * the job moves to the end of the pause without asking the site
 * (docs/decisions/0049-captions-from-a-data-center.md).
 */
export async function handleTranscriptJob(job: JobInput): Promise<JobOutput> {
  const data = TranscriptJobData.parse(job.data);
  // A planned retry whose transcript arrived meanwhile (Fetch Transcript, an admin's edit) asks the site for nothing.
  if (data.mode === "auto" && isAnalyzableLength((await readVideoFlags(data.cityVideoId))?.transcriptLength))
    return { outcome: "skipped", reason: "The video has a transcript." };
  const outcome = await fetchTranscriptForVideo(data.cityVideoId);
  if (outcome.status === "failed") {
    if (outcome.pausedUntil) {
      await scheduleCaptionRetry(data.cityVideoId, outcome.pausedUntil);
      await moveNextRetry(data.cityVideoId, outcome.pausedUntil);
      return { outcome: "paused", until: outcome.pausedUntil.toISOString() };
    }
    if (outcome.retryAt)
      return { outcome: "retrying", reason: outcome.code ?? "network", retryAt: outcome.retryAt.toISOString() };
    if (outcome.code || outcome.error === "Video not found") return { outcome: "failed", error: outcome.error };
    throw new Error(outcome.error);
  }
  if (outcome.status === "unavailable") {
    // No captions, but a recording to hear (docs/decisions/0083-recordings-for-transcription.md).
    const transcribing = await transcribeWithoutCaptions(data.cityVideoId);
    return {
      outcome: "unavailable",
      reason: transcribing ? `${outcome.reason} Its recording is queued for speech-to-text.` : outcome.reason,
    };
  }
  await ensureAnalysisQueued(data.cityVideoId);
  return { outcome: "fetched", segmentCount: outcome.segmentCount };
}

/** A URL that is not (or no longer) a video source will not become one by retrying; a failing YouTube may. */
export async function handleSourceRefreshJob(job: JobInput): Promise<JobOutput> {
  const data = SourceRefreshJobData.parse(job.data);
  try {
    const counts = await refreshSource(data.urlId, { requestedBy: data.requestedBy });
    return { outcome: "refreshed", ...counts };
  } catch (error) {
    if (isVideoSourceError(error) && error.code !== "unavailable") return { outcome: "failed", error: error.message };
    throw error;
  }
}

/**
 * One meeting of a backfill run (docs/decisions/0050): its analysis, then
 * its story, as `npm run analyze` does, with what a new analysis brings
 * along (alerts, issue summaries). A failure retrying cannot fix (no
 * transcript) completes as failed; others are retried.
 */
export async function handleBackfillJob(job: JobInput): Promise<JobOutput> {
  const data = BackfillJobData.parse(job.data);
  const signal = attemptDeadline(QUEUES.backfill);
  return unlessPermanent(async () => {
    const analysis = await analyzeVideo(data.cityVideoId, {
      requestedBy: data.requestedBy,
      force: data.force,
      signal,
    });
    if (analysis.status === "written") {
      await queueAlertMatching(data.cityVideoId);
      await queueIssueSummaries({ cityVideoId: data.cityVideoId });
    }
    const story = await writeVideoStory(data.cityVideoId, {
      requestedBy: data.requestedBy,
      onlyIfMissing: !data.force,
      signal,
    });
    return { outcome: "backfilled", analysis: analysis.status, story: story.status };
  });
}

export const HANDLERS: Record<QueueName, (job: JobInput) => Promise<JobOutput>> = {
  [QUEUES.transcriptFetch]: handleTranscriptJob,
  [QUEUES.analysis]: handleAnalysisJob,
  [QUEUES.story]: handleStoryJob,
  [QUEUES.sourceRefresh]: handleSourceRefreshJob,
  [QUEUES.alertMatch]: handleAlertMatchJob,
  [QUEUES.alertMail]: handleAlertMailJob,
  [QUEUES.matterMail]: handleMatterMailJob,
  [QUEUES.issueSummary]: handleIssueSummaryJob,
  [QUEUES.inboxMail]: handleInboxMailJob,
  [QUEUES.backfill]: handleBackfillJob,
  [QUEUES.legistarSync]: (job) => handleLegistarSyncJob(job, attemptDeadline(QUEUES.legistarSync)),
  [QUEUES.transcription]: (job) => handleTranscriptionJob(job, attemptDeadline(QUEUES.transcription)),
};
