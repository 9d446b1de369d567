/**
 * True case for ALL-CAPS captions (docs/decisions/0026): sentence case,
 * "I" upper, civic acronyms upper, and names capitalized only where the
 * transcript itself shows them to be names (after a title, in a
 * self-introduction, answering a roll call) or where the meeting's title or
 * description writes them in mixed case. Any other word is lower case: a
 * misheard word stays a plain word, never becomes a name.
 */
import { CALENDAR_NAMES, CIVIC_ACRONYMS, isNameWord, TITLES } from "./words";

export type Casing = {
  /** Upper-case word → the form to write (names, acronyms learned from the context). */
  forms: Map<string, string>;
  names: Set<string>;
};

/** Mutable across the pieces of one turn: whether the next word starts a sentence. */
export type CaseState = { atSentenceStart: boolean };

const MIN_LETTERS = 40;

/** Whether (nearly) all letters are capitals: the shape of broadcast captions. */
export function isMostlyUpperCase(text: string): boolean {
  let upper = 0;
  let lower = 0;
  for (const char of text) {
    if (char >= "A" && char <= "Z") upper++;
    else if (char >= "a" && char <= "z") lower++;
  }
  return upper + lower >= MIN_LETTERS && lower <= (upper + lower) * 0.05;
}

const TITLE_PATTERN = TITLES.map((title) => title.replace(/\./g, "\\.").replace(/ /g, "\\s+")).join("|");
const AFTER_TITLE = new RegExp(String.raw`\b(?:${TITLE_PATTERN})\s+([A-Z][A-Z'’-]+)`, "g");
const SELF_INTRODUCTION =
  /\b(?:I AM|I'M|MY NAME IS)\s+([A-Z][A-Z'’-]+)(?:\s+([A-Z][A-Z'’-]+))?(?=\s*(?:[,.]|AND\b|$))/g;
const ROLL_CALL_ANSWER = /(?:^|>>|[.?!])\s*([A-Z][A-Z'’-]+),?\s+(?:PRESENT|HERE)\b/g;
const CONTEXT_WORD = /[A-Za-z][A-Za-z'’-]*/g;

function capitalized(word: string): string {
  return word
    .toLowerCase()
    .replace(/(^|['’-])([a-z])(?=[a-z])/g, (_, mark: string, letter: string) => mark + letter.toUpperCase());
}

function addName(casing: Casing, word: string | undefined): void {
  if (!word || !isNameWord(word)) return;
  casing.names.add(word);
  if (!casing.forms.has(word)) casing.forms.set(word, capitalized(word));
}

/** Acronyms and inner-capital names (McDonald) as the meeting's title or description writes them. */
function learnFromContext(casing: Casing, context: string): void {
  if (!context || isMostlyUpperCase(context)) return;
  for (const [word] of context.matchAll(CONTEXT_WORD)) {
    const upper = word.toUpperCase();
    const acronym = word === upper && word.length >= 2 && word.length <= 6;
    const innerCapital = /^[A-Z][a-z]+[A-Z]/.test(word);
    if (acronym || innerCapital) casing.forms.set(upper, word);
  }
}

/**
 * Names known for certain (the city's), written as given. Only one-word
 * names: the words of "Long Beach" are ordinary words elsewhere.
 */
function learnProperNouns(casing: Casing, properNouns: readonly string[]): void {
  for (const noun of properNouns) {
    const word = noun.trim();
    if (/^[A-Z][A-Za-z'’-]+$/.test(word)) casing.forms.set(word.toUpperCase(), word);
  }
}

/** What the transcript (capitals, `>>` kept) says about which words are names. */
export function learnCasing(text: string, context = "", properNouns: readonly string[] = []): Casing {
  const casing: Casing = { forms: new Map(), names: new Set() };
  learnFromContext(casing, context);
  learnProperNouns(casing, properNouns);
  for (const match of text.matchAll(AFTER_TITLE)) addName(casing, match[1]);
  for (const match of text.matchAll(ROLL_CALL_ANSWER)) if (casing.names.has(match[1]!)) addName(casing, match[1]);
  // "I AM JAMAL OSMAN": the first name counts once the surname is known as a name.
  for (const match of text.matchAll(SELF_INTRODUCTION)) {
    const [, first, last] = match;
    if (last && casing.names.has(last)) addName(casing, first);
  }
  return casing;
}

const TOKEN = /((?:[A-Za-z]\.){2,})|([A-Za-z][A-Za-z'’]*)|(\d(?:[\d,.:]*\d)?)|([.!?])/g;
const HONORIFICS = new Set(["MR", "MS", "MRS", "DR", "ST"]);
const TIMES_OF_DAY = new Set(["A.M.", "P.M."]);

function wordForm(word: string, casing: Casing): string {
  const upper = word.toUpperCase();
  if (word !== upper) return word; // already mixed case: the transcript knows better
  if (upper === "I" || /^I['’]/.test(upper)) return `I${upper.slice(1).toLowerCase()}`;
  const known = casing.forms.get(upper);
  if (known) return known;
  if (CIVIC_ACRONYMS.has(upper)) return upper;
  if (CALENDAR_NAMES.has(upper)) return capitalized(upper);
  return upper.toLowerCase();
}

function capitalizeFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** One piece of capitals in true case; `state` carries sentence starts from piece to piece. */
export function trueCase(text: string, casing: Casing, state: CaseState): string {
  let previousWord = "";
  return text.replace(TOKEN, (token, dotted?: string, word?: string, number?: string) => {
    if (dotted) {
      const upper = dotted.toUpperCase();
      state.atSentenceStart = true;
      return TIMES_OF_DAY.has(upper) ? upper.toLowerCase() : upper;
    }
    if (word) {
      const form = wordForm(word, casing);
      const result = state.atSentenceStart ? capitalizeFirst(form) : form;
      state.atSentenceStart = false;
      previousWord = word.toUpperCase();
      return result;
    }
    if (number) {
      state.atSentenceStart = false;
      previousWord = "";
      return token;
    }
    if (!HONORIFICS.has(previousWord)) state.atSentenceStart = true;
    previousWord = "";
    return token;
  });
}

const TITLE_THEN_WORD = new RegExp(String.raw`\b(${TITLE_PATTERN})(?=\s+([A-Za-z]+))`, "gi");
const VOCATIVE_TITLE = /(,\s*)((?:madam\s+|mr\.\s+)?(?:vice\s+)?(?:chair|mayor|president|clerk))(?=\s*[.,?!])/gi;

/** "council member Osman" → "Council Member Osman"; "thank you, chair." → "Thank you, Chair."; "may 24" → "May 24". */
export function capitalizeTitles(text: string): string {
  return text
    .replace(/\bmay(?= \d{1,2}\b)/g, "May") // the month (kept out of CALENDAR_NAMES: "may" is mostly the verb)
    .replace(TITLE_THEN_WORD, (title: string, _title: string, next: string) =>
      /^[A-Z][a-z]/.test(next) ? title.replace(/[a-z]+/gi, (word) => capitalizeFirst(word.toLowerCase())) : title,
    )
    .replace(
      VOCATIVE_TITLE,
      (_, comma: string, title: string) =>
        comma + title.replace(/[a-z]+/gi, (word) => capitalizeFirst(word.toLowerCase())),
    );
}

/** A speaker label in capitals ("MAYOR LOPEZ") as a name is written ("Mayor Lopez"). */
export function trueCaseLabel(label: string, casing: Casing): string {
  return label
    .split(/\s+/)
    .map((word) => (word === word.toUpperCase() ? (casing.forms.get(word) ?? capitalized(word)) : word))
    .join(" ");
}

type Segment = { speaker: string | null; text: string };

/**
 * Transcripts already stored in capitals (parsed from text, so the `>>`
 * turns are gone): the same true casing, segment by segment. Text with
 * lower case letters is returned as it is.
 */
export function trueCaseSegments<T extends Segment>(segments: T[], context = ""): T[] {
  const text = segments.map((segment) => segment.text).join(" ");
  if (!isMostlyUpperCase(text)) return segments;
  const casing = learnCasing(segments.map((segment) => `>> ${segment.text}`).join(" "), context);
  const state: CaseState = { atSentenceStart: true };
  let speaker: string | null = null;
  return segments.map((segment) => {
    if (segment.speaker !== speaker) state.atSentenceStart = true;
    speaker = segment.speaker;
    return {
      ...segment,
      speaker: segment.speaker && trueCaseLabel(segment.speaker, casing),
      text: capitalizeTitles(trueCase(segment.text, casing, state)),
    };
  });
}
