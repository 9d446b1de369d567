/**
 * Motions (docs/decisions/0061-offline-decision-extraction.md): where a motion is made or restated,
 * and what kind it is. "I will move this item for approval", "I move to postpone this item to the
 * next cycle", "I'll ask the clerk to receive and file that presentation", "a motion to override the
 * mayor's veto". The kinds are decisionSchema's.
 */
import type { MotionKind } from "../../schemas";
import { MOTION } from "../actions";

// Caption and plain-transcript motion language that MOTION (actions.ts) does not cover.
const MORE_MOTION = new RegExp(
  [
    "\\b(?:i(?:'d| would|'ll| will)?|we(?:'ll| will)?)\\s+(?:like to\\s+)?(?:be\\s+)?(?:move|moving|make (?:a|the) motion|making (?:a|the) motion)\\b",
    "\\bmove(?:d)? (?:approval|adoption|passage|to (?:approve|adopt|deny|postpone|continue|refer|amend|substitute|override|reconsider|suspend|table|receive|place|set|forward))\\b",
    "\\b(?:on|with) (?:the|that|this|my) motion\\b",
    "\\bmotion (?:to|that|for|by)\\b",
    "\\b(?:so )?moved\\b",
  ].join("|"),
  "i",
);

// The chair's directive that disposes of a presentation without a vote.
const RECEIVE_AND_FILE =
  /\b(?:receive and (?:place on )?file|file and receive|receive(?:d)?,? and filed?|(?:ask|direct)(?:s|ing)? (?:the )?(?:clerks?|clk) to (?:receive|file|place))\b/i;
const PLACE_ON_FILE = /\b(?:place[ds]?|placing) (?:it |this |that |the \w+ )?on file\b/i;

// Most specific first: "a motion to deny the appeal and uphold the approval" is a denial.
const KINDS: Array<[MotionKind, RegExp]> = [
  ["override-veto", /\boverrid\w*\b.{0,40}\bveto\b|\bveto\b.{0,20}\boverrid/i],
  ["reconsider", /\breconsider\w*\b/i],
  ["suspend-rules", /\bsuspend(?:ing)? the rules\b/i],
  ["substitute", /\bsubstitut\w*\b/i],
  ["other", /\bamend(?:ing)? the agenda\b/i],
  ["amend", /\bamend(?:ment|ing|ed)?\b/i],
  ["receive-and-file", RECEIVE_AND_FILE],
  ["place-on-file", PLACE_ON_FILE],
  ["deny", /\b(?:deny|denial|denying|reject|rejecting)\b/i],
  ["set-public-hearing", /\bset(?:ting)? (?:a |the )?(?:date for (?:a |the )?)?public hearing\b/i],
  ["refer", /\b(?:refer|referral|referring|send (?:it |this |that )?back to)\b/i],
  [
    "postpone",
    /\b(?:postpone|postponing|continue (?:this|the|that|it)(?: item| matter)?(?: to| for| until| till)|lay (?:it |this |that )?over|table (?:this|the|it|that)|layover)\b/i,
  ],
  ["adjourn", /\badjourn\w*\b/i],
  ["other", /\bwithout (?:a )?recommendation\b/i],
  ["adopt", /\badopt\w*\b/i],
];

/** A sentence that makes or restates a motion ("I move approval", "on the motion to deny"). */
export function isMotion(text: string): boolean {
  return (MOTION.test(text) || MORE_MOTION.test(text) || RECEIVE_AND_FILE.test(text)) && !/\?\s*$/.test(text);
}

/** The kind of a motion, from its words; "approve" when it names no other kind. */
export function motionKind(text: string): MotionKind {
  for (const [kind, pattern] of KINDS) if (pattern.test(text)) return kind;
  return "approve";
}

/** Presentations and reports are received and filed on the chair's word: motion and result in one sentence. */
export const isReceiveAndFile = (text: string) => RECEIVE_AND_FILE.test(text) || PLACE_ON_FILE.test(text);

// "I will move approval of items 24 and 25", "items one through four": the items a motion names by number.
const NUMBER = "(?:\\d+[a-z]?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
const ITEM_NUMBERS = new RegExp(
  `\\bitems? (?:number |no\\.? )?${NUMBER}(?:(?:,? (?:and|through|to|thru)|,) (?:items? )?${NUMBER})*\\b`,
  "i",
);

/** The items a motion names by number ("items 24 and 25"), or null. */
export function numberedItems(text: string): string | null {
  const match = ITEM_NUMBERS.exec(text);
  return match ? match[0].replace(/^item/i, "item") : null;
}

const CONSENT = /\bconsent (?:agenda|calendar)\b/i;

/** A motion on the consent agenda or calendar. */
export const isConsentMotion = (text: string) => CONSENT.test(text);
