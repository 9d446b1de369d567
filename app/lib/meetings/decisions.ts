/**
 * A meeting's decisions as readers see them (docs/decisions/0060-decisions-on-the-record.md):
 * the stored rows of `meeting_decisions`, the motion and result in plain
 * words, and one line per decision for the story's quick facts, the feed,
 * alerts, issue timelines and the desk. Shared by the server and the pages.
 */
import type { DecisionResult, MotionKind, VoteMethod } from "~/lib/ai/schemas";
import { formatDuration } from "~/lib/format/duration";

/** One row of `meeting_decisions`, as read back (seconds null when the transcript has no times). */
export type StoredDecision = {
  position: number;
  item: string;
  motion: MotionKind;
  result: DecisionResult;
  ayes: number | null;
  nays: number | null;
  abstain: number | null;
  absent: number | null;
  how: VoteMethod | null;
  consentItems: string[];
  motionText: string;
  motionSecond: number | null;
  resultText: string;
  resultSecond: number | null;
};

const MOTION_LABELS: Record<MotionKind, string> = {
  approve: "Approve",
  adopt: "Adopt",
  deny: "Deny",
  refer: "Refer",
  "place-on-file": "Place on file",
  "receive-and-file": "Receive and file",
  "set-public-hearing": "Set a public hearing",
  postpone: "Postpone",
  amend: "Amend",
  substitute: "Substitute",
  "override-veto": "Override the veto",
  reconsider: "Reconsider",
  "suspend-rules": "Suspend the rules",
  adjourn: "Adjourn",
  other: "Other motion",
};

/** What a carried motion of each kind did, in the words a reader expects. */
const CARRIED_OUTCOMES: Partial<Record<MotionKind, string>> = {
  approve: "approved",
  adopt: "adopted",
  deny: "denied",
  refer: "referred",
  "place-on-file": "placed on file",
  "receive-and-file": "received and filed",
  "set-public-hearing": "hearing set",
  postpone: "postponed",
  amend: "amended",
  substitute: "substitute adopted",
  "override-veto": "veto overridden",
  reconsider: "to be reconsidered",
  "suspend-rules": "rules suspended",
  adjourn: "adjourned",
};

const HOW_LABELS: Record<VoteMethod, string> = {
  "roll-call": "roll call",
  voice: "voice vote",
  consent: "consent agenda",
  "unanimous-consent": "unanimous consent",
};

export function motionLabel(motion: MotionKind): string {
  return MOTION_LABELS[motion];
}

/**
 * The result in plain words: "Carried: denied", "Failed: veto sustained"
 * (a failed override leaves the veto standing), "Withdrawn".
 */
export function resultLabel(decision: Pick<StoredDecision, "motion" | "result">): string {
  if (decision.result === "withdrawn") return "Withdrawn";
  if (decision.result === "failed") return decision.motion === "override-veto" ? "Failed: veto sustained" : "Failed";
  const outcome = CARRIED_OUTCOMES[decision.motion];
  return outcome ? `Carried: ${outcome}` : "Carried";
}

/** "9-4", "9-4, 1 abstaining, 2 absent", "12 ayes"; null when no count was said. */
export function tallyLabel(decision: Pick<StoredDecision, "ayes" | "nays" | "abstain" | "absent">): string | null {
  const parts: string[] = [];
  if (decision.ayes !== null && decision.nays !== null) parts.push(`${decision.ayes}-${decision.nays}`);
  else if (decision.ayes !== null) parts.push(`${decision.ayes} ${decision.ayes === 1 ? "aye" : "ayes"}`);
  else if (decision.nays !== null) parts.push(`${decision.nays} ${decision.nays === 1 ? "nay" : "nays"}`);
  if (decision.abstain) parts.push(`${decision.abstain} abstaining`);
  if (decision.absent) parts.push(`${decision.absent} absent`);
  return parts.length > 0 ? parts.join(", ") : null;
}

export function howLabel(how: VoteMethod | null): string | null {
  return how ? HOW_LABELS[how] : null;
}

/** A moment of the video as shown ("01:02:05"), or null without one. */
export function momentLabel(seconds: number | null): string | null {
  return seconds === null ? null : formatDuration(seconds);
}

/**
 * One line per decision, plain text (the caller escapes it as it renders):
 * "Mayor's veto of the 2027 budget: Override the veto. Failed: veto sustained, 6-6 (roll call)".
 */
export function decisionLine(decision: StoredDecision): string {
  const tally = tallyLabel(decision);
  const how = howLabel(decision.how);
  const consent = decision.consentItems.length > 0 ? `; ${decision.consentItems.length} items` : "";
  return `${decision.item}: ${motionLabel(decision.motion)}. ${resultLabel(decision)}${tally ? `, ${tally}` : ""}${
    how ? ` (${how}${consent})` : consent ? ` (${consent.slice(2)})` : ""
  }`;
}
