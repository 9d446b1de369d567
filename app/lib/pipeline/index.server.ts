/**
 * The meeting pipeline for routes and scripts:
 * - analyzeVideo / writeVideoStory: run now, store a revision (or throw a PipelineError);
 * - listRevisions / getRevision / restoreRevision: the history of a video's analyses and stories.
 * Queueing them as background jobs, and their status: ~/lib/jobs/index.server.
 */
export { analyzeVideo, type AnalyzeVideoOptions } from "./analysis.server";
export {
  ANALYSIS_FAILED,
  isPipelineError,
  NEED_ANALYSIS,
  NEED_TRANSCRIPT,
  PipelineError,
  STORY_FAILED_TOAST,
  STORY_GENERATED_TOAST,
  VIDEO_NOT_FOUND,
} from "./messages";
export type { PipelineWriteResult } from "./revision-store.server";
export {
  getRevision,
  getRevisionPair,
  isRevisionKind,
  listRevisions,
  restoreRevision,
  type Revision,
  type RevisionKind,
  type RevisionSummary,
} from "./revisions.server";
export { writeVideoStory, type WriteStoryOptions } from "./stories.server";
