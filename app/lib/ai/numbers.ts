/**
 * Numbers mentioned in text, reduced to canonical values so that "$2.5
 * million", "2,500,000" and "two point five million" can be compared.
 */

export type NumberMention = { raw: string; values: string[]; index: number };

const DIGIT_NUMBER = /\$?\s?\d+(?:,\d{3})*(?:\.\d+)?(?:\s?(?:%|percent\b))?(?:\s?(?:thousand|million|billion)\b)?/gi;

const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

const SMALL_NUMBERS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  first: 1,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

export function canonicalNumber(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

function valuesOf(raw: string): string[] {
  const digits = /\d+(?:,\d{3})*(?:\.\d+)?/.exec(raw)?.[0] ?? "";
  const base = Number(digits.replace(/,/g, ""));
  if (!Number.isFinite(base)) return [];
  const scaleWord = /(thousand|million|billion)/i.exec(raw)?.[1]?.toLowerCase();
  const values = [canonicalNumber(base)];
  if (scaleWord) values.push(canonicalNumber(base * SCALE[scaleWord]!));
  return values;
}

/** Every number written with digits, with its canonical value(s). */
export function findDigitNumbers(text: string): NumberMention[] {
  const mentions: NumberMention[] = [];
  for (const match of text.matchAll(DIGIT_NUMBER)) {
    const raw = match[0].trim();
    mentions.push({ raw, values: valuesOf(raw), index: match.index ?? 0 });
  }
  return mentions;
}

/** Values of spelled-out numbers ("twenty five", "three million", "fifth"). */
export function findSpelledNumberValues(text: string): string[] {
  const values: string[] = [];
  const words = text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  let current: number | null = null;
  const flush = () => {
    if (current !== null) values.push(canonicalNumber(current));
    current = null;
  };
  for (const word of words) {
    const small = SMALL_NUMBERS[word];
    if (small !== undefined) {
      // "twenty five" continues a number; "five five" starts a new one.
      const continuesTens =
        current !== null && current >= 20 && current < 100 && current % 10 === 0 && small > 0 && small < 10;
      if (continuesTens) current = current! + small;
      else {
        flush();
        current = small;
      }
    } else if (word === "hundred" && current !== null) {
      current *= 100;
    } else if (SCALE[word] !== undefined && current !== null) {
      current *= SCALE[word];
      flush();
    } else {
      flush();
    }
  }
  flush();
  return values;
}

/** All canonical number values a source text supports, digit and spelled-out. */
export function numberValuesIn(text: string): Set<string> {
  const values = new Set<string>();
  for (const mention of findDigitNumbers(text)) for (const value of mention.values) values.add(value);
  for (const value of findSpelledNumberValues(text)) values.add(value);
  return values;
}

// ---------------------------------------------------------------------------
// Claims: a number as it is asserted ("$47.3 million", "a 9-2 vote", "12%",
// "March 4"), checked against the transcript as such, not digit by digit.

const MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december";
const MONTH_NAMES = MONTHS.split("|");
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const DATE = new RegExp(`\\b(${MONTHS})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`, "gi");
const TALLY = /\b(\d{1,2})\s*(?:-|\u2013|\u2014|\bto\b)\s*(\d{1,2})\b(?![.,]\d|%|\s?percent)/gi;
// Captions often hear "ayes" as "eyes" ("11 eyes, zero nays"); "eyes" after a count is no body part.
const ROLL_CALL_TALLY =
  / (\d+) (?:ayes?|eyes?|yeas?|yes votes|votes in favor|in favor) (?:and |with |to )?(\d+) (?:nays?|noes|no votes|opposed|against) /g;
const CLOCK_TIME = /\b\d{1,2}:\d{2}(?::\d{2})?\b/g;
const DIGIT_LETTERS = "abcdefghij";

/** A clock time as one word that reads as no number ("6:05" is "clockgaf"), so "6:05 p.m." never states a 6-5 tally. */
function clockWord(time: string): string {
  return ` clock${time.replace(/\d/g, (digit) => DIGIT_LETTERS[Number(digit)]!).replace(/:/g, "")} `;
}
const SPELLED_WORD =
  /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|point|and)\b/gi;
const CARDINALS = new Set(
  Object.keys(SMALL_NUMBERS).filter((word) => !/(st|nd|rd|th)$/.test(word) || word === "tenth"),
);

export type NumberClaim = {
  /** The claim as written. */
  raw: string;
  index: number;
  /** Alternatives, in the canonical form of `numberText`, one of which the source must contain. */
  forms: string[];
};

function digitValue(raw: string): { value: string; percent: boolean } {
  const digits = /\d+(?:,\d{3})*(?:\.\d+)?/.exec(raw)?.[0] ?? "0";
  const scale = /(thousand|million|billion)/i.exec(raw)?.[1]?.toLowerCase();
  const base = Number(digits.replace(/,/g, ""));
  return {
    value: canonicalNumber(scale ? base * SCALE[scale]! : base),
    percent: /%|percent/i.test(raw),
  };
}

/** Reads a run of number words ("forty seven point three million") into a value; null when it is not a number. */
export function spelledValue(words: string[]): number | null {
  let total = 0;
  let current: number | null = null;
  let fraction = "";
  let inFraction = false;
  for (const word of words) {
    const small = SMALL_NUMBERS[word];
    if (inFraction && small !== undefined && small < 10) fraction += String(small);
    else if (small !== undefined && CARDINALS.has(word)) {
      if (current === null) current = small;
      else if (current >= 100 && current % 100 === 0 && small < 100) current += small;
      else if (current >= 20 && current % 10 === 0 && current % 100 !== 0 && small > 0 && small < 10) current += small;
      else return null;
    } else if (word === "point" && current !== null && !inFraction) inFraction = true;
    else if (word === "hundred") current = (current ?? 1) * 100;
    else if (SCALE[word] !== undefined && (current !== null || total === 0)) {
      const value: number = (current ?? 1) + (fraction ? Number(`0.${fraction}`) : 0);
      total += value * SCALE[word]!;
      current = null;
      fraction = "";
      inFraction = false;
    } else if (word === "and" && current !== null && current >= 100) continue;
    else return null;
  }
  if (current === null && total === 0) return null;
  return total + (current ?? 0) + (fraction ? Number(`0.${fraction}`) : 0);
}

const CENTURIES: Record<string, number> = { eighteen: 18, nineteen: 19, twenty: 20 };

/** A year said the way people say years: "twenty twenty four" (2024), "nineteen ninety" (1990). */
function spokenYear(
  tokens: RegExpExecArray[] | RegExpMatchArray[],
  start: number,
  end: number,
): { run: { raw: string; index: number; value: number }; end: number } | null {
  const century = CENTURIES[tokens[start]![0].toLowerCase()];
  if (century === undefined) return null;
  for (const length of [2, 1]) {
    const last = start + length;
    if (last >= end) continue;
    const rest = spelledValue(tokens.slice(start + 1, last + 1).map((t) => t[0].toLowerCase()));
    if (rest === null || rest < 10 || rest > 99 || !Number.isInteger(rest)) continue;
    const from = tokens[start]!.index!;
    const to = tokens[last]!.index! + tokens[last]![0].length;
    return { run: { raw: tokens[0]!.input!.slice(from, to), index: from, value: century * 100 + rest }, end: last + 1 };
  }
  return null;
}

/** Runs of number words in text ("two hundred", "nine point three million") with their values. */
function spelledRuns(text: string): { raw: string; index: number; value: number }[] {
  const runs: { raw: string; index: number; value: number }[] = [];
  const tokens = [...text.matchAll(/[a-z]+/gi)];
  let i = 0;
  while (i < tokens.length) {
    let j = i;
    // A run: consecutive number words separated only by spaces or hyphens.
    while (
      j < tokens.length &&
      SPELLED_WORD.test(tokens[j]![0]) &&
      (j === i || /^[\s-]+$/.test(text.slice(tokens[j - 1]!.index! + tokens[j - 1]![0].length, tokens[j]!.index)))
    ) {
      SPELLED_WORD.lastIndex = 0;
      j += 1;
    }
    SPELLED_WORD.lastIndex = 0;
    if (j === i) {
      i += 1;
      continue;
    }
    const year = spokenYear(tokens, i, j);
    if (year) {
      runs.push(year.run);
      i = year.end;
      continue;
    }
    // Longest leading part that reads as one number; the rest starts the next run.
    let end = j;
    let value: number | null = null;
    while (end > i) {
      value = spelledValue(tokens.slice(i, end).map((t) => t[0].toLowerCase()));
      if (value !== null) break;
      end -= 1;
    }
    if (value === null || end === i) {
      i += 1;
      continue;
    }
    const start = tokens[i]!.index!;
    const last = tokens[end - 1]!;
    runs.push({ raw: text.slice(start, last.index! + last[0].length), index: start, value });
    i = end;
  }
  return runs;
}

/**
 * Text reduced for number lookups: lower case, digits and number words as
 * canonical values ("$47.3 million", "47,300,000" and "forty seven point
 * three million" all read "47300000"), "%" as "percent", tallies as "9 to 2",
 * clock times as one word that is no number, single spaces, padded with a
 * space on each side.
 */
export function numberText(text: string): string {
  let out = text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(CLOCK_TIME, clockWord)
    .replace(/(\d)(?:st|nd|rd|th)\b/g, "$1")
    .replace(/\b(\d{1,2})\s*[-\u2013\u2014]\s*(\d{1,2})\b/g, "$1 to $2");
  out = out.replace(DIGIT_NUMBER, (raw) => {
    const { value, percent } = digitValue(raw);
    return ` ${value}${percent ? " percent" : ""} `;
  });
  const runs = spelledRuns(out).filter((run) => run.raw.toLowerCase() !== "and" && run.raw.toLowerCase() !== "point");
  for (const run of runs.reverse()) {
    out = `${out.slice(0, run.index)} ${canonicalNumber(run.value)} ${out.slice(run.index + run.raw.length)}`;
  }
  out = out.replace(/%/g, " percent ").replace(/(?<!\d)\.|\.(?!\d)|[^a-z0-9.]+/g, " ");
  out = ` ${out.replace(/\s+/g, " ").trim()} `;
  // A roll call's count ("two ayes and two nays") states the tally "2 to 2".
  return out.replace(ROLL_CALL_TALLY, (said, ayes: string, nays: string) => ` ${ayes} to ${nays}${said}`);
}

function overlaps(ranges: [number, number][], start: number, end: number): boolean {
  return ranges.some(([from, to]) => start < to && end > from);
}

/** Every number asserted in text: dates, tallies, sums, percentages, plain and spelled-out numbers. */
export function numberClaims(text: string): NumberClaim[] {
  const claims: NumberClaim[] = [];
  const taken: [number, number][] = [];
  const add = (raw: string, index: number, forms: string[]) => {
    if (overlaps(taken, index, index + raw.length)) return;
    claims.push({ raw, index, forms });
    taken.push([index, index + raw.length]);
  };
  // Clock times ("00:07:02", "6:30") are moments in the recording or of day, not figures.
  for (const match of text.matchAll(CLOCK_TIME)) taken.push([match.index, match.index + match[0].length]);
  // "2025-07-29", as models write dates: the transcript must state July 29.
  for (const match of text.matchAll(ISO_DATE)) {
    const month = MONTH_NAMES[Number(match[2]) - 1];
    if (month) add(match[0], match.index, [`${month} ${Number(match[3])}`]);
  }
  for (const match of text.matchAll(DATE)) {
    add(match[0], match.index, [`${match[1]!.toLowerCase()} ${Number(match[2])}`]);
  }
  for (const match of text.matchAll(TALLY)) {
    const [a, b] = [Number(match[1]), Number(match[2])];
    add(match[0], match.index, [`${a} to ${b}`, `${a} ${b}`]);
  }
  for (const match of text.matchAll(DIGIT_NUMBER)) {
    const raw = match[0].trim();
    const index = match.index + match[0].indexOf(raw);
    const { value, percent } = digitValue(raw);
    add(raw, index, [percent ? `${value} percent` : value]);
  }
  for (const run of spelledRuns(text)) {
    // "one" and "zero" are everyday words ("one of the"), not figures.
    if (run.value < 2) continue;
    add(run.raw, run.index, [canonicalNumber(run.value)]);
  }
  return claims.sort((a, b) => a.index - b.index);
}

/** Whether a source, reduced with `numberText`, states the claim. */
export function sourceStates(source: string, claim: NumberClaim): boolean {
  return claim.forms.some((form) => source.includes(` ${form} `));
}
