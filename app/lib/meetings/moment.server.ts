/**
 * What was said at a second of a meeting, for the link previews of a
 * shared moment (`?t=`): the Open Graph and Twitter description become the
 * quote or passage said then (docs/decisions/0042-journalists-desk.md).
 * A verified quote of the analysis placed at that second wins, then a
 * highlight at that second, then the transcript segment being spoken.
 */
import { and, desc, eq, lte } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { transcriptSegments } from "~/lib/db/schema";
import type { MeetingView } from "~/lib/meetings/view";
import { excerpt } from "~/lib/meetings/text";

export type MomentFacts = { seconds: number; description: string };

const MAX = 200;

function said(text: string, speaker: string | null | undefined): string {
  const who = speaker?.trim() && speaker.trim().toLowerCase() !== "unknown" ? ` — ${speaker.trim()}` : "";
  const quote = excerpt(text, MAX - who.length - 2);
  return `“${quote}”${who}`;
}

function fromAnalysis(meeting: MeetingView, seconds: number): string | null {
  if (meeting.analysis.kind !== "structured") return null;
  const highlights = meeting.analysis.highlights;
  const verified = meeting.analysisProvenance?.moments.find((moment) => moment.seconds === seconds);
  if (verified) {
    const speaker = highlights.flatMap((h) => h.quotes).find((q) => q.text.trim() === verified.text)?.speaker;
    return said(verified.text, speaker);
  }
  const highlight = highlights.find((h) => h.seconds === seconds);
  if (!highlight) return null;
  const quote = highlight.quotes[0];
  return quote ? said(quote.text, quote.speaker) : excerpt(highlight.pointOfInterest, MAX);
}

async function fromTranscript(meetingId: string, seconds: number): Promise<string | null> {
  const [segment] = await getDb()
    .select({ text: transcriptSegments.text, speaker: transcriptSegments.speaker, end: transcriptSegments.endSeconds })
    .from(transcriptSegments)
    .where(and(eq(transcriptSegments.cityVideoId, meetingId), lte(transcriptSegments.startSeconds, seconds + 0.999)))
    .orderBy(desc(transcriptSegments.startSeconds))
    .limit(1);
  if (!segment?.text.trim()) return null;
  // A second after the segment ended (a pause, the meeting over) says nothing.
  if (segment.end !== null && segment.end + 1 < seconds) return null;
  return said(segment.text, segment.speaker);
}

/** The description of the meeting at `seconds`, or null when nothing is known to be said then. */
export async function momentFacts(meeting: MeetingView, seconds: number | null): Promise<MomentFacts | null> {
  if (seconds === null) return null;
  const description = fromAnalysis(meeting, seconds) ?? (await fromTranscript(meeting.id, seconds));
  return description ? { seconds, description } : null;
}
