/**
 * Action items from what was moved, voted and asked of staff: "I move that
 * we direct staff to ...", "motion carries 5-0", "report back by June 15".
 */
import type { ActionItem } from "../schemas";
import { normalizeForMatch } from "../verify";
import type { NlpEntity } from "./nlp.server";
import { cleanSentence, countWords, displaySpeaker, shorten } from "./rules";

export type ActionSentence = { text: string; speaker: string | null; entities: NlpEntity[] };

const NUMBER_WORD = "(?:\\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen)";

const MOTION_VERBS =
  "approve|adopt|accept|direct|deny|continue|refer|table|receive|authori[sz]e|amend|place|pass|request|ask|forward|suspend|reconsider|postpone|lay|waive|close|open|introduce";

export const MOTION = new RegExp(
  [
    `\\bi(?:'d| would)? (?:like to )?move (?:that|approval|adoption|passage|for|we|council bill|item|the (?:item|resolution|ordinance|bill|recommendation|staff recommendation|consent calendar)|to (?:${MOTION_VERBS}))\\b`,
    "\\bi(?:'d| would)? (?:like to )?make (?:a|the) motion\\b",
    `\\b(?:a |the )?motion (?:to|that) (?:we )?(?:${MOTION_VERBS}|the|council|staff)\\b`,
    `\\bmoved? (?:to|that) (?:we )?(?:${MOTION_VERBS})\\b`,
  ].join("|"),
  "i",
);

const MOTION_CLAUSE = /\b(?:move|moved|motion)\s+(?:that\s+(?:we\s+|the council\s+|council\s+)?|to\s+)?/i;

// Results that are votes whatever the sentence: "motion carries", "approved 5-0", "11 ayes".
const CLEAR_VOTE_RESULT = new RegExp(
  [
    "\\bmotion (?:carries|carried|passes|passed|fails|failed|is approved|is adopted)",
    `\\b(?:approved|adopted|passed|carries|carried|fails|failed),? (?:on a )?${NUMBER_WORD}\\s*(?:-|–|to)\\s*${NUMBER_WORD}(?!\\d)`,
    "\\b(?:passe[sd]|carrie[sd]|approved|adopted) unanimously\\b",
    "\\bunanimously (?:approved|adopted|passed)\\b",
    `\\b${NUMBER_WORD} (?:ayes|eyes)\\b`,
    "\\b(?:the )?(?:amendment|bill|ordinance|resolution|item|appointment|consent calendar)(?: (?:number )?[\\w-]+)? (?:passes|carries|fails|is adopted|is approved)\\b",
  ].join("|"),
  "i",
);
// Passive results are votes only about an item, and not when they tell history ("was adopted in 2011").
const PASSIVE_VOTE_RESULT =
  /\b(?:(?:was|is|been|were|are) (?:approved|adopted|passed|denied|rejected)|(?:has|have) (?:passed|failed|been adopted|been approved))\b/i;
const HISTORY =
  /\b(?:(?:in|since|during) (?:(?:early|late|mid) )?(?:[a-z]+ )?(?:of )?(?:1[89]|20)\d\d|last (?:year|month|week)|previously|ago|prior to|back in|earlier this)\b/i;

const VOTE_CONTEXT = /\b(?:motion|item|bill|ordinance|resolution|vote|ayes|eyes|unanimous\w*|council|consent)\b/i;
const TALLY = new RegExp(
  `\\b(${NUMBER_WORD})\\s*(?:-|–|to)\\s*(${NUMBER_WORD})(?!\\d)(?!\\s*(?:percent|%|million|thousand|dollars))`,
  "i",
);

export const DIRECTION =
  /\b(?:(?:direct|ask|request|instruct)(?:s|ing|ed)?\s+(?:the\s+)?(?:city\s+)?(?:staff|manager|attorney|clerk|administration|department|police|auditor)\b|bring (?:it |this |that |them |something |an? \w+ |the \w+ )?back\b|report back\b|come back (?:to (?:us|council|the council|this body))\b|return to (?:the )?council\b|staff (?:will|shall|to|should) (?:return|report|bring|prepare|draft|develop|come back|look into|work with|provide))/i;

const MONTH =
  "(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?";
const WEEKDAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const DATE_PHRASE = new RegExp(
  "\\b(?:by|on|before|until|no later than|at|for|within|in)\\s+(?:the\\s+)?(" +
    [
      `(?:end of\\s+)?${MONTH}(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?`,
      "\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?",
      "(?:next|following) (?:week|month|meeting|council meeting|regular meeting|year|quarter)",
      "end of (?:the |this )?(?:week|month|year|quarter|fiscal year)",
      "(?:first|second|third|fourth) quarter(?: of \\d{4})?",
      "\\d+ (?:days|weeks|months)",
      `(?:next )?${WEEKDAY}`,
    ].join("|") +
    ")\\b",
  "i",
);

// "May" is also a verb: a bare month needs a day or a year unless it is unambiguous.
function isPlausibleDate(phrase: string): boolean {
  return !/^may\.?$/i.test(phrase.trim());
}

/** A date said after a preposition ("by June 15", "on Tuesday", "within 60 days"), without the preposition. */
export function findDatePhrase(text: string): string | null {
  const match = DATE_PHRASE.exec(text);
  if (!match || !isPlausibleDate(match[1]!)) return null;
  const phrase = match[1]!.trim();
  return /^\d+ (?:days|weeks|months)$/i.test(phrase) ? `within ${phrase}` : phrase;
}

/** A deadline said in the sentence ("by June 15", "within 60 days", "next meeting"), or null. */
export function findDueDate(text: string, entities: NlpEntity[] = []): string | null {
  const phrase = findDatePhrase(text);
  if (phrase) return phrase;
  const dated = entities.find((entity) => entity.type === "DATE" && /\d|next|end of/i.test(entity.value));
  return dated ? dated.value.replace(/^by\s+/i, "") : null;
}

const PARTY =
  /\b((?:[A-Z][a-z]+\s+){0,3}(?:Department|Division|Office|Commission|Board|Committee|Agency|Authority)|City Manager|City Attorney|City Clerk|City Auditor|Police Chief|Fire Chief|Chief of Police|Public Works|(?:Council ?member|Councilwoman|Councilman|Commissioner|Director) [A-Z][a-z]+)\b/;

/** Who must act on a direction: a named department or official, else city staff. */
export function responsibleParty(text: string): string {
  const named = PARTY.exec(text)?.[1];
  if (named) return named.replace(/^(?:The|And|To|Direct|Ask)\s+/, "").trim();
  if (/\bcity manager\b/i.test(text)) return "City Manager";
  if (/\bcity attorney\b/i.test(text)) return "City Attorney";
  return "City staff";
}

function findVoteResult(text: string): RegExpExecArray | null {
  const clear = CLEAR_VOTE_RESULT.exec(text);
  if (clear) return clear;
  const passive = PASSIVE_VOTE_RESULT.exec(text);
  if (!passive || !VOTE_CONTEXT.test(text) || HISTORY.test(text)) return null;
  // "the amendment that was passed" describes an earlier vote.
  const before = text.slice(0, passive.index);
  return /\b(?:that|which|who)\s+$/i.test(before) ? null : passive;
}

/** "motion carries (5-0)", "has passed", or null when the sentence reports no vote. */
export function voteOutcome(text: string): string | null {
  const result = findVoteResult(text);
  if (!result) return null;
  const tally = TALLY.exec(text);
  const phrase = result[0].trim();
  return tally && !phrase.includes(tally[0]) ? `${phrase} (${tally[1]}-${tally[2]})` : phrase;
}

function motionDescription(sentence: ActionSentence): string {
  const clauseStart = MOTION_CLAUSE.exec(sentence.text);
  const clause = clauseStart ? sentence.text.slice(clauseStart.index + clauseStart[0].length) : sentence.text;
  const mover = sentence.speaker ? ` by ${displaySpeaker(sentence.speaker)}` : "";
  return `Motion${mover}: ${shorten(cleanSentence(clause || sentence.text), 40)}`;
}

// A vote belongs to the motion before it when it comes within this many sentences.
const VOTE_WINDOW = 25;
const MAX_ACTION_ITEMS = 12;

type Draft = ActionItem & { sentenceIndex: number; outcome: string | null; isMotion: boolean };

function attachOutcome(drafts: Draft[], outcome: string, sentenceIndex: number): boolean {
  const motion = [...drafts]
    .reverse()
    .find((d) => d.isMotion && !d.outcome && sentenceIndex - d.sentenceIndex <= VOTE_WINDOW);
  if (!motion) return false;
  motion.outcome = outcome;
  return true;
}

function draftFor(sentence: ActionSentence, index: number): Draft | null {
  const isMotion = MOTION.test(sentence.text) && countWords(sentence.text) >= 6;
  const isDirection = DIRECTION.test(sentence.text);
  if (!isMotion && !isDirection) return null;
  return {
    description: isMotion ? motionDescription(sentence) : shorten(cleanSentence(sentence.text), 40),
    responsible_party: isDirection ? responsibleParty(sentence.text) : "City Council",
    due_date: findDueDate(sentence.text, sentence.entities),
    sentenceIndex: index,
    outcome: null,
    isMotion,
  };
}

function finish(draft: Draft): ActionItem {
  const outcome = draft.outcome ? ` Result: ${draft.outcome}.` : "";
  return {
    description: `${draft.description}${outcome}`,
    responsible_party: draft.responsible_party,
    due_date: draft.due_date,
  };
}

export function extractActionItems(sentences: ActionSentence[]): ActionItem[] {
  const drafts: Draft[] = [];
  sentences.forEach((sentence, index) => {
    const draft = draftFor(sentence, index);
    if (draft) drafts.push(draft);
    const outcome = voteOutcome(sentence.text);
    if (!outcome || attachOutcome(drafts, outcome, index)) return;
    drafts.push({
      description: `Vote: ${shorten(cleanSentence(sentence.text), 30)}`,
      responsible_party: "City Council",
      due_date: null,
      sentenceIndex: index,
      outcome: null,
      isMotion: false,
    });
  });
  const seen = new Set<string>();
  return drafts
    .filter((draft) => {
      const key = normalizeForMatch(draft.description);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_ACTION_ITEMS)
    .map(finish);
}
