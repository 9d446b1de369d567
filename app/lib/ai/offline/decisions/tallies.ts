/**
 * Tallies: said ("seven ayes, zero nays", "9-2", "eleven eyes, zero nays")
 * or counted name by name from a clerk's roll call ("Vetaw." "Aye."
 * "Cashman, aye." "Chair Wonsley." "Nay."). Clock times are never tallies.
 */
import { findTally } from "../actions";

export type Tally = { ayes: number | null; nays: number | null; abstain: number | null; absent: number | null };

const NO_TALLY: Tally = { ayes: null, nays: null, abstain: null, absent: null };

/** "7-0" → 7 ayes, 0 nays; "6 ayes" → 6 ayes. */
export function parseTally(tally: string | null): Tally {
  if (!tally) return NO_TALLY;
  const pair = /^(\d+)-(\d+)$/.exec(tally);
  if (pair) return { ...NO_TALLY, ayes: Number(pair[1]), nays: Number(pair[2]) };
  const ayes = /^(\d+) ayes$/.exec(tally);
  return ayes ? { ...NO_TALLY, ayes: Number(ayes[1]) } : NO_TALLY;
}

const ROLL_CALL =
  /\b(?:call(?:ing)? (?:the|a|of the) roll|roll call|call the vote|clerk,? (?:please )?call|take (?:the|a) roll)\b/i;
// One member's vote, said alone or after their name: "Aye." "Cashman, aye." "Council Member Ortiz. No."
const NAME = "(?:[A-Z][\\w'’.-]*(?:\\s+[A-Z][\\w'’.-]*){0,3}[.,:]?\\s+)?";
const VOTE_WORD = "(aye|yes|yea|nay|no|abstain|abstains|abstaining|present)";
const MEMBER_VOTE = new RegExp(`^${NAME}${VOTE_WORD}[.!]?$`, "i");
const ABSENT = /^(?:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})\s+is absent\b/i;
// "Four as and one nay.": in a roll call "ayes" is often misheard.
const SPOKEN_COUNT =
  /\b(\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen) (?:ayes|eyes|yeas|as|i's)\b/i;

const BARE_NAME = /^(?:(?:council ?member|councilor|vice chair|chair|vice president|president)\s+)*[A-Z][\w'’-]+\.?$/i;

/** A name called, then that member's vote ("Councilmember Vetaw." "Aye."): a roll call under way. */
export const isRollCallVote = (previous: string, text: string) =>
  BARE_NAME.test(previous.trim()) &&
  !/^(?:aye|yes|nay|no|okay|thanks?)\.?$/i.test(previous.trim()) &&
  MEMBER_VOTE.test(text.trim());

/** The clerk is asked to call the roll. */
export const isRollCallStart = (text: string) => ROLL_CALL.test(text);

/** Members' votes counted from the sentences of a roll call; null when fewer than two are heard. */
export function countRollCall(sentences: string[]): Tally | null {
  const tally = { ayes: 0, nays: 0, abstain: 0, absent: 0 };
  let heard = 0;
  for (const sentence of sentences) {
    for (const part of sentence.split(/(?<=[.!])\s+/)) {
      const trimmed = part.trim();
      if (ABSENT.test(trimmed)) tally.absent++;
      const vote = MEMBER_VOTE.exec(trimmed)?.[1]?.toLowerCase();
      if (!vote) continue;
      heard++;
      if (vote === "aye" || vote === "yes" || vote === "yea") tally.ayes++;
      else if (vote === "nay" || vote === "no") tally.nays++;
      else if (vote.startsWith("abstain")) tally.abstain++;
    }
  }
  return heard >= 2 ? { ...tally, absent: tally.absent || null } : null;
}

// "Six in favor, one opposed."
const IN_FAVOR =
  /\b(\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen) in favou?r,? (?:and )?(\d{1,2}|zero|none|no|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen) opposed\b/i;

/** A count said in a roll call's sentences ("Four as and one nay", "we have five ayes"), or null. */
export function saidCount(text: string): Tally | null {
  const said = parseTally(findTally(text));
  if (said.ayes !== null && /\b(?:ayes|eyes|yeas|nays|noes)\b/i.test(text)) return said;
  const favor = IN_FAVOR.exec(text);
  if (favor) {
    const nays = /^(?:none|no)$/i.test(favor[2]!) ? "zero" : favor[2]!;
    return parseTally(findTally(`${favor[1]} ayes, ${nays} nays`));
  }
  const spoken = SPOKEN_COUNT.exec(text);
  if (!spoken) return null;
  const rest = parseTally(findTally(text.replace(SPOKEN_COUNT, (_, n: string) => `${n} ayes`)));
  return rest.ayes !== null ? rest : null;
}

/**
 * The tally of a vote: said in the result sentence (any form but a clock time), else said in the
 * roll call (a count of ayes and nays), else counted from the roll call; nays come from the count
 * when only the ayes were said.
 */
export function voteTally(resultTally: string | null, rollSentences: string[]): Tally {
  const counted = rollSentences.length ? countRollCall(rollSentences) : null;
  let said = parseTally(resultTally);
  if (said.ayes === null)
    for (const sentence of [...rollSentences].reverse()) {
      const found = saidCount(sentence);
      if (found) {
        said = found;
        break;
      }
    }
  if (said.ayes === null) return counted ?? NO_TALLY;
  return {
    ayes: said.ayes,
    nays: said.nays ?? counted?.nays ?? null,
    abstain: counted?.abstain || null,
    absent: counted?.absent ?? null,
  };
}
