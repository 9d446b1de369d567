/**
 * Caption glitches (docs/decisions/0062-caption-glitches-english-word-list.md): a word that is
 * neither English (the `word-list` package, 274,000 words with their inflections) nor said
 * as a name in the transcript, the meeting's title or the city's name: "traing",
 * "draf2025", "bureauhief". A headline, an item name or an entity never carries one.
 */
import { readFileSync } from "node:fs";
import wordListPath from "word-list";
import { CIVIC_ACRONYMS } from "~/lib/transcripts/words";

let english: Set<string> | null = null;

// Words of civic life the general list lacks (it is a game's list: no compounds of the trade).
const CIVIC_WORDS =
  `councilmember councilmembers councilperson stormwater streetcar streetcars rideshare homeownership nonprofit nonprofits subrecipient subrecipients bylaw bylaws workforce microtransit broadband daycare childcare healthcare wastewater greenway greenways bikeway bikeways skyway skyways email emails online website websites webpage livestream rezoning rezone upzoning ok okay oks sex
  jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun mr mrs ms dr jr sr st inc llc etc vs incl dba
  january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday
  american americans indian indians african asian latino latina latinx hispanic somali hmong ojibwe dakota english spanish`.split(
    /\s+/,
  );

function englishWords(): Set<string> {
  if (!english) {
    english = new Set(readFileSync(wordListPath, "utf8").split("\n"));
    for (const word of CIVIC_WORDS) english.add(word);
    for (const letter of "abcdefghijklmnopqrstuvwxyz") english.add(letter);
  }
  return english;
}

/** The words of a text that could be names: letters with an apostrophe or inner capital, in the written case. */
const WORD = /[A-Za-z][A-Za-z'’]*[A-Za-z]|[A-Za-z]/g;
const TOKEN = /[A-Za-z0-9][A-Za-z0-9'’]*/g;

// A word said this often in the same spelling was said, not misheard: captions mishear a
// word differently each time, and cue joins ("bureauhief") fall where the cues break.
const SAID_OFTEN = 3;

/**
 * The names a meeting's own words give: every word written capitalized mid-sentence in the
 * (true-cased) transcript or said there SAID_OFTEN times, and every word of the title and the city's name.
 */
export function namesSaid(transcript: string, ...sources: Array<string | null | undefined>): Set<string> {
  const names = new Set<string>();
  for (const source of sources)
    for (const [word] of (source ?? "").matchAll(WORD)) names.add(baseForm(word.toLowerCase()));
  for (const match of transcript.matchAll(/(?<=[a-z0-9,;:)]\s+)[A-Z][A-Za-z'’]*/g))
    names.add(baseForm(match[0].toLowerCase()));
  const counts = new Map<string, number>();
  for (const [word] of transcript.matchAll(TOKEN)) {
    const key = baseForm(word.toLowerCase().replace(/’/g, "'"));
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count >= SAID_OFTEN) names.add(key);
  }
  return names;
}

const baseForm = (word: string) => word.replace(/['’]s$|['’]$/, "");

/** Whether a word is English (the word list and the civic supplement), in any case. */
export function isEnglish(word: string): boolean {
  const dictionary = englishWords();
  const lower = baseForm(word.toLowerCase().replace(/’/g, "'"));
  if (dictionary.has(lower) || dictionary.has(lower.replace(/'/g, ""))) return true;
  // "don't", "we'll": contractions are English when their stem is.
  const stem = /^([a-z]+)'(?:t|ll|re|ve|d|m)$/.exec(lower)?.[1];
  return stem !== undefined && (dictionary.has(stem) || dictionary.has(`${stem}t`) || stem === "won" || stem === "can");
}

// "2025", "1st", "3rd", "5-0", "10am", "1990s", "$1.5M": numbers with their usual suffixes.
const NUMBER = /^\d+(?:st|nd|rd|th|s|m|k|am|pm|b)?$/i;

/** Whether one token is a caption glitch, given the names the meeting's words give. */
export function isGlitchWord(token: string, names: ReadonlySet<string> = new Set()): boolean {
  if (!/[A-Za-z]/.test(token) || NUMBER.test(token)) return false;
  if (/\d/.test(token)) {
    // "H1N1" or "I94" are codes; "draf2025" is a word run into a number.
    const letters = token.replace(/\d+/g, " ").trim().split(/\s+/);
    return letters.some((part) => part.length >= 3 && !isEnglish(part) && !names.has(part.toLowerCase()));
  }
  if (token.length >= 2 && token === token.toUpperCase() && (CIVIC_ACRONYMS.has(token) || token.length <= 5))
    return false;
  if (isEnglish(token)) return false;
  return !names.has(baseForm(token.toLowerCase().replace(/’/g, "'")));
}

/** The glitches of a text, in order ("approves traing reimbursement" → ["traing"]). */
export function captionGlitches(text: string, names: ReadonlySet<string> = new Set()): string[] {
  const tokens = [...text.matchAll(TOKEN)];
  return tokens
    .filter((match, i) => isGlitchWord(match[0], names) || isStrayLetter(text, tokens, i))
    .map((match) => match[0]);
}

// Words a letter may follow as a label: "item 4 b", "phase c", "exhibit d", "plan b".
const LETTER_LABEL =
  /^(?:\d+|items?|phase|section|part|option|exhibit|schedule|appendix|attachment|unit|lot|block|plan|alternative|alt|and|or|letter|grade|type|class|vitamin)$/i;

/**
 * A lone lower-case letter between two words ("with t loring greenway", "number of t tenants"):
 * a word the captions lost the rest of. "a" and "i" are words; a letter after a label, or
 * joined by a hyphen ("e-scooters"), is one.
 */
function isStrayLetter(text: string, tokens: RegExpMatchArray[], i: number): boolean {
  const token = tokens[i]!;
  if (!/^[b-hj-z]$/.test(token[0])) return false;
  const at = token.index!;
  if (text[at - 1] === "-" || text[at + 1] === "-") return false;
  const before = tokens[i - 1]?.[0];
  const after = tokens[i + 1]?.[0];
  return before !== undefined && after !== undefined && !LETTER_LABEL.test(before) && /^[a-z]{2,}$/i.test(after);
}

/**
 * A phrase without its glitches, or null when what is left is no longer a phrase
 * (fewer than `minWords` words of three letters or more, or a glitch was its first word).
 */
export function withoutGlitches(text: string, names: ReadonlySet<string>, minWords = 2): string | null {
  const glitches = captionGlitches(text, names);
  if (glitches.length === 0) return text;
  const first = text.match(TOKEN)?.[0];
  if (first && glitches.includes(first)) return null;
  let cleaned = text;
  for (const glitch of glitches)
    cleaned = cleaned.replace(new RegExp(`(?<![A-Za-z0-9'’-])${glitch}(?![A-Za-z0-9'’-])\\s*`), "");
  cleaned = cleaned
    .replace(/\s+([,.;:])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
  const words = cleaned.match(/[A-Za-z]{3,}/g) ?? [];
  return words.length >= minWords ? cleaned : null;
}

/** Runs of two or more upper-case words that are no acronym ("CITY COUNCIL APPROVES") in lower case. */
export function withoutShouting(text: string): string {
  return text.replace(/\b[A-Z][A-Z'’]+(?:\s+[A-Z][A-Z'’]+)+\b/g, (run) =>
    run
      .split(/\s+/)
      .map((word) => (CIVIC_ACRONYMS.has(word) ? word : word.toLowerCase()))
      .join(" "),
  );
}
