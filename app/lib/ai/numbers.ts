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
