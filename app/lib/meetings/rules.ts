/**
 * What a video card offers, decided by the length of its transcript
 * (docs/product.md#rules-meetings). The one place these thresholds are applied.
 */
import { DESCRIPTION_FALLBACK_LENGTH, TRANSCRIPT_ANALYSIS_MIN, TRANSCRIPT_SUFFICIENT_MIN } from "~/lib/constants";

/** `null` when the video has no transcript at all. */
export type TranscriptLength = number | null;

/** The Analysis button is active only for a transcript longer than 100 characters. */
export function isAnalysisEnabled(length: TranscriptLength): boolean {
  return length !== null && length > TRANSCRIPT_ANALYSIS_MIN;
}

/** Missing or shorter than 1000 characters: 'Transcript insufficient - excluded from analysis'. */
export function isTranscriptInsufficient(length: TranscriptLength): boolean {
  return length === null || length < TRANSCRIPT_SUFFICIENT_MIN;
}

/**
 * Whether anything automatic (a page view, a fetched transcript, the
 * backfill) may analyze the meeting: only a transcript that is not
 * insufficient. An admin's Re-Analyze follows `isAnalysisEnabled` instead
 * (docs/decisions/0028-failures-stop-insufficient-not-auto-analyzed.md).
 */
export function isAutoAnalyzable(length: TranscriptLength): boolean {
  return !isTranscriptInsufficient(length);
}

/** Admins may fetch a transcript that is missing or shorter than 100 characters. */
export function canFetchTranscript(length: TranscriptLength): boolean {
  return length === null || length < TRANSCRIPT_ANALYSIS_MIN;
}

export const INSUFFICIENT_TRANSCRIPT_BADGE = "Transcript insufficient - excluded from analysis";

export type TranscriptRules = { analysisEnabled: boolean; insufficient: boolean; fetchTranscript: boolean };

export function transcriptRules(length: TranscriptLength): TranscriptRules {
  return {
    analysisEnabled: isAnalysisEnabled(length),
    insufficient: isTranscriptInsufficient(length),
    fetchTranscript: canFetchTranscript(length),
  };
}

/**
 * A card's description: the video's own, or else the start of the transcript
 * with runs of whitespace collapsed to single spaces, cut to 200 characters
 * plus '...'.
 */
export function cardDescription(description: string | null, transcript: string | null): string {
  if (description?.trim()) return description.trim();
  const collapsed = (transcript ?? "").replace(/\s+/g, " ").trim();
  if (!collapsed) return "";
  return collapsed.length > DESCRIPTION_FALLBACK_LENGTH
    ? `${collapsed.slice(0, DESCRIPTION_FALLBACK_LENGTH)}...`
    : collapsed;
}
