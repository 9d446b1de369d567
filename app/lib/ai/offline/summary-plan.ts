/**
 * What a summary says, in the order a reader expects (docs/decisions/0027-offline-analyzer-outcomes-bodies-headlines.md,
 * round 4): an agenda item opens with the item's own statement as the clerk read it and ends with its
 * outcome; a whole meeting gives one sentence per main item, in meeting order.
 */
import { announcedItem, findVoteOutcome, type VoteOutcome } from "./actions";
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

/** "The motion carried 7-0." */
export function outcomeSentence(outcome: VoteOutcome): string {
  return `The motion ${outcome.result}${outcome.tally ? ` ${outcome.tally}` : ""}.`;
}

/** The first vote result said from `from` on, before `to`. */
export function outcomeBetween(sentences: PlanSentence[], from: number, to = sentences.length): VoteOutcome | null {
  for (const sentence of sentences.slice(from, to)) {
    const outcome = findVoteOutcome(sentence.text);
    if (outcome) return outcome;
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
