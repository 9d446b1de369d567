/**
 * Item boundaries from the chair's announcements ("Our next item is …",
 * "we'll take up item number 4, the letter of agreement …"): a vote decides
 * the item announced before it, never the next one, and once that item is
 * decided a later motion must name what it decides.
 */
import { announcedItem, isProcedureItem } from "../actions";
import { cleanSentence, shorten } from "../rules";
import { trimToStatement } from "../summary-plan";
import { findResult } from "./results";

export type CurrentItem = { name: string | null; sentence: number; decided: boolean };

// Announcements the summary's announcedItem does not read, as real captions say them:
// "The first thing on our agenda today is a presentation on …", "Our next items an exclusive tobacco …",
// "Ourext item is an appeal hearing …", "First is a conditional use permit for …".
const NEXT = "(?:next|ourext|our ext|first|last|final)";
// "I know the next presentation will cover this": a reference to a later item, not an announcement.
// "The final item to clarify is that …": a point of a speaker's talk, not an agenda item.
const REFERENCE =
  "(?! (?:will|would|may|might|could|should|can|probably|has|had|was)\\b)(?!(?: [\\w']+){0,3} is that\\b)";
// "Next item on the agenda is …", "the next item before us is …": read by announcedItem, never named "on the agenda is …".
const NAMED_AFTER = "(?! (?:on|before|for|in)\\b)";
const MORE_ANNOUNCEMENT = new RegExp(
  [
    `\\b(?:the )?${NEXT} (?:thing|order of business) on (?:our|the) agenda(?: today)? is\\s+`,
    // "Next on our agenda is …", "Up next, we have …", "Item 7, the contract with Harbor Paving …".
    "\\bnext on (?:our|the|today's) agenda(?: today| tonight)?,? (?:is|we have)\\s+",
    "^(?:and )?(?:up next|next up),? (?:is|we have)\\s+(?=(?:the|an?|our)\\s)",
    "^(?:and )?(?:agenda )?item (?:number |no\\.? )?\\d+[a-z]?,\\s+(?=(?:the|an?)\\s)",
    `\\b(?:our |the )?${NEXT} (?:items?|public hearing|hearing|presentation)${REFERENCE}${NAMED_AFTER}(?:'s| is| are|s)?(?: an?)?\\s+`,
    // "First up is a …", "The first is for the 2025 fee schedule.", "The second is related to approval of …".
    "^(?:and )?(?:first|second|third|next|last|finally),? (?:is|we have|up is|up)\\s+(?=an?\\s|the\\s)",
    "^(?:and )?the (?:first|second|third|next|last) (?:one )?is (?:for|(?:re|e)?lated to|regarding) (?=\\S+\\s+\\S+)",
    // "We will now take up the contract with Harbor Paving.": at the start of the chair's sentence.
    "^(?:so |and |okay,? )?(?:we(?:'ll| will)|let's) (?:now )?take up (?=(?:the|an?)\\s+\\S+\\s+\\S+)",
    // "We'll now take up the report of the Budget Committee."
    "\\b(?:we(?:'ll| will)|let's|i(?:'ll| will))(?: now)? (?:take up|turn to|move to|go to) (?=the reports? of the )",
    // "Next we'll take up the public hearing item passage of an ordinance …".
    "\\b(?:we(?:'ll| will)|let's|i(?:'ll| will)) take up (?:the |our )?(?:next )?(?:public hearing |discussion |presentation )?item,?\\s+(?!number\\b|no\\b|\\d)",
  ].join("|"),
  "i",
);
// "Next we have the corridor map.", "First up is a …": also how a speaker walks through slides. No item word, no number.
const LOOSE_ANNOUNCEMENT =
  /^(?:and )?(?:(?:up next|next up),? (?:is|we have)|(?:first|second|third|next|last|finally),? (?:is|we have|up is|up))\s+(?!(?:the |an? |our )?(?:(?:agenda|discussion|consent|public hearing) )?(?:items?|public hearings?|hearings?)\b)/i;

/**
 * An announcement that names no item word or number: while a motion is pending, the body is still on it
 * (Robert's Rules: nothing else is taken up until the motion is disposed of), so it is a speaker's slide.
 */
export const isLooseAnnouncement = (text: string) => LOOSE_ANNOUNCEMENT.test(text) && !announcedItem(text);

const COMMITTEE_REPORT = /^(?:(?:the|a|our)\s+)?reports? (?:of|from) the (?:[\w,&'’-]+ ){1,8}committee\b/i;
// "Next item is a discussion.": a boundary without a name.
const BOUNDARY = new RegExp(
  `\\b(?:(?:our |the )?(?:next|ourext|last|final),? (?:(?:the|our|we (?:do |also |now )?have an?|we (?:do |also |now )?have the|we have (?:our|\\w+)|is an?|is the) )?(?:items?|public hearings?|hearings?|presentation|discussion item)\\b${REFERENCE}|(?:take|taking) up item\\b|(?:move|moving|go|going) (?:on )?to item\\b)`,
  "i",
);
// "Next up is Jennifer Saunders, who is the managing attorney": a speaker, not an item.
const A_SPEAKER =
  /^(?:(?:council ?member|vice chair|chair|director|mr|ms|mrs|dr|commissioner)\b|(?:council ?(?:man|woman)|councilor|(?:vice )?mayor)\s)|\bwho (?:is|will)\b/i;
// "Next up, we have Caroline White.", "The next up is Governor Richardson, …": a person's name alone, a speaker.
const A_NAME_ALONE =
  /^(?:(?:Mr|Ms|Mrs|Dr|Governor|Senator|Representative|Pastor|Reverend|Chief|Professor)\.?\s+)?[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?\s+[A-Z][a-z'’-]+(?=,|$)/;

/**
 * The item a sentence announces: its name; null for procedure (public comment, roll call) or an
 * item announced without a name ("Next item is a discussion."); undefined when the sentence announces none.
 */
export function announcement(text: string): string | null | undefined {
  const name = announcedItem(text) ?? moreAnnounced(text);
  if (name && (A_SPEAKER.test(name) || A_NAME_ALONE.test(name))) return undefined;
  // "the report of the Budget Committee": a full council votes on a committee's report, unlike staff's reports.
  if (name && COMMITTEE_REPORT.test(name)) return plainItem(name);
  if (name && isProcedureItem(name)) return recommended(text);
  if (name) return plainItem(name);
  if (!BOUNDARY.test(text) || /\?\s*$/.test(text)) return undefined;
  // "postponed to our next meeting" is no boundary; "we move on to our next discussion item" is one.
  if (/\b(?:for|on|to|at|in|until) (?:the|our) next\b/i.test(text) && !MOVING_ON.test(text)) return undefined;
  const addressed = ADDRESSED.exec(text)?.[1];
  return addressed ? plainItem(addressed) : null;
}

const MOVING_ON =
  /\b(?:move|moving|go|going|turn|turning|get|getting)\s+(?:on\s+)?(?:to|into) (?:the|our) next (?:(?:agenda|discussion|public hearing|consent|action) )?(?:items?|presentation|hearing)\b/i;
// "Next item, I want to quickly address the annual fleet report.": the boundary names its item in the same breath.
const ADDRESSED =
  /\b(?:items?|presentation|hearing),?\s+(?:and\s+)?(?:i|we)(?:'d| would|'ll| will)?\s+(?:(?:want|wanted|like|need|going) to\s+)?(?:quickly\s+|briefly\s+|now\s+)?(?:address|take up|turn to|consider|discuss|hear)\s+((?:the|an?|our)\s+\S+\s+\S+[^.?!;]*)/i;

// "Item 14 is a report from Fire, recommendation to enter into an agreement with …": the staff report
// is how the item came; what is decided is its recommendation.
const RECOMMENDATION = /\breports? from\b[^.?!;]{0,80}?\brecommendations? (?:to|that)\s+([^.?!;]+)/i;

/** The recommendation a staff report's announcement names, as the item; null when it names none. */
function recommended(text: string): string | null {
  const rest = RECOMMENDATION.exec(text)?.[1];
  return rest && rest.split(/\s+/).length >= 3 ? plainItem(shorten(rest, 16).replace(/…$/, "")) : null;
}

function moreAnnounced(text: string): string | null {
  const match = MORE_ANNOUNCEMENT.exec(text);
  if (!match) return null;
  const rest = text
    .slice(match.index + match[0].length)
    .split(/[.?!;]\s|[.?!;]$/)[0]!
    .trim();
  return rest.split(/\s+/).length >= 2 ? rest : null;
}

// Words that say nothing of what was decided: an item is never "approval" or "this item".
const EMPTY_ITEM =
  /^(?:(?:the|this|that|these|those|our|an?)\s+)?(?:approval|adoption|passage|motion|items?|matter|thing|one|report|presentation|discussion|it)$/i;

// Not an item's name: a phrase that starts mid-sentence ("on our screens", "for this application")
// or a person ("Councilman Ringo").
const NOT_A_NAME =
  /^(?:in|at|to|with|by|from|and|but|so|we|i|you|it|that|this|there|here|if|as|our|your|their|also|coming|going|just|only|one|two|three|will|would|can|could)\b|\bitems? on (?:our|the) agenda\b|^(?:council ?(?:member|man|woman)|councilor|mayor|vice mayor|chair|president)\s+[A-Z][a-z]+\.?$/i;

/** An item's name as a reader sees it: tidy, short, never only "approval". */
export function plainItem(name: string): string | null {
  const text = cleanSentence(name)
    .replace(/[.;:,\s]+$/, "")
    .replace(/^(?:we(?:'ll| will) )?(?:take up|consider)\s+(?:is\s+)?/i, "")
    .replace(/^(?:the |a )?motion (?:to|that)\s+/i, "")
    .replace(/^(?:is|are|which is)\s+/i, "")
    // "item 7, the contract with Harbor Paving": the number is said, the name is what follows.
    .replace(/^(?:agenda )?item (?:number |no\.? )?\w+,\s+(?=\S+\s+\S+)/i, "")
    .replace(/^(?:for|on|regarding|about)\s+(?=\S+\s+\S+)/i, "")
    // "Council Bill 721 be placed upon final consideration and do pass", "bill 57 be amended in the following
    // particulars": what the motion does to the item is no part of its name.
    .replace(/,?\s+be (?:adopted|approved|passed|amended|placed upon final consideration)\b.*$/i, "")
    .replace(/^\w/, (first) => first.toUpperCase())
    // "… tax relief programs we have two speakers": the name ends where the chair goes on talking.
    .replace(/,?\s+(?:and |so |but )?(?:i|i'm|i'll|i've|we|we're|we'll|you|you're)\b.*$/i, "");
  if (!text || EMPTY_ITEM.test(text) || NOT_A_NAME.test(text)) return null;
  return shorten(text, 18).replace(/…$/, "");
}

// A single agenda item's transcript opens with the clerk's reading: "Agenda item three, council bill 120
// relating to bus lanes", "Docket number 0412, the order for a hearing on heat relief".
const DOCKET = /\bdocket (?:number |no\.? |#)?[\d-]+,?\s+(?:the\s+)?(.+)$/i;
const OPENING_WINDOW = 12;
const REFERRED_MEASURE = /\b(?:by|under|amending|amends|pursuant to|in|of)\s+\S?$/i;

/** The item the transcript's opening reads out, before any announcement: a one-item transcript's item. */
export function openingItem(sentences: Array<{ text: string }>): string | null {
  for (const sentence of sentences.slice(0, OPENING_WINDOW)) {
    // "11 ayes, Council Bill 694 has passed.": the previous item's result, not this transcript's item.
    if (findResult(sentence.text)) continue;
    const docket = DOCKET.exec(sentence.text)?.[1];
    const statement = docket ?? trimToStatement(sentence.text);
    // "… an amendment of the agreement approved by Ordinance 123923 for …": a measure the item refers to is not the item.
    const before = statement ? sentence.text.slice(0, sentence.text.lastIndexOf(statement.slice(1))) : "";
    if (!docket && REFERRED_MEASURE.test(before)) continue;
    if (statement && !/\?\s*$/.test(sentence.text)) return plainItem(statement);
  }
  return null;
}

// "This item is passage of a resolution amending …": the sentence after an unnamed announcement names it.
const THIS_ITEM =
  /^(?:and )?(?:this|the) (?:item|hearing|public hearing) is (?:for |on |regarding )?(?:an? |the )?(.+)$/i;
/** How long after an unnamed announcement its name may still be said. */
export const NAMING_WINDOW = 5;

/** The item a sentence right after an unnamed announcement names, or null. */
export function itemNamedAfter(text: string): string | null {
  const named = THIS_ITEM.exec(text.trim())?.[1] ?? trimToStatement(text);
  return named && !/\?\s*$/.test(text) ? plainItem(named.replace(/[.!]+$/, "")) : null;
}

// "… to give us that presentation on the safe outdoor spaces pilot": what a report received and filed was.
const REPORT_NAME =
  /\b((?:presentation|report|update|overview|briefing)s?\s+(?:(?:today|tonight|this (?:morning|afternoon|evening))\s+)?(?:on|of|about|regarding|related to|relating to|from)\s+[^.?!;]{8,})/i;

/** The report or presentation a stretch of the meeting names, the first one said, or null. */
export function reportNamed(texts: string[]): string | null {
  for (const text of texts) {
    const match = REPORT_NAME.exec(text)?.[1]?.replace(
      /\s+(?:today|tonight|this (?:morning|afternoon|evening))\b/i,
      "",
    );
    const name = match
      ? plainItem(match.replace(/^(?:the|that|this|a|an|our|give|gives|giving|us|to|hear|with)\s+/gi, ""))
      : null;
    // "Presentation on" cut where the chair went on talking names nothing.
    if (name && /\b(?:presentation|report|update|overview|briefing)s?\s+\S+\s+\S+/i.test(name)) return name;
  }
  return null;
}
