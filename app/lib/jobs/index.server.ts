/**
 * Background jobs of the meeting pipeline (pg-boss in the app's database):
 * queueing (exactly once per video), the worker, and status.
 * See docs/decisions/0012-jobs.md.
 */
export {
  ensureAnalysisQueued,
  ensurePipelineQueued,
  ensureStoryQueued,
  queueTranscriptFetch,
  requestReanalysis,
  requestStory,
  type EnsureResult,
  type RequestResult,
} from "./enqueue.server";
export { QUEUES, type QueueName } from "./queue-names";
export {
  getVideoPipelineStatus,
  listRecentJobs,
  toPublicStatus,
  type AnalysisState,
  type JobSummary,
  type PipelineStatus,
  type PublicPipelineStatus,
  type RecentJob,
  type StoryState,
  type TranscriptState,
} from "./status.server";
export { openMeetingPipeline } from "./meeting.server";
export { pipelineStatusUrl, PIPELINE_REFRESH_SECONDS } from "./status-types";
export { drainQueues, runNextJob, startWorker, stopWorker, type WorkerOptions } from "./worker.server";
