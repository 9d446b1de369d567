/**
 * Results: where the chair states what happened to a motion. Votes are read
 * by findVoteOutcome (actions.ts, shared with the verification pass); this
 * adds what is not a vote count: adjournment and unanimous consent
 * ("without objection, so ordered"), and the chair's receive-and-file.
 */
import type { DecisionResult, VoteMethod } from "../../schemas";
import { findVoteOutcome } from "../actions";
import { isConsentMotion, receiveAndFilePhrase } from "./motions";

export type StatedResult = {
  result: DecisionResult;
  /** A tally said in the sentence ("7-0", "6 ayes"), as findTally gives it. */
  tally: string | null;
  how: VoteMethod | null;
  /** "adjourn" when the sentence adjourns the meeting; "file" when the chair receives and files. */
  kind: "vote" | "adjourn" | "file";
  /** The direction the words alone say ("motion carries" is carried whatever the count), null when only a count is said. */
  stated: DecisionResult | null;
  /** The words that state the result ("the ayes have it", "we stand adjourned"). */
  phrase: string;
};

const ADJOURNED =
  /\b(?:(?:we|we're|we are|i|this meeting|the meeting|meeting|committee|council) (?:are |is |stand |stands |now )?(?:hereby )?adjourned|(?:declare|call) (?:this|the|our) meeting (?:adjourned|closed)|(?:this|the) meeting is (?:now )?adjourned)\b/i;
const OBJECTION = /\b(?:without|hearing no|seeing no|with no|no) objections?\b/i;
const SO_ORDERED =
  /\b(?:so ordered|(?:is|are|stands?) (?:approved|adopted|received|filed|accepted|referred|continued|postponed))\b/i;
const HYPOTHETICAL = /\b(?:if|when|once|until|would|could|should|will we|do we|can we)\b/i;
const VOICE =
  /\b(?:all (?:those )?in favou?r|those in favou?r|say aye|signify|those opposed|opposed,? say|say nay|cast (?:your|their) votes?|close the voting|(?:take|do|have) (?:a |the )?voice vote)\b/i;

/** The result stated in one sentence, or null. */
export function findResult(text: string, options: { afterVoiceCall?: boolean } = {}): StatedResult | null {
  const adjourned = ADJOURNED.exec(text);
  if (adjourned && !HYPOTHETICAL.test(text.slice(0, adjourned.index)))
    return {
      phrase: adjourned[0],
      result: "carried",
      tally: null,
      how: OBJECTION.test(text) || !options.afterVoiceCall ? "unanimous-consent" : "voice",
      kind: "adjourn",
      stated: "carried",
    };
  const outcome = findVoteOutcome(text);
  if (outcome) {
    const voice = /\b(?:ayes|aye's|eyes|i's|nays|noes) (?:have|has|of) it\b/i.test(outcome.phrase) || VOICE.test(text);
    return {
      result: outcome.result,
      tally: outcome.tally,
      how: OBJECTION.test(text) ? "unanimous-consent" : voice || options.afterVoiceCall ? "voice" : null,
      kind: "vote",
      stated: statedDirection(outcome.phrase),
      phrase: outcome.phrase,
    };
  }
  const ordered = SO_ORDERED.exec(text);
  if (OBJECTION.test(text) && ordered)
    return {
      result: "carried",
      tally: null,
      how: "unanimous-consent",
      kind: "vote",
      stated: "carried",
      phrase: ordered[0],
    };
  // "approve the consent agenda and receive and file item 5": a rider of the consent motion, voted with it.
  const filed = isConsentMotion(text) ? null : receiveAndFilePhrase(text);
  // "I would direct the clerk to file that report" is the chair's polite form, not a condition.
  if (filed && !/\?\s*$/.test(text) && !HYPOTHETICAL.test(text.replace(/\bi would (?=ask|direct)/gi, "")))
    return { result: "carried", tally: null, how: "unanimous-consent", kind: "file", stated: "carried", phrase: filed };
  return null;
}

/** What the result's words say without its count: "motion carries 6-6" says carried; "7 ayes" says nothing. */
function statedDirection(phrase: string): DecisionResult | null {
  if (
    /^\W*(?:\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen) (?:ayes|eyes|yeas)\W*$/i.test(
      phrase,
    )
  )
    return null;
  return findVoteOutcome(phrase.replace(/,?\s*(?:on a |by a )?(?:vote of )?\d.*$/, ""))?.result ?? null;
}

/** "All those in favor say aye": the chair calls a voice vote. */
export const isVoiceCall = (text: string) => VOICE.test(text);
