/**
 * Decisions are checked like quotes (docs/decisions/0060-decisions-on-the-record.md).
 * A claimed decision is published only when:
 *
 * - its motion span and its result span are in the transcript word for word
 *   (the quote normalizations of verify-match.ts), the motion before the result
 *   (or earlier in the same segment);
 * - no other result is stated between them (a vote on another motion would be
 *   the one the result decides);
 * - the result span itself states a result whose direction is the claimed one
 *   (a failed veto override is a sustained veto; a carried motion to deny is "carried");
 * - a claimed tally is not contradicted by the tally said near the result or
 *   counted from the roll call between motion and result. Clock times are never tallies.
 *
 * A tally that nothing in the transcript confirms is not published (the
 * decision is, without it); a tally the transcript contradicts withholds the
 * whole decision, which then most likely belongs to another item. The spans'
 * times come from the transcript's segments, never from the provider.
 */
import { z } from "zod";
import { formatDuration } from "~/lib/format/duration";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { findTally, MOTION } from "./offline/actions";
import { isMotion, motionKind, riders } from "./offline/decisions/motions";
import { findResult } from "./offline/decisions/results";
import { saidCount } from "./offline/decisions/tallies";
import { lightStem } from "./offline/textrank";
import { motionClass, type Decision, type DecisionResult, type EvidenceSpan } from "./schemas";
import { NO_TIMESTAMP, parseClockTime } from "./timestamps";
import {
  ELLIPSIS_SEPARATOR,
  findQuote,
  NORMALIZATION_STEPS,
  normalizeWithSteps,
  normalizedJoin,
  partAt,
  type NormalizedTranscript,
  type TranscriptIndex,
} from "./verify-match";

export const DECISION_FAILURES = [
  "motion-not-found",
  "no-motion-stated",
  "result-not-found",
  "out-of-order",
  "result-between",
  "no-result-stated",
  "direction",
  "tally-contradicted",
  "motion-kind",
  "item-not-said",
  "duplicate",
] as const;
export type DecisionFailure = (typeof DECISION_FAILURES)[number];

const decisionSegmentSchema = z.object({
  position: z.number(),
  timestamp: z.string().nullable(),
  speaker: z.string().nullable(),
});

export const decisionCheckSchema = z.object({
  location: z.string(),
  item: z.string(),
  motion: z.string(),
  result: z.string(),
  /** False: left out of the content, for the reason given. */
  published: z.boolean(),
  failure: z.enum(DECISION_FAILURES).nullable(),
  reason: z.string().nullable(),
  motionSegment: decisionSegmentSchema.nullable(),
  resultSegment: decisionSegmentSchema.nullable(),
  /** The result words the check read ("the motion fails"), when the result span states one. */
  statedResult: z.string().nullable(),
  tally: z.object({
    claimed: z.string().nullable(),
    /** What the transcript says near the result, or what its roll call counts. */
    stated: z.string().nullable(),
    /** confirmed: published; dropped: nothing confirms it, published without it; contradicted: decision withheld. */
    outcome: z.enum(["confirmed", "dropped", "contradicted", "none"]),
  }),
  /** A claimed "how" the transcript does not show (left out of the published decision). */
  droppedHow: z.string().nullable().optional(),
});
export type DecisionCheck = z.infer<typeof decisionCheckSchema>;

// ---------------------------------------------------------------------------
// The transcript as sentences ("units"), to place spans and read what lies between them

type Unit = { segment: TranscriptSegment; text: string };
type UnitText = NormalizedTranscript;
type Steps = (typeof NORMALIZATION_STEPS)[number];

type DecisionIndex = {
  quotes: TranscriptIndex;
  units: Unit[];
  bySteps: Map<string, UnitText>;
  timed: boolean;
};

function buildDecisionIndex(quotes: TranscriptIndex): DecisionIndex {
  const units = quotes.segments.flatMap((segment) =>
    segment.text
      .split(/(?<=[.!?;])\s+/)
      .filter((text) => text.trim())
      .map((text) => ({ segment, text })),
  );
  return { quotes, units, bySteps: new Map(), timed: quotes.segments.some((s) => s.startSeconds !== null) };
}

function unitText(index: DecisionIndex, steps: Steps): UnitText {
  return normalizedJoin(index.bySteps, index.units, steps);
}

const unitAt = partAt;

/** Every place the words occur, on word boundaries. */
function allWordMatches(haystack: string, needle: string): number[] {
  const found: number[] = [];
  let at = haystack.indexOf(needle);
  while (at >= 0) {
    const before = at === 0 || haystack[at - 1] === " ";
    const after = at + needle.length >= haystack.length || haystack[at + needle.length] === " ";
    if (before && after) found.push(at);
    at = haystack.indexOf(needle, at + 1);
  }
  return found;
}

type Occurrence = { start: number; firstUnit: number; lastUnit: number };

const MAX_ELLIPSIS_GAP = 600;

function occurrences(index: DecisionIndex, span: string, steps: Steps): Occurrence[] {
  const stepSet = new Set(steps);
  const parts = span
    .split(ELLIPSIS_SEPARATOR)
    .map((part) => normalizeWithSteps(part, stepSet))
    .filter(Boolean);
  if (parts.length === 0) return [];
  const { text, starts } = unitText(index, steps);
  const found: Occurrence[] = [];
  for (const start of allWordMatches(text, parts[0]!)) {
    let cursor = start + parts[0]!.length;
    let ok = true;
    for (const part of parts.slice(1)) {
      const next = allWordMatches(text.slice(cursor), part)[0];
      if (next === undefined || next > MAX_ELLIPSIS_GAP) {
        ok = false;
        break;
      }
      cursor += next + part.length;
    }
    if (ok) found.push({ start, firstUnit: unitAt(starts, start), lastUnit: unitAt(starts, cursor - 1) });
  }
  return found;
}

// ---------------------------------------------------------------------------
// What the words say

// "at 6:05 p.m.", "7:30", "6 to 7 p.m.": times, never tallies.
const CLOCK_TIMES = [
  /\b\d{1,2}[:.]\d{2}(?::\d{2})?\s*(?:[ap]\.?\s?m\b\.?)?/gi,
  /\b\d{1,2}\s*(?:-|–|to)\s*\d{1,2}\s*(?:[ap]\.?\s?m\b\.?|o'?clock)/gi,
  /\b\d{1,2}\s+\d{2}\s*[ap]\.?\s?m\b\.?/gi,
];

export function withoutClockTimes(text: string): string {
  return CLOCK_TIMES.reduce((out, pattern) => out.replace(pattern, " (time) "), text);
}

// A withdrawn motion is no vote, so the analyzer's result vocabulary (findResult) does not read it.
const WITHDRAWN = /\b(?:withdraws?|withdrawn|withdrew)\b/i;

type Stated = { result: DecisionResult; phrase: string };

// Words that put a question to a vote, beside the analyzer's MOTION: "So moved.", "call the roll on passage of the bill".
const PUT_TO_VOTE =
  /\b(?:move[sd]?|moving|motion|so moved|second(?:ed)?|passage|adopt\w*|approv\w*|roll|vote|in favor|override|veto|amend\w*|substitute|consent|refer\w*|postpone\w*|table|deny|denial|file|hearing|reconsider\w*|suspend|adjourn\w*|withdraw\w*)\b/i;

/** Whether the words make a motion or put a question to a vote (not a remark made while debating it). */
export function statesMotion(text: string): boolean {
  // isMotion: the analyzer's motion language too (Seattle's "the committee recommends the bill pass").
  return MOTION.test(text) || PUT_TO_VOTE.test(text) || isMotion(text);
}

/**
 * The result the words state, or null, read with the analyzer's own vocabulary (one list of
 * result phrases for both): a vote outcome, a veto sustained or overridden, an adjournment,
 * "without objection, so ordered", the chair's receive-and-file; and a withdrawn motion.
 */
export function statedResult(text: string): Stated | null {
  const plain = withoutClockTimes(text);
  const found = findResult(plain);
  if (found) return { result: found.result, phrase: found.phrase };
  const withdrawn = WITHDRAWN.exec(plain);
  if (withdrawn && /\bmotion\b|\bi\b/i.test(plain)) return { result: "withdrawn", phrase: withdrawn[0] };
  return null;
}

type Count = { ayes: number | null; nays: number | null; abstain: number | null };

/** A tally said in the words ("7-0", "eleven ayes, zero nays"), clock times left out. */
export function saidTally(text: string): Count | null {
  const tally = findTally(withoutClockTimes(text));
  if (!tally) return null;
  const pair = /^(\d+)-(\d+)$/.exec(tally);
  if (pair) return { ayes: Number(pair[1]), nays: Number(pair[2]), abstain: null };
  const ayes = /^(\d+) ayes$/.exec(tally);
  return ayes ? { ayes: Number(ayes[1]), nays: null, abstain: null } : null;
}

// A clerk's roll call: "Councilmember Park? Aye. Reyes, no. Lopez: abstain."
const ROLL_ANSWER = /\b([A-Za-z][\w'-]*)[?,:.]?\s+(aye|yes|yea|no|nay|abstains?|abstaining|pass)(?=\s*[.,;!?]|\s*$)/gi;
const NOT_A_NAME =
  /^(?:second|seconded|motion|question|any|all|those|opposed|say|the|and|or|is|was|vote|votes|voting)$/i;
const MIN_ROLL_ANSWERS = 3;

/** Ayes, nays and abstentions answered name by name, or null when fewer than three names answer. */
export function countRollCall(text: string): Count | null {
  const count = { ayes: 0, nays: 0, abstain: 0 };
  let answers = 0;
  for (const match of withoutClockTimes(text).matchAll(ROLL_ANSWER)) {
    const [, name, vote] = match;
    if (!/^[A-Z]/.test(name!) || NOT_A_NAME.test(name!)) continue;
    answers += 1;
    if (/^(?:aye|yes|yea)$/i.test(vote!)) count.ayes += 1;
    else if (/^(?:no|nay)$/i.test(vote!)) count.nays += 1;
    else if (/^abstain/i.test(vote!)) count.abstain += 1;
  }
  return answers >= MIN_ROLL_ANSWERS ? count : null;
}

function tallyText(count: Count | null | { ayes: number | null; nays: number | null; abstain: number | null }) {
  if (!count || (count.ayes === null && count.nays === null)) return null;
  const pair = count.nays === null ? `${count.ayes} ayes` : `${count.ayes ?? "?"}-${count.nays}`;
  return count.abstain ? `${pair}, ${count.abstain} abstaining` : pair;
}

/** The claimed counts that the source states; null when the source contradicts a claimed count. */
function confirmedBy(claim: Decision, source: Count | null): Count | null {
  if (!source) return null;
  if (claim.ayes !== null && claim.ayes !== source.ayes) return null;
  if (claim.nays !== null && source.nays !== null && claim.nays !== source.nays) return null;
  if (claim.ayes === null && (claim.nays === null || source.nays === null)) return null;
  return {
    ayes: claim.ayes,
    nays: source.nays === null ? null : claim.nays,
    abstain: claim.abstain !== null && claim.abstain === source.abstain ? claim.abstain : null,
  };
}

// ---------------------------------------------------------------------------
// The check

export type DecisionChecks = { decisions: Decision[]; checks: DecisionCheck[] };

type Context = {
  index: TranscriptIndex;
  /** The quote and number checks of free text (verify.ts), for the item and the consent items. */
  freeText: (location: string, text: string) => string;
};

function segmentRef(segment: TranscriptSegment) {
  return {
    position: segment.position,
    timestamp: segment.startSeconds === null ? null : formatDuration(segment.startSeconds),
    speaker: segment.speaker,
  };
}

function spanTime(segment: TranscriptSegment): string {
  return segment.startSeconds === null ? NO_TIMESTAMP : formatDuration(segment.startSeconds);
}

type Placed = { motion: Occurrence; result: Occurrence; steps: Steps };

/** One decision stands on a result's words, and beside it one per rider the motion's words name ("approval of items 2
 * through 11, including postponing item 11"): one vote, two decisions. */
function usedKey(resultUnit: number, claim: Decision): string {
  const spoken = motionClass(motionKind(claim.motion_evidence.text));
  const main = claim.motion === "other" || motionClass(claim.motion) === spoken;
  return main ? `${resultUnit}:main` : `${resultUnit}:${motionClass(claim.motion)}`;
}

/**
 * Where the claim's spans are: in the fewest normalizations that find both, the result
 * occurrence nearest the claimed time (the first one no earlier decision took, in an
 * untimed transcript) and the nearest motion occurrence before it.
 */
function place(index: DecisionIndex, claim: Decision, used: Set<string>): Placed | "out-of-order" | "duplicate" {
  const taken = (unit: number) => used.has(usedKey(unit, claim));
  for (const steps of NORMALIZATION_STEPS) {
    const motions = occurrences(index, claim.motion_evidence.text, steps);
    const results = occurrences(index, claim.result_evidence.text, steps);
    if (motions.length === 0 || results.length === 0) continue;
    const paired = results
      .map((result) => ({ result, motion: motions.filter((m) => m.start <= result.start).at(-1) }))
      .filter((pair): pair is { result: Occurrence; motion: Occurrence } => pair.motion !== undefined);
    if (paired.length === 0) return "out-of-order";
    const claimed = parseClockTime(claim.result_evidence.timestamp);
    const start = (pair: (typeof paired)[number]) => index.units[pair.result.firstUnit]!.segment.startSeconds;
    if (index.timed && claimed !== null) {
      // The occurrence nearest the claimed time; taken already, the claim repeats another one.
      const best = paired.reduce((a, b) =>
        Math.abs((start(b) ?? 0) - claimed) < Math.abs((start(a) ?? 0) - claimed) ? b : a,
      );
      return taken(best.result.firstUnit) ? "duplicate" : { ...best, steps };
    }
    // Untimed: the first occurrence not taken by an earlier decision.
    const best = paired.find((pair) => !taken(pair.result.firstUnit));
    if (!best) return "duplicate";
    return { ...best, steps };
  }
  return "out-of-order";
}

function unitsText(index: DecisionIndex, from: number, to: number): string {
  return index.units
    .slice(Math.max(0, from), Math.max(0, to + 1))
    .map((unit) => unit.text)
    .join(" ");
}

/** A count said in a roll call ("nine in favor, none opposed", "four as and one nay"), read as the extractor reads it. */
function rollCallCount(text: string): Count | null {
  const said = saidTally(text);
  if (said) return said;
  const count = saidCount(withoutClockTimes(text));
  return count && count.ayes !== null ? { ayes: count.ayes, nays: count.nays, abstain: null } : null;
}

/**
 * A tally said in the result's sentence, else the last one said between the motion and the result
 * (the clerk's "nine in favor, none opposed", then "thank you", then the result), else the sentence
 * after the result (when it states no result of its own).
 */
function tallyNearResult(index: DecisionIndex, claim: Decision, placed: Placed): Count | null {
  const { motion, result } = placed;
  const inSpan = saidTally(claim.result_evidence.text);
  if (inSpan) return inSpan;
  const own = saidTally(unitsText(index, result.firstUnit, result.lastUnit));
  if (own) return own;
  for (let unit = result.firstUnit - 1; unit > motion.lastUnit; unit--) {
    const before = rollCallCount(unitsText(index, unit, unit));
    if (before) return before;
  }
  const next = index.units[result.lastUnit + 1];
  if (next && !statedResult(next.text)) return saidTally(next.text);
  return null;
}

const HOW_SHOWN: Record<NonNullable<Decision["how"]>, RegExp> = {
  "roll-call": /\b(?:roll|call the (?:roll|vote)|clerk)\b/i,
  voice: /\b(?:all (?:those )?in favor|say (?:aye|yes)|ayes have it|eyes have it|opposed|same sign)\b/i,
  consent: /\bconsent\b/i,
  "unanimous-consent": /\b(?:without objection|unanimous consent|no objection|hearing none|seeing none)\b/i,
};

// An item is tied to ITS vote: its words are said after the result stated before the motion (the previous vote's,
// where a neighboring item was decided) and up to this result. With no result before, from this far before the motion
// (a presentation, its questions and debate come between: an hour of captions is about 1,000 sentences).
const ITEM_WINDOW_UNITS = 600;
const ITEM_STOP_WORDS = new Set(
  "with from that this these those into onto over under about item items agenda number motion approve approval adopt adoption council committee city public hearing report presentation regarding related relating amendment amend consent".split(
    " ",
  ),
);

const itemWords = (text: string) =>
  [...new Set((text.toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? []).filter((w) => !ITEM_STOP_WORDS.has(w)))].map(
    lightStem,
  );

// "The amendment is adopted": a vote on the way to the item's own, which leaves the item open (as a failed motion does).
const PRELIMINARY_RESULT = /\b(?:amendments?|substitute|reconsider\w*|suspend\w*)\b/i;

/** Where the item's words may be said: from the last motion carried before this one (that sentence included, for an
 * announcement said in its breath), else from a while before the motion. */
function itemWindowStart(index: DecisionIndex, placed: Placed): number {
  const earliest = Math.max(0, placed.motion.firstUnit - ITEM_WINDOW_UNITS);
  for (let unit = placed.motion.firstUnit - 1; unit >= earliest; unit--) {
    const text = index.units[unit]!.text;
    if (statedResult(text)?.result === "carried" && !PRELIMINARY_RESULT.test(text)) return unit;
  }
  return earliest;
}

/** Whether at least half of the item's own words are said after the previous vote's result, up to this result. */
function itemSaid(index: DecisionIndex, item: string, placed: Placed): boolean {
  const words = itemWords(item);
  if (words.length < 2) return true;
  const said = new Set(itemWords(unitsText(index, itemWindowStart(index, placed), placed.result.lastUnit)));
  return words.filter((word) => said.has(word)).length * 2 >= words.length;
}

type Verdict =
  { published: true; decision: Decision; check: DecisionCheck } | { published: false; check: DecisionCheck };

function checkOne(index: DecisionIndex, ctx: Context, claim: Decision, d: number, used: Set<string>): Verdict {
  const claimedTally = tallyText(claim);
  const check: DecisionCheck = {
    location: `decisions[${d}]`,
    item: claim.item,
    motion: claim.motion,
    result: claim.result,
    published: false,
    failure: null,
    reason: null,
    motionSegment: null,
    resultSegment: null,
    statedResult: null,
    tally: { claimed: claimedTally, stated: null, outcome: claimedTally ? "dropped" : "none" },
  };
  const withhold = (failure: DecisionFailure, reason: string): Verdict => ({
    published: false,
    check: { ...check, failure, reason },
  });

  const motionFound = findQuote(index.quotes, claim.motion_evidence.text);
  const resultFound = findQuote(index.quotes, claim.result_evidence.text);
  if (motionFound) check.motionSegment = segmentRef(motionFound.segment);
  if (resultFound) check.resultSegment = segmentRef(resultFound.segment);
  if (!motionFound) return withhold("motion-not-found", "The motion's words are not in the transcript.");
  if (!resultFound) return withhold("result-not-found", "The result's words are not in the transcript.");

  if (!statesMotion(claim.motion_evidence.text))
    return withhold("no-motion-stated", "The motion's words make no motion and put nothing to a vote.");

  const placed = place(index, claim, used);
  if (placed === "out-of-order")
    return withhold("out-of-order", "The result's words are not said after the motion's words.");
  if (placed === "duplicate") return withhold("duplicate", "Another decision already stands on the same result words.");
  const motionUnit = index.units[placed.motion.firstUnit]!;
  const resultUnit = index.units[placed.result.firstUnit]!;
  check.motionSegment = segmentRef(motionUnit.segment);
  check.resultSegment = segmentRef(resultUnit.segment);

  // The kind of motion its words make: a motion to deny is never an approval.
  const spoken = motionKind(claim.motion_evidence.text);
  // "other" claims nothing about the kind (its headline verb is neutral), so any words may carry it.
  // "Approval of items 2 through 11, including postponing item 11" also postpones item 11, by the same vote.
  const rider = riders(claim.motion_evidence.text).some((r) => motionClass(r.kind) === motionClass(claim.motion));
  if (claim.motion !== "other" && motionClass(spoken) !== motionClass(claim.motion) && !rider)
    return withhold("motion-kind", `The motion's words make a motion to ${spoken}; the claim says ${claim.motion}.`);
  if (!itemSaid(index, claim.item, placed))
    return withhold("item-not-said", "The item's words are not said where the motion and its result are.");

  const stated = statedResult(claim.result_evidence.text);
  if (!stated) return withhold("no-result-stated", "The result's words state no result of a vote.");
  check.statedResult = stated.phrase;
  if (stated.result !== claim.result)
    return withhold(
      "direction",
      `The result's words say "${stated.phrase}" (${stated.result}); the claim says ${claim.result}.`,
    );

  // The count announced just before the result ("Eleven ayes, zero nays. The amendment is adopted.") is the same vote.
  let lastBetween = placed.result.firstUnit - 1;
  while (lastBetween > placed.motion.lastUnit && statedResult(index.units[lastBetween]!.text)?.result === stated.result)
    lastBetween -= 1;
  for (let u = placed.motion.lastUnit + 1; u <= lastBetween; u += 1) {
    const other = statedResult(index.units[u]!.text);
    if (other)
      return withhold(
        "result-between",
        `Another result is stated between the motion and the result: "${other.phrase}" (${other.result}).`,
      );
  }

  // The tally: said near the result, or counted from the roll call between motion and result.
  let counts: Count = { ayes: null, nays: null, abstain: null };
  if (claimedTally) {
    const said = tallyNearResult(index, claim, placed);
    const roll = countRollCall(unitsText(index, placed.motion.lastUnit + 1, placed.result.firstUnit));
    check.tally.stated = tallyText(said) ?? tallyText(roll);
    const confirmed = confirmedBy(claim, said) ?? confirmedBy(claim, roll);
    if (confirmed) {
      counts = confirmed;
      check.tally.outcome = "confirmed";
    } else if (said || roll) {
      check.tally.outcome = "contradicted";
      return withhold(
        "tally-contradicted",
        `The claimed tally ${claimedTally} is not the one the transcript gives (${check.tally.stated}).`,
      );
    }
  }

  const between = unitsText(index, placed.motion.firstUnit, placed.result.lastUnit);
  const howShown =
    claim.how === null ||
    HOW_SHOWN[claim.how].test(`${between} ${claim.item}`) ||
    (claim.how === "roll-call" && countRollCall(between) !== null);
  if (!howShown) check.droppedHow = claim.how;

  used.add(usedKey(placed.result.firstUnit, claim));
  const decision: Decision = {
    item: ctx.freeText(`decisions[${d}].item`, claim.item),
    motion: claim.motion,
    result: claim.result,
    ayes: counts.ayes,
    nays: counts.nays,
    abstain: counts.abstain,
    // Absences are not counted by a roll call's answers; a claimed number stays unconfirmed.
    absent: null,
    how: howShown ? claim.how : null,
    consent_items: claim.consent_items.map((text, i) => ctx.freeText(`decisions[${d}].consent_items[${i}]`, text)),
    motion_evidence: evidence(claim.motion_evidence, motionUnit.segment),
    result_evidence: evidence(claim.result_evidence, resultUnit.segment),
  };
  return { published: true, decision, check: { ...check, published: true } };
}

function evidence(span: EvidenceSpan, segment: TranscriptSegment): EvidenceSpan {
  return { text: span.text, timestamp: spanTime(segment) };
}

/** Checks every claimed decision; returns the ones to publish and a check for each claim. */
export function verifyDecisions(claims: Decision[], ctx: Context): DecisionChecks {
  const index = buildDecisionIndex(ctx.index);
  const used = new Set<string>();
  const decisions: Decision[] = [];
  const checks: DecisionCheck[] = [];
  claims.forEach((claim, d) => {
    const verdict = checkOne(index, ctx, claim, d, used);
    checks.push(verdict.check);
    if (verdict.published) decisions.push(verdict.decision);
  });
  return { decisions, checks };
}

/** The report with its decision checks: it passes only when every claimed decision was published whole. */
export function withDecisionChecks<R extends { passed: boolean }>(report: R, checks: DecisionCheck[]) {
  const withheld = checks.filter((check) => !check.published).length;
  const whole = checks.every((check) => check.published && check.tally.outcome !== "dropped" && !check.droppedHow);
  return { ...report, passed: report.passed && whole, decisions: checks, withheldDecisions: withheld };
}

// ---------------------------------------------------------------------------
// Headlines: a vote's verb and tally only from a published decision

type MotionKind = Decision["motion"];
const PASSING_KINDS: MotionKind[] = ["approve", "adopt", "amend", "substitute", "other"];

/** Vote verbs a headline may use and the decisions that back each (a carried denial rejects; a failed override sustains). */
const VOTE_VERBS: { verb: RegExp; backedBy: (d: Decision) => boolean }[] = [
  {
    verb: /\b(?:approv(?:es|ed|e|ing)|adopt(?:s|ed|ing)?|pass(?:es|ed|ing)?|ok(?:ays|ayed)|ratif(?:ies|ied)|green-?lights?)\b/i,
    backedBy: (d) => d.result === "carried" && PASSING_KINDS.includes(d.motion),
  },
  {
    verb: /\b(?:rejects?|rejected|den(?:ies|ied|y)|defeat(?:s|ed)?|kill(?:s|ed)|votes? down|voted down|turn(?:s|ed)? down)\b/i,
    backedBy: (d) =>
      (d.result === "carried" && d.motion === "deny") || (d.result === "failed" && PASSING_KINDS.includes(d.motion)),
  },
  {
    verb: /\b(?:overrides?|overrode|overridden|overturns?|overturned)\b/i,
    backedBy: (d) => d.result === "carried" && d.motion === "override-veto",
  },
  {
    verb: /\b(?:sustains?|sustained|upholds?|upheld)\b/i,
    backedBy: (d) => d.result === "failed" && d.motion === "override-veto",
  },
  {
    verb: /\b(?:delays?|delayed|postpones?|postponed|tables?|tabled|defers?|deferred)\b/i,
    backedBy: (d) => d.result === "carried" && d.motion === "postpone",
  },
  {
    verb: /\b(?:refers?|referred)\b/i,
    backedBy: (d) => d.result === "carried" && d.motion === "refer",
  },
  {
    verb: /\bsets? (?:a )?(?:public )?hearing\b/i,
    backedBy: (d) => d.result === "carried" && d.motion === "set-public-hearing",
  },
  { verb: /\bvot(?:es|ed|e)\b/i, backedBy: () => true },
];

const HEADLINE_TALLY = /\b(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\b/;
const UNANIMOUS = /\bunanimous(?:ly)?\b/i;

/**
 * Why a story headline claims a vote that no published decision backs (a vote
 * verb, a tally, "unanimously"), or null when it claims none or is backed.
 * Verb and tally must be the same decision's.
 */
export function unbackedHeadlineClaim(headline: string, decisions: Decision[]): string | null {
  const plain = withoutClockTimes(headline);
  const verbs = VOTE_VERBS.map((entry) => ({ ...entry, match: entry.verb.exec(plain) })).filter((e) => e.match);
  const tally =
    HEADLINE_TALLY.exec(plain) ??
    (() => {
      const said = saidTally(plain);
      return said && said.nays !== null
        ? ([`${said.ayes}-${said.nays}`, String(said.ayes), String(said.nays)] as const)
        : null;
    })();
  const unanimous = UNANIMOUS.exec(plain);
  if (verbs.length === 0 && !tally && !unanimous) return null;
  const backing = decisions.filter(
    (d) =>
      verbs.every((entry) => entry.backedBy(d)) &&
      (!tally || (d.ayes === Number(tally[1]) && d.nays === Number(tally[2]))) &&
      (!unanimous || d.how === "unanimous-consent" || (d.nays === 0 && d.ayes !== null && d.ayes > 0)),
  );
  if (backing.length > 0) return null;
  const claims = [
    ...verbs.map((entry) => `"${entry.match![0]}"`),
    ...(tally ? [`the tally ${tally[1]}-${tally[2]}`] : []),
    ...(unanimous ? [`"${unanimous[0]}"`] : []),
  ];
  return `The headline claims ${claims.join(" and ")}, which no verified decision of the analysis backs.`;
}
