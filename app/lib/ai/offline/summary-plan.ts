/**
 * What a summary says, in the order a reader expects (docs/decisions/0027-offline-analyzer-outcomes-bodies-headlines.md,
 * round 4): an agenda item opens with the item's own statement as the clerk read it and ends with its
 * outcome; a whole meeting gives one sentence per main item, in meeting order.
 */
import { announcedItem, findVoteOutcome, MOTION, type VoteOutcome } from "./actions";
import { cleanSentence, countWords, isCutOff, isFirstPersonAside } from "./rules";

export type PlanSentence = { index: number; text: string; wordCount: number; procedural: boolean };

// Where the item's own statement starts: "Recommendation to …", "An ordinance amending …", "Relating to …".
const STATEMENT_OPENER =
  /\b(?:recommendations?(?= to\b| for\b| that\b|,)|an? ordinance|a resolution|(?:council )?(?:ordinance|resolution|bill)(?: (?:no\.?|number))? \d+|introduction of|final passage of|relating to|related to|a proclamation|appointments? of|public hearing (?:to|for|on)|approval of|adoption of)\b/i;
// The clerk's reading often goes on in the next sentence: "Affirming the council's commitment to …".
const CONTINUATION =
  /^(?:and )?(?:affirming|amending|relating to|related to|declaring|establishing|authorizing|approving|adopting|concerning|accepting|appropriating|requesting|directing)\b/i;
// The statement is looked for among the opening sentences only: later ones are debate.
const STATEMENT_WINDOW = 12;
const MAX_CONTINUATIONS = 2;

/** The item's statement with its procedural prefix ("Item 12. Report from Public Works") trimmed, or null. */
export function trimToStatement(text: string): string | null {
  const match = STATEMENT_OPENER.exec(text);
  if (!match) return null;
  const statement = text.slice(match.index).trim();
  return statement[0]!.toUpperCase() + statement.slice(1);
}

const lowerFirst = (text: string) => text[0]!.toLowerCase() + text.slice(1);

function isUsable(sentence: PlanSentence): boolean {
  return !isCutOff(sentence.text) && !isFirstPersonAside(sentence.text) && !sentence.text.trim().endsWith("?");
}

export type ItemStatement = { text: string; indexes: number[] };

/** The first agenda-language sentence of the opening, trimmed, joined with the clerk's continuation. */
export function itemStatement(sentences: PlanSentence[], budgetWords: number): ItemStatement | null {
  const first = sentences
    .slice(0, STATEMENT_WINDOW)
    .find((s) => !findVoteOutcome(s.text) && isUsable(s) && trimToStatement(s.text));
  if (!first) return null;
  let text = cleanSentence(trimToStatement(first.text)!);
  const indexes = [first.index];
  for (const next of sentences.slice(first.index + 1, first.index + 1 + MAX_CONTINUATIONS)) {
    if (!CONTINUATION.test(next.text.trim()) || !isUsable(next) || countWords(text) >= budgetWords) break;
    text = `${text.replace(/[.?!]$/, "")}, ${lowerFirst(cleanSentence(next.text))}`;
    indexes.push(next.index);
  }
  return { text, indexes };
}

// What a motion asks, as its mover says it: "I move to deny the appeal", "I'll move approval of the contract".
const MOTION_ASK =
  /\b(?:(?:move|moved|motion)\s+(?:that\s+(?:we\s+|the \w+\s+)?|to\s+|for\s+)?|i(?:'ll| will)\s+)(approval|adoption|passage|approve|adopt|deny|denial|postpone|continue|table|refer|receive and file|place (?:it |this )?on file|accept|award|amend|override|reconsider|uphold|grant|set|forward|send|pass|authorize|direct|suspend|introduce|recommend)\b([^.?!;]*)/i;
// "I'll move the budget amendment for four officer positions": moving a thing is moving to approve it.
const MOVE_THING = /\bmove\s+(the\s+[^.?!;]+)/i;
const NOUN_TO_VERB: Record<string, string> = {
  approval: "approve",
  adoption: "adopt",
  passage: "pass",
  denial: "deny",
  continue: "postpone",
  table: "postpone",
};
// Verbs that say what the motion was without an object; any other needs one ("set" what?).
const SELF_SUFFICIENT = /^(?:approve|adopt|deny|postpone|refer|pass|reconsider|receive and file|place .*on file)$/;
// The item itself, already named by the line before: "the item", "the recommendation".
const ITEM_ITSELF = /^(?:the|an?)\s+(?:item|items|matter|motion|recommendation|consent|report)\b/i;
const MAX_OBJECT_WORDS = 14;
// Where a motion's object ends and its conditions begin: "the appeal | and uphold …", "the contract | in the amount of …".
const OBJECT_END = /,|\s(?:and|with|in the amount|subject to|as presented|including|beginning|starting)\b/i;

/** "deny the appeal", "approve": what the motion asked, or null when the sentence moves nothing readable. */
export function motionAsk(text: string): string | null {
  if (!MOTION.test(text)) return null;
  const match = MOTION_ASK.exec(text);
  const thing = match ? null : MOVE_THING.exec(text);
  if (!match && !thing) return null;
  const verb = match ? (NOUN_TO_VERB[match[1]!.toLowerCase()] ?? match[1]!.toLowerCase()) : "approve";
  const said = (match ? match[2]! : thing![1]!).trim().replace(/^of\s+/i, "");
  const end = said.search(OBJECT_END);
  const object = (end > 0 ? said.slice(0, end) : said).replace(/[,:]+$/, "").trim();
  const words = object.split(/\s+/).filter(Boolean);
  // An object is kept only when it names something short and whole: "the appeal", "the 4% raise for appointed staff".
  const named = words.length >= 2 && words.length <= MAX_OBJECT_WORDS && /^(?:the|an?)\s/i.test(object);
  if (named && !ITEM_ITSELF.test(object)) return `${verb} ${object}`;
  return SELF_SUFFICIENT.test(verb) ? verb : null;
}

/**
 * "The motion to deny the appeal carried 8-4.": what was moved and what became of it. Without
 * a readable motion there is no outcome sentence: a bare "The motion carried" says nothing.
 */
export function outcomeSentence(outcome: VoteOutcome, motion: string | null, statement: string | null = null): string {
  const tally = outcome.tally ? ` ${outcome.tally}` : "";
  if (motion) return `The motion to ${motion} ${outcome.result}${tally}.`;
  // "Recommendation to award a contract …" read just before: the vote was on that recommendation.
  if (statement && /^recommendations? to\b/i.test(statement)) return `The recommendation ${outcome.result}${tally}.`;
  return "";
}

/** The first vote result said from `from` on, before `to`, with the last motion made before it. */
export function outcomeBetween(
  sentences: PlanSentence[],
  from: number,
  to = sentences.length,
): (VoteOutcome & { motion: string | null }) | null {
  let motion: string | null = null;
  for (const sentence of sentences.slice(from, to)) {
    const outcome = findVoteOutcome(sentence.text);
    // The motion and its result are often said in one breath: "I move approval. All in favor? Motion carries."
    const asked = motionAsk(sentence.text);
    if (asked) motion = asked;
    if (outcome) return { ...outcome, motion };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Whole meetings

/** An item of a meeting: the sentence that announces it and the sentences until the next one. */
export type MeetingItem = { announcement: number; start: number; end: number };

// Announcements this close together are a listing read out (the consent agenda): one item.
const LISTING_GAP = 3;
// An item with a debate at least this long is a main item; a meeting has two or more of them.
const MAIN_ITEM_SENTENCES = 10;

/** The meeting's items in order, a listing of announcements read back to back counted once. */
export function meetingItems(sentences: PlanSentence[]): MeetingItem[] {
  const announcements = sentences.filter((s) => announcedItem(s.text)).map((s) => s.index);
  const items: MeetingItem[] = [];
  let previous = -Infinity;
  for (const index of announcements) {
    if (index - previous > LISTING_GAP) items.push({ announcement: index, start: index, end: sentences.length });
    previous = index;
  }
  items.forEach((item, k) => (item.end = items[k + 1]?.start ?? sentences.length));
  return items;
}

/**
 * A whole meeting rather than one agenda item: two or more announced items each with their own debate,
 * or three or more announced items (the consent calendar, public comment, one main item) one of them debated.
 */
export function isWholeMeeting(items: MeetingItem[]): boolean {
  const debated = items.filter((item) => item.end - item.start >= MAIN_ITEM_SENTENCES).length;
  return debated >= 2 || (debated >= 1 && items.length >= 3);
}

const ITEM_NUMBER = /\bitem (?:number |no\.? |#)?(\d+[a-z]?)\b/i;

/**
 * An announcement as a summary line, without the chair's lead-in:
 * "Let's go to item 9, a $2.2 million loan for Juniper Court." → "Item 9: a $2.2 million loan for Juniper Court."
 * An announcement without an item number stays as said.
 */
export function announcementLine(text: string): string {
  const number = ITEM_NUMBER.exec(text)?.[1];
  const name = announcedItem(text);
  if (!number || !name) return cleanSentence(text);
  return `Item ${number}: ${name.replace(/[.;:,\s]+$/, "")}.`;
}

/** The sentence that names the item: its announcement, or else its most central sentence. */
export function itemSentence(sentences: PlanSentence[], scores: number[], item: MeetingItem): number | null {
  const announcement = sentences[item.announcement]!;
  if (isUsable(announcement) && announcement.wordCount <= 40) return announcement.index;
  let best: number | null = null;
  for (let i = item.start; i < item.end; i++)
    if (scores[i]! > 0 && (best === null || scores[i]! > scores[best]!)) best = i;
  return best;
}
