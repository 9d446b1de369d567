/**
 * Action items from what was moved, voted and asked of staff: "I move that
 * we direct staff to ...", "motion carries 5-0", "report back by June 15".
 */
import type { ActionItem } from "../schemas";
import { normalizeForMatch } from "../verify";
import type { NlpEntity } from "./nlp.server";
import { agendaWordCount, cleanSentence, countWords, displaySpeaker, isProcedural, shorten } from "./rules";

export type ActionSentence = { text: string; speaker: string | null; entities: NlpEntity[] };

const NUMBER_WORD = "(?:\\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen)";

const MOTION_VERBS =
  "approve|adopt|accept|direct|deny|continue|refer|table|receive|authori[sz]e|amend|place|pass|request|ask|forward|suspend|reconsider|postpone|lay|waive|close|open|introduce";

export const MOTION = new RegExp(
  [
    `\\bi(?:'d| would)? (?:like to )?move (?:that|approval|adoption|passage|for|we|council bill|item|the (?:item|resolution|ordinance|bill|recommendation|staff recommendation|consent calendar)|to (?:${MOTION_VERBS}))\\b`,
    "\\bi(?:'d| would)? (?:like to )?make (?:a|the) motion\\b",
    "\\bi(?:'ll| will) (?:move|approve)\\b",
    "\\bmove (?:approval|adoption|passage)\\b",
    `\\b(?:a |the )?motion (?:to|that) (?:we )?(?:${MOTION_VERBS}|the|council|staff)\\b`,
    `\\bmoved? (?:to|that) (?:we )?(?:${MOTION_VERBS})\\b`,
  ].join("|"),
  "i",
);

const MOTION_CLAUSE = /\b(?:move|moved|motion)\s+(?:that\s+(?:we\s+|the council\s+|council\s+)?|to\s+)?/i;

const TALLY_WORD = `(?:${NUMBER_WORD}|\\d{1,2})`;
const ITEM_NOUN =
  "(?:amendment|bill|ordinance|resolution|items?|appointments?|consent (?:calendar|agenda)(?: items)?|(?:the |those |these )?items|docket|report|motion|it|this|that|recommendation)";

// Results that are votes whatever the sentence: "motion carries", "the ayes have it", "the docket is passed".
const CARRIED = new RegExp(
  [
    "\\bmotion\\s*(?:carries|carried|carry|passes|passed|is approved|is adopted|arries)\\b",
    "\\b(?:the )?(?:ayes|aye's|eyes) (?:have|of) it\\b",
    `\\b${ITEM_NOUN} (?:is|are|has been|have been|was|were) (?:hereby )?(?:approved|adopted|passed)(?! (?:in|on|by|last|back|previously|when|as part|unanimously? (?:in|on)))\\b`,
    `\\b(?:the )?(?:amendment|bill|ordinance|resolution|item|appointment|consent calendar|consent agenda)(?: (?:number )?[\\w-]+)? (?:passes|carries|is adopted|is approved)\\b`,
    `\\b(?:approved|adopted|passe[sd]|carrie[sd]),? (?:on a |by a )?(?:vote of )?${TALLY_WORD}\\s*(?:-|–|to)\\s*${TALLY_WORD}(?!\\d)`,
    "\\b(?:passe[sd]|carrie[sd]|approved|adopted) unanimously\\b",
    "\\bunanimously (?:approved|adopted|passed)\\b",
    `\\b${TALLY_WORD} (?:ayes|eyes|yeas)\\b`,
  ].join("|"),
  "i",
);
const FAILED = new RegExp(
  [
    "\\bmotion\\s*(?:fails|failed|is defeated|does not (?:pass|carry))\\b",
    "\\b(?:the )?(?:nays|noes) (?:have|of) it\\b",
    `\\b${ITEM_NOUN} (?:fails|failed|is defeated|is denied|is rejected)\\b`,
    `\\b(?:fails|failed|defeated),? (?:on a |by a )?(?:vote of )?${TALLY_WORD}\\s*(?:-|–|to)\\s*${TALLY_WORD}(?!\\d)`,
  ].join("|"),
  "i",
);
// "if it is approved", "once the ordinance passes", "would be adopted": not a result.
const HYPOTHETICAL = /\b(?:if|whether|when|once|unless|until|would|could|should|might|may|will|expect(?:ed)?|hope)\b/i;

// "seven ayes, zero nays", "9-2", "seven zero", "seven to two"
const TALLY = new RegExp(
  [
    `\\b(${TALLY_WORD}) (?:ayes|eyes|yeas)(?:,? (?:and )?(${TALLY_WORD}) (?:nays|noes|nos?))?`,
    `\\b(${TALLY_WORD})\\s*(?:-|–|to)\\s*(${TALLY_WORD})(?!\\d)(?!\\s*(?:percent|%|million|thousand|dollars|years?|months?|days?|p\\.?m|a\\.?m))`,
    `\\b(?:carry|carries|carried|passes|passed|fails|failed) (${NUMBER_WORD}) (${NUMBER_WORD})\\b`,
  ].join("|"),
  "i",
);

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
];
const asDigits = (word: string) => {
  const index = NUMBER_WORDS.indexOf(word.toLowerCase());
  return index >= 0 ? String(index) : word;
};

/** "seven ayes, zero nays" → "7-0"; "we have six ayes" → "6 ayes"; null when no tally is said. */
export function findTally(text: string): string | null {
  const match = TALLY.exec(text);
  if (!match) return null;
  const [ayes, nays] = [match[1] ?? match[3] ?? match[5], match[2] ?? match[4] ?? match[6]];
  if (!ayes) return null;
  return nays ? `${asDigits(ayes)}-${asDigits(nays)}` : `${asDigits(ayes)} ayes`;
}

// A direction names who must act and what: "staff is directed to", "direct the city manager to",
// "ask staff to report back", "staff will bring back". Asking the clerk to call the roll is procedure.
const ADDRESSEE =
  "(?:the\\s+)?(?:city\\s+)?(?:staff|manager|attorney|administration|administrator|auditor|(?:[a-z]+\\s+)?department|police chief|coordinator)";
export const DIRECTION = new RegExp(
  [
    `\\b(?:direct|ask|request|instruct)(?:s|ing|ed)?\\s+${ADDRESSEE}\\s+to\\s+(?!call\\b|read\\b|explain\\b|answer\\b|respond\\b|clarify\\b|introduce\\b|come (?:up|forward)\\b)`,
    "\\b(?:staff|the (?:city )?(?:manager|attorney|administration|department)) (?:is|are|shall be|will be|be|has been) (?:hereby )?(?:directed|asked|requested|instructed) to\\b",
    "\\b(?:staff|we|department|administration) (?:will|shall|to) (?:return|report back|bring (?:it |this |that |them |something |an? \\w+ |the \\w+ )?back|prepare|draft|develop|come back)\\b",
    "\\b(?:report|bring (?:it |this |that |them |something |an? \\w+ |the \\w+ )?) back (?:to (?:us|council|the council|this (?:body|committee)|committee)|by|on|at|with)\\b",
  ].join("|"),
  "i",
);
// Not a direction: questions, negations, hypotheticals, roll calls and quorum calls.
const NEGATION =
  /\b(?:not|no|never|cannot|can't|can ?not|won't|don't|doesn't|didn't|shouldn't|wouldn't|couldn't|isn't|aren't)\b/i;
const NOT_DIRECTED =
  /\b(?:if|whether|would|could|might|maybe|perhaps|wonder|hypothetical\w*|quorum|roll|present|clerk)\b|\?\s*$/i;

/** An affirmative direction to staff: not asked, denied, supposed, or a roll call. */
export function isDirection(text: string): boolean {
  const match = DIRECTION.exec(text);
  if (!match) return false;
  const upTo = text.slice(0, match.index + match[0].length);
  return !NEGATION.test(upTo) && !NOT_DIRECTED.test(text);
}

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

export type VoteOutcome = { result: "carried" | "failed"; tally: string | null; phrase: string };

/** The result of a vote the sentence reports ("the ayes have it", "motion carry seven zero"), or null. */
export function findVoteOutcome(text: string): VoteOutcome | null {
  const failed = FAILED.exec(text);
  const carried = failed ? null : CARRIED.exec(text);
  const match = failed ?? carried;
  if (!match) return null;
  const before = text.slice(0, match.index);
  if (HYPOTHETICAL.test(before.split(/[,;]/).at(-1) ?? "") && !/\b(?:motion|ayes|eyes|nays)\b/i.test(match[0]))
    return null;
  const tally = findTally(text);
  const [ayes, nays] = (tally ?? "").split("-").map(Number);
  const lost = failed !== null || (nays !== undefined && ayes! <= nays);
  return { result: lost ? "failed" : "carried", tally, phrase: match[0].trim() };
}

/** "carried (5-0)", "failed", or null when the sentence reports no vote. */
export function voteOutcome(text: string): string | null {
  const outcome = findVoteOutcome(text);
  return outcome ? describeOutcome(outcome) : null;
}

function describeOutcome(outcome: VoteOutcome): string {
  return outcome.tally ? `${outcome.result} (${outcome.tally})` : outcome.result;
}

// "Our next item is a public hearing for ...", "item number four, which is ...", "we'll take up item 25".
const ITEM_ANNOUNCEMENT =
  /\b(?:(?:our |the )?(?:next|first|last|final|only|one) (?:item|items|public hearing|discussion item|matter)(?: on (?:the|our) [a-z ]+ agenda)?(?: today| up)?(?: is| are|,? which is)|next up(?: for discussion)? is|item (?:number )?[\w.]+,? (?:is|which is)|(?:take up|move to|moving to|moving on to|turn to|on to) (?:item|agenda item) (?:number )?[\w.]+(?:,? which is)?|(?:we have|there is) a (?:public hearing|joint consent item|consent item) (?:for|on|regarding|with)|(?:the )?consent agenda(?:,| items)? (?:which|that))\s*/i;

// What follows an announcement but names no item: "on our postponement agenda", ", with that, I'll ask".
const NOT_AN_ITEM =
  /^(?:[,;:]|on |in |at |with |and |so |that |i\b|we\b|(?:only|one|next|first|last) items?\b)|\b(?:i|we)(?:'ll| will|'m| am)\b|\b(?:which|that|who) is$/i;

type Item = { name: string; sentenceIndex: number; outcome: VoteOutcome | null };

/** The agenda item a sentence announces, named by the words after the announcement. */
export function announcedItem(text: string): string | null {
  const match = ITEM_ANNOUNCEMENT.exec(text);
  if (!match) return null;
  const rest = text.slice(match.index + match[0].length).replace(/^(?:a|an|the|our)\s+/i, "");
  const name = rest.split(/(?<=[a-z0-9)])[.?!;]\s|[.?!;]$|\s--\s/i)[0]!.trim();
  if (countWords(name) < 2 || NOT_AN_ITEM.test(name))
    return /\bconsent agenda\b/i.test(match[0]) ? "the consent agenda" : null;
  return shorten(name.replace(/[,.;:]+$/, ""), 16).replace(/…$/, "");
}

// "approve this item", "continue it": the motion names its item only by pointing at it.
const POINTS_AT_ITEM = /\b(?:this|the|that) (?:item|one|matter|report)\b|\b(?:this|it)\b/i;

const contentWords = (text: string) => text.toLowerCase().match(/[a-z]{5,}/g) ?? [];

/** "approve the contract" after "a contract with Harbor Paving": the motion is about that item. */
function sharesContentWord(clause: string, item: string): boolean {
  const itemWords = new Set(contentWords(item).filter((word) => !/^(?:approv|recommend|motion)/.test(word)));
  return contentWords(clause).some((word) => itemWords.has(word));
}

function motionDescription(sentence: ActionSentence, item: string | null): string {
  const clauseStart = MOTION_CLAUSE.exec(sentence.text);
  const clause = clauseStart ? sentence.text.slice(clauseStart.index + clauseStart[0].length) : sentence.text;
  const mover = sentence.speaker ? ` by ${displaySpeaker(sentence.speaker)}` : "";
  const on = item && (POINTS_AT_ITEM.test(clause) || sharesContentWord(clause, item)) ? ` on ${item}` : "";
  return `Motion${mover}${on}: ${shorten(cleanSentence(clause || sentence.text), 40)}`;
}

// A vote belongs to the motion or item before it when it comes within this many sentences.
const VOTE_WINDOW = 25;
// "The ayes have it. And the motion carries.": one vote, said twice.
const SAME_VOTE = 4;
const MAX_ACTION_ITEMS = 14;

type Draft = ActionItem & { sentenceIndex: number; outcome: VoteOutcome | null; isMotion: boolean };

function draftFor(sentence: ActionSentence, index: number, item: Item | null): Draft | null {
  const about = item && index - item.sentenceIndex <= VOTE_WINDOW ? item.name : null;
  const isMotion =
    MOTION.test(sentence.text) && (countWords(sentence.text) >= 6 || about !== null) && !/\?\s*$/.test(sentence.text);
  const direction = isDirection(sentence.text);
  if (!isMotion && !direction) return null;
  const description = isMotion ? motionDescription(sentence, about) : shorten(cleanSentence(sentence.text), 40);
  return {
    description,
    responsible_party: direction ? responsibleParty(sentence.text) : "City Council",
    due_date: findDueDate(sentence.text, sentence.entities),
    sentenceIndex: index,
    outcome: null,
    isMotion,
  };
}

function finish(draft: Draft): ActionItem {
  const outcome = draft.outcome ? ` Result: ${describeOutcome(draft.outcome)}.` : "";
  return {
    description: `${draft.description.replace(/[.…]$/, "")}.${outcome}`.replace(/\.\./g, "."),
    responsible_party: draft.responsible_party,
    due_date: draft.due_date,
  };
}

/** Which motion or announced item a vote at sentenceIndex decides; false when it repeats the last vote. */
function recordOutcome(drafts: Draft[], item: Item | null, outcome: VoteOutcome, index: number): boolean {
  const recent = (at: number) => index - at <= VOTE_WINDOW;
  const lastVote = drafts.filter((d) => d.outcome).at(-1);
  const newest = Math.max(item?.sentenceIndex ?? -1, ...drafts.filter((d) => !d.outcome).map((d) => d.sentenceIndex));
  if (lastVote && index - lastVote.sentenceIndex <= SAME_VOTE && newest < lastVote.sentenceIndex) {
    if (!lastVote.outcome!.tally && outcome.tally) lastVote.outcome!.tally = outcome.tally;
    lastVote.sentenceIndex = index;
    return true;
  }
  const motion = [...drafts].reverse().find((d) => d.isMotion && !d.outcome && recent(d.sentenceIndex));
  const itemIsNewer =
    item && !item.outcome && recent(item.sentenceIndex) && (!motion || item.sentenceIndex > motion.sentenceIndex);
  if (!itemIsNewer && motion) {
    motion.outcome = outcome;
    motion.sentenceIndex = index;
    if (item && item.sentenceIndex < motion.sentenceIndex) item.outcome = outcome;
    return true;
  }
  if (itemIsNewer) {
    item.outcome = outcome;
    drafts.push({
      description: `Item: ${item.name}`,
      responsible_party: "City Council",
      due_date: null,
      sentenceIndex: index,
      outcome,
      isMotion: false,
    });
    return true;
  }
  return false;
}

// How far back a vote without an announced item looks for what it decides.
const MATTER_WINDOW = 30;

/** The closest earlier sentence in agenda language: what an unannounced vote decides; else the vote itself. */
function votedMatter(sentences: ActionSentence[], index: number): string {
  for (let i = index - 1; i >= Math.max(0, index - MATTER_WINDOW); i--) {
    const text = sentences[i]!.text;
    if (agendaWordCount(text) > 0 && !isProcedural(text) && !/\?\s*$/.test(text)) return text;
  }
  return sentences[index]!.text;
}

export function extractActionItems(sentences: ActionSentence[]): ActionItem[] {
  const drafts: Draft[] = [];
  let item: Item | null = null;
  sentences.forEach((sentence, index) => {
    const outcome = findVoteOutcome(sentence.text);
    // A vote said before the next item is announced in the same sentence decides the earlier item.
    if (outcome && !recordOutcome(drafts, item, outcome, index)) {
      drafts.push({
        description: `Vote on: ${shorten(cleanSentence(votedMatter(sentences, index)), 24)}`,
        responsible_party: "City Council",
        due_date: null,
        sentenceIndex: index,
        outcome,
        isMotion: false,
      });
    }
    const announced = announcedItem(sentence.text);
    if (announced) item = { name: announced, sentenceIndex: index, outcome: null };
    const draft = draftFor(sentence, index, item);
    if (draft) drafts.push(draft);
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
