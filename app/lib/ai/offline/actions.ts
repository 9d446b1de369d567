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
  "approve|adopt|accept|award|direct|deny|continue|refer|table|receive|authori[sz]e|amend|place|pass|request|ask|forward|suspend|reconsider|postpone|lay|waive|close|open|introduce|recommend|set|uphold|grant";

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

const MOTION_CLAUSE = /\b(?:moves?|moved|motion)\s+(?:that\s+(?:we\s+|the council\s+|council\s+)?|to\s+)?/i;

const TALLY_WORD = `(?:${NUMBER_WORD}|\\d{1,2})`;
const ITEM_NOUN =
  "(?:amendment|bill|ordinance|resolution|items?|appointments?|consent (?:calendar|agenda)(?: items)?|(?:the |those |these )?items|docket|report|motion|it|this|that|recommendation)";

// Where a short result starts: the sentence's or a clause's start, or after "and", "so", "okay".
const CLAUSE_START = "(?<=^|[.,;:!]\\s*|\\b(?:and|so|okay|then|now)\\s)";

// Results that are votes whatever the sentence: "motion carries", "the ayes have it", "the docket is passed".
const CARRIED = new RegExp(
  [
    "\\bmotion\\s*(?:carries|carried|carry|passes|passed|is approved|is adopted|arries)\\b",
    // "The motion is carried.", "the motion has passed", "the motion prevails" (the form of Minnesota's bodies).
    "\\bmotion (?:is|has|has been) (?:carried|passed|adopted|approved)(?=\\s*(?:[.;!,]|$)|\\s+(?:and|unanimously|by|on|with)\\b)",
    "\\bmotion (?:prevails|prevailed)\\b",
    // "That's approved.", "It's adopted.", "Those are approved.": said as the result, closing the sentence or its clause.
    // Said at the start of a sentence or clause: "the language that's adopted" is no result.
    `${CLAUSE_START}(?:that|it|this|those|these|that one)(?:'s| is| are) (?:hereby )?(?:approved|adopted|passed|carried)(?=\\s*(?:[.;!]|$)|,? and\\b)`,
    `${CLAUSE_START}(?:it|that one) (?:carries|passes)(?=\\s*(?:[.;!]|$)|,? and\\b)`,
    // "The item is postponed to March 4.", "That is forwarded to the full council without recommendation.":
    // what the vote did to the item, said as the result (never "was", history).
    `${CLAUSE_START}(?:(?:that|this|the|those|these) (?:items?|matters?|motion|reports?|ordinance|resolution|bill)|that|it)(?:'s| is| are| has been| have been) (?:hereby )?(?:(?:postponed|continued|tabled|laid over)(?=\\s*(?:[.;!,]|$)|\\s+(?:to|until|till|indefinitely|for|one|two|three|four|\\d+)\\b)|(?:referred|forwarded) (?:to (?:the )?(?:full |city )?council\\b|to (?:the )?(?:[\\w&,]+ ){1,6}committee\\b|without (?:a )?recommendation\\b))`,
    // Seattle's "the appointments are confirmed".
    "\\b(?:the )?(?:re)?appointments? (?:is|are|has been|have been) (?:hereby )?confirmed\\b",
    // A caption break that swallows the motion's first letter: "Theotion carries.", "that otion carries".
    "\\b(?:the|that)\\s?otion\\s*(?:carries|carried|passes|passed)\\b",
    // Robert's Rules: "The ayes appear to have it. The ayes have it." ("do have it" when the chair confirms).
    "\\b(?:the )?(?:ayes|aye's|eyes|i's) (?:appear to |seem to |do )?(?:have|has|of) it\\b",
    // "Motion approved.", "Motion adopted.": said as the whole result.
    "\\bmotion (?:approved|adopted)(?=\\s*(?:[.;!]|$))",
    // "The motion to postpone carries.": the motion named by what it does (the chair's words may not hold a condition).
    "\\bmotion to (?:(?!\\b(?:if|when|whether|would|will|should|could|might|may|unless|until)\\b)[^.;!?]){2,60}?\\s(?:carries|carried|passes|passed|prevails|is (?:approved|adopted|carried))\\b",
    // "The vote is 5 to 0.": a tally said as the result; its direction is the count's.
    `\\bthe vote is ${TALLY_WORD}\\s*(?:-|–|to)\\s*${TALLY_WORD}(?!\\d)`,
    // "That's unanimous.", said after the vote, at the start of the sentence or its clause.
    `${CLAUSE_START}(?:that|it)(?:'s| is) unanimous(?=\\s*(?:[.;!]|$))`,
    // "I emotion carries.": the motion misheard, said as the whole result ("the emotion carries through" is none).
    "\\bemotion (?:carries|carried|passes|passed)(?=\\s*(?:[.;!]|$))",
    `\\b${ITEM_NOUN} (?:is|are|has been|have been|was|were) (?:hereby )?(?:approved|adopted|passed)(?! (?:in|on|by|last|back|previously|when|as part|unanimously? (?:in|on)))\\b`,
    `\\b(?:the )?(?:amendment|bill|ordinance|resolution|item|appointment|docket|consent calendar|consent agenda)(?: (?:number )?[\\w-]+)? (?:passes|carries|is adopted|is approved|has passed(?=\\s*[.;!]?\\s*$))\\b`,
    `\\b(?:approved|adopted|passe[sd]|carrie[sd]),? (?:on a |by a )?(?:vote of )?${TALLY_WORD}\\s*(?:-|–|to)\\s*${TALLY_WORD}(?!\\d)`,
    "\\b(?:passe[sd]|carrie[sd]|approved|adopted) unanimously\\b",
    "\\bunanimously (?:approved|adopted|passed)\\b",
    `\\b${TALLY_WORD} (?:ayes|eyes|yeas)\\b`,
    // Seattle's "the bill passed", said as the result, not as history ("the bill passed last year").
    `\\bthe (?:bill|ordinance|resolution|amendment|appointment|item)s? (?:passed|carried)(?=\\s*(?:[.;!]|$)|,? and (?:the|it|is|was|will)\\b|,?\\s+${TALLY_WORD}\\s*(?:-|–|to)\\s*${TALLY_WORD}\\b)`,
    "\\b(?:that|those items?|these items?|the items?) (?:carries|carry|passes)(?=\\s*(?:[.;!]|$)|,? (?:and|as well)\\b)",
    "\\bveto (?:is|has been|was) (?:hereby )?overridden\\b",
    // Past tense only: "to override the veto" is the motion, "overrode the veto" its result.
    "\\b(?:overrode|(?:has|have) overridden) the (?:\\w+'s )?veto\\b",
  ].join("|"),
  "i",
);
const FAILED = new RegExp(
  [
    "\\bmotion\\s*(?:fails|failed|is defeated|is lost|has failed|(?:does|did) not (?:pass|carry|prevail)|(?:doesn't|didn't) (?:pass|carry|prevail))\\b",
    // A failed override: "that motion fails and the mayor's veto is sustained".
    "\\bveto (?:is|has been|was|stands|remains) (?:hereby )?(?:sustained|upheld)\\b",
    "\\b(?:sustained|upheld) the (?:\\w+'s )?veto\\b",
    "\\b(?:the )?(?:nays|noes) (?:appear to |seem to |do )?(?:have|of) it\\b",
    "\\bmotion to (?:(?!\\b(?:if|when|whether|would|will|should|could|might|may|unless|until)\\b)[^.;!?]){2,60}?\\s(?:fails|failed|is defeated|is lost|(?:does|did) not (?:pass|carry|prevail)|(?:doesn't|didn't) (?:pass|carry|prevail))\\b",
    `\\b${ITEM_NOUN} (?:fails|failed|is defeated|is denied|is rejected)\\b`,
    `\\b(?:fails|failed|defeated),? (?:on a |by a )?(?:vote of )?${TALLY_WORD}\\s*(?:-|–|to)\\s*${TALLY_WORD}(?!\\d)`,
  ].join("|"),
  "i",
);
// "if it is approved", "once the ordinance passes", "would be adopted": not a result.
// "If there's no objection, the motion carries": unanimous consent, not a condition.
const NO_OBJECTION = /\b(?:if|unless) (?:there(?:'s| is| are) )?(?:no|any) objections?\b/gi;
const CONDITION = /\b(?:if|unless|whether|hope|hoping|hopefully|expect|expecting)\b/i;
const HYPOTHETICAL = /\b(?:if|whether|when|once|unless|until|would|could|should|might|may|will|expect(?:ed)?|hope)\b/i;

// "seven ayes, zero nays", "9-2", "seven zero", "seven to two"
const TALLY = new RegExp(
  [
    `\\b(${TALLY_WORD}) (?:ayes|eyes|yeas|(?<=\\b(?:one|1) )aye)(?:,? (?:and )?(${TALLY_WORD}) (?:nays?|noes|nos?))?`,
    `(?<![:.$\\d])\\b(${TALLY_WORD})\\s*(?:-|–|to)\\s*(${TALLY_WORD})(?!\\d)(?![:.]\\d)(?!\\s*(?:percent|%|million|thousand|dollars|years?|months?|days?|p\\.?m|a\\.?m))`,
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

// "the resolution that was passed in 2023", "one that was adopted over the veto", "It was passed over": a pronoun
// in the past or perfect tense tells what happened before, never the result just voted ("That is approved").
const PAST_BY_PRONOUN = /^(?:it|this|that|which) (?:was|were|has been|have been)\b/i;
const PAST_UNANIMOUS =
  /^(?:(?:passed|carried|approved|adopted) unanimously|unanimously (?:approved|adopted|passed))\b/i;

/** A result phrase told as history: by a pronoun in the past tense, or "passed unanimously" in a story ("it was…"). */
function isHistory(phrase: string, before: string): boolean {
  return PAST_BY_PRONOUN.test(phrase) || (PAST_UNANIMOUS.test(phrase) && /\b(?:was|were|had)\b/i.test(before));
}

/** The result of a vote the sentence reports ("the ayes have it", "motion carry seven zero"), or null. */
export function findVoteOutcome(text: string): VoteOutcome | null {
  const failed = FAILED.exec(text);
  const carried = failed ? null : CARRIED.exec(text);
  const match = failed ?? carried;
  if (!match) return null;
  const before = text.slice(0, match.index);
  const clause = before.split(/[,;]/).at(-1) ?? "";
  if (HYPOTHETICAL.test(clause) && !/\b(?:motion|ayes|eyes|nays)\b/i.test(match[0])) return null;
  // "If the motion carries, …", "I hope the motion passes": a condition or a wish, never the result.
  if (CONDITION.test(clause.replace(NO_OBJECTION, ""))) return null;
  if (isHistory(match[0], before)) return null;
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

// "Our next item is a public hearing for ...", "item number four, which is ...", "we'll take up item 25",
// "Moving on to item 5, a public hearing on ...", "Let's go to item 7, restoring ...", "Next is item 6, ...".
const ITEM_ANNOUNCEMENT =
  /\b(?:(?:our |the )?(?:next|first|last|final|only|one) (?:agenda )?(?:item|items|public hearing|discussion item|matter)(?: on (?:the|our|today's) (?:[a-z]+ )*?agenda)?(?: before us)?(?: for (?:today|tonight|this (?:morning|afternoon|evening)))?(?: today| tonight| up)?(?: is| are|,? which is|,(?= (?:the|an?|item)\b))|next up(?: for discussion)? is|item (?:number |no\.? |#)?(?!(?:that|this|which|it)\b)[\w.]+(?: on (?:the|our) agenda)?,? (?:is|which is)|(?:take up|move to|moving to|moving on to|turn to|on to|go to|brings? us to|next is|(?:next|now),? we have|(?:we're|we are) (?:now )?on) (?:item|agenda item) (?:number |no\.? )?[\w.]+(?:,? which is|,)?|(?:we have|there is) a (?:public hearing|joint consent item|consent item) (?:for|on|regarding|with)|(?:the )?consent agenda(?:,| items)? (?:which|that))\s*/i;

// What follows an announcement but names no item: "on our postponement agenda", ", with that, I'll ask".
const NOT_AN_ITEM =
  /^(?:[,;:]|on |in |at |with |and |so |that |before (?:us|you)\b|i\b|we\b|(?:only|one|next|first|last) items?\b)|\b(?:i|we)(?:'ll| will|'m| am)\b|\b(?:which|that|who) is$/i;

/** The agenda item a sentence announces, named by the words after the announcement. */
export function announcedItem(text: string): string | null {
  const match = ITEM_ANNOUNCEMENT.exec(text);
  if (!match) return null;
  const rest = text.slice(match.index + match[0].length).replace(/^(?:a|an|the|our)\s+/i, "");
  const name = rest.split(/(?<=[a-z0-9)])[.?!;]\s|[.?!;]$|\s--\s/i)[0]!.trim();
  if (countWords(name) < 2 || NOT_AN_ITEM.test(name))
    return /\bconsent agenda\b/i.test(match[0]) ? "the consent agenda" : null;
  // "the consent calendar: 3A, approval of the minutes …; 3B, …": the listing is not the item's name.
  const listing = /^(consent (?:calendar|agenda))\s*:/i.exec(name);
  if (listing) return `the ${listing[1]!.toLowerCase()}`;
  return shorten(name.replace(/[,.;:]+$/, ""), 16).replace(/…$/, "");
}

// Parts of a meeting that are heard, not decided: no vote is taken on them and no story leads with them.
const PROCEDURE_ITEM =
  /^(?:(?:general |non-agenda |oral )?public comments?\b|(?:the )?(?:roll call|pledge|invocation|adjournment|recess)\b|(?:council|board|commission|committee|members?|councilmembers|commissioners|trustees|staff|city manager|mayor)'?s?' (?:reports?|comments|announcements)\b|(?:reports?|announcements|communications) (?:from|of|by)\b|approval of the agenda\b)/i;

/** Public comment, roll call, reports and the like: an item announced, but never the item a vote decides. */
export const isProcedureItem = (item: string) => PROCEDURE_ITEM.test(item.replace(/^(?:the|an?|our)\s+/i, ""));

const contentWords = (text: string) => text.toLowerCase().match(/[a-z]{5,}/g) ?? [];

// Words of a motion that say what is done to an item, not which item: "move this item without recommendation".
const MOTION_ONLY_WORDS =
  /^(?:approv\w*|adopt\w*|passage|motion|recommend\w*|continu\w*|forward|without|council|committee|clerks?|second\w*|cycle|items?|until|meeting|regular|table|postpone|refer\w*|receive|place|consent|agenda|reports?|files?|filed|through)$/;

/** A motion that says what it decides ("approve the contract with Harbor Paving"), not only "approve this item". */
function namesItsMatter(clause: string): boolean {
  return contentWords(clause).filter((word) => !MOTION_ONLY_WORDS.test(word)).length >= 2;
}

/** "I will make a motion to approve this item": procedure, unlike a motion that says what it decides. */
export function isBareMotion(text: string): boolean {
  return MOTION.test(text) && !namesItsMatter(motionClause(text));
}

// "approve the contract with Harbor Paving": the verb of a motion, before the matter it names.
const MOTION_VERB_LEAD =
  /^(?:(?:we |the council |council )?(?:approve|adopt|accept|award|deny|refer|amend|pass|authori[sz]e|grant|uphold|forward|recommend|override)\w*\s+)+/i;

/** What a motion names as its matter ("the contract with Harbor Paving"), or null for "approve this item". */
export function motionMatter(text: string): string | null {
  const clause = motionClause(text);
  if (!namesItsMatter(clause)) return null;
  const matter = clause
    .replace(MOTION_VERB_LEAD, "")
    .split(/[.?!;]\s|\s--\s|,\s*(?:and\s+)?(?:all those|those|is there|any discussion|may i|do i|seconded)/i)[0]!
    .trim();
  return namesItsMatter(matter) ? matter : null;
}

function motionClause(text: string): string {
  const clauseStart = MOTION_CLAUSE.exec(text);
  return clauseStart ? text.slice(clauseStart.index + clauseStart[0].length) : text;
}

function motionDescription(sentence: ActionSentence, item: string | null): string {
  const clause = motionClause(sentence.text);
  const mover = sentence.speaker ? ` by ${displaySpeaker(sentence.speaker)}` : "";
  const on = item ? ` on ${item}` : "";
  return `Motion${mover}${on}: ${shorten(cleanSentence(clause || sentence.text), 40)}`;
}

/** "We will move to item no. 2 on our agenda. Which is several appropriation resolutions …" */
function continuedItem(text: string, next: string | undefined): string | null {
  if (!next || !ITEM_ANNOUNCEMENT.test(text) || !/^which (?:is|are)\s/i.test(next)) return null;
  return announcedItem(`Next item is ${next.replace(/^which (?:is|are)\s+/i, "")}`);
}

// A motion or vote belongs to the item announced before it while no other item is announced,
// up to this many sentences later (a long item's debate).
const ITEM_WINDOW = 400;
// A vote decides the motion made at most this many sentences before it.
const VOTE_WINDOW = 25;
const MAX_ACTION_ITEMS = 16;

/** A vote (one per item) or a direction to staff, with where it was said. */
type Draft = ActionItem & { sentenceIndex: number; outcome: VoteOutcome | null; key: string | null };

/** Votes are the body's: a committee's vote is the committee's, not the City Council's. */
export const isVoteItem = (item: ActionItem) => /^(?:Motion\b|Item: )/.test(item.description);

function finish(draft: Draft): ActionItem {
  const outcome = draft.outcome ? ` Result: ${describeOutcome(draft.outcome)}.` : "";
  return {
    description: `${draft.description.replace(/[.…]$/, "")}.${outcome}`.replace(/\.\./g, "."),
    responsible_party: draft.responsible_party,
    due_date: draft.due_date,
  };
}

type Motion = { sentence: ActionSentence; index: number; item: string | null };

/**
 * Motions and votes grouped by what they decide: the announced item, else the
 * matter the motion names. One action item per item, with its last result; a
 * vote that names nothing joins the vote just before it or is left out.
 */
class VoteBook {
  private byKey = new Map<string, Draft>();
  private last: Draft | null = null;
  constructor(
    private drafts: Draft[],
    private body: string,
  ) {}

  private draft(key: string, description: string, index: number): Draft {
    let draft = this.byKey.get(key);
    if (!draft) {
      draft = { description, responsible_party: this.body, due_date: null, sentenceIndex: index, outcome: null, key };
      this.byKey.set(key, draft);
      this.drafts.push(draft);
    }
    return draft;
  }

  motion(motion: Motion): void {
    const key = motion.item ?? (namesItsMatter(motionClause(motion.sentence.text)) ? motion.sentence.text : null);
    if (!key) return;
    const draft = this.draft(key, motionDescription(motion.sentence, motion.item), motion.index);
    if (!draft.outcome) draft.description = motionDescription(motion.sentence, motion.item);
    // "I move that we approve the contract and direct staff to report back by March 15": staff must act.
    if (isDirection(motion.sentence.text)) {
      draft.responsible_party = responsibleParty(motion.sentence.text);
      draft.due_date = findDueDate(motion.sentence.text, motion.sentence.entities);
    }
  }

  vote(outcome: VoteOutcome, index: number, motion: Motion | null, item: string | null): void {
    const named = motion && namesItsMatter(motionClause(motion.sentence.text)) ? motion.sentence.text : null;
    const key = motion?.item ?? named ?? item;
    const draft = key
      ? this.draft(key, motion ? motionDescription(motion.sentence, motion.item) : `Item: ${item}`, index)
      : this.last && index - this.last.sentenceIndex <= VOTE_WINDOW
        ? this.last
        : null;
    if (!draft) return;
    if (motion && key) draft.description = motionDescription(motion.sentence, motion.item);
    const tally = outcome.tally ?? (draft === this.last ? (draft.outcome?.tally ?? null) : null);
    draft.outcome = { ...outcome, tally };
    draft.sentenceIndex = index;
    this.last = draft;
  }
}

/**
 * Action items: one per decided item ("Motion on <item>: <motion>. Result: carried (7-0).",
 * "Item: <item>. Result: carried."), responsible party the body that met; and directions to staff.
 */
export function extractActionItems(sentences: ActionSentence[], body = "City Council"): ActionItem[] {
  const drafts: Draft[] = [];
  const book = new VoteBook(drafts, body);
  // Public comment or reports announced: what follows is no longer the previous item, and nothing is decided.
  let item: { name: string | null; index: number } | null = null;
  let motion: Motion | null = null;
  sentences.forEach((sentence, index) => {
    const currentItem = item && index - item.index <= ITEM_WINDOW ? item.name : null;
    const outcome = findVoteOutcome(sentence.text);
    // A vote said before the next item is announced in the same sentence decides the earlier item.
    if (outcome) {
      book.vote(outcome, index, motion && index - motion.index <= VOTE_WINDOW ? motion : null, currentItem);
      motion = null;
    }
    const announced = announcedItem(sentence.text) ?? continuedItem(sentence.text, sentences[index + 1]?.text);
    if (announced) {
      item = { name: isProcedureItem(announced) ? null : announced, index };
      motion = null;
    }
    const itemNow = item && index - item.index <= ITEM_WINDOW ? item.name : null;
    if (MOTION.test(sentence.text) && !/\?\s*$/.test(sentence.text) && (countWords(sentence.text) >= 6 || itemNow)) {
      motion = { sentence, index, item: itemNow };
      book.motion(motion);
    } else if (isDirection(sentence.text)) {
      drafts.push({
        description: shorten(cleanSentence(sentence.text), 40),
        responsible_party: responsibleParty(sentence.text),
        due_date: findDueDate(sentence.text, sentence.entities),
        sentenceIndex: index,
        outcome: null,
        key: null,
      });
    }
  });
  const seen = new Set<string>();
  const unique = drafts.filter((draft) => {
    const key = normalizeForMatch(draft.description);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return withinLimit(unique).map(finish);
}

/** At most MAX_ACTION_ITEMS, in meeting order: every vote before any direction to staff. */
function withinLimit(drafts: Draft[]): Draft[] {
  if (drafts.length <= MAX_ACTION_ITEMS) return drafts;
  const votes = drafts.filter((draft) => draft.key !== null);
  const kept = new Set([...votes, ...drafts.filter((draft) => draft.key === null)].slice(0, MAX_ACTION_ITEMS));
  return drafts.filter((draft) => kept.has(draft));
}
