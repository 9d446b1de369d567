/**
 * What the pipeline says to people (docs/product.md#messages-meeting-pages),
 * and the error
 * it throws. A PipelineError's message can be shown as is.
 */

export const NEED_TRANSCRIPT = "Video must have a transcript to run analysis";
export const NEED_ANALYSIS = "Analysis results are required to generate a story";
export const ANALYSIS_FAILED = "Analysis failed";
export const VIDEO_NOT_FOUND = "Video not found";
export const REVISION_NOT_FOUND = "Revision not found";

export const STORY_GENERATED_TOAST = {
  type: "success",
  title: "Story Generated",
  description: "The news story has been successfully generated.",
} as const;

export const STORY_FAILED_TOAST = {
  type: "error",
  title: "Error",
  description: "Failed to generate the news story. Please try again.",
} as const;

export type PipelineStep = "analysis" | "story";

export class PipelineError extends Error {
  override readonly name = "PipelineError";
  readonly step: PipelineStep;
  /**
   * True when trying again cannot help (no transcript, no analysis, unknown
   * video): a job then stops instead of retrying.
   */
  readonly permanent: boolean;

  constructor(step: PipelineStep, message: string, options: { permanent?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.step = step;
    this.permanent = options.permanent ?? false;
  }
}

export function isPipelineError(error: unknown): error is PipelineError {
  return error instanceof PipelineError;
}
