/**
 * What the pipeline says to people (docs/product.md#messages-meeting-pages),
 * and the error
 * it throws. A PipelineError's message can be shown as is.
 */
import { isAiError } from "~/lib/ai/errors";
import type { RevisionKind } from "./types";

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

/** The step that failed; the same two kinds as revisions. */
export type PipelineStep = RevisionKind;

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

const STEP_FAILED: Record<PipelineStep, string> = {
  analysis: ANALYSIS_FAILED,
  story: STORY_FAILED_TOAST.description,
};

/**
 * Any failure of a step as a PipelineError that can be shown: the AI
 * provider's own message (permanent when the input is at fault), or the
 * step's generic failure message.
 */
export function toPipelineError(step: PipelineStep, error: unknown): PipelineError {
  if (isPipelineError(error)) return error;
  if (isAiError(error))
    return new PipelineError(step, error.message, { cause: error, permanent: error.code === "input" });
  return new PipelineError(step, STEP_FAILED[step], { cause: error });
}
