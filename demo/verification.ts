/**
 * The demo's analyses and stories go through the same verification pass as
 * generated ones (docs/decisions/0024), so their pages say what was checked.
 * The demo is written to pass it unchanged: tests/unit/seed-data.test.ts
 * holds it to that, so the stored content and its report always agree.
 */
import { parseStoredAnalysis, parseStoredStory, isPlainText } from "~/lib/ai/stored";
import { verifyAnalysis, verifyStory, type VerificationReport } from "~/lib/ai/verify";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import type { SeedAnalysisRecord } from "./analyses";
import type { SeedVideo } from "./meetings";

export type SeedReports = { analysis: VerificationReport | null; story: VerificationReport | null };

export function verifySeedRecord(record: SeedAnalysisRecord, video: SeedVideo): SeedReports {
  const transcript = video.transcript ?? "";
  const segments = parseTimestampedTranscript(transcript);
  const analysis = parseStoredAnalysis(record.analysis);
  if (!analysis || isPlainText(analysis)) return { analysis: null, story: null };
  const verified = verifyAnalysis(analysis, segments, transcript, video.title);
  const story = parseStoredStory(record.story);
  const storyReport =
    story && !isPlainText(story)
      ? verifyStory(story, { segments, transcript, title: video.title, analysis: verified.analysis }).report
      : null;
  return { analysis: verified.report, story: storyReport };
}
