/** Job and pipeline states as pages show them (no server code here). */
import { href } from "react-router";
import type { Toast } from "~/lib/toast/toast";

export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export type JobSummary = {
  id: string;
  queue: string;
  state: JobState;
  /** Runs started so far (the first run and its retries). */
  attempts: number;
  retryLimit: number;
  mode: string | null;
  cityVideoId: string | null;
  createdOn: string;
  startAfter: string;
  startedOn: string | null;
  completedOn: string | null;
  /** The handler's outcome for a completed job: written, skipped, fetched, unavailable, failed. */
  outcome: string | null;
  /** Why it failed (or why it completed as failed), as recorded. */
  error: string | null;
  archived: boolean;
};

// The part of a video's pipeline status that any visitor may see (pages, polling).

export type TranscriptState = "none" | "queued" | "fetching" | "present" | "unavailable" | "failed";
export type AnalysisState = "none" | "queued" | "analyzing" | "present" | "failed";
export type StoryState = "none" | "queued" | "generating" | "present" | "failed";

export type PublicPipelineStatus = {
  cityVideoId: string;
  transcript: TranscriptState;
  analysis: AnalysisState;
  story: StoryState;
  /** UI-ready message of a failed step ('Analysis failed', the AI's message, ...). */
  error?: string;
  /** A job is waiting or running: look again soon. */
  refresh: boolean;
  /** Admins only: every step's latest failure, also when the previous result is still shown. */
  errors?: { transcript?: string; analysis?: string; story?: string };
  /** Once, for the admin whose queued job has just finished ('Story Generated', or its failure). */
  toast?: Toast;
};

/** The resource route that answers a video's PublicPipelineStatus as JSON. */
export function pipelineStatusUrl(cityVideoId: string): string {
  return href("/resources/pipeline-status/:meetingId", { meetingId: encodeURIComponent(cityVideoId) });
}

/** Seconds between refreshes while a job is waiting or running. */
export const PIPELINE_REFRESH_SECONDS = 5;
