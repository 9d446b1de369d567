/**
 * What a verified decision says, in a headline, a sentence and a quick fact
 * (docs/decisions/0060-decisions-on-the-record.md): the verb follows the motion's
 * kind and its result, so a failed override sustains the veto, a carried motion
 * to deny denies and a failed motion to approve rejects. The tally is said only
 * when both ayes and nays are known.
 */
import type { Decision, MotionKind } from "../schemas";
import { isProcedureItem } from "./actions";

/** "8-4", or null unless ayes and nays are both known. */
export function tallyOf(decision: Decision): string | null {
  return decision.ayes !== null && decision.nays !== null ? `${decision.ayes}-${decision.nays}` : null;
}

const PROCEDURE_DECISION =
  /\b(?:minutes|agenda (?:as|be) (?:amended|adopted|approved)|approval of the agenda|adopt(?:ion of)? the agenda|adjourn\w*|recess|excuse\w* (?:absences?|members?)|suspend(?:ing)? the rules)\b|^(?:the )?agenda$/i;
const CONSENT = /\bconsent (?:agenda|calendar|items?)\b/i;

/** Minutes, the agenda, adjournment, rule suspensions: decided, but never what a meeting is about. */
export function isProcedureDecision(decision: Decision): boolean {
  return (
    decision.motion === "adjourn" ||
    decision.motion === "suspend-rules" ||
    PROCEDURE_DECISION.test(decision.item) ||
    isProcedureItem(decision.item)
  );
}

export function isConsentDecision(decision: Decision): boolean {
  return decision.how === "consent" || decision.consent_items.length > 0 || CONSENT.test(decision.item);
}

// How much a kind of motion changes, when it carries: a veto override and a denial are news, a report filed is not.
const WEIGHT: Record<MotionKind, number> = {
  "override-veto": 9,
  deny: 8,
  approve: 6,
  adopt: 6,
  substitute: 5,
  "set-public-hearing": 4,
  refer: 4,
  postpone: 4,
  amend: 4,
  reconsider: 3,
  other: 3,
  "place-on-file": 2,
  "receive-and-file": 1,
  "suspend-rules": 0,
  adjourn: 0,
};

/**
 * How consequential a decision is: procedure ranks last, then a consent agenda and a report
 * received; a failed motion to approve or adopt is a rejection (news); a divided vote is news.
 * Withdrawn motions decide nothing and rank below everything.
 */
export function consequence(decision: Decision): number {
  if (decision.result === "withdrawn") return -1;
  if (isProcedureDecision(decision)) return 0;
  let weight = WEIGHT[decision.motion];
  if (isConsentDecision(decision)) weight = Math.min(weight, 1.5);
  if (decision.result === "failed" && ["approve", "adopt", "substitute"].includes(decision.motion)) weight += 2;
  if ((decision.nays ?? 0) > 0) weight += 1;
  return weight;
}

export type DecisionPhrase = { verb: string; item: string; suffix: string };

// A failed override leaves the veto standing: "sustains the mayor's veto of the budget".
const VETO_OF =
  /^(?:(?:an?\s+)?(?:motion\s+)?(?:to\s+)?override(?:\s+of)?\s+)?(?:the\s+)?((?:mayor's\s+|mayoral\s+)?veto\b.*)$/i;

function vetoObject(item: string): string {
  const veto = VETO_OF.exec(item)?.[1];
  return veto ?? `veto of ${item}`;
}

// "Move this item without recommendation to the full council"; captions drop letters: "itemithout recommendation".
const WITHOUT_RECOMMENDATION = /ithout (?:a )?recommendation\b/i;

/** The verb and what it acts on, from the motion's kind and result only. */
export function decisionPhrase(decision: Decision, item: string): DecisionPhrase {
  const carried = decision.result === "carried";
  const phrase = (verb: string, object = item, suffix = ""): DecisionPhrase => ({ verb, item: object, suffix });
  if (carried && WITHOUT_RECOMMENDATION.test(decision.motion_evidence.text) && decision.motion !== "deny")
    return phrase("sends", item, " to the full council without a recommendation");
  switch (decision.motion) {
    case "approve":
      return phrase(carried ? "approves" : "rejects");
    case "adopt":
      return phrase(carried ? "adopts" : "rejects");
    case "deny":
      return phrase(carried ? "denies" : "declines to deny");
    case "refer":
      return phrase(carried ? "refers" : "declines to refer");
    case "place-on-file":
      return carried ? phrase("places", item, " on file") : phrase("declines to file");
    case "receive-and-file":
      return phrase(carried ? "receives" : "declines to receive");
    case "set-public-hearing":
      return phrase(carried ? "sets hearing on" : "declines to set hearing on");
    case "postpone":
      return phrase(carried ? "delays" : "declines to delay");
    case "amend":
      return carried ? phrase("amends") : phrase("rejects amendment to");
    case "substitute":
      return phrase(carried ? "adopts substitute for" : "rejects substitute for");
    case "override-veto":
      return phrase(carried ? "overrides" : "sustains", vetoObject(item));
    case "reconsider":
      return phrase(carried ? "reconsiders" : "declines to reconsider");
    case "suspend-rules":
      return phrase(carried ? "suspends rules for" : "declines to suspend rules for");
    case "adjourn":
      return phrase("adjourns");
    case "other":
      return phrase(carried ? "passes motion on" : "rejects motion on");
  }
}

// A recommendation's own verb is what the body does: "authorize the mayor to sign …" → "authorizing the mayor to sign …"
// (never "approves the mayor to sign …"), "recommendation to award a contract …" → "awarding a contract …".
export const IMPERATIVE_GERUND: Record<string, string> = {
  authorize: "authorizing",
  award: "awarding",
  "enter into": "entering into",
  direct: "directing",
  request: "requesting",
  declare: "declaring",
  execute: "executing",
  appoint: "appointing",
  order: "ordering",
  accept: "accepting",
  establish: "establishing",
  "receive and file": "receiving and filing",
  "receive and filed": "receiving and filing",
};
// The way back, for a sentence: "voted to authorize the city manager to sign …", not "to approve the authorizing …".
const GERUND_LEAD = new RegExp(
  `^(${[...new Set(Object.values(IMPERATIVE_GERUND))].sort((a, b) => b.length - a.length).join("|")})\\s+(?=\\S)`,
  "i",
);
const INFINITIVE_OF = new Map(
  Object.entries(IMPERATIVE_GERUND)
    .filter(([imperative]) => imperative !== "receive and filed")
    .map(([imperative, gerund]) => [gerund, imperative]),
);

/** What a carried or failed approval would do: the item's own verb when it has one. */
function approvalWhat(decision: Decision, item: string): string | null {
  if (decision.motion !== "approve" && decision.motion !== "adopt") return null;
  const gerund = GERUND_LEAD.exec(item)?.[1];
  return gerund ? `${INFINITIVE_OF.get(gerund.toLowerCase())} ${item.slice(gerund.length).trim()}` : null;
}

// What the body voted to do: "voted 8-4 to deny the 4% raise for appointed staff".
const INFINITIVE: Record<MotionKind, string> = {
  approve: "approve",
  adopt: "adopt",
  deny: "deny",
  refer: "refer",
  "place-on-file": "place on file",
  "receive-and-file": "receive and file",
  "set-public-hearing": "set a public hearing on",
  postpone: "postpone",
  amend: "amend",
  substitute: "substitute",
  "override-veto": "override",
  reconsider: "reconsider",
  "suspend-rules": "suspend the rules for",
  adjourn: "adjourn",
  other: "act on",
};

const withArticle = (item: string) =>
  /^(?:the|an?|this|that|these|those|its|their)\b|^[A-Z]/.test(item) ? item : `the ${item}`;

/**
 * One sentence: "The committee voted 8-4 to deny the 4% raise for appointed staff."; a failed
 * motion: "A motion to approve the contract failed, 4-8."; a failed override: "… failed, 6-6; the veto stands."
 */
export function decisionSentence(decision: Decision, body: string, item: string): string {
  const tally = tallyOf(decision);
  const what =
    decision.motion === "override-veto"
      ? `override the ${vetoObject(item)}`
      : decision.motion === "adjourn"
        ? "adjourn"
        : (approvalWhat(decision, item) ?? `${INFINITIVE[decision.motion]} ${withArticle(item)}`);
  if (decision.result === "withdrawn") return `A motion to ${what} was withdrawn.`;
  if (decision.result === "failed") {
    const stands = decision.motion === "override-veto" ? "; the veto stands" : "";
    return `A motion to ${what} failed${tally ? `, ${tally}` : ""}${stands}.`;
  }
  const subject = body[0]!.toUpperCase() + body.slice(1);
  const unanimous = !tally && decision.how === "unanimous-consent" ? " unanimously" : "";
  return `${subject} voted${tally ? ` ${tally}` : unanimous} to ${what}.`;
}

// The outcome as a quick fact reads it, by kind and result.
const OUTCOME: Record<MotionKind, [carried: string, failed: string]> = {
  approve: ["Approved", "Rejected"],
  adopt: ["Adopted", "Rejected"],
  deny: ["Denied", "Motion to deny failed"],
  refer: ["Referred", "Motion to refer failed"],
  "place-on-file": ["Placed on file", "Motion to file failed"],
  "receive-and-file": ["Received and filed", "Motion to receive and file failed"],
  "set-public-hearing": ["Public hearing set", "Motion to set a hearing failed"],
  postpone: ["Postponed", "Motion to postpone failed"],
  amend: ["Amended", "Amendment failed"],
  substitute: ["Substitute adopted", "Substitute failed"],
  "override-veto": ["Veto overridden", "Veto sustained (override failed)"],
  reconsider: ["Reconsidered", "Motion to reconsider failed"],
  "suspend-rules": ["Rules suspended", "Motion to suspend the rules failed"],
  adjourn: ["Adjourned", "Motion to adjourn failed"],
  other: ["Motion carried", "Motion failed"],
};

/** "Denied: 4% raise for appointed staff (8-4)", one line per decision. */
export function decisionFact(decision: Decision, item: string): string {
  const outcome =
    decision.result === "withdrawn" ? "Withdrawn" : OUTCOME[decision.motion][decision.result === "carried" ? 0 : 1];
  const tally = tallyOf(decision);
  const abstain = decision.abstain ? `, ${decision.abstain} abstaining` : "";
  return `${outcome}: ${item}${tally ? ` (${tally}${abstain})` : ""}`;
}
