/**
 * What a matched meeting decided, as alerts tell it (docs/decisions/0064-decisions-in-alerts-and-the-desk.md):
 * one line per decision in the meeting page's words (decisionLine), with an
 * absolute link to the moment its result was stated. Shared by the e-mail
 * and the private Atom feed.
 */
import { decisionLine, momentLabel, type StoredDecision } from "~/lib/meetings/decisions";
import { meetingHref } from "~/lib/meetings/links";

/** One decision: its line and an absolute link to the moment its result was stated. */
export type AlertDecision = {
  line: string;
  /** "00:02:15" (momentLabel), null when the transcript gives the result no time. */
  moment: string | null;
  /** At the result's second; the meeting page when it has none. */
  url: string;
};

export function alertDecisions(
  decisions: readonly StoredDecision[],
  meeting: { appUrl: string; meetingId: string; cityKey: string },
): AlertDecision[] {
  return decisions.map((decision) => ({
    line: decisionLine(decision),
    moment: momentLabel(decision.resultSecond),
    url: meeting.appUrl + meetingHref(meeting.meetingId, { cityKey: meeting.cityKey, seconds: decision.resultSecond }),
  }));
}

/** The link's words: "Result at 00:02:15", or "The meeting" without a time. */
export function decisionLinkLabel(decision: AlertDecision): string {
  return decision.moment ? `Result at ${decision.moment}` : "The meeting";
}

/** The plain-text lines of a meeting's decisions, each line indented by `indent`; none without decisions. */
export function alertDecisionsText(decisions: readonly AlertDecision[], indent = ""): string[] {
  if (decisions.length === 0) return [];
  return [
    `${indent}Decisions:`,
    ...decisions.map(
      (decision) => `${indent}- ${decision.line}\n${indent}  ${decisionLinkLabel(decision)}: ${decision.url}`,
    ),
  ];
}
