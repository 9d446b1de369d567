/**
 * What the meetings on the desk decided (docs/decisions/0060-decisions-on-the-record.md):
 * the same `meeting_decisions` rows the meeting page reads, worded by the
 * same helpers, each with its id so that "Add to draft" can name it.
 */
import { decisionLine, momentLabel } from "~/lib/meetings/decisions";
import { listIdentifiedDecisions } from "~/lib/meetings/decisions.server";
import { decisionAttribution, type DraftEntry } from "./draft.server";

export type DeskDecision = {
  /** The row's id, posted by "Add to draft" (the server reads the decision again by it). */
  id: number;
  /** The decision on one line: item, motion, result, tally (decisionLine). */
  line: string;
  /** The result's verbatim words and their second (null without a time). */
  words: string;
  seconds: number | null;
  /** The second as the meeting page shows it ("00:02:15"). */
  moment: string | null;
  /** Whether the member's draft holds it already (the Draft tab says so instead of offering it). */
  inDraft: boolean;
};

/** The decisions of each meeting, in order; a meeting without any maps to []. */
export async function deskDecisions(
  meetingIds: readonly string[],
  draft: readonly DraftEntry[] = [],
): Promise<Map<string, DeskDecision[]>> {
  const rows = await listIdentifiedDecisions(meetingIds);
  return new Map(
    [...rows].map(([meetingId, decisions]) => [
      meetingId,
      decisions.map((decision) => {
        const attribution = decisionAttribution(decision);
        const words = decision.resultText.trim();
        return {
          id: decision.id,
          line: decisionLine(decision),
          words,
          seconds: decision.resultSecond === null ? null : Math.floor(decision.resultSecond),
          moment: momentLabel(decision.resultSecond),
          inDraft: draft.some(
            (entry) => entry.meeting.id === meetingId && entry.quote === words && entry.speaker === attribution,
          ),
        };
      }),
    ]),
  );
}

export type MeetingDecisions = Pick<DraftEntry, "meeting" | "city"> & { decisions: DeskDecision[] };

/** The decisions of the meetings a draft cites, in the draft's order; meetings that decided nothing are left out. */
export async function draftMeetingDecisions(draft: readonly DraftEntry[]): Promise<MeetingDecisions[]> {
  const meetings = new Map<string, Pick<DraftEntry, "meeting" | "city">>();
  for (const entry of draft)
    if (!meetings.has(entry.meeting.id)) meetings.set(entry.meeting.id, { meeting: entry.meeting, city: entry.city });
  const decisions = await deskDecisions([...meetings.keys()], draft);
  return [...meetings].flatMap(([id, cited]) => {
    const list = decisions.get(id) ?? [];
    return list.length > 0 ? [{ ...cited, decisions: list }] : [];
  });
}
