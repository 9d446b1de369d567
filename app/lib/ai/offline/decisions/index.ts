/**
 * Decisions from a transcript, without a model (docs/decisions/0060, 0061):
 * the chair's announcements set the item, a motion says what kind of
 * decision it is, the stated result closes it, and the tally is said or
 * counted from the roll call between the motion and the result. Precision
 * first: a result whose item or motion cannot be tied to it is no decision.
 * Both evidence spans are sentences copied from one segment's text.
 */
import { formatDuration } from "~/lib/format/duration";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { Decision, EvidenceSpan, MotionKind, VoteMethod } from "../../schemas";
import { motionMatter } from "../actions";
import {
  announcement,
  isLooseAnnouncement,
  itemNamedAfter,
  NAMING_WINDOW,
  openingItem,
  plainItem,
  reportNamed,
  type CurrentItem,
} from "./items";
import { isConsentMotion, isMotion, motionKind, numberedItems } from "./motions";
import { findResult, isVoiceCall, type StatedResult } from "./results";
import { countRollCall, isRollCallStart, isRollCallVote, voteTally } from "./tallies";

export { findResult } from "./results";
export { countRollCall, voteTally } from "./tallies";
export { isMotion, motionKind } from "./motions";

export type DecisionSentence = { text: string; segmentIndex: number };

// A result decides the motion made at most this many sentences before it (a long debate).
const VOTE_WINDOW = 60;
// Without a vote called ("all those in favor", a roll call), a result decides only a motion this close.
const UNCALLED_WINDOW = 12;
// A motion names its own item ("approve the contract with Harbor Paving") with at least this many long words.
const MATTER_WORDS = 3;
// Kinds that leave the item open: the main motion is still to be voted on.
const PRELIMINARY: ReadonlySet<MotionKind> = new Set(["amend", "substitute", "reconsider", "suspend-rules"]);
// A restatement of the pending motion ("on the motion to continue this item, all those in favor").
// A result said again this few sentences later, with no motion between, is the same result.
const RESULT_REPEAT = 3;
// "I'll move to add this item to the consent agenda": the agenda itself is changed.
const AGENDA_CHANGE =
  /\bamend(?:ing)? the agenda\b|\b(?:add|adding) (?:this|the|that|a|an) (?:walk-on )?item to (?:the |our )?(?:\w+ )?agenda\b/i;
// A failed motion's item is decided by a motion made at most this many sentences after the failure.
const AFTER_FAILURE = 30;
const RESTATEMENT = /\b(?:on|with) (?:the|that|this|my) (?:main |substitute )?motion\b/i;
// The chair's "It's been moved and seconded", "moved by Council Member Ortiz": the pending motion, said again.
const SECONDED =
  /\bmoved and (?:duly |properly )?seconded\b|\b(?:moved|motion made|(?:i|we) (?:have|got|have got) a motion|there(?:'s| is) a motion|motion) (?:by|from)\b|\b(?:has|have) moved (?:the|this|that|it)\b/i;

type Motion = { index: number; kind: MotionKind; text: string };
// A measure named by its number: "Council Bill 118", "Ordinance 2024-15", "Resolution No. 31604".
const MEASURE = /\b(?:council bill|bill|ordinance|resolution|docket)\s+(?:number\s+|no\.?\s+)?\d[\d-]*/i;
const NO_TALLY = { ayes: null, nays: null, abstain: null, absent: null };

class DecisionBook {
  readonly decisions: Decision[] = [];
  private item: CurrentItem | null = null;
  private motion: Motion | null = null;
  private voiceCall = false;
  private rollStart: number | null = null;
  // The last result stated, while no motion has been made since: "The ayes have it." "And the motion carries."
  private lastResult: number | null = null;
  // Where the last decision was taken: a report received and filed later was presented since.
  private settled = 0;
  // Where a motion on the current item failed: the item stays open for the next motion, not for long.
  private failedAt: number | null = null;

  constructor(
    private sentences: DecisionSentence[],
    private segments: TranscriptSegment[],
  ) {
    const opening = openingItem(sentences);
    if (opening) this.item = { name: opening, sentence: 0, decided: false };
  }

  read(index: number): void {
    const text = this.sentences[index]!.text;
    const result = findResult(text, { afterVoiceCall: this.voiceCall });
    const repeated =
      result?.kind === "vote" && this.lastResult !== null && index - this.lastResult <= RESULT_REPEAT && !this.motion;
    if (result && !repeated) this.close(index, result);
    if (result) this.lastResult = result.kind === "vote" ? index : null;
    // While a motion is pending, "Next we have the corridor map." is a speaker's slide, not the next item.
    const announced = this.motion && isLooseAnnouncement(text) ? undefined : announcement(text);
    if (announced !== undefined) {
      this.item = { name: announced, sentence: index, decided: false };
      this.failedAt = null;
      this.motion = null;
      this.rollStart = null;
      this.voiceCall = false;
    } else if (!result && (isMotion(text) || this.runOnMotion(index))) this.open(index, this.withRunOn(index));
    else if (this.item && this.item.name === null && !this.item.decided && index - this.item.sentence <= NAMING_WINDOW)
      this.item.name = itemNamedAfter(text);
    if (isVoiceCall(text) && this.motion) this.voiceCall = true;
    if (isRollCallStart(text) && this.motion) this.rollStart = index;
    // A roll call the chair did not announce: the clerk simply calls the names.
    else if (this.motion && this.rollStart === null && !this.voiceCall && index > 0) {
      if (isRollCallVote(this.sentences[index - 1]!.text, text))
        this.rollStart = Math.max(this.motion.index, index - 2);
    }
  }

  /** The start of a motion a caption break cut off ("Seeing none, I will" | "approve the consent agenda."), or "". */
  private cutStart(index: number): string {
    const before = this.sentences[index - 1]?.text;
    return !before || /[.?!"”]\s*$/.test(before) || isMotion(before) ? "" : `${before} `;
  }

  /** A motion only with the start a caption break cut off. */
  private runOnMotion(index: number): boolean {
    const start = this.cutStart(index);
    return start !== "" && isMotion(`${start}${this.sentences[index]!.text}`);
  }

  /** A sentence cut by caption breaks ("I will move approval of the consent" | "agenda."), with its start and end. */
  private withRunOn(index: number): string {
    const text = `${this.cutStart(index)}${this.sentences[index]!.text}`;
    const next = this.sentences[index + 1]?.text;
    return /[.?!"”]\s*$/.test(text) || !next ? text : `${text} ${next}`;
  }

  private open(index: number, text: string): void {
    const kind = motionKind(text);
    const pending = this.motion && index - this.motion.index <= VOTE_WINDOW ? this.motion : null;
    if (pending && (RESTATEMENT.test(text) || SECONDED.test(text))) {
      if (pending.kind === "approve" && kind !== "approve") pending.kind = kind;
      return;
    }
    // "I move amendment number four, which …" … "So I would move.": the mover says it again, nothing new.
    if (pending && index - pending.index <= RESTATED_WITHIN && kind === "approve" && saysOnlyMove(text)) return;
    // "Can I get a motion to approve items 1 through 5?" "So moved.": the motion is the one asked for.
    const asked = !pending && kind === "approve" && saysOnlyMove(text) ? this.askedFor(index) : null;
    if (asked !== null) {
      const question = this.sentences[asked]!.text;
      this.motion = { index: asked, kind: motionKind(question), text: question };
    } else this.motion = { index, kind, text };
    this.lastResult = null;
    this.voiceCall = false;
    this.rollStart = null;
  }

  /** The chair's question asking for a motion that names what it does, just before a bare "So moved.", or null. */
  private askedFor(index: number): number | null {
    for (let before = index - 1; before >= Math.max(0, index - ASKED_WITHIN); before--) {
      const text = this.sentences[before]!.text;
      if (MOTION_ASKED.test(text) && /\?\s*$/.test(text)) return before;
      if (findResult(text) || announcement(text) !== undefined) return null;
    }
    return null;
  }

  private close(index: number, result: StatedResult): void {
    const text = this.sentences[index]!.text;
    // A vote called on the pending motion ("all those in favor", a roll call) decides it however long the
    // debate was: no announcement came between, or the motion would be gone. Without a call, a result decides
    // a motion this close only (farther when the result says "motion").
    const called = this.voiceCall || this.rollStart !== null;
    const reach = called ? Infinity : /\bmotion\b/i.test(text) ? VOTE_WINDOW : UNCALLED_WINDOW;
    const pending = this.motion && index - this.motion.index <= reach ? this.motion : null;
    const own = isMotion(text) ? { index, kind: motionKind(text), text } : null;
    const motion =
      result.kind === "adjourn"
        ? { index, kind: "adjourn" as const, text }
        : result.kind === "file"
          ? { index, kind: fileKind(text), text }
          : (pending ?? own);
    const rollFrom = this.rollStart;
    this.motion = null;
    this.voiceCall = false;
    this.rollStart = null;
    // "I move that we recess for ten minutes": a pause, never the decision of the item open, which stays open.
    if (!motion || RECESS.test(motion.text)) return;
    const item = this.itemOf(motion, result);
    if (!item) return;
    const rolls = rollFrom === null ? [] : this.sentences.slice(rollFrom + 1, index + 1).map((s) => s.text);
    let tally = voteTally(result.tally, rolls);
    let how: VoteMethod | null = rolls.length && tally.ayes !== null ? "roll-call" : result.how;
    let lost = tally.ayes !== null && tally.nays !== null && tally.ayes <= tally.nays;
    // "Nine in favor, nine opposed. The motion carries.": words and said count disagree. Only when the
    // names answered one by one agree with the words ("none opposed" misheard) is the result published,
    // without a tally; else nothing is.
    if (tally.nays !== null && result.stated && result.stated !== (lost ? "failed" : "carried")) {
      const counted = rolls.length ? countRollCall(rolls) : null;
      if (!counted || (counted.ayes! > counted.nays! ? "carried" : "failed") !== result.stated) return;
      tally = NO_TALLY;
      how = "roll-call";
      lost = result.stated === "failed";
    }
    this.decisions.push({
      item,
      motion: motion.kind,
      result: lost ? "failed" : result.result,
      ...tally,
      how,
      consent_items: isConsentMotion(motion.text) ? consentItems(motion.text) : [],
      motion_evidence: this.evidence(motion.index),
      result_evidence: this.evidence(index),
    });
    // A rider ("approval of items 2 through 11, including postponing item 11") is not extracted as a decision of
    // its own: on the held-out half it published a wrong one (docs/benchmarks.md, fourth round). The decision check
    // still accepts a rider the motion's words name, as a model may claim it.
    this.settled = index;
    if (!this.item || PRELIMINARY.has(motion.kind)) return;
    // A failed motion leaves its item open: "that motion fails" is often followed by another motion on it
    // ("move it without recommendation"), decided under the same name.
    const failed = lost || result.result === "failed";
    if (!failed) this.item.decided = true;
    else if (!this.item.decided) this.failedAt = index;
    if (failed && this.item.name === null && !this.item.decided && item !== "the consent agenda") this.item.name = item;
  }

  /** What the motion decides: the consent agenda, the announced item not yet decided, or what the motion names. */
  private itemOf(motion: Motion, result: StatedResult): string | null {
    if (result.kind === "adjourn") return "Adjournment";
    if (AGENDA_CHANGE.test(motion.text)) return "amending the agenda";
    // "All those in favor of approving the minutes say aye": the minutes, whatever item is open.
    if (MINUTES.test(motion.text)) return "the minutes";
    if (isConsentMotion(motion.text)) return "the consent agenda";
    // "approval of items 2 through 11": a listing, whatever item was announced last.
    const listing = numberedItems(motion.text);
    if (listing && /^items\b/i.test(listing) && motion.kind === "approve") return listing;
    // After a failed motion, the item is still the one decided only by a motion made soon after.
    const stale = this.failedAt !== null && motion.index - this.failedAt > AFTER_FAILURE;
    const current = this.item && !this.item.decided && !stale ? this.item.name : null;
    // "The first item we'll take up is amendment number one to Council Bill 118" … "I move adoption of Council
    // Bill 118 as amended": the main motion decides the bill, not the amendment announced first.
    if (current && /^amendments?\b/i.test(current) && !PRELIMINARY.has(motion.kind)) {
      const measure = MEASURE.exec(motion.text)?.[0];
      if (measure) return plainItem(measure);
    }
    if (current) return current;
    // A report is received and filed as the item announced, else as the presentation said since the announcement.
    if (motion.kind === "receive-and-file" || motion.kind === "place-on-file") {
      // After a decided item the report is one presented since that decision ("today we have a presentation on …").
      const from = this.item && !this.item.decided ? this.item.sentence : this.settled;
      const since = this.sentences.slice(from, motion.index + 1).map((s) => s.text);
      return reportNamed(since);
    }
    const named = motionMatter(motion.text);
    const item = named && (named.match(/[a-z]{5,}/gi)?.length ?? 0) >= MATTER_WORDS ? plainItem(named) : null;
    return item ?? numberedItems(motion.text);
  }

  private evidence(index: number): EvidenceSpan {
    const sentence = this.sentences[index]!;
    const segment = this.segments[sentence.segmentIndex];
    return { text: sentence.text, timestamp: formatDuration(segment?.startSeconds ?? 0) };
  }
}

const MINUTES = /\b(?:approv\w*|adopt\w*|accept\w*)\s+(?:of\s+)?(?:the\s+)?(?:\w+\s+){0,3}minutes\b/i;

// A bare "So I would move." this few sentences after a motion says that motion again; later, it makes a new one.
const RESTATED_WITHIN = 5;
// "Can I get a motion to …?", "Is there a motion for …?", "Do I have a motion to …?": a motion asked for, this close before "So moved."
const MOTION_ASKED =
  /\b(?:(?:get|have|hear|entertain|see)\s+a motion|is there a motion|(?:would|will) (?:someone|somebody|anyone|a member) (?:like to )?(?:make a motion|move))\s+(?:to|for)\s+\S+\s+\S+/i;
const ASKED_WITHIN = 3;
// Words a bare "So I would move." or "I'll make that motion." may hold besides the verb.
const MOVE_ONLY = /\b(?:would|should|like|motion|moved?|make|making|seconds?|seconded)\b/gi;

/** A motion that says nothing but that it is made: no kind, no matter. */
const saysOnlyMove = (text: string) => !/[a-z]{5,}/i.test(text.replace(MOVE_ONLY, ""));

/** The chair's "receive and file" or "place on file". */
function fileKind(text: string): MotionKind {
  const kind = motionKind(text);
  return kind === "place-on-file" ? kind : "receive-and-file";
}

/** "items 1 through 4", "item 21": the items a consent motion names, as said. */
function consentItems(text: string): string[] {
  const named = numberedItems(text);
  return named ? [named] : [];
}

const RECESS = /\b(?:recess\w*|take (?:a|an) (?:\w+ ){0,2}break|stand at ease)\b/i;

/**
 * The decisions of a meeting, in order. Each sentence's text must be a verbatim part of its segment's
 * text (readTranscriptSentences gives them so); a sentence that is not is never evidence.
 */
export function extractDecisions(sentences: DecisionSentence[], segments: TranscriptSegment[]): Decision[] {
  const usable = sentences.filter((s) => segments[s.segmentIndex]?.text.includes(s.text) ?? false);
  const book = new DecisionBook(usable, segments);
  for (let index = 0; index < usable.length; index++) book.read(index);
  return book.decisions;
}
