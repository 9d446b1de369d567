/**
 * Entities for the offline analyzer. wink-nlp supplies money and dates; a
 * rule layer finds people (speaker labels and titles in the text),
 * organizations (by suffix) and places (street and park names, "City of X").
 */
import type { Entity } from "../schemas";
import type { NlpEntity } from "./nlp.server";
import { cleanSentence, displaySpeaker, shorten } from "./rules";
import { captionGlitches, namesSaid } from "./caption-glitches.server";

export type EntitySentence = { text: string; speaker: string | null; entities: NlpEntity[] };

const TITLE_PATTERN =
  "Vice Mayor|Deputy Mayor|Mayor Pro Tem|Mayor|Council ?[Mm]ember|Councilwoman|Councilman|Councillor|Councilor|Council President|Chairwoman|Chairman|Chairperson|Chair|Commissioner|City Manager|City Attorney|City Clerk|City Auditor|Director|Chief|Supervisor|Superintendent|Senator|Representative|Assemblymember|Trustee|Mr\\.?|Ms\\.?|Mrs\\.?|Dr\\.?";
// Reyes, O'Brien, Smith-Jones, McAllister, DeLuca
const NAME_WORD = "(?:[A-Z]['\u2019][A-Z][a-z]+|[A-Z][a-z]+(?:[A-Z][a-z]+)?(?:['\u2019\\-][A-Za-z]+)?)";
const NAME = `${NAME_WORD}(?:\\s+${NAME_WORD}){0,2}`;

const TITLED_NAME = new RegExp(`\\b(${TITLE_PATTERN})\\s+(${NAME})`, "g");
const ROLE_NOUN = (
  "planner|manager|director|engineer|chief|officer|analyst|coordinator|president|chair|member|resident|attorney|clerk|" +
  "consultant|owner|developer|representative|administrator|supervisor|superintendent|architect|organizer|volunteer"
)
  .split("|")
  .flatMap((noun) => [noun, noun[0]!.toUpperCase() + noun.slice(1)])
  .join("|");
const SELF_INTRODUCTION = new RegExp(
  `\\b(?:I'm|I am|[Mm]y name is|[Mm]y name's)\\s+(${NAME_WORD}\\s+${NAME_WORD}(?:\\s+${NAME_WORD})?)(?:,\\s*(?:the\\s+|a\\s+|an\\s+|our\\s+)?((?:[A-Za-z]+\\s+){0,3}?(?:${ROLE_NOUN}))\\b)?`,
  "g",
);
const NAME_THEN_ROLE = new RegExp(
  `\\b(${NAME_WORD}\\s+${NAME_WORD}),\\s+(?:our|the|a|an)\\s+((?:Senior |Deputy |Assistant |Acting |Interim )?(?:Director|Manager|Chief|Planner|Engineer|Officer|Coordinator|Superintendent|Administrator|Analyst)(?: of [A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+){0,3})?)`,
  "g",
);

const ORG_SUFFIX =
  "Department|Commission|Authority|Association|Inc\\.?|LLC|Company|Council|Board|Committee|Agency|Alliance|Foundation|Corporation|Coalition|Partnership|Bureau|Institute|Society|Union|Trust|Services|District";
const CAPITAL_WORD = "(?:[A-Z][A-Za-z&'\u2019.\\-]*|of|and|for|the)";
// "Department of Transportation", "Board of Supervisors"
const OF_TAIL =
  "(?:\\s+of\\s+(?:the\\s+)?[A-Z][A-Za-z]+(?:\\s+(?!Section|Amendment|Item|Bill|Number)[A-Z][A-Za-z]+){0,2})?";
const ORGANIZATION = new RegExp(
  `\\b((?:[A-Z][A-Za-z&'\u2019.\\-]*\\s+)(?:${CAPITAL_WORD}\\s+){0,4}(?:${ORG_SUFFIX})${OF_TAIL})(?![A-Za-z])`,
  "g",
);
// Districts that are bodies rather than areas.
const DISTRICT_BODY =
  /\b(?:School|Water|Sanitation|Fire|Transit|Improvement|Utility|Utilities|Parks?|Library|Hospital|Irrigation|Special|Sewer|Flood Control|Air Quality) District$/;

const PLACE_SUFFIX =
  "Street|Avenue|Boulevard|Blvd\\.?|Road|Drive|Lane|Way|Court|Park|Creek|Bridge|Plaza|Square|Station|Library|Beach|River|Lake|Highway|Freeway|Parkway|Trail|Corridor|Neighborhood|Pier|Harbor|Airport|Gardens?|Village|Heights|Valley|District";
const PLACE = new RegExp(
  `\\b((?:\\d{1,5}\\s+)?(?:(?:North|South|East|West)\\s+)?(?:\\d{1,3}(?:st|nd|rd|th)|[A-Z][a-z'\u2019\\-]+)(?:\\s+[A-Z][a-z'\u2019\\-]+){0,3}\\s+(?:${PLACE_SUFFIX}))\\b`,
  "g",
);
const COUNCIL_DISTRICT = /\b((?:Council )?District (?:\d{1,2}|One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten))\b/g;
const CITY_NAME =
  /\b(?:City of|Town of|County of)\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)|\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+City Council\b/g;

// Capitalized words that start sentences or name roles, never part of a name.
const NOT_NAME_WORDS = new Set(
  (
    "thank thanks okay ok yes no so and the i we you it this that there these those our my your their his her " +
    "council city mayor street department madam mister members member staff item number good evening morning " +
    "afternoon public chair vice clerk manager attorney director chief commissioner councilmember councilman " +
    "councilwoman president if in on at to for by of from with as but or all any can could would will just " +
    "now well also again then when what where who why how please let let's here today tonight next last first " +
    "second third speaker mr ms mrs dr is are was be been has have had do does did not motion resolution ordinance " +
    "bill recommendation report hearing agenda district county state"
  ).split(" "),
);

const GENERIC_SPEAKERS =
  /^(?:speaker|unknown|unidentified|multiple speakers|audience|public|public comment(?:er)?|crowd|narrator|video|clerk|moderator|participant|caller|member of the public)\b/i;
const LABEL_TITLES =
  /^(?:(?:vice|deputy) mayor|mayor pro tem|mayor|council ?member|councilwoman|councilman|councillor|councilor|council president|chair(?:man|woman|person)?|commissioner|city (?:manager|attorney|clerk|auditor)|director|chief|supervisor|superintendent|trustee|mr\.?|ms\.?|mrs\.?|dr\.?)\s+/i;

type Person = { name: string; title: string | null; mentions: number; spoke: boolean };

function trimLeadingNonNames(words: string[]): string[] {
  const kept: string[] = [];
  for (const word of words) {
    if (NOT_NAME_WORDS.has(word.toLowerCase().replace(/['\u2019]s$/, ""))) break;
    kept.push(word);
  }
  return kept;
}

function cleanName(raw: string): string | null {
  const words = trimLeadingNonNames(raw.trim().split(/\s+/));
  const name = words.join(" ").replace(/['\u2019]s$/, "");
  return name.length >= 2 && isPlausibleName(name) ? name : null;
}

function canonicalTitle(title: string): string {
  const tidy = title.replace(/\.$/, "");
  if (/^council ?member$/i.test(tidy)) return "Councilmember";
  return tidy;
}

const HONORIFICS = new Set(["Mr", "Ms", "Mrs", "Dr"]);

class PeopleBook {
  private readonly byLastName = new Map<string, Person>();

  add(name: string, title: string | null, spoke = false): void {
    const lastName = name.split(/\s+/).at(-1)!.toLowerCase();
    const known = this.byLastName.get(lastName);
    if (!known) {
      this.byLastName.set(lastName, { name, title, mentions: 1, spoke });
      return;
    }
    known.mentions += 1;
    known.spoke ||= spoke;
    if (name.split(/\s+/).length > known.name.split(/\s+/).length) known.name = name;
    if (title && (!known.title || (HONORIFICS.has(known.title) && !HONORIFICS.has(title)))) known.title = title;
  }

  ranked(limit: number): Person[] {
    return [...this.byLastName.values()]
      .sort((a, b) => Number(b.spoke) - Number(a.spoke) || b.mentions - a.mentions)
      .slice(0, limit);
  }
}

/** "COUNCILMEMBER ANA REYES" → { name: "Ana Reyes", title: "Councilmember" }; generic labels give null. */
export function personFromSpeakerLabel(label: string): { name: string; title: string | null } | null {
  const display = displaySpeaker(label);
  if (GENERIC_SPEAKERS.test(display) || /\d/.test(display)) return null;
  const title = LABEL_TITLES.exec(display)?.[0]?.trim() ?? null;
  const rest = title ? display.slice(title.length).trim() : display;
  const name = cleanName(rest);
  if (!name) return null;
  return { name, title: title ? canonicalTitle(title) : null };
}

function collectPeople(sentences: EntitySentence[]): PeopleBook {
  const book = new PeopleBook();
  const labelsSeen = new Set<string>();
  for (const sentence of sentences) {
    if (sentence.speaker && !labelsSeen.has(sentence.speaker)) {
      labelsSeen.add(sentence.speaker);
      const person = personFromSpeakerLabel(sentence.speaker);
      if (person) book.add(person.name, person.title, true);
    }
    for (const match of sentence.text.matchAll(TITLED_NAME)) {
      const name = cleanName(match[2]!);
      if (name) book.add(name, canonicalTitle(match[1]!));
    }
    for (const match of sentence.text.matchAll(NAME_THEN_ROLE)) {
      const name = cleanName(match[1]!);
      if (name && name.includes(" ")) book.add(name, match[2]!.trim());
    }
    for (const match of sentence.text.matchAll(SELF_INTRODUCTION)) {
      const name = cleanName(match[1]!);
      if (name && name.includes(" ")) book.add(name, match[2]?.trim() || null, true);
    }
  }
  return book;
}

function personContext(person: Person): string {
  const role = person.title && !HONORIFICS.has(person.title.replace(/\.$/, "")) ? person.title : null;
  if (role) return person.spoke ? `${role}; spoke at the meeting` : role;
  return person.spoke ? "Spoke at the meeting" : "Named in the meeting";
}

type Counted = { name: string; mentions: number; context: string };

function countMatches(
  sentences: EntitySentence[],
  pattern: RegExp,
  pick: (match: RegExpMatchArray) => string | undefined,
): Counted[] {
  const counts = new Map<string, Counted>();
  for (const sentence of sentences) {
    for (const match of sentence.text.matchAll(pattern)) {
      const name = pick(match)?.trim();
      if (!name) continue;
      const key = name.toLowerCase();
      const known = counts.get(key);
      if (known) known.mentions += 1;
      else counts.set(key, { name, mentions: 1, context: shorten(cleanSentence(sentence.text), 25) });
    }
  }
  return [...counts.values()].sort((a, b) => b.mentions - a.mentions);
}

// Words that start a sentence or a title, not a place or organization name.
const LEADING_STOP_WORDS = new Set(
  (
    "the a an and so our my your their his her this that these those i we you it if in on at to for by of from " +
    "with as but or all any can could would will just now well also then when what where who why how please let " +
    "here today tonight next last thank thanks okay ok yes no good madam mister mr ms mrs dr mayor councilmember " +
    "councilman councilwoman commissioner chair director item number report recommendation motion is are was " +
    "actually maybe because since both each every ayes eyes nays aye " +
    "january february march april may june july august september october november december"
  ).split(" "),
);

function stripLeadingStopWords(phrase: string | undefined): string | undefined {
  if (!phrase) return undefined;
  const words = phrase.split(/\s+/);
  while (words.length > 1 && LEADING_STOP_WORDS.has(words[0]!.toLowerCase().replace(/\.$/, ""))) words.shift();
  return words.join(" ");
}

// Shouted caption text is no evidence of a name: words of five or more capitals are not name words
// (acronyms such as MPD, LLC or CPED stay).
const SHOUTED_WORD = /^[A-Z][A-Z'’.-]{4,}$/;
// Sentence fragments that end in an organization word: "Amendment with CivicPlus LLC", "Contract with ...".
const FRAGMENT_START =
  /^(?:amendment|amendments|contract|contracts|agreement|motion|item|items|resolution|ordinance|approval|appointment|presentation|report|update|letter|request|with|and|to|for|from|under|between|regarding)\b/i;

/** A phrase that reads as a name: not shouted, not a fragment, not too long. */
export function isPlausibleName(name: string): boolean {
  const words = name.split(/\s+/);
  if (words.length > 7 || FRAGMENT_START.test(name)) return false;
  return !words.some((word) => SHOUTED_WORD.test(word));
}

function organizationName(match: RegExpMatchArray): string | undefined {
  const name = stripLeadingStopWords(match[1]);
  if (!name || name.split(/\s+/).length < 2 || !isPlausibleName(name)) return undefined;
  if (new RegExp(`^(?:${TITLE_PATTERN})\\b`).test(name)) return undefined;
  if (/District$/.test(name) && !DISTRICT_BODY.test(name)) return undefined; // an area: see placeName
  return name;
}

function placeName(match: RegExpMatchArray): string | undefined {
  const name = stripLeadingStopWords(match[1]);
  if (!name || !/\s/.test(name) || !isPlausibleName(name)) return undefined;
  // Council districts are found with their number by COUNCIL_DISTRICT.
  if (DISTRICT_BODY.test(name) || /^(?:Council|Zone|Zoning|Business|Historic|Overlay) District$/.test(name))
    return undefined;
  return name;
}

function cityName(match: RegExpMatchArray): string | undefined {
  const name = stripLeadingStopWords(match[1] ?? match[2]);
  return name && !NOT_NAME_WORDS.has(name.toLowerCase()) ? name : undefined;
}

const MONTH_OR_DAY =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\d{1,2}\/\d{1,2}|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(?:january|february|march|april|june|july|august|september|october|november|december)\b/i;

// wink-nlp splits "by September 30, 2025" into "by September 30" and "2025",
// and "by June 15th" into "by June" and "15th": extend dates over what follows.
const DATE_TAIL = /^(?:\s+\d{1,2}(?:st|nd|rd|th)?\b)?(?:,?\s+(?:1[89]|20)\d\d\b)?/;

function completeDate(value: string, sentenceText: string): string {
  const at = sentenceText.indexOf(value);
  const tail = at < 0 ? "" : (DATE_TAIL.exec(sentenceText.slice(at + value.length))?.[0] ?? "");
  return `${value}${tail}`;
}

const MONEY_SCALE = /^\s+(?:million|billion|thousand)\b/i;

/** "$130" said as "$130 million": the scale belongs to the sum. */
function completeMoney(value: string, sentenceText: string): string {
  const at = sentenceText.indexOf(value);
  if (at < 0 || /(?:million|billion|thousand)$/i.test(value)) return value;
  return `${value}${MONEY_SCALE.exec(sentenceText.slice(at + value.length))?.[0] ?? ""}`;
}

function nlpEntities(
  sentences: EntitySentence[],
  type: "MONEY" | "DATE",
  accept: (value: string) => boolean,
  limit: number,
): Entity[] {
  const found = new Map<string, Entity>();
  for (const sentence of sentences) {
    for (const entity of sentence.entities) {
      if (entity.type !== type) continue;
      const whole =
        type === "DATE" ? completeDate(entity.value, sentence.text) : completeMoney(entity.value, sentence.text);
      const value = whole.replace(/^(?:by|on|about|around|approximately|until|before)\s+/i, "").trim();
      if (!accept(value)) continue;
      const key = value.toLowerCase().replace(/[^a-z0-9.]/g, "");
      if (found.has(key)) continue;
      found.set(key, {
        name: value,
        type: type === "MONEY" ? "money" : "date",
        context: shorten(cleanSentence(sentence.text), 25),
      });
    }
  }
  return [...found.values()].slice(0, limit);
}

const LIMITS = { people: 15, organizations: 10, places: 10, money: 10, dates: 8 };

/** At most one insertion, deletion or substitution apart. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const [restA, restB] = [a.slice(i), b.slice(i)];
  return restA.slice(1) === restB.slice(1) || restA.slice(1) === restB || restA === restB.slice(1);
}

// Shorter names are too often different people ("Park", "Parks").
const MIN_VARIANT_LENGTH = 6;

/** "Rainvil" beside "Rainville": a misheard or cut variant of a name said more often. */
function isVariantOf(name: string, frequent: string): boolean {
  const [a, b] = [name.toLowerCase(), frequent.toLowerCase()];
  if (a === b || a.length < MIN_VARIANT_LENGTH) return false;
  return (b.startsWith(a) && b.length - a.length <= 3) || oneEditApart(a, b);
}

/** Drops names that are variants of a more frequent one listed before them. */
export function mergeVariants(ranked: Entity[]): Entity[] {
  return ranked.filter((entity, i) => !ranked.slice(0, i).some((other) => isVariantOf(entity.name, other.name)));
}

export function extractEntities(sentences: EntitySentence[]): Entity[] {
  const people: Entity[] = mergeVariants(
    collectPeople(sentences)
      .ranked(LIMITS.people)
      .map((person) => ({ name: person.name, type: "person", context: personContext(person) })),
  );
  const personNames = new Set(people.map((p) => p.name.toLowerCase()));
  const toEntity =
    (type: string) =>
    (c: Counted): Entity => ({ name: c.name, type, context: c.context });
  const personWords = new Set(people.flatMap((p) => p.name.toLowerCase().split(/\s+/)));
  const organizations = mergeVariants(
    countMatches(sentences, ORGANIZATION, organizationName)
      .filter((org) => !personWords.has(org.name.split(/\s+/)[0]!.toLowerCase())) // "Burgess and Council"
      .slice(0, LIMITS.organizations)
      .map(toEntity("organization")),
  );
  const places = mergeVariants(
    [
      ...countMatches(sentences, CITY_NAME, cityName).map(toEntity("place")),
      ...countMatches(sentences, PLACE, placeName).map(toEntity("place")),
      ...countMatches(sentences, COUNCIL_DISTRICT, (m) => m[1]).map(toEntity("place")),
    ]
      .filter(
        (place, i, all) =>
          !personNames.has(place.name.toLowerCase()) &&
          all.findIndex((p) => p.name.toLowerCase() === place.name.toLowerCase()) === i,
      )
      .slice(0, LIMITS.places),
  );
  const money = nlpEntities(sentences, "MONEY", (v) => /\d/.test(v), LIMITS.money);
  const dates = nlpEntities(sentences, "DATE", (v) => MONTH_OR_DAY.test(v), LIMITS.dates);
  // A name with a caption glitch in it ("Traing Department" opening a sentence) is no name (issue 27).
  const names = namesSaid(sentences.map((s) => s.text).join(" "), ...new Set(sentences.map((s) => s.speaker)));
  const named = [...people, ...organizations, ...places].filter((e) => captionGlitches(e.name, names).length === 0);
  return [...named, ...money, ...dates];
}
