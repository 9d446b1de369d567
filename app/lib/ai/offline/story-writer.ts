/**
 * A plain, factual news story assembled from an analysis, without a language
 * model: the lede is the summary, the body quotes the highlights verbatim
 * with their speakers, then the decisions and follow-ups. Nothing is added
 * that the analysis or the transcript does not contain.
 */
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { Analysis, Decision, Entity, Highlight, NewsStory, Quote } from "../schemas";
import { NO_TIMESTAMP } from "../timestamps";
import { isUnknownSpeaker, normalizeForMatch } from "../verify";
import { announcedItem, findDatePhrase, isProcedureItem, isVoteItem } from "./actions";
import type { MeetingSource } from "../provider";
import { captionGlitches, isEnglish, namesSaid, withoutShouting } from "./caption-glitches.server";
import {
  consequence,
  decisionFact,
  decisionPhrase,
  decisionSentence,
  type DecisionPhrase,
  IMPERATIVE_GERUND,
  isConsentDecision,
  isProcedureDecision,
  tallyOf,
} from "./decision-words";
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
  /** The city's name: a word of it is a name, never a caption glitch. */
  city?: string | null;
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

// "public hearing for the Hiawatha Academy bond issuance" → "Hiawatha Academy bond issuance"
const ITEM_PREAMBLE =
  /^(?:(?:an?|the|our)\s+)?(?:(?:public\s+)?hearing|presentation|discussion|report|update|item|request)\s+(?:for|on|regarding|about|from|of|to)\s+(?:(?:an?|the)\s+)?|^(?:(?:an?\s+)?recommendation\s+to\s+(?:approve|adopt|authorize|accept)|approving|approval of|adoption of|consideration of|considering|about|receiving(?: and filing)?|passage of|item (?:number )?\w+,? which is)\s+(?:(?:an?|the)\s+)?/i;
const GENERIC_ITEM =
  /^(?:(?:an?|the|this|that)\s+)?(?:ordinance|item|items|resolution|motion|report|matter|it|this|approval|recommendation)$/i;

const HEADLINE_ITEM_WORDS = 12;
// Words a shortened headline must not end on.
const DANGLING =
  /,?\s+(?:&|to|of|for|and|or|the|a|an|in|on|at|with|by|from|that|which|who|is|regarding|amending|approving|authorizing|adopting|requesting|establishing)$/i;

/** An item named briefly enough for a headline: "ordinance extending the West Broadway Improvement District". */
function headlineItem(item: string, { keepPreamble = false } = {}): string {
  const kept = keepPreamble ? item : item.replace(ITEM_PREAMBLE, "");
  const words = kept.split(/\s+/);
  let text = words.slice(0, HEADLINE_ITEM_WORDS).join(" ");
  if (words.length > HEADLINE_ITEM_WORDS) {
    // Cut where a phrase ends ("… memorandum of understanding | with our sister"), not inside one.
    const clauseEnd = lastBoundaryWithin(text, CLAUSE_BOUNDARY, text.length, text.length * 0.4);
    const phraseEnd =
      clauseEnd >= 0 ? clauseEnd : lastBoundaryWithin(text, PHRASE_BOUNDARY, text.length, text.length * 0.5);
    if (phraseEnd > 0) text = text.slice(0, phraseEnd);
  }
  text = text.replace(/[,;:.…]+$/, "");
  while (DANGLING.test(text) || /\s\S+['’]s$/.test(text)) text = text.replace(DANGLING, "").replace(/\s\S+['’]s$/, "");
  return text;
}

// The motion said again at the start of the item: "Approve the bylaws of …", "Postpone the concept layout".
const MOTION_LEAD =
  /^(?:(?:a\s+)?motion\s+to\s+)?(?:approve|adopt|deny|postpone|refer|receive and file|place on file|amend|override|reconsider|set\s+(?:an?\s+)?(?:[^,]{0,20}?\s)?(?:public\s+)?hearing\s+(?:on|for)|pass)\s+(?:of\s+)?/i;
const IMPERATIVE_LEAD = new RegExp(
  `^(?:(?:an?\\s+)?(?:recommendation|motion)\\s+to\\s+)?(${Object.keys(IMPERATIVE_GERUND)
    .sort((a, b) => b.length - a.length)
    .join("|")})\\s+(?=\\S)`,
  "i",
);
// Items that begin by saying what they concern: "related to the rescue plan act" is an item related to it.
const CONCERNING_LEAD = /^(?:related|relating|pertaining)\s+to\b|^(?:regarding|concerning)\b/i;
// A first word no name of an item begins with: speech the item finder took for a name ("today is from the …", "I'm District").
const NOT_AN_ITEM_START =
  /^(?:today|tonight|is|are|was|were|we|we're|i|i'm|it|it's|there|there's|here|so|um|uh|yes|okay|ok|now|just|also|then|you|they|he|she|their|his|her|its)\b/i;
// "item 8 four weeks": a number is not a name.
const UNNAMED_ITEM =
  /^(?:the\s+)?items?\s+(?:no\.?\s+|number\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/i;
// An aside a headline does without: "(items 24 and 25)", "— overview of the budget".
const ASIDE = /\s*(?:\(|\s[—–]\s|\s--\s).*$/;

/** A first word capitalized only because it opened a sentence ("Tobacco dealer license") in lower case. */
function lowerOrdinaryFirst(item: string): string {
  const first = /^([A-Z][a-z'-]*)(?=\s+[a-z])/.exec(item)?.[1];
  if (!first || !first.split("-").every((part) => isEnglish(part))) return item;
  return item[0]!.toLowerCase() + item.slice(1);
}

/**
 * A verified decision's item as a headline, an item line or a sentence may name it: without its
 * preamble, the motion said again, an aside, its capitals or anything after a caption glitch;
 * null when no phrase is left to name it by.
 */
function cleanItem(item: string, names: ReadonlySet<string>): string | null {
  const plain = withoutShouting(item.replace(/\s+and item\b.*$/i, ""))
    .replace(/^[A-Za-z-]+:\s+/, "")
    .replace(MOTION_LEAD, "")
    .replace(IMPERATIVE_LEAD, (_, verb: string) => `${IMPERATIVE_GERUND[verb.toLowerCase()]} `)
    .replace(ASIDE, "");
  const short = headlineItem(plain.replace(MOTION_LEAD, ""));
  const cleaned = upToGlitch(short, names);
  if (!cleaned || countWords(cleaned) < 2 || GENERIC_ITEM.test(cleaned) || UNNAMED_ITEM.test(cleaned)) return null;
  if (NOT_AN_ITEM_START.test(cleaned)) return null;
  const named = lowerOrdinaryFirst(cleaned);
  return CONCERNING_LEAD.test(named) ? `item ${named}` : named;
}

/** The phrase up to its first caption glitch, or null when too little is left before it. */
function upToGlitch(text: string, names: ReadonlySet<string>): string | null {
  const glitch = captionGlitches(text, names)[0];
  if (!glitch) return text;
  let head = text
    .slice(0, text.search(new RegExp(`(?<![A-Za-z0-9'’-])${glitch}(?![A-Za-z0-9'’-])`)))
    .replace(/[\s,;:]+$/, "");
  while (DANGLING.test(head) || /\s\w+ing$/.test(head)) head = head.replace(DANGLING, "").replace(/\s\w+ing$/, "");
  return (head.match(/[A-Za-z]{3,}/g) ?? []).length >= 2 ? head : null;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []);

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared;
}

type NamedDecision = { decision: Decision; item: string; order: number };

/** The verified decisions whose item can be named without a glitch, in meeting order. */
function namedDecisions(analysis: Analysis, names: ReadonlySet<string>): NamedDecision[] {
  return (analysis.decisions ?? []).flatMap((decision, order) => {
    const item = cleanItem(decision.item, names);
    return item ? [{ decision, item, order }] : [];
  });
}

/**
 * The decision that leads: the most consequential one (a substantive vote over procedure, a
 * denial or a failed override over an approval); among those an editor's context names, the
 * one it names most; then the one the summary and the item discussed longest talk about; then the first.
 */
function leadDecision(
  decisions: NamedDecision[],
  analysis: Analysis,
  additionalContext: string | null,
  mainItem: string | null,
): NamedDecision | null {
  const candidates = decisions.filter((d) => consequence(d.decision) > 0);
  if (candidates.length === 0) return null;
  const context = words(additionalContext ?? "");
  const named = candidates.filter((d) => overlap(words(d.item), context) > 0);
  const pool = named.length > 0 ? named : candidates;
  const discussed = words([mainItem ?? "", analysis.summary].join(" "));
  const score = (d: NamedDecision) =>
    100 * overlap(words(d.item), context) +
    10 * consequence(d.decision) +
    Math.min(9, overlap(words(d.item), discussed));
  return pool.reduce((best, d) => (score(d) > score(best) ? d : best));
}

// An item named by what the motion does to it: "postponing the boulevard ordinance", "referring to staff …".
const ITEM_ACTION =
  /^(?:(?:an?|the)\s+)?(?:(resolution|ordinance|contract)\s+)?(approving|adopting|authorizing|postponing|referring|restoring|awarding|entering into|directing|requesting|declaring|executing|appointing|ordering|accepting|establishing|receiving and filing)\s+(.+)$/i;
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
  awarding: "awards",
  "entering into": "enters into",
  directing: "directs",
  requesting: "requests",
  declaring: "declares",
  executing: "executes",
  appointing: "appoints",
  ordering: "orders",
  "receiving and filing": "receives and files",
};
const AND_PARTICIPLE = new RegExp(
  `\\s+and\\s+(${Object.keys(ACTION_VERB)
    .filter((participle) => !participle.includes(" "))
    .join("|")})\\b`,
  "gi",
);
// "public hearing at Aki's for on sale wine, strong beer": a license is what the committee approves.
const LICENSE_HEARING =
  /^(?:an?\s+)?public hearing (?:at|for) (.+?) for ((?:on|off)[- ]sale\b[^,]*|(?:liquor|wine|beer|tobacco|cannabis|catering)\b[^,]*)/i;

const withoutArticle = (item: string) =>
  item.replace(/^(?:the|an?)\s+(?=(?:ordinance|resolution|appointment|contract)\b)/i, "");

/**
 * What the body did to the item, said once and in the direction the verified result gives:
 * "postpones the boulevard ordinance", never "approves postponing …" nor "approves approval".
 */
function headlinePhrase({ decision, item }: NamedDecision): DecisionPhrase {
  const joined = item.replace(AND_PARTICIPLE, (_, participle: string) => `, ${ACTION_VERB[participle.toLowerCase()]}`);
  const approving = decision.result === "carried" && ["approve", "adopt", "receive-and-file"].includes(decision.motion);
  if (approving) {
    const license = LICENSE_HEARING.exec(item);
    if (license)
      return { verb: "approves", item: `${license[2]!.trim()} license for ${license[1]!.trim()}`, suffix: "" };
    const action = ITEM_ACTION.exec(joined);
    if (action) {
      const verb = ACTION_VERB[action[2]!.toLowerCase()]!;
      const object = action[3]!;
      const referred = /^(to (?:city )?(?:staff|committee|the \w+(?: \w+)?))\s+(.+)$/i.exec(object);
      if (verb === "refers" && referred) return { verb, item: referred[2]!, suffix: ` ${referred[1]}` };
      // "resolution approving the appointment of election judges": the body approves the appointment.
      return {
        verb: action[1] && verb !== "approves" ? "approves" : verb,
        item: action[1] && verb !== "approves" ? joined : withoutArticle(object),
        suffix: "",
      };
    }
  }
  return decisionPhrase(decision, withoutArticle(joined));
}

/** The item without a later repetition of the headline's verb ("the boulevard ordinance postpone at …"). */
function withoutRepeatedVerb(item: string, verb: string): string {
  const stem = verb.split(" ")[0]!.slice(0, 6).toLowerCase();
  const at = item.toLowerCase().search(new RegExp(`\\s${stem.replace(/[^a-z]/g, "")}\\w*\\b`));
  return at > 0 && stem.length >= 5 ? item.slice(0, at) : item;
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
  // "appeal of the City Planning Commission's" lost what was the commission's: back to before "of".
  if (/['’]s$/.test(fitted)) fitted = fitted.replace(/\s+(?:of|for|by|to|from)\s+[^,]*$/i, "");
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

const HEARD = /^(?:an?\s+|the\s+)?(?:presentation|report|update|briefing)|\breport\b/i;
const PRESENTED = /^(?:an?\s+|the\s+)?(?:presentation|report|update|briefing)\s+(?:on|about|regarding|of|from)\s+/i;

// What is being done to a subject is no subject: "authorizing the creation of a pilot" → "pilot", "titled …", "part of …".
const SUBJECT_LEAD =
  /^(?:(?:titled|entitled|part of|regarding|concerning)\s+|\w+ing\s+(?:to\s+(?:city\s+)?staff\s+)?(?:(?:the|an?)\s+)?(?:creation\s+of\s+)?)/i;

type Subjects = { mainItem: string | null; presentation: string | null; topic: string | null; entity: string | null };

/** A subject a headline may name: without its article, glitches or capitals, or null. */
function subjectPhrase(text: string | null, names: ReadonlySet<string>, keepPreamble = false): string | null {
  if (!text || isProcedureItem(text)) return null;
  const phrase = headlineItem(withoutShouting(text.replace(/^(?:an?|the)\s+/i, "")).replace(ASIDE, ""), {
    keepPreamble,
  });
  const subject = phrase.replace(SUBJECT_LEAD, "").replace(/^(?:an?|the)\s+/i, "");
  const cleaned = upToGlitch(subject, names);
  if (!cleaned || countWords(cleaned) < 2 || GENERIC_ITEM.test(cleaned) || UNNAMED_ITEM.test(cleaned)) return null;
  return isProcedureItem(cleaned) || NOT_AN_ITEM_START.test(cleaned) ? null : cleaned;
}

/**
 * No verified decision: the headline names what the meeting was about, its main subjects
 * ("Budget Committee hears the 2025 budget and the I-94 plan"), never "meets".
 */
function subjectsHeadline(body: string, subjects: Subjects, names: ReadonlySet<string>, votes: number): string {
  const main = subjectPhrase(subjects.mainItem, names, PRESENTED.test(subjects.mainItem ?? ""));
  // presentationTopic() has cut it already and keeps its article: "the winter parking plan".
  const presentation = subjects.presentation ? upToGlitch(withoutShouting(subjects.presentation), names) : null;
  const others = [subjectPhrase(subjects.topic, names), presentation, subjectPhrase(subjects.entity, names)];
  const first = main ?? others.find(Boolean) ?? null;
  // Votes whose items cannot be named without a glitch are still votes: never "no vote recorded" then.
  if (!first) return `${body} meeting: ${votes === 0 ? "no vote" : votes === 1 ? "1 vote" : `${votes} votes`} recorded`;
  const does = (verbPhrase: string) => bodyDoes(body, verbPhrase);
  const heard = main ? HEARD.test(subjects.mainItem ?? "") : first === presentation;
  const verb = heard ? (first === presentation && !main ? "hears presentation on" : "hears") : "discusses";
  const second = others.find((other) => other && other !== first && overlap(words(other), words(first)) === 0);
  const both = second ? `${does(verb)} ${first} and ${second}` : null;
  if (both && both.length <= HEADLINE_MAX_CHARS) return both;
  return fitHeadline(does(verb), first);
}

// A body named in the plural ("City officials", when neither the title nor the source names it).
const PLURAL_BODY = /\bofficials$/i;

function pluralVerb(verb: string): string {
  if (/(?:ss|sh|ch|x|zz)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  return verb.replace(/s$/, "");
}

/** The body and its verb, agreeing: "Budget Committee approves", "City officials approve", "… receive and file". */
function bodyDoes(body: string, verbPhrase: string): string {
  if (!PLURAL_BODY.test(body)) return `${body} ${verbPhrase}`;
  const [first = "", ...rest] = verbPhrase.split(" ");
  const agreed = rest.map((word, i) => (rest[i - 1] === "and" ? pluralVerb(word) : word));
  return [body, pluralVerb(first), ...agreed].join(" ");
}

export type HeadlineOptions = {
  topic: string | null;
  mainItem: string | null;
  additionalContext: string | null;
  presentation?: string | null;
  entity?: string | null;
  /** Words the meeting itself says as names (caption-glitches.server.ts): anything else not English is a glitch. */
  names?: ReadonlySet<string>;
};

/**
 * "Budget Committee denies 4% raise for appointed staff, 8-4", "Council sustains mayor's veto of the budget":
 * the body that met, what it did and the item, from the most consequential verified decision only;
 * without one, the meeting's main subjects.
 */
export function headline(analysis: Analysis, body: string, options: HeadlineOptions): string {
  const names = options.names ?? new Set<string>();
  const named = outcomes(namedDecisions(analysis, names));
  const lead = leadDecision(
    withNumberedOnly(named, numberedDecisions(analysis)),
    analysis,
    options.additionalContext,
    options.mainItem,
  );
  const subjects = () =>
    subjectsHeadline(
      body,
      {
        mainItem: options.mainItem,
        presentation: options.presentation ?? null,
        topic: options.topic,
        entity: options.entity ?? null,
      },
      names,
      (analysis.decisions ?? []).filter((decision) => decision.result !== "withdrawn").length,
    );
  if (!lead) return subjects();
  const tally = tallyOf(lead.decision);
  const { verb, item, suffix } = headlinePhrase(lead);
  const said = fitHeadline(
    bodyDoes(body, verb),
    withoutRepeatedVerb(item, verb),
    `${suffix}${tally ? `, ${tally}` : ""}`,
  );
  // "approves the consent agenda" tells a reader nothing: the meeting's subject leads, the routine vote follows.
  if (!isConsentDecision(lead.decision) || lead.decision.result !== "carried") return said;
  const heard = subjects();
  if (/ recorded$/.test(heard)) return said;
  const both = `${heard}, ${bodyDoes(body, `${verb} consent agenda`).slice(body.length + 1)}`;
  return both.length <= HEADLINE_MAX_CHARS ? both : heard;
}

/**
 * A failed motion followed by a carried one on the same item ("ties 6-6", then "sends it on without a
 * recommendation"): the carried one is what happened to the item; the failure is no headline of its own.
 */
function outcomes(decisions: NamedDecision[]): NamedDecision[] {
  return decisions.filter(
    ({ decision, item, order }) =>
      decision.result !== "failed" ||
      !decisions.some((later) => later.order > order && later.item === item && later.decision.result === "carried"),
  );
}

// "item number four", "item 4": an item the transcript names by its number only.
const ONE_NUMBERED_ITEM =
  /^(?:the\s+)?item\s+(?:no\.?\s+|number\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten)$/i;
const NUMBER_WORD_DIGITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** Decisions on one item known by its number only, named "item 4", with what became of it. */
function numberedDecisions(analysis: Analysis): NamedDecision[] {
  const numbered = (analysis.decisions ?? []).flatMap((decision, order) => {
    const number = ONE_NUMBERED_ITEM.exec(decision.item.trim())?.[1]?.toLowerCase();
    if (!number) return [];
    const digits = NUMBER_WORD_DIGITS.includes(number) ? String(NUMBER_WORD_DIGITS.indexOf(number) + 1) : number;
    return [{ decision, item: `item ${digits}`, order }];
  });
  return outcomes(numbered);
}

/**
 * The named decisions, and an item known by its number only when it outranks every named one: "sends item 4 to the
 * full council without a recommendation, 7-5" says more than "approves the consent agenda".
 */
function withNumberedOnly(named: NamedDecision[], numbered: NamedDecision[]): NamedDecision[] {
  const top = Math.max(0, ...named.map((d) => consequence(d.decision)));
  const above = numbered.filter((d) => consequence(d.decision) > top);
  return above.length > 0 ? above : named;
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

const MAX_DECISIONS_IN_BODY = 8;

/** The verified decisions, one sentence each, in meeting order: "The committee voted 8-4 to deny …". */
function decisionSentences(decisions: NamedDecision[], body: string): string[] {
  const said = decisions.filter((d) => !isProcedureDecision(d.decision) && d.decision.result !== "withdrawn");
  const subject = /^city officials$/i.test(body) ? "Officials" : body;
  return said.slice(0, MAX_DECISIONS_IN_BODY).map((d) => decisionSentence(d.decision, subject, d.item));
}

function body(analysis: Analysis, decisions: string[], nextMeeting: string | null): string {
  const paragraphs = [analysis.summary.trim()];
  const lede = normalizeForMatch(analysis.summary);
  const quoted = analysis.highlights
    .filter((h) => !h.quotes.every((q) => lede.includes(normalizeForMatch(q.text))))
    .map(highlightParagraph)
    .filter((p): p is string => p !== null);
  paragraphs.push(...quoted.slice(0, MAX_QUOTED_HIGHLIGHTS));
  if (decisions.length > 0) paragraphs.push(`Decisions: ${decisions.join(" ")}`);
  // Votes speak only through verified decisions (0060): the action items' own vote lines are left out.
  const followUps = analysis.action_items.filter((item) => !isVoteItem(item)).slice(0, MAX_ACTIONS_IN_BODY);
  if (followUps.length > 0) paragraphs.push(`Follow-up: ${followUps.map(actionSentence).join(" ")}`);
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

const MAX_DECISION_FACTS = 6;

/** The verified decisions first, one line each (result, item, tally), then sums, deadlines and a date. */
function quickFacts(analysis: Analysis, decisions: NamedDecision[]): string[] {
  const votes = decisions
    .filter((d) => !isProcedureDecision(d.decision))
    .slice(0, MAX_DECISION_FACTS)
    .map((d) => decisionFact(d.decision, d.item));
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
  return [...votes, ...[...money, ...deadlines, ...dates].slice(0, MAX_QUICK_FACTS)];
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
  const names = namesSaid(
    segments.map((segment) => segment.text).join(" "),
    title,
    input.source?.sourceTitle,
    input.city,
  );
  const decisions = namedDecisions(analysis, names);
  const meetingBy = meetingBody(title, input.source);
  const text = body(analysis, decisionSentences(decisions, meetingBy), nextMeeting);
  const followUp = analysis.action_items.some((item) => item.due_date !== null || othersMustAct(item));
  return {
    article: {
      headline: headline(analysis, meetingBy, {
        topic: namedTopic(analysis),
        mainItem: longestAgendaItem(segments),
        additionalContext,
        presentation: presentationTopic(segments),
        entity: entityTopic(analysis),
        names,
      }),
      body: text,
      word_count: countWords(text),
      primary_focus: topic,
    },
    sidebar_elements: {
      quote_block: quoteBlock(analysis),
      quick_facts: quickFacts(analysis, decisions),
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
