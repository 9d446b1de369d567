/**
 * What the meeting analysis and story pages show, built from a stored video:
 * the tolerant readers of app/lib/ai/stored.ts turn whatever was stored into
 * structured data or plain text.
 */
import type { NewsStory } from "~/lib/ai/schemas";
import { isPlainText, parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import { parseClockTime } from "~/lib/ai/timestamps";
import { youTubeVideoId } from "~/lib/meetings/video";
import { formatDate } from "~/lib/format/date";
import { isAnalysisEnabled } from "~/lib/meetings/rules";
import type { MeetingRecord } from "~/lib/meetings/meetings.server";
import { provenanceView, type ProvenanceView } from "~/lib/meetings/provenance";
import {
  decisionLine,
  howLabel,
  momentLabel,
  motionLabel,
  resultLabel,
  tallyLabel,
  type StoredDecision,
} from "~/lib/meetings/decisions";

export type HighlightView = {
  /** null when the transcript has no times (the analysis then says "00:00:00", which is no moment). */
  timestamp: string | null;
  /** Seconds into the video, for the `?t=` link; null when the timestamp is unreadable or not real. */
  seconds: number | null;
  pointOfInterest: string;
  quotes: { text: string; speaker: string }[];
};

export type AnalysisView =
  | { kind: "none" }
  | { kind: "plain"; text: string }
  | {
      kind: "structured";
      summary: string;
      highlights: HighlightView[];
      actionItems: { description: string; responsibleParty: string; dueDate: string | null }[];
      entities: { name: string; type: string; context: string }[];
    };

/** A decision as the Decisions section and the story's quick facts show it (all plain text). */
export type DecisionView = {
  item: string;
  motion: StoredDecision["motion"];
  result: StoredDecision["result"];
  motionLabel: string;
  resultLabel: string;
  tally: string | null;
  /** The counts behind the tally, for comparing with the official record. */
  ayes: number | null;
  nays: number | null;
  how: string | null;
  consentItems: string[];
  /** The moments the motion was made and the result stated; null without a time. */
  motionMoment: { seconds: number; label: string } | null;
  resultMoment: { seconds: number; label: string } | null;
  /** The whole decision on one line (the story's quick facts). */
  line: string;
};

function moment(seconds: number | null, transcriptTimed: boolean): DecisionView["motionMoment"] {
  if (!transcriptTimed || seconds === null) return null;
  return { seconds: Math.floor(seconds), label: momentLabel(seconds)! };
}

export function decisionView(decision: StoredDecision, transcriptTimed = true): DecisionView {
  return {
    item: decision.item,
    motion: decision.motion,
    result: decision.result,
    motionLabel: motionLabel(decision.motion),
    resultLabel: resultLabel(decision),
    tally: tallyLabel(decision),
    ayes: decision.ayes,
    nays: decision.nays,
    how: howLabel(decision.how),
    consentItems: decision.consentItems,
    motionMoment: moment(decision.motionSecond, transcriptTimed),
    resultMoment: moment(decision.resultSecond, transcriptTimed),
    line: decisionLine(decision),
  };
}

export type StoryView = { kind: "none" } | { kind: "plain"; text: string } | { kind: "structured"; story: NewsStory };

export type MeetingCity = MeetingRecord["city"];

export type MeetingView = {
  id: string;
  title: string;
  description: string | null;
  publishedAt: string | null;
  publishedLabel: string | null;
  videoUrl: string | null;
  youTubeId: string | null;
  hasTranscript: boolean;
  /**
   * "Transcribed automatically by speaches (whisper-1); names and numbers
   * may be misheard" when speech-to-text made the transcript; else null.
   */
  transcriptNotice: string | null;
  canAnalyze: boolean;
  storyGeneratedAt: string | null;
  city: MeetingCity;
  analysis: AnalysisView;
  story: StoryView;
  /** The current analysis's decisions, from the meeting_decisions rows. */
  decisions: DecisionView[];
  /** How the shown analysis and story were made and checked; null when there is none. */
  analysisProvenance: ProvenanceView | null;
  storyProvenance: ProvenanceView | null;
};

/** A highlight's time as shown and linked: nothing at all for an untimed transcript. */
export function highlightMoment(
  timestamp: string,
  transcriptTimed: boolean,
): { timestamp: string | null; seconds: number | null } {
  if (!transcriptTimed) return { timestamp: null, seconds: null };
  return { timestamp, seconds: parseClockTime(timestamp) };
}

export function analysisView(stored: unknown, transcriptTimed = true): AnalysisView {
  const parsed = parseStoredAnalysis(stored);
  if (!parsed) return { kind: "none" };
  if (isPlainText(parsed)) return { kind: "plain", text: parsed.plainText };
  return {
    kind: "structured",
    summary: parsed.summary,
    highlights: parsed.highlights.map((highlight) => ({
      ...highlightMoment(highlight.timestamp, transcriptTimed),
      pointOfInterest: highlight.point_of_interest,
      quotes: highlight.quotes.map((quote) => ({ text: quote.text, speaker: quote.speaker })),
    })),
    actionItems: parsed.action_items.map((item) => ({
      description: item.description,
      responsibleParty: item.responsible_party,
      dueDate: item.due_date,
    })),
    entities: parsed.entities.map((entity) => ({ name: entity.name, type: entity.type, context: entity.context })),
  };
}

export function storyView(stored: unknown): StoryView {
  const parsed = parseStoredStory(stored);
  if (!parsed) return { kind: "none" };
  if (isPlainText(parsed)) return { kind: "plain", text: parsed.plainText };
  return { kind: "structured", story: parsed };
}

/** What the meeting page says of a transcript made by speech-to-text (issue 30). */
export function transcriptNotice(
  record: Pick<MeetingRecord, "transcriptLength" | "transcriptEngine" | "transcriptModel">,
) {
  if (!record.transcriptLength || record.transcriptEngine === null) return null;
  const model = record.transcriptModel ? ` (${record.transcriptModel})` : "";
  return `Transcribed automatically by ${record.transcriptEngine}${model}; names and numbers may be misheard.`;
}

export function meetingView(record: MeetingRecord): MeetingView {
  return {
    id: record.id,
    title: record.title,
    description: record.description,
    publishedAt: record.publishedAt,
    publishedLabel: formatDate(record.publishedAt),
    videoUrl: record.videoUrl,
    youTubeId: youTubeVideoId(record.videoUrl),
    hasTranscript: record.transcriptLength !== null && record.transcriptLength > 0,
    transcriptNotice: transcriptNotice(record),
    canAnalyze: isAnalysisEnabled(record.transcriptLength),
    storyGeneratedAt: record.storyGeneratedAt,
    city: record.city,
    analysis: analysisView(record.analysisResults, record.transcriptTimed),
    story: storyView(record.newsStory),
    decisions: record.decisions.map((decision) => decisionView(decision, record.transcriptTimed)),
    analysisProvenance: provenanceView(record.analysisRevision, record.analysisResults, record.transcriptTimed),
    storyProvenance: provenanceView(record.storyRevision, record.newsStory, record.transcriptTimed),
  };
}
