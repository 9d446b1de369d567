/**
 * A plain, factual news story assembled from an analysis, without a language
 * model: the lede is the summary, the body quotes the highlights verbatim
 * with their speakers, then the decisions and follow-ups. Nothing is added
 * that the analysis or the transcript does not contain.
 */
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { Analysis, Entity, Highlight, NewsStory, Quote } from "../schemas";
import { NO_TIMESTAMP } from "../timestamps";
import { isUnknownSpeaker, normalizeForMatch } from "../verify";
import { announcedItem, findDatePhrase, isProcedureItem, isVoteItem } from "./actions";
import type { MeetingSource } from "../provider";
import { meetingBody } from "./meeting-body";
import { countWords, shorten } from "./rules";

export type OfflineStoryInput = {
  analysis: Analysis;
  segments: TranscriptSegment[];
  title: string | null;
  /**
   * An admin's instructions: they may steer which decision leads, never
   * appear in the story (docs/decisions/0027-offline-analyzer-outcomes-bodies-headlines.md).
   */
  additionalContext: string | null;
  /** Where the video came from, to name the body that met when the title does not. */
  source?: MeetingSource | null;
};

// The governing body itself is not a topic ("Riverton City Council", "Riverton").
const GOVERNING_BODY = /\b(?:council|board of supervisors)$/i;
// "the Oak Street resurfacing project", "the Riverside Park playground renovation"
const TOPIC_PHRASE =
  /\b((?:[A-Z][a-z]+ )+(?:[a-z]+ ){0,2}(?:project|plan|contract|budget|program|renovation|ordinance|resolution|proposal|study|rezoning|agreement|policy|fees?|tax|rates?|permit|development|improvements?|repairs?))\b/;
const NOT_A_TOPIC_START =
  /^(?:The|This|That|These|Those|An?|Item|I|We|Our|Your|Their|Maybe|After|Before|Chair|Mr|Ms|So|And|But|If|When|Just|Any|Some|Every|Another)\b/;
const MAX_QUOTED_HIGHLIGHTS = 4;
const MAX_ACTIONS_IN_BODY = 6;
const MAX_QUICK_FACTS = 6;

function speakerName(speaker: string): string {
  return isUnknownSpeaker(speaker) ? "A speaker" : speaker;
}

function entitiesOfType(analysis: Analysis, type: string): Entity[] {
  return analysis.entities.filter((entity) => entity.type.toLowerCase() === type);
}

function isSpecific(entity: Entity, bodies: string[]): boolean {
  const name = entity.name.trim().toLowerCase();
  return !GOVERNING_BODY.test(name) && !bodies.some((body) => body.includes(name));
}

/**
 * The main topic: a named project, plan or contract in the summary, else the
 * first specific organization or place it names, else the title.
 */
export function primaryTopic(analysis: Analysis, title: string | null): string {
  return namedTopic(analysis) ?? entityTopic(analysis) ?? (title?.trim() || "city business");
}

/** A named project, plan or contract the summary or highlights speak of, or null. */
function namedTopic(analysis: Analysis): string | null {
  const phrase = [analysis.summary, ...analysis.highlights.map((h) => h.point_of_interest)]
    .map((text) => TOPIC_PHRASE.exec(text)?.[1])
    .find((match) => match && !NOT_A_TOPIC_START.test(match));
  return phrase ?? null;
}

function entityTopic(analysis: Analysis): string | null {
  const bodies = analysis.entities.filter((e) => GOVERNING_BODY.test(e.name.trim())).map((e) => e.name.toLowerCase());
  const specific = analysis.entities.filter(
    (e) => ["organization", "place"].includes(e.type.toLowerCase()) && isSpecific(e, bodies),
  );
  const summary = analysis.summary.toLowerCase();
  const named = specific.find((e) => summary.includes(e.name.toLowerCase())) ?? specific[0];
  return named?.name ?? null;
}

/** A decision the analysis reports: the item (as announced, and without its preamble), what was done, and the tally when said. */
type Decision = { item: string; announced: string; motion: string; result: "carried" | "failed"; tally: string | null };

const DECISION =
  /^(?:Item: (.+?)|Motion(?: by [^:]+?)? on (.+?): (.*?))\.? Result: (carried|failed)(?: \(([^)]+)\))?\.$/;
// "public hearing for the Hiawatha Academy bond issuance" → "Hiawatha Academy bond issuance"
const ITEM_PREAMBLE =
  /^(?:(?:an?|the|our)\s+)?(?:(?:public\s+)?hearing|presentation|discussion|report|update|item|request|appeal)\s+(?:for|on|regarding|about|from|of|to)\s+(?:(?:an?|the)\s+)?|^(?:(?:an?\s+)?recommendation\s+to\s+(?:approve|adopt|authorize|accept)|approving|approval of|consideration of|considering|about|receiving(?: and filing)?|item (?:number )?\w+,? which is)\s+(?:(?:an?|the)\s+)?/i;
const GENERIC_ITEM =
  /^(?:(?:an?|the|this|that)\s+)?(?:ordinance|item|items|resolution|motion|report|matter|it|this|consent agenda)$/i;

const HEADLINE_ITEM_WORDS = 12;
// Words a shortened headline must not end on.
const DANGLING =
  /,?\s+(?:&|to|of|for|and|or|the|a|an|in|on|at|with|by|from|that|which|who|is|regarding|amending|approving|authorizing|adopting|requesting|establishing)$/i;

/** An item named briefly enough for a headline: "ordinance extending the West Broadway Improvement District". */
function headlineItem(item: string, { keepPreamble = false } = {}): string {
  const kept = keepPreamble ? item : item.replace(ITEM_PREAMBLE, "").replace(/^passage of\s+/i, "");
  let words = kept.split(/\s+/);
  if (words.length > HEADLINE_ITEM_WORDS) words = words.slice(0, HEADLINE_ITEM_WORDS);
  let text = words.join(" ").replace(/[,;:.…]+$/, "");
  while (DANGLING.test(text)) text = text.replace(DANGLING, "");
  return text;
}

function decisions(analysis: Analysis): Decision[] {
  return analysis.action_items.flatMap((action) => {
    const match = DECISION.exec(action.description.trim());
    if (!match) return [];
    const announced = match[1] ?? match[2] ?? "";
    const item = announced
      .replace(ITEM_PREAMBLE, "")
      .replace(/[.…,;:]+$/, "")
      .trim();
    if (countWords(item) < 2 || GENERIC_ITEM.test(item) || isProcedureItem(announced)) return [];
    const [motion, result, tally] = [match[3] ?? "", match[4] as Decision["result"], match[5] ?? null];
    return [{ item, announced, motion, result, tally }];
  });
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []);

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared;
}

/**
 * The decision that leads: the one an editor's context names, else the one
 * the summary and highlights talk about most, else the first.
 */
function mainDecision(analysis: Analysis, additionalContext: string | null, mainItem: string | null): Decision | null {
  const context = words(additionalContext ?? "");
  const longest = words(mainItem ?? "");
  const discussed = words([analysis.summary, ...analysis.highlights.map((h) => h.point_of_interest)].join(" "));
  let best: Decision | null = null;
  let bestScore = -1;
  for (const decision of decisions(analysis)) {
    const itemWords = words(decision.item);
    // The item discussed longest leads unless an editor's context names another.
    const score = 3 * overlap(itemWords, context) + 2 * overlap(itemWords, longest) + overlap(itemWords, discussed);
    if (score > bestScore) [best, bestScore] = [decision, score];
  }
  return best;
}

function decisionVerb(decision: Decision): string {
  if (/\b(?:postpone|continue|lay (?:it |this )?over|delay|table|defer)\w*/i.test(decision.motion)) return "delays";
  if (decision.result === "failed") return "rejects";
  if (/\breceive and file\b/i.test(decision.motion)) return "receives";
  // A planning commission recommends to the council: it does not approve.
  if (/^recommend\b/i.test(decision.motion)) return "recommends";
  return "approves";
}

// "Move this item without recommendation to the full council"; captions drop letters: "itemithout recommendation".
const WITHOUT_RECOMMENDATION = /ithout (?:a )?recommendation\b|\bforward\w*\b.*\bfull council\b/i;
// An item named by what the motion does to it: "postponing the boulevard ordinance", "referring to staff …".
const ITEM_ACTION =
  /^(?:(?:an?|the)\s+)?(?:(resolution|ordinance|contract)\s+)?(approving|adopting|authorizing|postponing|referring|restoring)\s+(.+)$/i;
const ACTION_VERB: Record<string, string> = {
  approving: "approves",
  adopting: "adopts",
  authorizing: "authorizes",
  postponing: "postpones",
  referring: "refers",
  amending: "amends",
  establishing: "establishes",
  extending: "extends",
  accepting: "accepts",
  setting: "sets",
  restoring: "restores",
};
const AND_PARTICIPLE = new RegExp(`\\s+and\\s+(${Object.keys(ACTION_VERB).join("|")})\\b`, "gi");
// "public hearing at Aki's for on sale wine, strong beer": a license is what the committee approves.
const LICENSE_HEARING =
  /^(?:an?\s+)?public hearing (?:at|for) (.+?) for ((?:on|off)[- ]sale\b[^,]*|(?:liquor|wine|beer|tobacco|cannabis|catering)\b[^,]*)/i;

const withoutArticle = (item: string) =>
  item.replace(/^(?:the|an?)\s+(?=(?:ordinance|resolution|appointment|contract)\b)/i, "");

type HeadlinePhrase = { verb: string; item: string; suffix: string };

/** What the body did to the item, said once: "postpones the boulevard ordinance", never "approves postponing …". */
export function decisionPhrase(decision: Decision): HeadlinePhrase {
  // "bylaws and authorizing the commission" → "bylaws, authorizes the commission"
  // "… ordinance and item 18 is postponing …": the announcement ran on into the next item.
  const item = withoutArticle(headlineItem(decision.item.replace(/\s+and item\b.*$/i, ""))).replace(
    AND_PARTICIPLE,
    (_, participle: string) => `, ${ACTION_VERB[participle.toLowerCase()]}`,
  );
  if (decision.result === "carried" && WITHOUT_RECOMMENDATION.test(decision.motion))
    return { verb: "sends", item, suffix: " to the full council without a recommendation" };
  const license = LICENSE_HEARING.exec(item);
  if (decision.result === "carried" && license)
    return { verb: "approves", item: `${license[2]!.trim()} license for ${license[1]!.trim()}`, suffix: "" };
  // "Deny the appeal and uphold …": the body denies the appeal, it approves nothing.
  const appeal = /^(?:an?\s+|the\s+)?(appeal (?:of|from)\s.+)$/i.exec(decision.announced);
  if (decision.result === "carried" && appeal && /^deny (?:the )?appeal\b/i.test(decision.motion))
    return { verb: "denies", item: headlineItem(appeal[1]!, { keepPreamble: true }), suffix: "" };
  if (/^(?:an?\s+)?public hearing\b/i.test(item))
    return { verb: "holds", item: item.replace(/^an?\s+/i, ""), suffix: "" };
  const action = ITEM_ACTION.exec(item);
  if (action && decision.result === "carried") {
    const verb = ACTION_VERB[action[2]!.toLowerCase()]!;
    const object = action[3]!;
    const referred = /^(to (?:city )?(?:staff|committee|the \w+(?: \w+)?))\s+(.+)$/i.exec(object);
    if (verb === "refers" && referred) return { verb, item: referred[2]!, suffix: ` ${referred[1]}` };
    // "resolution approving the appointment of election judges": the body approves the appointment.
    return {
      verb: action[1] && verb !== "approves" ? "approves" : verb,
      item: action[1] && verb !== "approves" ? item : withoutArticle(object),
      suffix: "",
    };
  }
  return { verb: decisionVerb(decision), item, suffix: "" };
}

/** The item without a later repetition of the headline's verb ("the boulevard ordinance postpone at …"). */
function withoutRepeatedVerb(item: string, verb: string): string {
  const stem = verb.slice(0, 6).toLowerCase();
  const at = item.toLowerCase().search(new RegExp(`\\s${stem.replace(/[^a-z]/g, "")}\\w*\\b`));
  return at > 0 && stem.length >= 5 ? item.slice(0, at) : item;
}

function carriedVotes(analysis: Analysis): number {
  return analysis.action_items.filter((item) => /\bResult: carried\b/.test(item.description)).length;
}

const HEADLINE_MAX_CHARS = 90;
// Below this the item stops being a name: the headline may then run longer than HEADLINE_MAX_CHARS.
const MIN_ITEM_CHARS = 48;
// An item this little over its room is kept whole unless an aside can go: a 96-character headline
// reads better than "approves design contract" for "design contract for the Canal Path footbridge".
const ITEM_OVERRUN_CHARS = 10;
const ASIDE_START = /,|\s(?:which|who|as prepared|due to|and item)\b/i;
// Where an item's noun phrase ends: "several appropriation resolutions | related to …".
const CLAUSE_BOUNDARY =
  /,|\s(?=(?:related to|relating to|regarding|for the|due to|as prepared|which|who|and item)\b)/gi;
// Weaker ends, used when no clause end fits: "license revocation for bagu sushi & ai food | to outstanding tax".
const PHRASE_BOUNDARY = /\s(?=(?:to|and|at|with|by|that|for)\b)/gi;

function lastBoundaryWithin(text: string, boundary: RegExp, room: number, minChars = 0): number {
  let best = -1;
  for (const match of text.matchAll(boundary)) {
    if (match.index > room) break;
    if (countWords(text.slice(0, match.index)) >= 2 && match.index >= minChars) best = match.index;
  }
  return best;
}

/** The item cut to `room` characters at a clause end, else a phrase end, else a word end; never on a dangling word. */
function cutItem(item: string, room: number): string {
  if (item.length <= room) return item;
  if (item.length <= room + ITEM_OVERRUN_CHARS && !ASIDE_START.test(item)) return item;
  const clauseEnd = lastBoundaryWithin(item, CLAUSE_BOUNDARY, room);
  const phraseEnd = clauseEnd >= 0 ? clauseEnd : lastBoundaryWithin(item, PHRASE_BOUNDARY, room, room * 0.5);
  const head = item.slice(0, room + 1);
  let fitted = phraseEnd >= 0 ? item.slice(0, phraseEnd) : /\s\S*$/.test(head) ? head.replace(/\s\S*$/, "") : head;
  fitted = fitted.replace(/[,;:.…]+$/, "");
  while (DANGLING.test(fitted)) fitted = fitted.replace(DANGLING, "");
  return fitted;
}

/**
 * Subject, verb and item within HEADLINE_MAX_CHARS: the item is cut at a
 * clause end when one fits, else at a word end, never inside a word and
 * never on a dangling "of" or "the".
 */
export function fitHeadline(subjectAndVerb: string, item: string, suffix = ""): string {
  const room = Math.max(MIN_ITEM_CHARS, HEADLINE_MAX_CHARS - subjectAndVerb.length - suffix.length - 1);
  return `${subjectAndVerb} ${cutItem(item, room)}${suffix}`;
}

/**
 * "Budget Committee approves license fee schedule", "School board delays vote on bus contract":
 * the body that met, what it did, and the item it did it to.
 */
export function headline(
  analysis: Analysis,
  body: string,
  {
    topic,
    mainItem,
    additionalContext,
    presentation = null,
  }: { topic: string | null; mainItem: string | null; additionalContext: string | null; presentation?: string | null },
): string {
  const decision = mainDecision(analysis, additionalContext, mainItem);
  if (decision) {
    const tally = decision.tally && /-/.test(decision.tally) ? `, ${decision.tally}` : "";
    const { verb, item, suffix } = decisionPhrase(decision);
    return fitHeadline(`${body} ${verb}`, withoutRepeatedVerb(item, verb), `${suffix}${tally}`);
  }
  if (mainItem) {
    const heard = /^(?:an?\s+|the\s+)?(?:presentation|report|update)|\breport\b/i.test(mainItem);
    const presented = /^(?:an?\s+|the\s+)?(?:presentation|report|update)\s+(?:on|about|regarding|of|from)\s+/i.test(
      mainItem,
    );
    const item = headlineItem(mainItem.replace(/^(?:an?|the)\s+/i, ""), { keepPreamble: presented });
    return fitHeadline(`${body} ${heard ? "hears" : "discusses"}`, item.replace(/^(?:an?|the)\s+/i, ""));
  }
  if (topic) return `${body} discusses ${topic}`;
  if (presentation) return fitHeadline(`${body} hears presentation on`, presentation);
  const carried = carriedVotes(analysis);
  return carried > 0 ? `${body} meets, approves ${carried === 1 ? "one item" : `${carried} items`}` : `${body} meets`;
}

function quoteSentence(quote: Quote, verb: string): string {
  return `${speakerName(quote.speaker)} ${verb}: \u201c${quote.text.trim()}\u201d`;
}

function highlightParagraph(highlight: Highlight): string | null {
  const [first, second] = highlight.quotes;
  if (!first) return null;
  const sentences = [quoteSentence(first, "said")];
  if (second && second.text.trim() !== first.text.trim()) sentences.push(quoteSentence(second, "added"));
  return sentences.join(" ");
}

/** Whether someone other than the body that voted must act on the item (older rows say "City Council" for votes). */
function othersMustAct(item: Analysis["action_items"][number]): boolean {
  return (
    !isVoteItem(item) ||
    !/^(?:city council|city officials|.*\b(?:committee|commission|board|council))$/i.test(item.responsible_party)
  );
}

function actionSentence(item: Analysis["action_items"][number]): string {
  const parts = [item.description.trim().replace(/([^.?!])$/, "$1.")];
  if (othersMustAct(item) && !/^city council$/i.test(item.responsible_party))
    parts.push(`Responsible: ${item.responsible_party}.`);
  if (item.due_date) parts.push(`Due: ${item.due_date}.`);
  return parts.join(" ");
}

/** The announced agenda item discussed longest ("Our next item is a presentation on ..."), or null. */
export function longestAgendaItem(segments: TranscriptSegment[]): string | null {
  const text = segments.map((segment) => segment.text).join(" ");
  const items: Array<{ name: string; at: number }> = [];
  // Sentences end at a stop, not at the point of "$3.2 million".
  for (const sentence of text.matchAll(/(?:[^.?!]|\.(?=\d))+[.?!]*/g)) {
    const name = announcedItem(sentence[0]);
    if (name && !/^the consent (?:agenda|calendar)$/.test(name) && !/,\s*who\b/i.test(name))
      items.push({ name, at: sentence.index });
  }
  let best: { name: string; length: number } | null = null;
  items.forEach((item, i) => {
    const length = (items[i + 1]?.at ?? text.length) - item.at;
    // Public comment ends the item before it but is never the meeting's main item.
    if (!isProcedureItem(item.name) && (!best || length > best.length)) best = { name: item.name, length };
  });
  return (best as { name: string } | null)?.name ?? null;
}

// "the first thing on our agenda today is a presentation on the 2025 legislative agenda", "we have one presentation today related to the capital budget"
const PRESENTATION_ON =
  /\b(?:an?|one|the) presentation(?: today| this (?:morning|afternoon))? (?:on|about|related to|regarding) (?:the )?([^.?!]+)/i;

/** What the meeting's presentation was about, when one is announced, or null. */
export function presentationTopic(segments: TranscriptSegment[]): string | null {
  for (const segment of segments) {
    const topic = PRESENTATION_ON.exec(segment.text)?.[1];
    if (topic && countWords(topic) >= 2 && !/^(?:this|that|it)\b/i.test(topic))
      return `the ${cutItem(topic.trim(), 60)}`;
  }
  return null;
}

const SAID_DATE =
  /^(?:on\s+|for\s+|held on\s+|scheduled for\s+)?(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+)?(?:the\s+)?((?:(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?)|(?:\d{1,2}(?:st|nd|rd|th)(?:\s+of\s+[a-z]+)?)|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i;
const NEXT_MEETING =
  /\b(?:next (?:regular |city council |council |committee |special |board )?meeting(?: will be| is| will take place| is scheduled)?|(?:we|we'll|we will|this (?:committee|council|board)) (?:will )?(?:reconvene|meet again|be back))\s+/gi;

/** "our next meeting is October 8", "we'll reconvene on the 15th": the date as said, or null. */
export function findNextMeetingDate(segments: TranscriptSegment[]): string | null {
  for (const segment of segments) {
    for (const match of segment.text.matchAll(NEXT_MEETING)) {
      const after = segment.text.slice(match.index + match[0].length, match.index + match[0].length + 80);
      const said = SAID_DATE.exec(after)?.[1];
      if (said) return said.replace(/^the\s+/i, "").trim();
      const date = findDatePhrase(after.replace(/[.?!].*$/, ""));
      if (date && !/^(?:next|following|\d+ |within )/i.test(date) && !/\d:\d/.test(date)) return date;
    }
  }
  return null;
}

function body(analysis: Analysis, nextMeeting: string | null): string {
  const paragraphs = [analysis.summary.trim()];
  const lede = normalizeForMatch(analysis.summary);
  const quoted = analysis.highlights
    .filter((h) => !h.quotes.every((q) => lede.includes(normalizeForMatch(q.text))))
    .map(highlightParagraph)
    .filter((p): p is string => p !== null);
  paragraphs.push(...quoted.slice(0, MAX_QUOTED_HIGHLIGHTS));
  const actions = analysis.action_items.slice(0, MAX_ACTIONS_IN_BODY).map(actionSentence);
  if (actions.length > 0) paragraphs.push(`Decisions and follow-up: ${actions.join(" ")}`);
  if (nextMeeting) paragraphs.push(`The next meeting is scheduled for ${nextMeeting}.`);
  return paragraphs.filter(Boolean).join("\n\n");
}

function quoteBlock(analysis: Analysis): NewsStory["sidebar_elements"]["quote_block"] {
  const withQuotes = analysis.highlights.filter((h) => h.quotes.length > 0);
  const labeled = withQuotes.find((h) => h.quotes.some((q) => !isUnknownSpeaker(q.speaker)));
  const highlight = labeled ?? withQuotes[0];
  const quote = highlight?.quotes.find((q) => !isUnknownSpeaker(q.speaker)) ?? highlight?.quotes[0];
  if (!highlight || !quote) return { quote: "", attribution: "", context: "" };
  const at = highlight.timestamp !== NO_TIMESTAMP ? ` at ${highlight.timestamp}` : "";
  const repeatsQuote = normalizeForMatch(highlight.point_of_interest).includes(normalizeForMatch(quote.text));
  const context = repeatsQuote
    ? `Said during the meeting${at}.`
    : `${highlight.point_of_interest}${at ? ` (${at.trim()})` : ""}`;
  return {
    quote: quote.text,
    attribution: isUnknownSpeaker(quote.speaker) ? "Unidentified speaker" : quote.speaker,
    context,
  };
}

function quickFacts(analysis: Analysis): string[] {
  const named = decisions(analysis).map(
    (d) => `Vote on ${headlineItem(d.item)}: ${d.result}${d.tally ? ` (${d.tally})` : ""}`,
  );
  const unnamed = analysis.action_items
    .filter((item) => !DECISION.test(item.description.trim()))
    .map((item) => /Result: (.+?)\.?$/.exec(item.description)?.[1])
    .filter((vote): vote is string => Boolean(vote))
    .map((vote) => `Vote: ${vote.trim()}`);
  const votes = [...named, ...unnamed].slice(0, 2);
  const money = entitiesOfType(analysis, "money")
    .slice(0, 3)
    .map((e) => `${e.name}: ${shorten(e.context, 15)}`);
  const deadlines = analysis.action_items
    .filter((item) => item.due_date)
    .slice(0, 2)
    .map((item) => `Due ${item.due_date}: ${shorten(item.description, 12)}`);
  const dates = entitiesOfType(analysis, "date")
    .slice(0, 1)
    .map((e) => `${e.name}: ${shorten(e.context, 12)}`);
  return [...votes, ...money, ...deadlines, ...dates].slice(0, MAX_QUICK_FACTS);
}

const SHORT_TITLES =
  /^(?:Mayor|Vice Mayor|Deputy Mayor|Councilmember|Council Member|Councilwoman|Councilman|Commissioner|Chair|Director|Chief|City Manager|City Attorney|City Clerk|Supervisor)$/;

/** "Mayor Lopez", "Dana Whitfield (senior city planner)" or just the name. */
function personWithTitle(person: Entity): string {
  const title = person.context.split(";")[0]!.trim();
  if (!title || /^(?:named|spoke)/i.test(title)) return person.name;
  return SHORT_TITLES.test(title) ? `${title} ${person.name}` : `${person.name} (${title})`;
}

function background(analysis: Analysis, title: string | null): string {
  const sentences = [
    `This story is based on the transcript of ${title?.trim() ? `"${title.trim()}"` : "the meeting"}.`,
  ];
  const people = entitiesOfType(analysis, "person").slice(0, 5).map(personWithTitle);
  if (people.length > 0) sentences.push(`People named include ${people.join(", ")}.`);
  const organizations = entitiesOfType(analysis, "organization")
    .slice(0, 4)
    .map((o) => o.name);
  if (organizations.length > 0) sentences.push(`Organizations mentioned: ${organizations.join(", ")}.`);
  return sentences.join(" ");
}

function uncertaintyNotes(analysis: Analysis): string[] {
  const notes = [
    "Generated offline without a language model: the story is assembled from sentences and quotes extracted from the transcript.",
    "Automatic transcripts can mishear names and numbers; the video itself is the record.",
  ];
  const unlabeled = analysis.highlights.some((h) => h.quotes.some((q) => isUnknownSpeaker(q.speaker)));
  if (unlabeled)
    notes.push(
      "The transcript does not identify every speaker; those quotes are attributed to an unidentified speaker.",
    );
  return notes;
}

export function writeOfflineStory(input: OfflineStoryInput): NewsStory {
  const { analysis, segments, title, additionalContext } = input;
  const topic = primaryTopic(analysis, title);
  const nextMeeting = findNextMeetingDate(segments);
  const text = body(analysis, nextMeeting);
  const followUp = analysis.action_items.some((item) => item.due_date !== null || othersMustAct(item));
  return {
    article: {
      headline: headline(analysis, meetingBody(title, input.source), {
        topic: namedTopic(analysis),
        mainItem: longestAgendaItem(segments),
        additionalContext,
        presentation: presentationTopic(segments),
      }),
      body: text,
      word_count: countWords(text),
      primary_focus: topic,
    },
    sidebar_elements: {
      quote_block: quoteBlock(analysis),
      quick_facts: quickFacts(analysis),
      background: background(analysis, title),
    },
    metadata: {
      follow_up_needed: followUp,
      next_meeting_date: nextMeeting,
      sources_used: ["Meeting transcript", "Meeting analysis"],
      uncertainty_notes: uncertaintyNotes(analysis),
    },
    notes: "Extractive draft written offline from the analysis; review before publishing.",
  };
}
