/**
 * Every failure of an AI call becomes an AiError whose message can be shown
 * to the user as is ("Analysis failed: ..."). The cause keeps the original
 * error for logs.
 */

export type AiOperation = "analysis" | "story";

export type AiErrorCode =
  | "input" // nothing to analyze, or missing analysis for a story
  | "timeout"
  | "connection"
  | "http"
  | "rate_limit"
  | "auth"
  | "length" // the reply was cut off at the token limit
  | "content_filter"
  | "refusal"
  | "empty"
  | "invalid_json"
  | "schema"
  | "unknown";

const MISSING_INPUT: Record<AiOperation, string> = {
  analysis: "Video must have a transcript to run analysis",
  story: "Analysis results are required to generate a story",
};

const OPERATION_LABEL: Record<AiOperation, string> = {
  analysis: "Analysis failed",
  story: "Story generation failed",
};

const REASON: Record<AiErrorCode, string> = {
  input: "the input is missing.",
  timeout: "the AI service did not answer in time.",
  connection: "the AI service could not be reached.",
  http: "the AI service returned an error.",
  rate_limit: "the AI service is rate limiting requests; try again later.",
  auth: "the AI service rejected the API key.",
  length: "the model's reply was cut off (length limit).",
  content_filter: "the model's reply was blocked by its content filter.",
  refusal: "the model refused to answer.",
  empty: "the model returned an empty reply.",
  invalid_json: "the model's reply was not valid JSON.",
  schema: "the model's reply did not have the expected structure.",
  unknown: "an unexpected error occurred.",
};

export class AiError extends Error {
  override readonly name = "AiError";
  readonly code: AiErrorCode;
  readonly operation: AiOperation;
  readonly status: number | null;

  constructor(
    operation: AiOperation,
    code: AiErrorCode,
    options: { detail?: string; status?: number | null; cause?: unknown } = {},
  ) {
    super(aiErrorMessage(operation, code, options.detail), { cause: options.cause });
    this.code = code;
    this.operation = operation;
    this.status = options.status ?? null;
  }
}

/**
 * "Analysis failed: the model's reply was cut off (length limit)."; a detail
 * replaces the stock reason. Input errors are shown as given
 * ("Video must have a transcript to run analysis").
 */
export function aiErrorMessage(operation: AiOperation, code: AiErrorCode, detail?: string): string {
  if (code === "input" && detail) return detail;
  return `${OPERATION_LABEL[operation]}: ${detail ?? REASON[code]}`;
}

export function isAiError(error: unknown): error is AiError {
  return error instanceof AiError;
}

/** The caller's deadline passed (a job's time limit): a timeout, in plain words. */
export function deadlineError(operation: AiOperation, cause?: unknown): AiError {
  return new AiError(operation, "timeout", { cause, detail: "it took longer than its time limit." });
}

/** Throws the deadline's AiError once the signal has fired. */
export function throwIfPastDeadline(operation: AiOperation, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw deadlineError(operation, signal.reason);
}

/** The input error both providers raise when there is nothing to work from. */
export function missingInputError(operation: AiOperation): AiError {
  return new AiError(operation, "input", { detail: MISSING_INPUT[operation] });
}
