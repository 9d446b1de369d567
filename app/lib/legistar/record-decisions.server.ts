/**
 * A meeting's verified decisions beside its official agenda
 * (docs/decisions/0075-record-beside-the-transcript.md; the rule is pairing.ts):
 *
 *   officialBeside(agenda, meeting.decisions); // [the record's item and any disagreement, or null] per decision
 *   await recordDisagreements(meetingId);      // { decisions: 2, paired: 2, disagreements: 1 } or null
 *
 * Computed when read: nothing is stored, so a new sync, a new analysis or a
 * corrected link shows at once.
 */
import { meetingDecisionList } from "~/lib/meetings/decisions.server";
import type { DecisionView } from "~/lib/meetings/view";
import type { AgendaView } from "./agenda";
import { meetingAgenda } from "./agenda.server";
import { officialDecisionViews, pairDecisions, type OfficialDecisionView } from "./pairing";

/**
 * For each decision the page shows (in order), the record's item beside it,
 * or null; the decisions are the page's own, so both sides come from one read.
 */
export function officialBeside(
  agenda: AgendaView | null,
  decisions: readonly DecisionView[],
): (OfficialDecisionView | null)[] {
  if (!agenda) return decisions.map(() => null);
  return officialDecisionViews(
    decisions.map((decision) => ({
      item: decision.item,
      result: decision.result,
      ayes: decision.ayes,
      nays: decision.nays,
      motionSecond: decision.motionMoment?.seconds ?? null,
      resultSecond: decision.resultMoment?.seconds ?? null,
    })),
    agenda.items,
  );
}

export type RecordCounts = { decisions: number; paired: number; disagreements: number };

/** For the admin: how many decisions were paired with the record and how many disagree; null without a matched event. */
export async function recordDisagreements(meetingId: string): Promise<RecordCounts | null> {
  const [agenda, decisions] = await Promise.all([meetingAgenda(meetingId), meetingDecisionList(meetingId)]);
  if (!agenda) return null;
  const pairings = pairDecisions(decisions, agenda.items);
  return {
    decisions: decisions.length,
    paired: pairings.filter(Boolean).length,
    disagreements: pairings.filter((pairing) => pairing && pairing.comparison.differences.length > 0).length,
  };
}
